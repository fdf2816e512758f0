// SPDX-License-Identifier: BSL-1.0
// The contact-Lagrangian concept L(q, v, z, t) (make_contact_lagrangian, contact_lagrangian.hpp):
// the types L is called with on a state and a time type, what the library calls on it, and the
// static_asserts that name what a Lagrangian lacks.
//   required  value(q, v, z, t) -> L;  partials(q, v, z, t, dq, dv) writes dL/dq, dL/dv, -> dL/dz
//   optional  hessian(q, v, z, t, H) (the second derivatives, for the Newton Jacobians),
//             mass_matrix(M) (L quadratic in v with a constant matrix)
// Every member is const: the library holds the Lagrangian as const, so a non-const optional member
// would never be called, and is a static_assert rather than a silent slow path (a difference
// Jacobian). With Boost.Units, q, p, s and t are quantities and v, dL/dq, L, dL/dz have their units.
// Users: doc/concepts.md#contact-lagrangian and doc/variational.md.
#ifndef ODEINT_CONTACT_CONCEPTS_LAGRANGIAN_HPP
#define ODEINT_CONTACT_CONCEPTS_LAGRANGIAN_HPP

#include <array>
#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/units/get_dimension.hpp>

#include <odeint_contact/detail/detect.hpp>
#include <odeint_contact/detail/numerics/newton.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

// ---- the types L is called with ----------------------------------------------------------------

// With Boost.Units the velocity v = dq/dt, dL/dq = dp/dt and L = ds/dt have units of their own: a
// component C divided by the time, element by element, for a quantity, a std::array or a
// std::vector of quantities (Eigen objects hold no quantities). In plain numbers they are C
// itself, so v shares q's type and dL/dq p's, as without units. `supported` is false for a
// container of quantities of another kind, and for quantities with a plain time.
template <class C, class Time, bool = is_quantity<scalar_of_t<C>>::value>
struct per_time {
    using type = C;
    static constexpr bool supported = true;
};
template <class C, class Time>
struct per_time<C, Time, true> {
    using type = C;
    static constexpr bool supported = false;
};
template <class Unit, class Y, class Time>
struct per_time<boost::units::quantity<Unit, Y>, Time, true> {
    using type = decltype(std::declval<const boost::units::quantity<Unit, Y>&>() / std::declval<const Time&>());
    static constexpr bool supported = is_quantity<Time>::value;
};
template <class E, std::size_t N, class Time>
struct per_time<std::array<E, N>, Time, true> {
    using type = std::array<typename per_time<E, Time>::type, N>;
    static constexpr bool supported = per_time<E, Time>::supported;
};
template <class E, class A, class Time>
struct per_time<std::vector<E, A>, Time, true> {
    using element = typename per_time<E, Time>::type;
    using type = std::vector<element, typename std::allocator_traits<A>::template rebind_alloc<element>>;
    static constexpr bool supported = per_time<E, Time>::supported;
};
template <class C, class Time>
using per_time_t = typename per_time<C, Time>::type;

// The types of a contact Lagrangian's arguments and results on a state and a time type: q, v of
// velocity_type, z, t; dL/dq into force_type (p's per time), dL/dv into momentum_type; L of
// lagrangian_type (s per time, an energy), dL/dz of rate_type (per time). Without units
// everything but q, p, s and t is the plain number type.
template <class State, class Time>
struct lagrangian_types {
    using coordinate_type = std::decay_t<decltype(std::declval<State&>().q)>;
    using momentum_type = std::decay_t<decltype(std::declval<State&>().p)>;
    using action_type = std::decay_t<decltype(std::declval<State&>().s)>;
    using number_type = plain_value_t<scalar_of_t<coordinate_type>>;
    static constexpr bool with_units = is_quantity<scalar_of_t<coordinate_type>>::value ||
                                       is_quantity<scalar_of_t<momentum_type>>::value ||
                                       is_quantity<action_type>::value || is_quantity<Time>::value;
    using velocity_type = per_time_t<coordinate_type, Time>;
    using force_type = per_time_t<momentum_type, Time>;
    using lagrangian_type = std::conditional_t<with_units, per_time_t<action_type, Time>, number_type>;
    using rate_type =
        std::conditional_t<with_units, decltype(std::declval<const number_type&>() / std::declval<const Time&>()),
                           number_type>;
};

template <class T>
struct dimension_of {
    using type = void;
};
template <class Unit, class Y>
struct dimension_of<boost::units::quantity<Unit, Y>> {
    using type = typename boost::units::get_dimension<Unit>::type;
};

