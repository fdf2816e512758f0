// SPDX-License-Identifier: BSL-1.0
// odeint_contact/cvi6.hpp
//
// cvi6: sixth-order contact variational integrator for H = |p|^2/(2m) + V(q,t) + F(s,t).
//
// What it does: Yoshida's solution A applied to cvi2, the symmetric composition of the cvi2 step
// with the weights of tables::yoshida6 (composition_tables.hpp); the same as
// cvi<tables::yoshida6, ...>. Each stage advances time by its own fraction of tau.
// Order and cost: order 6 in q, p and s. 8 evaluations of V and dV/dq per plain do_step, 7 with
// the carried sample (see cvi2.hpp), 7 flows of T and 7 implicit action solves. 50-digit
// weights.
// What it keeps: nothing between steps unless the caller carries the sample (see cvi2.hpp).
// Every step is exactly a contact map, the product of its stages' factors.
// When not to use it: a kinetic term other than quadratic_kinetic (use chi6); Yoshida's backward
// stages (-1.18 tau) give a large error constant (cvi<tables::kahan_li6> is cheaper at equal
// accuracy).
// Failure: as cvi2 (cvi2.hpp): step_error with the state unchanged.
// References: Vermeeren, Bravetti, Seri, J. Phys. A 52 (2019); Yoshida, Phys. Lett. A 150 (1990)
// 262, solution A.
#ifndef ODEINT_CONTACT_CVI6_HPP
#define ODEINT_CONTACT_CVI6_HPP

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>

#include <odeint_contact/cvi2.hpp>

namespace odeint_contact {

template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
class cvi6 : public cvi<tables::yoshida6, State, Value, Deriv, Time, Algebra, Operations, Resizer> {
    using base = cvi<tables::yoshida6, State, Value, Deriv, Time, Algebra, Operations, Resizer>;

public:
    using typename base::algebra_type;
    using stepper_type = cvi6;
    explicit cvi6(const algebra_type& algebra = algebra_type()) : base(algebra, "cvi6") {}
};

}  // namespace odeint_contact

#endif
