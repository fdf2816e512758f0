// Composition weights for symmetric compositions of a symmetric 2nd-order
// one-step method S2(h):
//
//   S(h) = S2(w_k h) ... S2(w_1 h) S2(w_0 h) S2(w_1 h) ... S2(w_k h)
//
// i.e. w_k is the outermost stage, w_0 the middle stage, and
// w_0 = 1 - 2 (w_1 + ... + w_k). Each array below lists w_0 first, then
// w_1 ... w_k. Values have 50 significant digits (correctly rounded).
//
// How they were computed: the order conditions of symmetric compositions were
// imposed numerically. The generic base method was modelled as
//   S2(h) = exp(h Y1 + h^3 Y3 + h^5 Y5 + h^7 Y7 + h^9 Y9)
// with random, non-commuting real matrices Y_m. The composition, a truncated
// power series in h with matrix coefficients, had to agree with exp(h Y1)
// through h^p. The unknowns were solved by Gauss-Newton in 160-digit
// arithmetic (boost::multiprecision::cpp_bin_float<160>), starting from
// Yoshida's (1990) printed 15-digit values. Converged residuals: about 1e-158
// (order 6) and 1e-157 (order 8). A check with two further independent random
// matrix sets (5x5 was used for the solve; 6x6 and 4x4 for the check) gave
// residuals <= 1.5e-157 through h^p and O(1) at h^(p+1). The same check
// confirms the stage ordering: with w_1 outermost instead, the printed values
// fail already at h^5. The 15-digit printed values differ from these by
// <= 3e-15 (order 6). For order 8 the differences are <= 2.4e-13, but those
// starting values were quoted from memory.
#ifndef ODEINT_CONTACT_DETAIL_COMPOSITION_COEFFICIENTS_HPP
#define ODEINT_CONTACT_DETAIL_COMPOSITION_COEFFICIENTS_HPP

#include <array>
#include <cstddef>
#include <cstdlib>
#include <type_traits>

namespace odeint_contact {
namespace detail {

// Order 6, Yoshida (1990) solution A, 7 stages: w3 w2 w1 w0 w1 w2 w3.
inline constexpr const char* yoshida6_a[] = {
    "1.3151863206839112188842497282388625143519535061594",     // w0 (middle)
    "-1.1776799841788710069464156809643157346392692526346",    // w1
    "0.23557321335935813368479318297853460168646808210340",    // w2
    "0.78451361047755726381949763386634987577682441745149",    // w3 (outermost)
};

// Order 8, Yoshida (1990) solution D, 15 stages: w7 ... w1 w0 w1 ... w7.
inline constexpr const char* yoshida8_d[] = {
    "1.7084530707872815846683793622289778780468124102197",     // w0 (middle)
    "0.10279984939179644069811513160122586291101560127844",    // w1
    "-1.9606102329753108076076333763996636407924328198260",    // w2
    "1.9381391376225259865791864874436417609535933574477",     // w3
    "-0.15824063536805017520406677675975424775544511567575",   // w4
    "-1.4448522368606051576947306575373903549559101017955",    // w5
    "0.25369333656621135414614602068994207609765316473247",    // w6
    "0.91484424622979156674879348984750960451811970872886",    // w7 (outermost)
};

// A decimal literal in Value: correctly rounded for the built-in floating types, and at the full
// precision of a multiprecision type (constructed from the string).
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

// The stage weights w_k ... w_1 w_0 w_1 ... w_k of a symmetric composition from the table
// {w_0, w_1, ..., w_k}. w_0 is recomputed as 1 - 2 (w_1 + ... + w_k) in Value, so the weights
// sum to 1 to the last digit of Value.
template <class Value, std::size_t M>
std::array<Value, 2 * M - 1> palindrome(const char* const (&table)[M]) {
    std::array<Value, 2 * M - 1> w{};
    Value outer_sum(0);
    for (std::size_t j = 1; j < M; ++j) {
        const Value wj = from_literal<Value>(table[j]);
        w[M - 1 - j] = wj;
        w[M - 1 + j] = wj;
        outer_sum += wj;
    }
    w[M - 1] = Value(1) - 2 * outer_sum;
    return w;
}

}  // namespace detail
}  // namespace odeint_contact

#endif
