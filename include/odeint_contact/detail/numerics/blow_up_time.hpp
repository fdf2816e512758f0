// SPDX-License-Identifier: BSL-1.0
// The remaining time to |s| = infinity of ds/dtau = -F(s), integral_0^inf du/|F(x + direction u)|:
// the finite-time blow-up test of the numerical action flow (action_term.hpp).
//
// The integral is computed with the exp-sinh substitution u = exp(pi/2 sinh t) (Takahasi and Mori's
// double-exponential rule for half-infinite intervals): the trapezoidal rule in t with step
// h = 1, 1/2, 1/4, ... until two successive estimates agree. Written out here rather than taken
// from Boost.Math's exp_sinh, whose integrate() copies a row of its node tables at every level
// (16 heap allocations per call in Boost 1.74), i.e. inside a step; here the nodes are computed
// as needed and nothing is allocated.
//
// No verdict (std::nullopt) when the integral diverges or cannot be trusted:
//   - a zero of F ahead makes 1/|F| infinite or huge: a non-finite term;
//   - |F| growing like |s| or slower makes the integral diverge at infinity: the terms at the
//     upper end of the t range (u ~ 1e154 for double) do not decay, and are refused when they are
//     not negligible against the sum;
//   - the estimates do not settle to the tolerance within max_levels halvings.
#ifndef ODEINT_CONTACT_DETAIL_NUMERICS_BLOW_UP_TIME_HPP
#define ODEINT_CONTACT_DETAIL_NUMERICS_BLOW_UP_TIME_HPP

#include <cmath>
#include <limits>
#include <optional>

namespace odeint_contact {
namespace detail {

// integral_0^inf g(u) du for g >= 0, to relative tolerance tol, or nullopt (see above).
template <class Value, class G>
std::optional<Value> half_infinite_integral(const G& g, const Value& tol) {
    using std::abs;
    using std::acos;
    using std::asinh;
    using std::cosh;
    using std::exp;
    using std::isfinite;
    using std::log;
    using std::sinh;
    constexpr int max_levels = 8;
    const Value half_pi = acos(Value(-1)) / 2;
    // u = exp(half_pi sinh t) spans exp(-+L) with L = log(max)/2: u and 1/u stay far from overflow.
    const Value t_max = asinh(log(std::numeric_limits<Value>::max()) / (Value(2) * half_pi));
    // The trapezoidal term at t, without the step h: g(u) du/dt.
    const auto term = [&](const Value& t) {
        const Value u = exp(half_pi * sinh(t));
        return Value(g(u) * u * half_pi * cosh(t));
    };
    // Level 0: h = 1, nodes t = -n .. n with n = floor(t_max), and the end node t_max itself, whose
    // term must be negligible for the integral to converge at infinity.
    const int n = static_cast<int>(t_max);
    Value sum = 0;
    for (int k = -n; k <= n; ++k) sum += term(Value(k));
    const Value end = term(t_max);
    if (!isfinite(sum) || !isfinite(end) || !(end <= std::numeric_limits<Value>::epsilon() * sum))
        return std::nullopt;
    Value h = 1;
    Value estimate = sum;
    for (int level = 1; level <= max_levels; ++level) {
        // The midpoints of the previous level's nodes.
        const int count = static_cast<int>(Value(2) * Value(n) / h);
        for (int j = 0; j < count; ++j) sum += term(Value(-n) + (Value(j) + Value(0.5)) * h);
        h /= 2;
        const Value next = sum * h;
        if (!isfinite(next)) return std::nullopt;
        if (level >= 2 && abs(next - estimate) <= tol * next) return next;
        estimate = next;
    }
    return std::nullopt;
}

// The time to infinity from x in the direction `direction` (+1 or -1) along ds/dtau = -F(s),
// with f the plain-number F at frozen time, to sqrt(eps) relative (it only has to decide whether
// the time left is shorter than the step); nullopt when there is no verdict.
template <class Value, class F>
std::optional<Value> time_to_infinity(const F& f, const Value& x, const Value& direction) {
    using std::abs;
    using std::sqrt;
    const auto integrand = [&](const Value& u) { return Value(Value(1) / abs(Value(f(Value(x + direction * u))))); };
    return half_infinite_integral<Value>(integrand, Value(sqrt(std::numeric_limits<Value>::epsilon())));
}

}  // namespace detail
}  // namespace odeint_contact

#endif
