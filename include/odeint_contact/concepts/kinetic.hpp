// SPDX-License-Identifier: BSL-1.0
// The kinetic part T(p) of a separable contact Hamiltonian H = T(p) + V(q,t) + F(s,t): what the
// library calls on it, and the static_asserts that name what a kinetic part lacks.
//   required  value(p) -> T(p);  gradient(p, dTdp) writes dT/dp
//   optional  flow(q, p, dt, q_out) (q_out = q + dt dT/dp, exact), gradient(algebra, p, dTdp),
//             flow(algebra, q, p, dt, q_out): the same, through the stepper's algebra
// Every member is const: the library holds the parts of H as const, so a non-const optional member
// would never be called, and is a static_assert rather than a silent slow path.
// Users: doc/concepts.md#kinetic-part-tp; the library's kinetic parts are in kinetic.hpp.
#ifndef ODEINT_CONTACT_CONCEPTS_KINETIC_HPP
#define ODEINT_CONTACT_CONCEPTS_KINETIC_HPP

#include <utility>

#include <odeint_contact/detail/detect.hpp>

namespace odeint_contact {
namespace detail {

// Each member as an expression on a Self: const K& for what the library calls, K& to tell a member
// that only lacks its const from one that is missing.
template <class Self, class P>
using kinetic_value_op = decltype(std::declval<Self>().value(std::declval<const P&>()));
template <class Self, class P, class D>
using kinetic_gradient_op = decltype(std::declval<Self>().gradient(std::declval<const P&>(), std::declval<D&>()));
template <class Self, class Q, class P, class T, class QOut>
using kinetic_flow_op = decltype(std::declval<Self>().flow(std::declval<const Q&>(), std::declval<const P&>(),
                                                           std::declval<const T&>(), std::declval<QOut&>()));
template <class Self, class Algebra, class P, class D>
using kinetic_gradient_with_op = decltype(std::declval<Self>().gradient(
    std::declval<Algebra&>(), std::declval<const P&>(), std::declval<D&>()));
template <class Self, class Algebra, class Q, class P, class T, class QOut>
using kinetic_flow_with_op =
    decltype(std::declval<Self>().flow(std::declval<Algebra&>(), std::declval<const Q&>(), std::declval<const P&>(),
                                       std::declval<const T&>(), std::declval<QOut&>()));

template <class Self, class P>
using has_kinetic_value_on = is_detected<kinetic_value_op, Self, P>;
template <class Self, class P, class D>
using has_kinetic_gradient_on = is_detected<kinetic_gradient_op, Self, P, D>;
template <class Self, class Q, class P, class T, class QOut>
using has_kinetic_flow_on = is_detected<kinetic_flow_op, Self, Q, P, T, QOut>;
template <class K, class Q, class P, class T, class QOut>
using has_kinetic_flow = has_kinetic_flow_on<const K&, Q, P, T, QOut>;
template <class Self, class Algebra, class P, class D>
using has_kinetic_gradient_with_on = is_detected<kinetic_gradient_with_op, Self, Algebra, P, D>;
template <class K, class Algebra, class P, class D>
using has_kinetic_gradient_with = has_kinetic_gradient_with_on<const K&, Algebra, P, D>;
template <class Self, class Algebra, class Q, class P, class T, class QOut>
using has_kinetic_flow_with_on = is_detected<kinetic_flow_with_op, Self, Algebra, Q, P, T, QOut>;
template <class K, class Algebra, class Q, class P, class T, class QOut>
using has_kinetic_flow_with = has_kinetic_flow_with_on<const K&, Algebra, Q, P, T, QOut>;

// The required members on the momentum type P and the derivative's q part DQ. Returns whether
// they are there, so that callers leave the rest of their body uninstantiated when not (and the
// static_assert here stays the first error). A member that lacks only its const gets its own
// message: "needs a member" would send the user looking for a typo.
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

// The optional members, as the steppers and the system function would call them with Algebra.
// True when each is absent or usable.
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

}  // namespace detail
}  // namespace odeint_contact

#endif
