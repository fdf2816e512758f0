// SPDX-License-Identifier: BSL-1.0
// odeint_contact/state/contact_algebra.hpp
//
// contact_algebra: the algebra odeint uses on contact_state (registered with odeint's
// algebra_dispatcher, so odeint's steppers and ours pick it by default). Every for_eachN is
// applied to q, p and s in turn, each with the algebra odeint itself would choose for that
// component; called on components (not whole states) it dispatches the same way, which is how
// the contact steppers update q or p alone through odeint's algebra/operations layer.
// contact_algebra_of<ComponentAlgebra>: the same with a chosen algebra for q and p (for example
// odeint's openmp_range_algebra on a std::vector).
#ifndef ODEINT_CONTACT_STATE_CONTACT_ALGEBRA_HPP
#define ODEINT_CONTACT_STATE_CONTACT_ALGEBRA_HPP

#include <cmath>
#include <tuple>
#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/algebra/array_algebra.hpp>
#include <boost/numeric/odeint/algebra/range_algebra.hpp>
#include <boost/numeric/odeint/algebra/vector_space_algebra.hpp>

#include <odeint_contact/detail/algebra/contact_algebra.hpp>
#include <odeint_contact/detail/algebra/for_each_members.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {

// The algebra of contact_state (registered with odeint::algebra_dispatcher, so odeint's
// steppers pick it by default). Accepts whole contact states or single components.
struct contact_algebra {
    ODEINT_CONTACT_DETAIL_FOR_EACH_MEMBERS(detail::for_each_split)

    // The largest |component| over q, p and s (error estimates of controlled steppers). For
    // states with mixed units there is no common magnitude, and this does not compile.
    template <class S>
    static auto norm_inf(const S& x) {
        if constexpr (detail::is_contact_state<S>::value) {
            using std::max;
            const auto a = detail::component_norm_inf(x.q);
            const auto b = detail::component_norm_inf(x.p);
            const auto c = detail::component_norm_inf(x.s);
            using result = std::common_type_t<decltype(a), decltype(b), decltype(c)>;
            return max(max(result(a), result(b)), result(c));
        } else {
            return detail::component_norm_inf(x);
        }
    }
};

// The algebra of contact_state with ComponentAlgebra for q and p (s, a number, as in
// contact_algebra): for a range whose default algebra is not the one wanted, such as odeint's
// openmp_range_algebra on a std::vector. Given to a stepper as its Algebra,
//     odeint::runge_kutta4<X, double, X, double, contact_algebra_of<odeint::openmp_range_algebra>>
//     chi2<X, double, X, double, contact_algebra_of<odeint::openmp_range_algebra>>
// it does the stepper's element-wise passes and those of the library's kinetic parts, which the
// steppers hand it (quadratic_kinetic's flow); the system function of separable_hamiltonian runs
// its passes through the algebra it was made with (make_separable_hamiltonian<Algebra>). The
// library's sums keep the component's own reduction, so the results are those of contact_algebra
// bit for bit.
template <class ComponentAlgebra>
struct contact_algebra_of {
    ODEINT_CONTACT_DETAIL_FOR_EACH_MEMBERS(detail::for_each_split_with<ComponentAlgebra>)

    template <class S>
    static auto norm_inf(const S& x) {
        if constexpr (detail::is_contact_state<S>::value) {
            using std::abs;
            using std::max;
            const auto a = ComponentAlgebra::norm_inf(x.q);
            const auto b = ComponentAlgebra::norm_inf(x.p);
            const auto c = abs(x.s);
            using result = std::common_type_t<decltype(a), decltype(b), decltype(c)>;
            return max(max(result(a), result(b)), result(c));
        } else if constexpr (detail::is_scalar_v<S>) {
            using std::abs;
            return abs(x);
        } else {
            return ComponentAlgebra::norm_inf(x);
        }
    }
};

namespace detail {

// Whether the stepper's algebra, given a component of type T, calls an op element after element
// in order on one thread (or once on the whole object), so that the op may accumulate a sum in
// the same pass: contact_algebra and contact_algebra_of with a sequential algebra. An algebra
// the library does not know may call ops concurrently, and gets the separate reduction.
template <class Algebra, class T>
struct sums_in_order : std::false_type {};
template <class T>
struct sums_in_order<contact_algebra, T> : std::bool_constant<is_sequential_algebra_v<T>> {};
template <class ComponentAlgebra, class T>
struct sums_in_order<contact_algebra_of<ComponentAlgebra>, T>
    : std::bool_constant<std::is_same<ComponentAlgebra, boost::numeric::odeint::range_algebra>::value ||
                         std::is_same<ComponentAlgebra, boost::numeric::odeint::array_algebra>::value ||
                         std::is_same<ComponentAlgebra, boost::numeric::odeint::vector_space_algebra>::value> {};
template <class Algebra, class T>
inline constexpr bool sums_in_order_v = sums_in_order<std::remove_cv_t<Algebra>, std::remove_cv_t<T>>::value;

// Whether the stepper's algebra hands an op its operands as given, so that the op may write more
// than its first: odeint's array_algebra passes all but the first as const. An algebra the
// library does not know gets ops that write their first operand only.
template <class Algebra, class T>
struct writes_all_operands : std::false_type {};
template <class T>
struct writes_all_operands<contact_algebra, T>
    : std::bool_constant<!std::is_same<component_algebra_t<T>, boost::numeric::odeint::array_algebra>::value> {};
template <class ComponentAlgebra, class T>
struct writes_all_operands<contact_algebra_of<ComponentAlgebra>, T>
    : std::bool_constant<!std::is_same<ComponentAlgebra, boost::numeric::odeint::array_algebra>::value> {};
template <class Algebra, class T>
inline constexpr bool writes_all_operands_v =
    writes_all_operands<std::remove_cv_t<Algebra>, std::remove_cv_t<T>>::value;

}  // namespace detail

}  // namespace odeint_contact

#endif
