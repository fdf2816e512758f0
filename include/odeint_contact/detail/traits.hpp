// SPDX-License-Identifier: BSL-1.0
// Type helpers on state components and the library's own component_traits (the customization
// point is component_traits.hpp; the classification detail/algebra/component_kind.hpp): a component's
// scalar and plain value type, conversion of dimensionless quantities to numbers, and the inner
// product that odeint's algebras do not offer.
#ifndef ODEINT_CONTACT_DETAIL_TRAITS_HPP
#define ODEINT_CONTACT_DETAIL_TRAITS_HPP

#include <charconv>
#include <cmath>
#include <iterator>
#include <limits>
#include <locale>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/range/begin.hpp>
#include <boost/range/end.hpp>
#include <boost/range/has_range_iterator.hpp>
#include <boost/units/io.hpp>  // error messages print quantities with their units
#include <boost/units/quantity.hpp>

#include <odeint_contact/state/component_traits.hpp>
#include <odeint_contact/detail/detect.hpp>

// The engine's per-step path (composition::step and run, a base step's stage) inlined into the
// caller's loop: GCC and Clang otherwise leave it out of line, which costs a call chain per step
// that a hand-written loop does not pay (doc/performance.md). Only in a build that optimises:
// forced, every call of do_step (each integrate function, each iterator) compiles its own copy
// of the whole step, which at -O0 buys no speed and only costs compile time.
// ODEINT_CONTACT_NO_FORCED_INLINE leaves inlining to the compiler in an optimised build too (the
// tests at -Og: doc/CONTRIBUTING.md).
#if (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__) && !defined(ODEINT_CONTACT_NO_FORCED_INLINE)
#define ODEINT_CONTACT_DETAIL_HOT inline __attribute__((always_inline))
#else
#define ODEINT_CONTACT_DETAIL_HOT inline
#endif
#if defined(__GNUC__) || defined(__clang__)
#define ODEINT_CONTACT_DETAIL_COLD __attribute__((noinline, cold))
#else
#define ODEINT_CONTACT_DETAIL_COLD
#endif

