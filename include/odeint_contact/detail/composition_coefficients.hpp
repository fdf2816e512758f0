// SPDX-License-Identifier: BSL-1.0
// Weights of symmetric compositions from decimal literals, exact in Value: the published tables
// of composition_tables.hpp keep their weights as 50-digit strings, converted here to the
// stepper's Value (correctly rounded for float, double and long double; to the full precision
// of a multiprecision type). How the digits were obtained: doc/derivations/composition_weights.py.
#ifndef ODEINT_CONTACT_DETAIL_COMPOSITION_COEFFICIENTS_HPP
#define ODEINT_CONTACT_DETAIL_COMPOSITION_COEFFICIENTS_HPP

#include <array>
#include <charconv>
#include <cstddef>
#include <cstring>
#include <string>
#include <type_traits>

namespace odeint_contact {
namespace detail {

// A decimal literal "[-]digits.digits" in Value, whatever the process locale. strtod, and a
// multiprecision type's own parser where it calls MPFR or GMP, read the locale's decimal point:
// under a decimal-comma locale "0.78" would stop at the point and read as 0. The built-in types
// read the text with std::from_chars, which never consults a locale (correctly rounded); any other
// Value is built from the same number written without a point, digits and a decimal exponent
// ("-78e-2"), which every parser reads alike (cpp_bin_float: to its full precision).
template <class Value>
Value from_literal(const char* text) {
    if constexpr (std::is_floating_point<Value>::value) {
        Value x{};
        std::from_chars(text, text + std::strlen(text), x);
        return x;
    } else {
        std::string digits;
        long exponent = 0;
        bool after_point = false;
        for (const char* c = text; *c != '\0'; ++c) {
            if (*c == '.')
                after_point = true;
            else {
                digits += *c;
                if (after_point) --exponent;
            }
        }
        digits += 'e';
        digits += std::to_string(exponent);
        return Value(digits.c_str());
    }
}

// The weights g_1 ... g_N, middle, g_N ... g_1 of a symmetric composition from its outer half
// g_1 ... g_N (outermost first). The middle weight is 1 - 2 (g_1 + ... + g_N) in Value, so the
// weights sum to 1 to the rounding of Value whatever the precision of the literals.
template <class Value, std::size_t N>
std::array<Value, 2 * N + 1> symmetric_weights(const char* const (&outer)[N]) {
    std::array<Value, 2 * N + 1> w{};
    Value outer_sum(0);
    for (std::size_t j = 0; j < N; ++j) {
        const Value g = from_literal<Value>(outer[j]);
        w[j] = g;
        w[2 * N - j] = g;
        outer_sum += g;
    }
    w[N] = Value(1) - 2 * outer_sum;
    return w;
}

}  // namespace detail
}  // namespace odeint_contact

#endif
