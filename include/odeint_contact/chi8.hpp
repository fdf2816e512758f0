// SPDX-License-Identifier: BSL-1.0
// odeint_contact/chi8.hpp
//
// chi8: eighth-order contact Hamiltonian integrator for H = T(p) + V(q,t) + F(s,t).
//
// What it does: Yoshida's 15-stage solution D, the symmetric composition of the chi2 step with
// the weights of tables::yoshida8 (composition_tables.hpp); the same as chi<tables::yoshida8,
// ...>. Each stage advances time by its own fraction of tau.
// Order and cost: order 8 in q, p and s. 15 evaluations of V and dV/dq per step (or 15 calls of
// value_and_gradient), 16 flows of T (see chi2.hpp); no heap allocation after the first step.
// The weights have 50 digits, so a multiprecision Value keeps order 8 far below double
// precision.
// What it keeps: nothing between steps. Every step is exactly a contact map (conformal factor
// e^{-f tau} for F = f s).
// When not to use it: several stages run backwards in time with weights near -2, so the error
// constant is large and the step must be small before order 8 shows (chi<tables::kahan_li8> is
// cheaper at equal accuracy; doc/choosing_a_method.md). A quadratic action can meet its
// finite-time blow-up in a backward stage where chi2 would not.
// Failure: as chi2 (chi2.hpp): step_error with the state unchanged.
// References: Yoshida, Phys. Lett. A 150 (1990) 262, solution D; Bravetti et al. (2020).
#ifndef ODEINT_CONTACT_CHI8_HPP
#define ODEINT_CONTACT_CHI8_HPP

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>

#include <odeint_contact/chi2.hpp>

namespace odeint_contact {

template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
class chi8 : public chi<tables::yoshida8, State, Value, Deriv, Time, Algebra, Operations, Resizer> {
    using base = chi<tables::yoshida8, State, Value, Deriv, Time, Algebra, Operations, Resizer>;

public:
    using typename base::algebra_type;
    using stepper_type = chi8;
    explicit chi8(const algebra_type& algebra = algebra_type()) : base(algebra, "chi8") {}
};

}  // namespace odeint_contact

#endif
