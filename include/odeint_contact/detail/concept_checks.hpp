// SPDX-License-Identifier: BSL-1.0
// Compile-time checks of the parts of a separable contact Hamiltonian, so that a missing member
// is reported by name instead of by a page of template errors, and the one place that chooses
// between a potential's optional value_and_gradient and its value and gradient.
#ifndef ODEINT_CONTACT_DETAIL_CONCEPT_CHECKS_HPP
#define ODEINT_CONTACT_DETAIL_CONCEPT_CHECKS_HPP

#include <type_traits>
#include <utility>

#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

// Each member of a part, callable on Self (const X& for what the library can call, X& to tell a
// member that is only missing its const from one that is missing).
template <class Self, class P, class = void>
struct has_kinetic_value_on : std::false_type {};
template <class Self, class P>
struct has_kinetic_value_on<Self, P, std::void_t<decltype(std::declval<Self>().value(std::declval<const P&>()))>>
    : std::true_type {};

template <class Self, class P, class D, class = void>
struct has_kinetic_gradient_on : std::false_type {};
template <class Self, class P, class D>
struct has_kinetic_gradient_on<Self, P, D,
                               std::void_t<decltype(std::declval<Self>().gradient(std::declval<const P&>(),
                                                                                  std::declval<D&>()))>>
    : std::true_type {};

// The optional kinetic member flow(q, p, dt, q_out) (see kinetic.hpp), callable on a Self (const
// K& for what the library calls, K& to tell a member that is only missing its const).
template <class Self, class Q, class P, class T, class QOut, class = void>
struct has_kinetic_flow_on : std::false_type {};
template <class Self, class Q, class P, class T, class QOut>
struct has_kinetic_flow_on<Self, Q, P, T, QOut,
                           std::void_t<decltype(std::declval<Self>().flow(
                               std::declval<const Q&>(), std::declval<const P&>(), std::declval<const T&>(),
                               std::declval<QOut&>()))>> : std::true_type {};
template <class K, class Q, class P, class T, class QOut>
using has_kinetic_flow = has_kinetic_flow_on<const K&, Q, P, T, QOut>;

// The optional kinetic member gradient(algebra, p, dTdp) (see kinetic.hpp).
template <class Self, class Algebra, class P, class D, class = void>
struct has_kinetic_gradient_with_on : std::false_type {};
template <class Self, class Algebra, class P, class D>
struct has_kinetic_gradient_with_on<Self, Algebra, P, D,
                                    std::void_t<decltype(std::declval<Self>().gradient(
                                        std::declval<Algebra&>(), std::declval<const P&>(), std::declval<D&>()))>>
    : std::true_type {};
template <class K, class Algebra, class P, class D>
using has_kinetic_gradient_with = has_kinetic_gradient_with_on<const K&, Algebra, P, D>;

// The optional kinetic member flow(algebra, q, p, dt, q_out), the same flow with its pass through
// the stepper's algebra (see kinetic.hpp).
template <class Self, class Algebra, class Q, class P, class T, class QOut, class = void>
struct has_kinetic_flow_with_on : std::false_type {};
template <class Self, class Algebra, class Q, class P, class T, class QOut>
struct has_kinetic_flow_with_on<Self, Algebra, Q, P, T, QOut,
                                std::void_t<decltype(std::declval<Self>().flow(
                                    std::declval<Algebra&>(), std::declval<const Q&>(), std::declval<const P&>(),
                                    std::declval<const T&>(), std::declval<QOut&>()))>> : std::true_type {};
template <class K, class Algebra, class Q, class P, class T, class QOut>
using has_kinetic_flow_with = has_kinetic_flow_with_on<const K&, Algebra, Q, P, T, QOut>;

// The kinetic part's optional members (kinetic.hpp), as the steppers and the system function
// would call them with Algebra: one that only a non-const part could call would be skipped without
// a word (the library holds the parts as const), so it is our static_assert. True when each is
// absent or usable.
template <class K, class Algebra, class Q, class P, class T, class D>
constexpr bool check_kinetic_optionals() {
    constexpr bool flow = has_kinetic_flow_on<const K&, Q, P, T, Q>::value || !has_kinetic_flow_on<K&, Q, P, T, Q>::value;
    static_assert(flow, "odeint_contact: the kinetic part's flow(q, p, dt, q_out) must be a const member function "
                        "(the library holds the parts of H as const; as it is, it would never be called)");
    constexpr bool flow_with = has_kinetic_flow_with_on<const K&, Algebra, Q, P, T, Q>::value ||
                               !has_kinetic_flow_with_on<K&, Algebra, Q, P, T, Q>::value;
    static_assert(flow_with, "odeint_contact: the kinetic part's flow(algebra, q, p, dt, q_out) must be a const member "
                             "function (the library holds the parts of H as const; as it is, it would never be "
                             "called)");
    constexpr bool gradient_with = has_kinetic_gradient_with_on<const K&, Algebra, P, D>::value ||
                                   !has_kinetic_gradient_with_on<K&, Algebra, P, D>::value;
    static_assert(gradient_with, "odeint_contact: the kinetic part's gradient(algebra, p, dTdp) must be a const member "
                                 "function (the library holds the parts of H as const; as it is, it would never be "
                                 "called)");
    return flow && flow_with && gradient_with;
}

