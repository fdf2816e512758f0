// SPDX-License-Identifier: BSL-1.0
// odeint_contact/stepper/cvi4.hpp
//
// cvi4: fourth-order contact variational integrator for H = |p|^2/(2m) + V(q,t) + F(s,t): the
// triple jump of the cvi2 step, cvi<tables::triple_jump4> (x1 = 1/(2 - 2^{1/3}), x0 = -1.70).
// Order and cost: 4 in q, p and s; per plain do_step 4 of V and dV/dq, 3 with the carried sample
// (see cvi2.hpp), 3 flows of T and 3 implicit action solves. Exactly contact.
// When not to use it: a kinetic part other than quadratic_kinetic (use chi4); the middle stage
// runs backwards, and its factor (1 - h F_s)/(1 + h F_s) must stay positive there too.
// Failure: as cvi2. References: Vermeeren, Bravetti, Seri, J. Phys. A 52 (2019); Yoshida, Phys.
// Lett. A 150 (1990) 262.
#ifndef ODEINT_CONTACT_STEPPER_CVI4_HPP
#define ODEINT_CONTACT_STEPPER_CVI4_HPP

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>

#include <odeint_contact/stepper/cvi2.hpp>

namespace odeint_contact {

template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
using cvi4 = cvi<tables::triple_jump4, State, Value, Deriv, Time, Algebra, Operations, Resizer>;

}  // namespace odeint_contact

#endif
