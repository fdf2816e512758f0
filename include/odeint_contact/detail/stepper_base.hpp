// SPDX-License-Identifier: BSL-1.0
// The part of odeint's Stepper concept that every contact stepper declares alike: the algebra
// (odeint's algebra_stepper_base, which also gives algebra()) and the type names that odeint's
// integrate functions, traits and adapters look up. The steppers add order, do_step and their
// buffers.
#ifndef ODEINT_CONTACT_DETAIL_STEPPER_BASE_HPP
#define ODEINT_CONTACT_DETAIL_STEPPER_BASE_HPP

#include <boost/numeric/odeint/stepper/base/algebra_stepper_base.hpp>
#include <boost/numeric/odeint/stepper/stepper_categories.hpp>
#include <boost/numeric/odeint/util/state_wrapper.hpp>

namespace odeint_contact {
namespace detail {

template <class State, class Value, class Deriv, class Time, class Algebra, class Operations, class Resizer>
class stepper_base : public boost::numeric::odeint::algebra_stepper_base<Algebra, Operations> {
    using algebra_stepper_base_type = boost::numeric::odeint::algebra_stepper_base<Algebra, Operations>;

public:
    using state_type = State;
    using value_type = Value;
    using deriv_type = Deriv;
    using time_type = Time;
    using algebra_type = Algebra;
    using operations_type = Operations;
    using resizer_type = Resizer;
    using stepper_category = boost::numeric::odeint::stepper_tag;
    using order_type = unsigned short;
    using wrapped_state_type = boost::numeric::odeint::state_wrapper<state_type>;
    using wrapped_deriv_type = boost::numeric::odeint::state_wrapper<deriv_type>;

protected:
    explicit stepper_base(const algebra_type& algebra) : algebra_stepper_base_type(algebra) {}
};

}  // namespace detail
}  // namespace odeint_contact

#endif
