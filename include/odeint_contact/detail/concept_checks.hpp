// Compile-time checks of the parts of a separable contact Hamiltonian, so that a missing member
// is reported by name instead of by a page of template errors, and the one place that chooses
// between a potential's optional value_and_gradient and its value and gradient.
#ifndef ODEINT_CONTACT_DETAIL_CONCEPT_CHECKS_HPP
#define ODEINT_CONTACT_DETAIL_CONCEPT_CHECKS_HPP

#include <type_traits>
#include <utility>

namespace odeint_contact {
namespace detail {

template <class K, class P, class = void>
struct has_kinetic_value : std::false_type {};
template <class K, class P>
struct has_kinetic_value<K, P,
                         std::void_t<decltype(std::declval<const K&>().value(std::declval<const P&>()))>>
    : std::true_type {};

template <class K, class P, class D, class = void>
struct has_kinetic_gradient : std::false_type {};
template <class K, class P, class D>
struct has_kinetic_gradient<K, P, D,
                            std::void_t<decltype(std::declval<const K&>().gradient(
                                std::declval<const P&>(), std::declval<D&>()))>> : std::true_type {};

// The optional kinetic member flow(q, p, dt, q_out) (see kinetic.hpp).
template <class K, class Q, class P, class T, class QOut, class = void>
struct has_kinetic_flow : std::false_type {};
template <class K, class Q, class P, class T, class QOut>
struct has_kinetic_flow<K, Q, P, T, QOut,
                        std::void_t<decltype(std::declval<const K&>().flow(
                            std::declval<const Q&>(), std::declval<const P&>(), std::declval<const T&>(),
                            std::declval<QOut&>()))>> : std::true_type {};

template <class V, class Q, class T, class = void>
struct has_potential_value : std::false_type {};
template <class V, class Q, class T>
struct has_potential_value<V, Q, T,
                           std::void_t<decltype(std::declval<const V&>().value(
                               std::declval<const Q&>(), std::declval<const T&>()))>> : std::true_type {};

template <class V, class Q, class T, class D, class = void>
struct has_potential_gradient : std::false_type {};
template <class V, class Q, class T, class D>
struct has_potential_gradient<V, Q, T, D,
                              std::void_t<decltype(std::declval<const V&>().gradient(
                                  std::declval<const Q&>(), std::declval<const T&>(),
                                  std::declval<D&>()))>> : std::true_type {};

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

template <class A, class S, class T, class = void>
struct has_action_value : std::false_type {};
template <class A, class S, class T>
struct has_action_value<A, S, T,
                        std::void_t<decltype(std::declval<const A&>().value(
                            std::declval<const S&>(), std::declval<const T&>()))>> : std::true_type {};

template <class A, class S, class T, class = void>
struct has_action_derivative : std::false_type {};
template <class A, class S, class T>
struct has_action_derivative<A, S, T,
                             std::void_t<decltype(std::declval<const A&>().derivative(
                                 std::declval<const S&>(), std::declval<const T&>()))>>
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

// The parts of H = T(p) + V(q,t) + F(s,t) as the system function needs them.
template <class Kinetic, class Potential, class Action, class State, class Deriv, class Time>
constexpr void check_hamiltonian_parts() {
    using P = decltype(std::declval<State&>().p);
    using Q = decltype(std::declval<State&>().q);
    using S = decltype(std::declval<State&>().s);
    using DQ = decltype(std::declval<Deriv&>().q);
    using DP = decltype(std::declval<Deriv&>().p);
    static_assert(has_kinetic_value<Kinetic, P>::value,
                  "odeint_contact: the kinetic part needs a member value(p) returning T(p)");
    static_assert(has_kinetic_gradient<Kinetic, P, DQ>::value,
                  "odeint_contact: the kinetic part needs a member gradient(p, dTdp) writing the "
                  "gradient of T into dTdp (the q part of the derivative type)");
    static_assert(has_potential_value<Potential, Q, Time>::value,
                  "odeint_contact: the potential needs a member value(q, t) returning V(q,t)");
    static_assert(has_potential_gradient<Potential, Q, Time, DP>::value,
                  "odeint_contact: the potential needs a member gradient(q, t, dVdq) writing the "
                  "gradient of V into dVdq (the p part of the derivative type)");
    static_assert(has_action_value<Action, S, Time>::value,
                  "odeint_contact: the action term needs a member value(s, t) returning F(s,t); "
                  "use linear_action, quadratic_action or action_term");
    static_assert(has_action_derivative<Action, S, Time>::value,
                  "odeint_contact: the action term needs a member derivative(s, t) returning "
                  "dF/ds; use linear_action, quadratic_action or action_term");
}

}  // namespace detail
}  // namespace odeint_contact

#endif
