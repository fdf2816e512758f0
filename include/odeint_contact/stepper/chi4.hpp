// SPDX-License-Identifier: BSL-1.0
// odeint_contact/stepper/chi4.hpp
//
// chi4: fourth-order contact Hamiltonian integrator for H = T(p) + V(q,t) + F(s,t): the triple jump
// of the chi2 step, chi<tables::triple_jump4> (x1 = 1/(2 - 2^{1/3}), x0 = 1 - 2 x1 = -1.70).
// Order and cost: 4 in q, p and s; per step 3 of V and dV/dq and 4 flows of T (see chi2.hpp).
// Every step is exactly a contact map.
// When not to use it: the middle stage runs backwards and the error constant is large, so
// chi<tables::suzuki4> is more accurate at equal cost (doc/choosing_a_method.md); for
// F = gamma s^2/2 the backward stage can blow up (2 + gamma x0 tau s <= 0) where chi2 would not.
// Failure: as chi2. References: Creutz, Gocksch, Phys. Rev. Lett. 63 (1989) 9; Yoshida, Phys.
// Lett. A 150 (1990) 262; Bravetti et al. (2020).
#ifndef ODEINT_CONTACT_STEPPER_CHI4_HPP
#define ODEINT_CONTACT_STEPPER_CHI4_HPP

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>

#include <odeint_contact/stepper/chi2.hpp>

namespace odeint_contact {

template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
using chi4 = chi<tables::triple_jump4, State, Value, Deriv, Time, Algebra, Operations, Resizer>;

}  // namespace odeint_contact

#endif
