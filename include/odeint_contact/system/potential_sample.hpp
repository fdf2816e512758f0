// SPDX-License-Identifier: BSL-1.0
// odeint_contact/system/potential_sample.hpp
//
// potential_sample<Energy, Force>: V(q,t) and dV/dq(q,t) at one point, the value a cvi step
// carries from one step to the next (cvi<Table>::initialize, then do_step(H, x, sample, t, dt)),
// which saves one evaluation of V and dV/dq per step. Details: doc/variational.md.
#ifndef ODEINT_CONTACT_SYSTEM_POTENTIAL_SAMPLE_HPP
#define ODEINT_CONTACT_SYSTEM_POTENTIAL_SAMPLE_HPP

namespace odeint_contact {

template <class Energy, class Force>
struct potential_sample {
    Energy value{};
    Force gradient{};
};

}  // namespace odeint_contact

#endif