template <class Self, class Q, class T, class = void>
struct has_potential_value_on : std::false_type {};
template <class Self, class Q, class T>
struct has_potential_value_on<Self, Q, T,
                              std::void_t<decltype(std::declval<Self>().value(std::declval<const Q&>(),
                                                                              std::declval<const T&>()))>>
    : std::true_type {};

template <class Self, class Q, class T, class D, class = void>
struct has_potential_gradient_on : std::false_type {};
template <class Self, class Q, class T, class D>
struct has_potential_gradient_on<Self, Q, T, D,
                                 std::void_t<decltype(std::declval<Self>().gradient(
                                     std::declval<const Q&>(), std::declval<const T&>(), std::declval<D&>()))>>
    : std::true_type {};

// The optional potential member value_and_gradient(q, t, dVdq), which writes dV/dq and returns
// V(q,t) (see separable_hamiltonian.hpp), callable on a Self (const V& or V&).
template <class Self, class Q, class T, class D, class = void>
struct has_value_and_gradient_on : std::false_type {};
template <class Self, class Q, class T, class D>
struct has_value_and_gradient_on<Self, Q, T, D,
                                 std::void_t<decltype(std::declval<Self>().value_and_gradient(
                                     std::declval<const Q&>(), std::declval<const T&>(), std::declval<D&>()))>>
    : std::true_type {};

// V(q,t), with dV/dq written into dVdq: one call of the potential's value_and_gradient when it
// has one, else gradient then value. The result has the type of value(q, t) either way, so that
// H and the steppers' sums do not change type with the potential's choice.
template <class Potential, class Q, class T, class D>
auto potential_value_and_gradient(const Potential& potential, const Q& q, const T& t, D& dVdq)
    -> std::decay_t<decltype(potential.value(q, t))> {
    using energy = std::decay_t<decltype(potential.value(q, t))>;
    if constexpr (has_value_and_gradient_on<const Potential&, Q, T, D>::value) {
        static_assert(std::is_convertible<decltype(potential.value_and_gradient(q, t, dVdq)), energy>::value,
                      "odeint_contact: the potential's value_and_gradient(q, t, dVdq) must return V(q,t), "
                      "convertible to the type of value(q, t)");
        return energy(potential.value_and_gradient(q, t, dVdq));
    } else {
        // A member that only a non-const potential can call would be skipped without a word.
        static_assert(!has_value_and_gradient_on<Potential&, Q, T, D>::value,
                      "odeint_contact: the potential's value_and_gradient(q, t, dVdq) must be a const "
                      "member function (the steppers hold the potential as const)");
        potential.gradient(q, t, dVdq);
        return potential.value(q, t);
    }
}

// The optional potential member value_and_kick(q, t, a, b, p_in, p_out), which writes
// p_out = a p_in - b dV/dq(q,t) (p_out may be p_in) and returns V(q,t) (see
// separable_hamiltonian.hpp), callable on a Self (const V& or V&). A is the stepper's Value, B its
// Time, P the momentum type.
template <class Self, class Q, class T, class A, class B, class P, class = void>
struct has_value_and_kick_on : std::false_type {};
template <class Self, class Q, class T, class A, class B, class P>
struct has_value_and_kick_on<Self, Q, T, A, B, P,
                             std::void_t<decltype(std::declval<Self>().value_and_kick(
                                 std::declval<const Q&>(), std::declval<const T&>(), std::declval<const A&>(),
                                 std::declval<const B&>(), std::declval<const P&>(), std::declval<P&>()))>>
    : std::true_type {};

