// SPDX-License-Identifier: BSL-1.0
// The potential V(q,t) of a separable contact Hamiltonian H = T(p) + V(q,t) + F(s,t): what the
// library calls on it, the static_asserts that name what a potential lacks, and the one place
// that chooses between its optional fused members and its value and gradient.
//   required  value(q, t) -> V;  gradient(q, t, dVdq) writes dV/dq
//   optional  value_and_gradient(q, t, dVdq) -> V;  value_and_kick(q, t, a, b, p_in, p_out) -> V
//             (p_out = a p_in - b dV/dq);  hessian(q, t, H) (galerkin_cvi4's Newton Jacobian)
// Every member is const: the library holds the parts of H as const, so a non-const optional member
// would never be called, and is a static_assert rather than a silent slow path.
// Users: doc/concepts.md#potential-vq-t; examples of potentials in separable_hamiltonian.hpp.
#ifndef ODEINT_CONTACT_CONCEPTS_POTENTIAL_HPP
#define ODEINT_CONTACT_CONCEPTS_POTENTIAL_HPP

#include <type_traits>
#include <utility>

#include <odeint_contact/detail/detect.hpp>

namespace odeint_contact {
namespace detail {

// Each member as an expression on a Self: const V& for what the library calls, V& to tell a member
// that only lacks its const from one that is missing. A is the stepper's Value, B its Time, P the
// momentum type, M a dense matrix.
template <class Self, class Q, class T>
using potential_value_op = decltype(std::declval<Self>().value(std::declval<const Q&>(), std::declval<const T&>()));
template <class Self, class Q, class T, class D>
using potential_gradient_op = decltype(std::declval<Self>().gradient(std::declval<const Q&>(),
                                                                     std::declval<const T&>(), std::declval<D&>()));
template <class Self, class Q, class T, class D>
using value_and_gradient_op = decltype(std::declval<Self>().value_and_gradient(
    std::declval<const Q&>(), std::declval<const T&>(), std::declval<D&>()));
template <class Self, class Q, class T, class A, class B, class P>
using value_and_kick_op = decltype(std::declval<Self>().value_and_kick(
    std::declval<const Q&>(), std::declval<const T&>(), std::declval<const A&>(), std::declval<const B&>(),
    std::declval<const P&>(), std::declval<P&>()));
template <class Self, class Q, class T, class M>
using potential_hessian_op = decltype(std::declval<Self>().hessian(std::declval<const Q&>(),
                                                                   std::declval<const T&>(), std::declval<M&>()));

template <class Self, class Q, class T>
using has_potential_value_on = is_detected<potential_value_op, Self, Q, T>;
template <class Self, class Q, class T, class D>
using has_potential_gradient_on = is_detected<potential_gradient_op, Self, Q, T, D>;
template <class Self, class Q, class T, class D>
using has_value_and_gradient_on = is_detected<value_and_gradient_op, Self, Q, T, D>;
template <class Self, class Q, class T, class A, class B, class P>
using has_value_and_kick_on = is_detected<value_and_kick_op, Self, Q, T, A, B, P>;

// A value_and_kick that a const Potential offers and that returns something convertible to the
// type of value(q, t): the only kind the steppers call (check_value_and_kick names the others).
template <class Potential, class Q, class T, class A, class B, class P>
using has_usable_value_and_kick =
    is_detected_convertible<std::decay_t<detected_t<potential_value_op, const Potential&, Q, T>>, value_and_kick_op,
                            const Potential&, Q, T, A, B, P>;

// The required members on q's type Q, the time T and the derivative's p part DP. Returns whether
// they are there (as check_kinetic_part, concepts/kinetic.hpp).
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

// The checks of a potential's value_and_kick: a member that only a non-const potential can call,
// or one that does not return V, is a static_assert rather than skipped without a word. True
// when the potential has none or a usable one. Called from the steppers' checks and from
// potential_piece's check for its flow, after check_potential_part (value(q, t) exists).
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

template <class Self, class Q, class T, class M>
using has_potential_hessian_on = is_detected<potential_hessian_op, Self, Q, T, M>;
template <class V, class Q, class T, class M>
using has_potential_hessian = has_potential_hessian_on<const V&, Q, T, M>;

}  // namespace detail
}  // namespace odeint_contact

#endif
