// Internal type helpers: how a state component is classified (scalar or range), its scalar and
// plain value type, conversion of dimensionless quantities to numbers, and the inner product
// that odeint's algebras do not offer.
#ifndef ODEINT_CONTACT_DETAIL_TRAITS_HPP
#define ODEINT_CONTACT_DETAIL_TRAITS_HPP

#include <charconv>
#include <cmath>
#include <iterator>
#include <limits>
#include <locale>
#include <numeric>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/range/begin.hpp>
#include <boost/range/end.hpp>
#include <boost/range/has_range_iterator.hpp>
#include <boost/units/io.hpp>  // error messages print quantities with their units
#include <boost/units/quantity.hpp>

namespace odeint_contact {
namespace detail {

template <class T>
struct is_quantity : std::false_type {};
template <class Unit, class Y>
struct is_quantity<boost::units::quantity<Unit, Y>> : std::true_type {};

// A component is a range (array, vector, ...) or else a scalar (double, a quantity, a
// multiprecision number).
template <class T>
inline constexpr bool is_range_v = boost::has_range_const_iterator<std::remove_cv_t<T>>::value;

template <class T, class = void>
struct scalar_of {
    using type = T;
};
template <class T>
struct scalar_of<T, std::enable_if_t<is_range_v<T>>> {
    using type = typename scalar_of<
        std::decay_t<decltype(*boost::begin(std::declval<const T&>()))>>::type;
};
template <class T>
using scalar_of_t = typename scalar_of<T>::type;

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

// a.b for scalars and ranges; the zero is value-initialised so that a quantity starts at 0
// in the right unit.
template <class A, class B>
auto dot(const A& a, const B& b) {
    if constexpr (is_range_v<A>) {
        using result = std::decay_t<decltype(*boost::begin(a) * *boost::begin(b))>;
        return std::inner_product(boost::begin(a), boost::end(a), boost::begin(b), result{});
    } else {
        return a * b;
    }
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