// A value_and_kick that a const Potential offers and that returns something convertible to the
// type of value(q, t): the only kind the steppers call (check_value_and_kick names the others).
template <class Potential, class Q, class T, class A, class B, class P, class = void>
struct has_usable_value_and_kick : std::false_type {};
template <class Potential, class Q, class T, class A, class B, class P>
struct has_usable_value_and_kick<Potential, Q, T, A, B, P,
                                 std::enable_if_t<has_value_and_kick_on<const Potential&, Q, T, A, B, P>::value>>
    : std::is_convertible<decltype(std::declval<const Potential&>().value_and_kick(
                              std::declval<const Q&>(), std::declval<const T&>(), std::declval<const A&>(),
                              std::declval<const B&>(), std::declval<const P&>(), std::declval<P&>())),
                          std::decay_t<decltype(std::declval<const Potential&>().value(std::declval<const Q&>(),
                                                                                       std::declval<const T&>()))>> {};

// The checks of a potential's value_and_kick: a member that only a non-const potential can call,
// or one that does not return V, is a static_assert rather than skipped without a word. True
// when the potential has none or a usable one. Called from the steppers' checks and from
// potential_piece's check for its flow, after the potential's part check (value(q, t) exists).
template <class Potential, class Q, class T, class A, class B, class P>
constexpr bool check_value_and_kick() {
    constexpr bool member = has_value_and_kick_on<const Potential&, Q, T, A, B, P>::value;
    constexpr bool non_const_only = !member && has_value_and_kick_on<Potential&, Q, T, A, B, P>::value;
    static_assert(!non_const_only,
                  "odeint_contact: the potential's value_and_kick(q, t, a, b, p_in, p_out) must be a const "
                  "member function (the steppers hold the potential as const)");
    if constexpr (member) {
        constexpr bool returns = has_usable_value_and_kick<Potential, Q, T, A, B, P>::value;
        static_assert(returns,
                      "odeint_contact: the potential's value_and_kick(q, t, a, b, p_in, p_out) must return "
                      "V(q,t), convertible to the type of value(q, t)");
        return returns;
    } else {
        return !non_const_only;
    }
}

// V(q,t), with p_out = a p_in - b dV/dq(q,t) written by the potential's value_and_kick, as the
// type of value(q, t) (as potential_value_and_gradient).
template <class Potential, class Q, class T, class A, class B, class PIn, class POut>
auto potential_value_and_kick(const Potential& potential, const Q& q, const T& t, const A& a, const B& b,
                              const PIn& p_in, POut& p_out) -> std::decay_t<decltype(potential.value(q, t))> {
    using energy = std::decay_t<decltype(potential.value(q, t))>;
    return energy(potential.value_and_kick(q, t, a, b, p_in, p_out));
}

// Whether the action part declares F affine in s, F = f(t) s + c(t) (a member
// `static constexpr bool affine_in_s = true;`, action.hpp): the factor p'/p of its flow and the
// slope 1 + h F_s of cvi2's implicit equation do not depend on s.
template <class Action, class = void>
struct is_affine_in_s : std::false_type {};
template <class Action>
struct is_affine_in_s<Action, std::void_t<decltype(Action::affine_in_s)>>
    : std::bool_constant<bool(Action::affine_in_s)> {};

template <class Self, class S, class T, class = void>
struct has_action_value_on : std::false_type {};
template <class Self, class S, class T>
struct has_action_value_on<Self, S, T,
                           std::void_t<decltype(std::declval<Self>().value(std::declval<const S&>(),
                                                                           std::declval<const T&>()))>>
    : std::true_type {};

template <class Self, class S, class T, class = void>
struct has_action_derivative_on : std::false_type {};
template <class Self, class S, class T>
struct has_action_derivative_on<Self, S, T,
                                std::void_t<decltype(std::declval<Self>().derivative(std::declval<const S&>(),
                                                                                     std::declval<const T&>()))>>
    : std::true_type {};

// The action member flow<Value>(s, t, dt), returning action_flow<S, Value> (action.hpp).
template <class A, class Value, class S, class T, class = void>
struct has_action_flow : std::false_type {};
template <class A, class Value, class S, class T>
struct has_action_flow<A, Value, S, T,
                       std::void_t<decltype(std::declval<const A&>().template flow<Value>(
                           std::declval<const S&>(), std::declval<const T&>(), std::declval<const T&>()))>>
    : std::true_type {};

template <class A, class Value, class S, class T>
using action_flow_result_t = decltype(std::declval<const A&>().template flow<Value>(
    std::declval<const S&>(), std::declval<const T&>(), std::declval<const T&>()));

