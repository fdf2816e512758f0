// SPDX-License-Identifier: BSL-1.0
// Weights of symmetric compositions from decimal literals, exact in Value: the published tables
// of composition_tables.hpp keep their weights as 50-digit strings, converted here to the
// stepper's Value (correctly rounded for float, double and long double; to the full precision
// of a multiprecision type). How the digits were obtained: doc/derivations/composition_weights.py.
#ifndef ODEINT_CONTACT_DETAIL_COMPOSITION_COEFFICIENTS_HPP
#define ODEINT_CONTACT_DETAIL_COMPOSITION_COEFFICIENTS_HPP

#include <array>
#include <cstddef>
#include <cstdlib>
#include <type_traits>

namespace odeint_contact {
namespace detail {

// A decimal literal in Value.
template <class Value>
Value from_literal(const char* text) {
    if constexpr (std::is_same_v<Value, float>)
        return std::strtof(text, nullptr);
    else if constexpr (std::is_same_v<Value, double>)
        return std::strtod(text, nullptr);
    else if constexpr (std::is_same_v<Value, long double>)
        return std::strtold(text, nullptr);
    else
        return Value(text);
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
