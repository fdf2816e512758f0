// SPDX-License-Identifier: BSL-1.0
// odeint_contact/stepper/chi8.hpp
//
// chi8: eighth-order contact Hamiltonian integrator for H = T(p) + V(q,t) + F(s,t): Yoshida's
// 15-stage solution D of the chi2 step, chi<tables::yoshida8>.
// Order and cost: 8 in q, p and s; per step 15 of V and dV/dq and 16 flows of T (see chi2.hpp);
// 50-digit weights, so a multiprecision Value keeps order 8. Every step is exactly a contact map.
// When not to use it: stages run backwards with weights near -2, so the error constant is large
// and the step must be small before order 8 shows (chi<tables::kahan_li8> is cheaper at equal
// accuracy; doc/choosing_a_method.md); a quadratic action can blow up in a backward stage.
// Failure: as chi2. References: Yoshida, Phys. Lett. A 150 (1990) 262, solution D; Bravetti et al.
// (2020).
#ifndef ODEINT_CONTACT_STEPPER_CHI8_HPP
#define ODEINT_CONTACT_STEPPER_CHI8_HPP

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>

#include <odeint_contact/stepper/chi2.hpp>

namespace odeint_contact {

template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
using chi8 = chi<tables::yoshida8, State, Value, Deriv, Time, Algebra, Operations, Resizer>;

}  // namespace odeint_contact

#endif
