// SPDX-License-Identifier: BSL-1.0
// The plain-number layout of the implicit variational steps (galerkin_cvi4, the contact-Lagrangian
// steps): a component (a number, a quantity, a range of either, an Eigen object) as a flat array
// of its raw values in storage order, and back. Dense linear algebra (detail/numerics/newton.hpp) mixes
// the units of its unknowns, so the Newton iterations run on these numbers; a quantity is
// rebuilt from its value in its own unit (the SI value for SI quantities).
#ifndef ODEINT_CONTACT_DETAIL_ALGEBRA_RAW_NUMBERS_HPP
#define ODEINT_CONTACT_DETAIL_ALGEBRA_RAW_NUMBERS_HPP

#include <cstddef>
#include <iterator>
#include <type_traits>

#include <boost/range/begin.hpp>
#include <boost/range/end.hpp>

#include <odeint_contact/detail/numerics/newton.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/system/hessian_matrix.hpp>

namespace odeint_contact {

namespace detail {

// Plain numbers <-> components (a number, a quantity, or a range of either). A quantity is built
// from its value in its own unit, so the numbers are the SI values for SI quantities.
template <class E, class Value>
E element_from_raw(const Value& x) {
    if constexpr (is_quantity<E>::value)
        return E::from_value(plain_value_t<E>(x));
    else
        return E(x);
}

// An Eigen object's elements in its linear (storage) order, through size() and coeff(i), which
// Eigen 3.3 has for every plain vector and matrix.
template <class C>
inline constexpr bool is_eigen_component_v = default_kind<std::remove_cv_t<C>>() == component_kind::eigen;

template <class C>
std::size_t raw_size(const C& c) {
    if constexpr (is_eigen_component_v<C>)
        return static_cast<std::size_t>(c.size());
    else if constexpr (is_range_v<C>)
        return static_cast<std::size_t>(std::distance(boost::begin(c), boost::end(c)));
    else
        return 1;
}

template <class Value, class C>
void copy_to_raw(const C& c, Value* out) {
    if constexpr (is_eigen_component_v<C>) {
        for (decltype(c.size()) i = 0; i < c.size(); ++i) out[i] = Value(raw_value(c.coeff(i)));
    } else if constexpr (is_range_v<C>) {
        for (auto it = boost::begin(c); it != boost::end(c); ++it) *out++ = Value(raw_value(*it));
    } else {
        *out = Value(raw_value(c));
    }
}

template <class Value, class C>
void copy_from_raw(const Value* in, C& c) {
    if constexpr (is_eigen_component_v<C>) {
        using element = typename C::Scalar;
        for (decltype(c.size()) i = 0; i < c.size(); ++i) c.coeffRef(i) = element_from_raw<element>(in[i]);
    } else if constexpr (is_range_v<C>) {
        using element = std::decay_t<decltype(*boost::begin(c))>;
        for (auto it = boost::begin(c); it != boost::end(c); ++it) *it = element_from_raw<element>(*in++);
    } else {
        c = element_from_raw<C>(*in);
    }
}

}  // namespace detail
}  // namespace odeint_contact

#endif