namespace odeint_contact {
namespace detail {

template <class T>
using traits_scalar_type_op = typename component_traits<T>::scalar_type;
template <class T>
using has_component_traits = is_detected<traits_scalar_type_op, T>;

// Used before any other use of a component type, so that an unsupported type stops the
// compilation here rather than deep inside an algebra.
template <class T>
constexpr bool check_component() {
    static_assert(has_component_traits<T>::value,
                  "odeint_contact: this state component type is not a number, a Boost range or an Eigen "
                  "object; specialise odeint_contact::component_traits<T> with scalar_type and "
                  "dot(a, b) (doc/concepts.md)");
    return has_component_traits<T>::value;
}

template <class T>
struct scalar_of {
    // The fallback keeps the failed static_assert the only error.
    using type = typename std::conditional_t<check_component<std::remove_cv_t<T>>(),
                                             component_traits<std::remove_cv_t<T>>,
                                             default_component_traits<double>>::scalar_type;
};
template <class T>
using scalar_of_t = typename scalar_of<T>::type;

// Whether the library may copy all elements of a component into plain numbers on the host, as
// the dense solves of galerkin_cvi4 and of the Lagrangian steps do: numbers, ranges and Eigen
// objects, unless component_traits<T> says `static constexpr bool host_elements = false` (a
// Thrust device_vector, odeint_contact/state/thrust.hpp).
template <class T>
using traits_host_elements_op = std::bool_constant<bool(component_traits<T>::host_elements)>;
template <class T>
using has_host_elements =
    detected_or_t<std::bool_constant<default_kind<T>() != component_kind::unknown>, traits_host_elements_op, T>;

template <class T>
inline constexpr bool is_scalar_v = default_kind<std::remove_cv_t<T>>() == component_kind::scalar;
template <class T>
inline constexpr bool is_range_v = default_kind<std::remove_cv_t<T>>() == component_kind::range;

// A component with every element zero where the type has a fixed size: T{} for numbers and
// std::array, T::Zero() for a fixed-size Eigen object, whose default constructor leaves its
// elements uninitialised (a dynamic one, like std::vector, starts empty). Scratch states are
// copied with the stepper (integrate_const takes it by value) and GCC warns about copying
// uninitialised elements.
template <class T>
T zero_component() {
    if constexpr (default_kind<T>() == component_kind::eigen) {
        if constexpr (T::SizeAtCompileTime > 0)
            return T::Zero();
        else
            return T();
    } else {
        return T{};
    }
}

// The number type underneath a scalar: Y for quantity<Unit, Y>, the type itself otherwise.
template <class T>
struct plain_value {
    using type = T;
};
template <class Unit, class Y>
struct plain_value<boost::units::quantity<Unit, Y>> {
    using type = Y;
};
template <class T>
using plain_value_t = typename plain_value<T>::type;

// A dimensionless quantity as a number; the static_cast does not compile for a dimensioned
// quantity, which is the unit check we want (f(t)*dt, gamma*dt*s must be pure numbers).
template <class T>
auto to_value(const T& x) {
    if constexpr (is_quantity<T>::value)
        return static_cast<plain_value_t<T>>(x);
    else
        return x;
}

// -0 in the unit of T: the start of a sum of squares. Unlike 0 it is the additive identity
// (-0 + x is x for every x, 0 + -0 is 0), so the compiler may drop the first addition; a sum of
// one square or more, never -0 itself, comes out the same from either start (an empty sum stays
// -0, which added to s leaves s as it is, where 0 made an s of -0 into 0).
template <class T>
T negative_zero() {
    return -T{};
}

// 1 in the unit of T (1 kg for a mass quantity).
template <class T>
T unit_one() {
    if constexpr (is_quantity<T>::value)
        return T::from_value(plain_value_t<T>(1));
    else
        return T(1);
}

template <class T>
auto raw_value(const T& x) {
    if constexpr (is_quantity<T>::value)
        return x.value();
    else
        return x;
}

// Unqualified so that a multiprecision number finds its own isfinite.
template <class T>
bool is_finite(const T& x) {
    using std::isfinite;
    return isfinite(raw_value(x));
}

template <class T>
struct default_component_traits<T, component_kind::scalar> {
    using scalar_type = T;
    template <class U>
    static auto dot(const T& a, const U& b) {
        return a * b;
    }
};

template <class T>
struct default_component_traits<T, component_kind::eigen> {
    using scalar_type = typename T::Scalar;
    template <class U>
    static auto dot(const T& a, const U& b) {
        return a.cwiseProduct(b).sum();
    }
};

// Element by element in order, recursing into nested ranges; the zero is value-initialised so
// that a quantity starts at 0 in the right unit. For ranges of numbers the additions are those
// of std::inner_product.
template <class T>
struct default_component_traits<T, component_kind::range> {
    using element_type = std::decay_t<decltype(*boost::begin(std::declval<const T&>()))>;
    using scalar_type = typename scalar_of<element_type>::type;
    template <class U>
    static auto dot(const T& a, const U& b) {
        using element_traits = component_traits<element_type>;
        auto ib = boost::begin(b);
        decltype(element_traits::dot(*boost::begin(a), *ib)) sum{};
        for (auto ia = boost::begin(a); ia != boost::end(a); ++ia, ++ib)
            sum = sum + element_traits::dot(*ia, *ib);
        return sum;
    }
};

// a . b through the customization point.
template <class A, class B>
auto dot(const A& a, const B& b) {
    static_assert(check_component<A>());
    return component_traits<A>::dot(a, b);
}

// m, 1/m and the like must be normal numbers: a subnormal one has lost bits, and its inverse
// may be infinite. Unqualified, like is_finite.
template <class T>
bool is_normal(const T& x) {
    using std::isnormal;
    return isnormal(raw_value(x));
}

// A number for an error message: the shortest text that reads back as the same value for the
// built-in floating-point types (0.1, not 0.10000000000000001), and in every case independent of
// the global locale (std::to_chars never uses one; the stream is imbued with the classic
// locale), so that "t = 1234.25" does not become "t = 1.234,25". NaN is "nan" whatever its sign
// bit, which carries no meaning.
template <class T>
std::string format(const T& x) {
    if constexpr (std::is_floating_point<T>::value) {
        using std::isnan;
        if (isnan(x)) return "nan";
        char buffer[64];
        const auto result = std::to_chars(buffer, buffer + sizeof buffer, x);
        return std::string(buffer, result.ptr);
    } else {
        std::ostringstream out;
        out.imbue(std::locale::classic());
        using limits = std::numeric_limits<plain_value_t<T>>;
        out.precision(limits::is_specialized && limits::max_digits10 > 0 ? limits::max_digits10 : 17);
        out << x;
        return out.str();
    }
}

}  // namespace detail
}  // namespace odeint_contact

#endif