// Whether a result of type R can stand for a quantity of type Want: a number for a number; with
// units a quantity of Want's dimension (in any system: it is converted).
template <class R, class Want>
constexpr bool fits_result() {
    if constexpr (is_quantity<Want>::value)
        return is_quantity<R>::value &&
               std::is_same<typename dimension_of<R>::type, typename dimension_of<Want>::type>::value;
    else
        return std::is_convertible<R, Want>::value;
}

// ---- recognition --------------------------------------------------------------------------------

// Each member as an expression on a Self: const L& for what the library calls, L& to tell a member
// that only lacks its const from one that is missing.
template <class Self, class Q, class V, class S, class T>
using lagrangian_value_op = decltype(std::declval<Self>().value(std::declval<const Q&>(), std::declval<const V&>(),
                                                                std::declval<const S&>(), std::declval<const T&>()));
template <class Self, class Q, class V, class F, class P, class S, class T>
using lagrangian_partials_op =
    decltype(std::declval<Self>().partials(std::declval<const Q&>(), std::declval<const V&>(), std::declval<const S&>(),
                                           std::declval<const T&>(), std::declval<F&>(), std::declval<P&>()));
template <class Self, class Q, class V, class S, class T, class M>
using lagrangian_hessian_op =
    decltype(std::declval<Self>().hessian(std::declval<const Q&>(), std::declval<const V&>(), std::declval<const S&>(),
                                          std::declval<const T&>(), std::declval<M&>()));
template <class Self, class M>
using mass_matrix_op = decltype(std::declval<Self>().mass_matrix(std::declval<M&>()));
template <class System>
using lagrangian_type_op = typename System::lagrangian_type;
template <class System>
using lagrangian_accessor_op = decltype(std::declval<const System&>().lagrangian());

template <class Self, class Q, class V, class S, class T>
using has_lagrangian_value = is_detected<lagrangian_value_op, Self, Q, V, S, T>;
template <class Self, class Q, class V, class F, class P, class S, class T>
using has_lagrangian_partials = is_detected<lagrangian_partials_op, Self, Q, V, F, P, S, T>;
template <class Self, class Q, class V, class S, class T, class M>
using has_lagrangian_hessian_on = is_detected<lagrangian_hessian_op, Self, Q, V, S, T, M>;
template <class L, class Q, class V, class S, class T, class M>
using has_lagrangian_hessian = has_lagrangian_hessian_on<const L&, Q, V, S, T, M>;
template <class Self, class M>
using has_mass_matrix_on = is_detected<mass_matrix_op, Self, M>;
template <class L, class M>
using has_mass_matrix = has_mass_matrix_on<const L&, M>;

// A system made by make_contact_lagrangian, recognised by what it has.
template <class System>
using is_contact_lagrangian_system =
    std::conjunction<is_detected<lagrangian_type_op, System>, is_detected<lagrangian_accessor_op, System>>;

// Whether a member's result (Op on Args, when it is there) fits Want; an absent member is reported
// as missing, not here.
template <class Want, template <class...> class Op, class... Args>
constexpr bool result_fits() {
    if constexpr (is_detected<Op, Args...>::value)
        return fits_result<detected_t<Op, Args...>, Want>();
    else
        return true;
}

