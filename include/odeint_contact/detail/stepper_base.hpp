// SPDX-License-Identifier: BSL-1.0
// The part of odeint's Stepper concept that every contact stepper declares alike: the algebra
// (odeint's algebra_stepper_base, which also gives algebra()) and the type names that odeint's
// integrate functions, traits and adapters look up; and forwarding_stepper_base, which adds
// order, do_step and adjust_size to a stepper that has one step(system, in, out, t, dt).
#ifndef ODEINT_CONTACT_DETAIL_STEPPER_BASE_HPP
#define ODEINT_CONTACT_DETAIL_STEPPER_BASE_HPP

#include <boost/numeric/odeint/stepper/base/algebra_stepper_base.hpp>
#include <boost/numeric/odeint/stepper/stepper_categories.hpp>
#include <boost/numeric/odeint/util/state_wrapper.hpp>

#include <odeint_contact/detail/traits.hpp>

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

// odeint's order(), do_step (in place and out of place) and adjust_size, spelled once for the
// steppers that take one step the same way in both forms (the composition engine, galerkin_cvi4):
// they forward to Derived's step(system, in, out, t, dt) and resize_buffers(x) and read its
// order_value. Derived declares this class a friend when those are not public.
template <class Derived, class State, class Value, class Deriv, class Time, class Algebra, class Operations,
          class Resizer>
class forwarding_stepper_base : public stepper_base<State, Value, Deriv, Time, Algebra, Operations, Resizer> {
    using base = stepper_base<State, Value, Deriv, Time, Algebra, Operations, Resizer>;

public:
    using typename base::algebra_type;
    using typename base::order_type;
    using typename base::time_type;

    order_type order() const { return Derived::order_value; }

    template <class System, class StateInOut>
    ODEINT_CONTACT_DETAIL_HOT void do_step(System&& system, StateInOut& x, const time_type& t, const time_type& dt) {
        self().step(system, x, x, t, dt);
    }

    template <class System, class StateIn, class StateOut>
    ODEINT_CONTACT_DETAIL_HOT void do_step(System&& system, const StateIn& in, const time_type& t, StateOut& out, const time_type& dt) {
        self().step(system, in, out, t, dt);
    }

    template <class StateIn>
    void adjust_size(const StateIn& x) {
        self().resize_buffers(x);
    }

protected:
    explicit forwarding_stepper_base(const algebra_type& algebra) : base(algebra) {}

private:
    Derived& self() { return static_cast<Derived&>(*this); }
};

}  // namespace detail
}  // namespace odeint_contact

#endif
