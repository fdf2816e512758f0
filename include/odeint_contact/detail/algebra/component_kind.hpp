// SPDX-License-Identifier: BSL-1.0
// How a state component is classified by default (a number or quantity, a Boost range, an Eigen
// object), and the library's default component_traits for each kind: what the public
// customization point component_traits (component_traits.hpp) derives from.
#ifndef ODEINT_CONTACT_DETAIL_ALGEBRA_COMPONENT_KIND_HPP
#define ODEINT_CONTACT_DETAIL_ALGEBRA_COMPONENT_KIND_HPP

#include <limits>
#include <type_traits>
#include <utility>

#include <boost/range/begin.hpp>
#include <boost/range/has_range_iterator.hpp>
#include <boost/units/quantity.hpp>

#include <odeint_contact/detail/detect.hpp>

namespace odeint_contact {
namespace detail {

template <class T>
struct is_quantity : std::false_type {};
template <class Unit, class Y>
struct is_quantity<boost::units::quantity<Unit, Y>> : std::true_type {};

// How a state component is classified by default: an Eigen dense object (recognised by its
// Scalar type and cwiseProduct, without including Eigen), a Boost range (array, vector, nested
// vectors such as odeint's openmp_state), or a scalar (a type with std::numeric_limits: double,
// multiprecision numbers; or a Boost.Units quantity). Anything else is unknown, and using it
// fails at the static_assert in check_component (detail/traits.hpp).
enum class component_kind { scalar, eigen, range, unknown };

template <class T>
using eigen_like_op = requires_all<typename T::Scalar,
                                   decltype(std::declval<const T&>().cwiseProduct(std::declval<const T&>()).sum())>;
template <class T>
using is_eigen_like = is_detected<eigen_like_op, T>;

// Only a type with a const iterator is dereferenced: boost::begin of another is a hard error, so
// the enable_if_t fails first.
template <class T>
using range_element_op =
    decltype(*boost::begin(std::declval<const std::enable_if_t<boost::has_range_const_iterator<T>::value, T>&>()));
template <class T>
using is_boost_range = is_detected<range_element_op, T>;

template <class T>
constexpr component_kind default_kind() {
    if constexpr (is_eigen_like<T>::value)
        return component_kind::eigen;
    else if constexpr (is_boost_range<T>::value)
        return component_kind::range;
    else if constexpr (std::numeric_limits<T>::is_specialized || is_quantity<T>::value)
        return component_kind::scalar;
    else
        return component_kind::unknown;
}

// The library's own answers for the kinds above; an unknown type gets none (no scalar_type).
template <class T, component_kind = default_kind<T>()>
struct default_component_traits {};

}  // namespace detail
}  // namespace odeint_contact

#endif
