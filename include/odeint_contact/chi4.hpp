// SPDX-License-Identifier: BSL-1.0
// odeint_contact/chi4.hpp
//
// chi4: fourth-order contact Hamiltonian integrator for H = T(p) + V(q,t) + F(s,t).
//
// What it does: the triple jump S2(x1 tau) S2(x0 tau) S2(x1 tau), x1 = 1/(2 - 2^{1/3}) (computed
// in Value), the symmetric composition of the chi2 step with the weights of tables::triple_jump4
// (composition_tables.hpp); the same as chi<tables::triple_jump4, ...>. Each stage advances time
// by its own fraction of tau.
// Order and cost: order 4 in q, p and s. 3 evaluations of V and dV/dq per step (or 3 calls of
// value_and_gradient), 4 flows of T (adjacent kinetic flows are fused; see chi2.hpp); no heap
// allocation after the first step.
// What it keeps: nothing between steps. Every step is exactly a contact map (conformal factor
// e^{-f tau} for F = f s).
// When not to use it: x0 = -1.70, so the middle stage runs backwards in time, and the error
// constant is large: at equal cost chi<tables::suzuki4> is more accurate
// (doc/choosing_a_method.md). For F = gamma s^2/2 the backward stage can hit the blow-up 2 +
// gamma x0 tau s <= 0 where the forward flow exists.
// Failure: as chi2 (chi2.hpp): step_error with the state unchanged.
// References: Creutz, Gocksch, Phys. Rev. Lett. 63 (1989) 9; Yoshida, Phys. Lett. A 150 (1990)
// 262; Bravetti et al., "Numerical integration in celestial mechanics: a case for contact
// geometry" (2020).
#ifndef ODEINT_CONTACT_CHI4_HPP
#define ODEINT_CONTACT_CHI4_HPP

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>

#include <odeint_contact/chi2.hpp>

namespace odeint_contact {

template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
class chi4 : public chi<tables::triple_jump4, State, Value, Deriv, Time, Algebra, Operations, Resizer> {
    using base = chi<tables::triple_jump4, State, Value, Deriv, Time, Algebra, Operations, Resizer>;

public:
    using typename base::algebra_type;
    using stepper_type = chi4;
    explicit chi4(const algebra_type& algebra = algebra_type()) : base(algebra, "chi4") {}
};

}  // namespace odeint_contact

#endif
