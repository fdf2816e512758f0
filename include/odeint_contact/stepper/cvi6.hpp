// SPDX-License-Identifier: BSL-1.0
// odeint_contact/stepper/cvi6.hpp
//
// cvi6: sixth-order contact variational integrator for H = |p|^2/(2m) + V(q,t) + F(s,t): Yoshida's
// solution A of the cvi2 step, cvi<tables::yoshida6>.
// Order and cost: 6 in q, p and s; per plain do_step 8 of V and dV/dq, 7 with the carried sample
// (see cvi2.hpp), 7 flows of T and 7 implicit action solves; 50-digit weights. Exactly contact.
// When not to use it: a kinetic part other than quadratic_kinetic (use chi6); Yoshida's backward
// stages (-1.18 tau) give a large error constant (cvi<tables::kahan_li6> is cheaper at equal
// accuracy).
// Failure: as cvi2. References: Vermeeren, Bravetti, Seri, J. Phys. A 52 (2019); Yoshida, Phys.
// Lett. A 150 (1990) 262, solution A.
#ifndef ODEINT_CONTACT_STEPPER_CVI6_HPP
#define ODEINT_CONTACT_STEPPER_CVI6_HPP

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>

#include <odeint_contact/stepper/cvi2.hpp>

namespace odeint_contact {

template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
using cvi6 = cvi<tables::yoshida6, State, Value, Deriv, Time, Algebra, Operations, Resizer>;

}  // namespace odeint_contact

#endif
