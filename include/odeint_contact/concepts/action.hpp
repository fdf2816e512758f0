// SPDX-License-Identifier: BSL-1.0
// The action term F(s,t) of a contact Hamiltonian H = T(p) + V(q,t) + F(s,t): what the library
// calls on it, and the static_asserts that name what an action term lacks.
//   required  value(s, t) -> F;  derivative(s, t) -> dF/ds
//   chi       flow<Value>(s, t, dt) -> action_flow<S, Value>{s', p'/p}, the exact flow
//   optional  solve_implicit<Value>(s, t, half_dt) -> action_solve<S> (cvi2's implicit equation),
//             second_derivative(s, t) (galerkin_cvi4's Newton Jacobian),
//             static constexpr bool affine_in_s (F = f(t) s + c(t))
// Every member is const: the library holds the parts of H as const, so a non-const optional member
// would never be called, and is a static_assert rather than a silent slow path.
// Users: doc/concepts.md#action-term-fs-t; the library's action terms are in action.hpp.
#ifndef ODEINT_CONTACT_CONCEPTS_ACTION_HPP
#define ODEINT_CONTACT_CONCEPTS_ACTION_HPP

#include <type_traits>
#include <utility>

#include <odeint_contact/system/action.hpp>
#include <odeint_contact/detail/detect.hpp>

namespace odeint_contact {
namespace detail {

// Each member as an expression on a Self: const A& for what the library calls, A& to tell a member
// that only lacks its const from one that is missing.
template <class Self, class S, class T>
using action_value_op = decltype(std::declval<Self>().value(std::declval<const S&>(), std::declval<const T&>()));
template <class Self, class S, class T>
using action_derivative_op =
    decltype(std::declval<Self>().derivative(std::declval<const S&>(), std::declval<const T&>()));
template <class Self, class S, class T>
using action_second_derivative_op =
    decltype(std::declval<Self>().second_derivative(std::declval<const S&>(), std::declval<const T&>()));
template <class A, class Value, class S, class T>
using action_flow_result_t = decltype(std::declval<const A&>().template flow<Value>(
    std::declval<const S&>(), std::declval<const T&>(), std::declval<const T&>()));
template <class A, class Value, class S, class T>
using action_solve_implicit_op = decltype(std::declval<const A&>().template solve_implicit<Value>(
    std::declval<const S&>(), std::declval<const T&>(), std::declval<const T&>()));
template <class A>
using affine_in_s_op = std::bool_constant<bool(A::affine_in_s)>;

template <class Self, class S, class T>
using has_action_value_on = is_detected<action_value_op, Self, S, T>;
template <class Self, class S, class T>
using has_action_derivative_on = is_detected<action_derivative_op, Self, S, T>;
template <class A, class Value, class S, class T>
using has_action_flow = is_detected<action_flow_result_t, A, Value, S, T>;

// Whether the action part declares F affine in s, F = f(t) s + c(t) (a member
// `static constexpr bool affine_in_s = true;`, action.hpp): the factor p'/p of its flow and the
// slope 1 + h F_s of cvi2's implicit equation do not depend on s.
template <class Action>
using is_affine_in_s = detected_or_t<std::false_type, affine_in_s_op, Action>;

// The required members on the action type S and the time. Returns whether they are there (as
// check_kinetic_part, concepts/kinetic.hpp).
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

// What the chi steppers need beyond the system function: the exact flow. FlowResult is
// action_flow (a parameter, as the callers name it).
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

template <class A, class Value, class S, class T>
using has_solve_implicit = is_detected_exact<action_solve<S>, action_solve_implicit_op, A, Value, S, T>;
template <class Self, class S, class T>
using has_action_second_derivative_on = is_detected<action_second_derivative_op, Self, S, T>;
template <class A, class S, class T>
using has_action_second_derivative = has_action_second_derivative_on<const A&, S, T>;

}  // namespace detail
}  // namespace odeint_contact

#endif