// The members a contact Lagrangian needs on the state's q, p, s and the time type, and with
// Boost.Units a coherent state. Returns whether all is well, so that callers leave the rest
// uninstantiated and our message stays the first error.
template <class Lagrangian, class State, class Time>
constexpr bool check_contact_lagrangian_members() {
    using types = lagrangian_types<State, Time>;
    using Q = typename types::coordinate_type;
    using P = typename types::momentum_type;
    using S = typename types::action_type;
    using V = typename types::velocity_type;
    using F = typename types::force_type;
    constexpr bool all_quantities = is_quantity<scalar_of_t<Q>>::value && is_quantity<scalar_of_t<P>>::value &&
                                    is_quantity<S>::value && is_quantity<Time>::value;
    constexpr bool units_ok = !types::with_units || all_quantities;
    static_assert(units_ok,
                  "odeint_contact: a contact Lagrangian with Boost.Units needs q, p, s and the time all "
                  "quantities (the stepper's Time parameter a time quantity, e.g. cvi2<state, double, "
                  "deriv, quantity<si::time>>)");
    constexpr bool containers = !all_quantities || (per_time<Q, Time>::supported && per_time<P, Time>::supported);
    static_assert(containers,
                  "odeint_contact: with Boost.Units a contact Lagrangian takes q and p as a quantity, a "
                  "std::array or a std::vector of quantities (v = dq/dt is formed element by element)");
    constexpr bool coherent = [] {
        if constexpr (all_quantities)
            return std::is_same<scalar_of_t<P>,
                                decltype(std::declval<const S&>() / std::declval<const scalar_of_t<Q>&>())>::value;
        else
            return true;
    }();
    static_assert(coherent,
                  "odeint_contact: with Boost.Units the momentum p of a contact Lagrangian must be in the unit "
                  "of s/q (kg m/s for s in J s and q in m): the steps mix p with dL/dv and with s/q");
    constexpr bool well_typed = units_ok && containers && coherent;
    constexpr bool value = has_lagrangian_value<const Lagrangian&, Q, V, S, Time>::value;
    constexpr bool partials = has_lagrangian_partials<const Lagrangian&, Q, V, F, P, S, Time>::value;
    static_assert(!well_typed || value || has_lagrangian_value<Lagrangian&, Q, V, S, Time>::value,
                  "odeint_contact: a contact Lagrangian needs a member value(q, v, z, t) returning "
                  "L(q, v, z, t), with q of the state's coordinate type and v of its type per time (the "
                  "same type without units)");
    static_assert(!well_typed || value || !has_lagrangian_value<Lagrangian&, Q, V, S, Time>::value,
                  "odeint_contact: the contact Lagrangian's value(q, v, z, t) must be const (the library "
                  "holds the Lagrangian as const)");
    static_assert(!well_typed || partials || has_lagrangian_partials<Lagrangian&, Q, V, F, P, S, Time>::value,
                  "odeint_contact: a contact Lagrangian needs a member partials(q, v, z, t, dq, dv) writing "
                  "dL/dq into dq and dL/dv into dv (of the momentum's type; dq per time with units) and "
                  "returning dL/dz");
    static_assert(!well_typed || partials || !has_lagrangian_partials<Lagrangian&, Q, V, F, P, S, Time>::value,
                  "odeint_contact: the contact Lagrangian's partials(q, v, z, t, dq, dv) must be const "
                  "(the library holds the Lagrangian as const)");
    constexpr bool value_unit =
        result_fits<typename types::lagrangian_type, lagrangian_value_op, const Lagrangian&, Q, V, S, Time>();
    static_assert(!well_typed || value_unit,
                  "odeint_contact: the contact Lagrangian's value(q, v, z, t) must return L as a number, or "
                  "with Boost.Units as a quantity of the unit of s per time (an energy for s in J s)");
    constexpr bool rate_unit =
        result_fits<typename types::rate_type, lagrangian_partials_op, const Lagrangian&, Q, V, F, P, S, Time>();
    static_assert(!well_typed || rate_unit,
                  "odeint_contact: the contact Lagrangian's partials(q, v, z, t, dq, dv) must return dL/dz as "
                  "a number, or with Boost.Units as a quantity of the unit of 1/time");
    // The optional hessian and mass_matrix: one that only a non-const Lagrangian could call would
    // be skipped without a word (difference Jacobians instead).
    using M = dense_matrix<plain_value_t<S>>;
    constexpr bool hessian = has_lagrangian_hessian_on<const Lagrangian&, Q, V, S, Time, M>::value ||
                             !has_lagrangian_hessian_on<Lagrangian&, Q, V, S, Time, M>::value;
    static_assert(hessian, "odeint_contact: the contact Lagrangian's hessian(q, v, z, t, H) must be a const member "
                           "function (the library holds the Lagrangian as const; as it is, it would never be "
                           "called)");
    constexpr bool mass = has_mass_matrix_on<const Lagrangian&, M>::value || !has_mass_matrix_on<Lagrangian&, M>::value;
    static_assert(mass, "odeint_contact: the contact Lagrangian's mass_matrix(M) must be a const member function (the "
                        "library holds the Lagrangian as const; as it is, it would never be called)");
    return well_typed && value && partials && value_unit && rate_unit && hessian && mass;
}

// The above, for a state whose q and p the Newton solves can copy to the host; our message first
// for one they cannot.
template <class Lagrangian, class State, class Time>
constexpr bool check_contact_lagrangian() {
    using Q = std::decay_t<decltype(std::declval<State&>().q)>;
    using P = std::decay_t<decltype(std::declval<State&>().p)>;
    constexpr bool host = has_host_elements<Q>::value && has_host_elements<P>::value;
    static_assert(host,
                  "odeint_contact: the steps of a contact Lagrangian solve for v on plain copies of q and p "
                  "(Newton's method, dense n x n systems); a Thrust device_vector or another type whose "
                  "elements the host cannot read is not supported. Use a Hamiltonian with chi or cvi");
    if constexpr (host)
        return check_contact_lagrangian_members<Lagrangian, State, Time>();
    else
        return false;
}

}  // namespace detail
}  // namespace odeint_contact

#endif
