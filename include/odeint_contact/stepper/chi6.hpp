// SPDX-License-Identifier: BSL-1.0
// odeint_contact/stepper/chi6.hpp
//
// chi6: sixth-order contact Hamiltonian integrator for H = T(p) + V(q,t) + F(s,t): Yoshida's
// 7-stage solution A of the chi2 step, chi<tables::yoshida6>.
// Order and cost: 6 in q, p and s; per step 7 of V and dV/dq and 8 flows of T (see chi2.hpp);
// 50-digit weights, so a multiprecision Value keeps order 6. Every step is exactly a contact map.
// When not to use it: two stages run backwards (-1.18 tau), so the error constant is large
// (chi<tables::kahan_li6> is cheaper at equal accuracy; doc/choosing_a_method.md), and a quadratic
// action can blow up there where chi2 would not.
// Failure: as chi2. References: Yoshida, Phys. Lett. A 150 (1990) 262, solution A; Bravetti et al.
// (2020).
#ifndef ODEINT_CONTACT_STEPPER_CHI6_HPP
#define ODEINT_CONTACT_STEPPER_CHI6_HPP

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>

#include <odeint_contact/stepper/chi2.hpp>

namespace odeint_contact {

template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
using chi6 = chi<tables::yoshida6, State, Value, Deriv, Time, Algebra, Operations, Resizer>;

}  // namespace odeint_contact

#endif