// What the contact Hamiltonian integrators need beyond the system function: the exact A flow.
// FlowResult is action_flow<S, Value> (passed in: detail/ does not include action.hpp).
template <class Action, class Value, class S, class Time, template <class, class> class FlowResult>
constexpr bool check_action_flow() {
    constexpr bool has_flow = has_action_flow<Action, Value, S, Time>::value;
    static_assert(has_flow,
                  "odeint_contact: chi steppers need the action term's exact flow, a member template "
                  "flow<Value>(s, t, dt) returning action_flow<S, Value>; use linear_action, "
                  "affine_action, quadratic_action or action_term (see action.hpp)");
    if constexpr (has_flow) {
        constexpr bool returns = std::is_same<action_flow_result_t<Action, Value, S, Time>, FlowResult<S, Value>>::value;
        static_assert(returns, "odeint_contact: the action term's flow<Value>(s, t, dt) must return "
                               "action_flow<S, Value>{s', p'/p} (and throw step_error when the flow does not exist)");
        return returns;
    } else {
        return false;
    }
}

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

// The parts of H = T(p) + V(q,t) + F(s,t) as the system function needs them, one part at a time
// (the library's pieces check their own part with these: split_hamiltonian.hpp). Each returns
// whether its members are there, so that callers can leave the rest of their body uninstantiated
// when not (and the static_assert here stays the first error). A member that lacks only its const
// gets its own message: "needs a member" would send the user looking for a typo.
template <class Kinetic, class P, class DQ>
constexpr bool check_kinetic_part() {
    constexpr bool kinetic_value = has_kinetic_value_on<const Kinetic&, P>::value;
    constexpr bool kinetic_gradient = has_kinetic_gradient_on<const Kinetic&, P, DQ>::value;
    static_assert(kinetic_value || has_kinetic_value_on<Kinetic&, P>::value,
                  "odeint_contact: the kinetic part needs a member value(p) returning T(p)");
    static_assert(kinetic_value || !has_kinetic_value_on<Kinetic&, P>::value,
                  "odeint_contact: the kinetic part's value(p) must be const (the library holds the parts "
                  "of H as const)");
    static_assert(kinetic_gradient || has_kinetic_gradient_on<Kinetic&, P, DQ>::value,
                  "odeint_contact: the kinetic part needs a member gradient(p, dTdp) writing the "
                  "gradient of T into dTdp (the q part of the derivative type)");
    static_assert(kinetic_gradient || !has_kinetic_gradient_on<Kinetic&, P, DQ>::value,
                  "odeint_contact: the kinetic part's gradient(p, dTdp) must be const (the library holds "
                  "the parts of H as const)");
    return kinetic_value && kinetic_gradient;
}

template <class Potential, class Q, class Time, class DP>
constexpr bool check_potential_part() {
    constexpr bool potential_value = has_potential_value_on<const Potential&, Q, Time>::value;
    constexpr bool potential_gradient = has_potential_gradient_on<const Potential&, Q, Time, DP>::value;
    static_assert(potential_value || has_potential_value_on<Potential&, Q, Time>::value,
                  "odeint_contact: the potential needs a member value(q, t) returning V(q,t)");
    static_assert(potential_value || !has_potential_value_on<Potential&, Q, Time>::value,
                  "odeint_contact: the potential's value(q, t) must be const (the library holds the parts "
                  "of H as const)");
    static_assert(potential_gradient || has_potential_gradient_on<Potential&, Q, Time, DP>::value,
                  "odeint_contact: the potential needs a member gradient(q, t, dVdq) writing the "
                  "gradient of V into dVdq (the p part of the derivative type)");
    static_assert(potential_gradient || !has_potential_gradient_on<Potential&, Q, Time, DP>::value,
                  "odeint_contact: the potential's gradient(q, t, dVdq) must be const (the library holds "
                  "the parts of H as const)");
    return potential_value && potential_gradient;
}

template <class Action, class S, class Time>
constexpr bool check_action_part() {
    constexpr bool action_value = has_action_value_on<const Action&, S, Time>::value;
    constexpr bool action_derivative = has_action_derivative_on<const Action&, S, Time>::value;
    static_assert(action_value || has_action_value_on<Action&, S, Time>::value,
                  "odeint_contact: the action term needs a member value(s, t) returning F(s,t); "
                  "use linear_action, affine_action, quadratic_action or action_term");
    static_assert(action_value || !has_action_value_on<Action&, S, Time>::value,
                  "odeint_contact: the action term's value(s, t) must be const (the library holds the "
                  "parts of H as const)");
    static_assert(action_derivative || has_action_derivative_on<Action&, S, Time>::value,
                  "odeint_contact: the action term needs a member derivative(s, t) returning "
                  "dF/ds; use linear_action, affine_action, quadratic_action or action_term");
    static_assert(action_derivative || !has_action_derivative_on<Action&, S, Time>::value,
                  "odeint_contact: the action term's derivative(s, t) must be const (the library holds "
                  "the parts of H as const)");
    return action_value && action_derivative;
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
