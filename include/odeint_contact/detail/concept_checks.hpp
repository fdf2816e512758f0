// SPDX-License-Identifier: BSL-1.0
// Compile-time checks of a separable contact Hamiltonian as a whole: its three parts (each checked
// by its concept header, concepts/kinetic.hpp, potential.hpp, action.hpp, included here for the
// steppers) and a state of Boost.Units quantities against the stepper's Deriv and Time.
#ifndef ODEINT_CONTACT_DETAIL_CONCEPT_CHECKS_HPP
#define ODEINT_CONTACT_DETAIL_CONCEPT_CHECKS_HPP

#include <type_traits>
#include <utility>

#include <odeint_contact/concepts/action.hpp>
#include <odeint_contact/concepts/kinetic.hpp>
#include <odeint_contact/concepts/potential.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

// A state of Boost.Units quantities needs a Deriv of other units (dq/dt is a velocity, not a
// length) and a Time that is a time quantity; the defaults Deriv = State and Time = Value = double
// are for plain numbers only.
template <class State, class Deriv, class Time>
constexpr bool check_units() {
    using Q = scalar_of_t<std::decay_t<decltype(std::declval<State&>().q)>>;
    using S = std::decay_t<decltype(std::declval<State&>().s)>;
    constexpr bool with_units = is_quantity<Q>::value || is_quantity<S>::value;
    constexpr bool ok = !with_units || (is_quantity<Time>::value && !std::is_same<State, Deriv>::value);
    static_assert(ok,
                  "odeint_contact: a state of Boost.Units quantities needs the stepper's Deriv and Time "
                  "parameters: Deriv the derivative's type (velocity, force, energy) and Time a time "
                  "quantity, e.g. cvi2<state, double, contact_state<velocity, force, energy>, "
                  "quantity<si::time>>; the defaults Deriv = State and Time = double are for plain numbers");
    return ok;
}

// All three parts; every part is checked even when an earlier one fails, so that one compilation
// names every missing member.
template <class Kinetic, class Potential, class Action, class State, class Deriv, class Time>
constexpr bool check_hamiltonian_parts() {
    using P = decltype(std::declval<State&>().p);
    using Q = decltype(std::declval<State&>().q);
    using S = decltype(std::declval<State&>().s);
    using DQ = decltype(std::declval<Deriv&>().q);
    using DP = decltype(std::declval<Deriv&>().p);
    constexpr bool kinetic = check_kinetic_part<Kinetic, P, DQ>();
    constexpr bool potential = check_potential_part<Potential, Q, Time, DP>();
    constexpr bool action = check_action_part<Action, S, Time>();
    return kinetic && potential && action;
}

}  // namespace detail
}  // namespace odeint_contact

#endif
