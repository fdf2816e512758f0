// SPDX-License-Identifier: BSL-1.0
// The root of s + h F(s) = r on the branch that starts at s = r for h = 0: cvi2's implicit
// action equation for an action_term without a closed form (action_term.hpp). F and dF/ds come
// in as plain-number callables f(x), df(x) (time frozen, units stripped), so that this piece is
// tested alone.
//
// With phi(x) = x + h f(x) - r, every point x of the branch is reached at h'(x) = (r - x)/f(x),
// and the branch goes on while psi(x) = 1 + h'(x) df(x) > 0 (psi = 0 is a fold; for linear F a
// pole). At the root psi = 1 + h df(s), the slope that cvi2 divides p by, returned with it. The
// walk goes from r in the direction in which phi moves towards 0, with steps of 2 |phi/psi|
// (twice the Newton step in h', so that near the root one step brackets it):
//   - phi changes sign: Boost.Math's toms748 finds the root in the bracket (4 eps relative to
//     max(|s|, |r|): r itself is known to no better), accepted if 1 + h df > 0 there;
//   - psi <= 0 before any sign change: the fold lies between; toms748 locates it; if phi has
//     changed sign at the fold the root lies before it, otherwise no root (fold);
//   - phi or psi not finite, or max_walk steps without a bracket: no root.
// Sampling can miss features narrower than one walking step (two roots or two folds between two
// points); for an F whose derivative varies slowly on the scale |h F| there are none.
#ifndef ODEINT_CONTACT_DETAIL_NUMERICS_BRANCH_ROOT_HPP
#define ODEINT_CONTACT_DETAIL_NUMERICS_BRANCH_ROOT_HPP

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>

#include <boost/math/tools/toms748_solve.hpp>

#include <odeint_contact/detail/numerics/numerical_action_flow.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

template <class Value>
struct branch_root_tolerances {
    // toms748: 4 eps, the best a bracket of two representable numbers can do with margin.
    static Value relative() { return Value(4) * std::numeric_limits<Value>::epsilon(); }
    static constexpr std::size_t max_walk = 200;
};

enum class root_status { ok, not_finite, fold, runs_off, no_bracket };

template <class Value>
struct branch_root_result {
    root_status status;
    Value s;      // the root when ok; else where the search stopped (the fold, the last point)
    Value phi;    // s + h F(s) - r there
    Value slope;  // when ok: 1 + h dF/ds(s) > 0
};

// |b - a| within tol of the larger of |a|, |b| and |r|: the root cannot be known better than r.
template <class Value>
struct bracket_tolerance {
    Value tol;
    Value floor;
    bool operator()(const Value& a, const Value& b) const {
        using std::abs;
        Value scale = abs(a) > abs(b) ? abs(a) : abs(b);
        if (floor > scale) scale = floor;
        return abs(b - a) <= tol * scale;
    }
};

template <class Value, class F, class DF>
branch_root_result<Value> branch_root(const F& f, const DF& df, const Value& r, const Value& h) {
    using std::abs;
    using std::isfinite;
    using tolerances = branch_root_tolerances<Value>;
    using result = branch_root_result<Value>;
    const Value zero(0);
    const auto phi = [&](const Value& x) { return Value(x + h * f(x) - r); };
    // 1 + h'(x) dF/ds(x) with h'(x) = (r - x)/F(x): positive along the branch, 0 at a fold.
    const auto psi = [&](const Value& x, const Value& fx) { return Value(Value(1) + (r - x) / fx * df(x)); };
    const auto slope = [&](const Value& x) { return Value(Value(1) + h * df(x)); };
    const bracket_tolerance<Value> tolerance{tolerances::relative(), abs(r)};
    if (!isfinite(r) || !isfinite(h)) return result{root_status::not_finite, r, zero, zero};
    const Value fr = f(r);
    if (!isfinite(fr)) return result{root_status::not_finite, r, zero, zero};
    if (fr == 0 || h == 0) return result{root_status::ok, r, zero, slope(r)};

    const auto polish = [&](Value a, Value b, Value pa, Value pb) -> result {
        if (pa == 0) return result{root_status::ok, a, pa, slope(a)};
        if (pb == 0) return result{root_status::ok, b, pb, slope(b)};
        if (b < a) {  // toms748 wants the bracket in increasing order
            std::swap(a, b);
            std::swap(pa, pb);
        }
        std::uintmax_t iterations = 200;
        const auto bracket = boost::math::tools::toms748_solve(phi, a, b, pa, pb, tolerance, iterations);
        const Value pf = phi(bracket.first);
        const Value ps = phi(bracket.second);
        const bool first = abs(pf) <= abs(ps);
        const Value root = first ? bracket.first : bracket.second;
        const Value proot = first ? pf : ps;
        const Value slope_root = slope(root);
        if (!(slope_root > 0)) return result{root_status::fold, root, proot, slope_root};
        return result{root_status::ok, root, proot, slope_root};
    };

    const Value direction = sign_of(Value(-h * fr));
    Value a = r;
    Value pa = h * fr;  // phi(r)
    Value qa = 1;       // psi(r): h'(r) = 0; later points are kept only where psi > 0
    for (std::size_t i = 0; i < tolerances::max_walk; ++i) {
        Value step = Value(2) * abs(pa / qa);
        // A point where F overflows is no evidence either way: come closer.
        Value x, px, fx;
        int shrink = 0;
        while (true) {
            x = a + direction * step;
            fx = f(x);
            px = x + h * fx - r;
            if (isfinite(x) && isfinite(fx) && isfinite(px)) break;
            if (++shrink > std::numeric_limits<Value>::digits) return result{root_status::runs_off, a, pa, zero};
            step /= Value(2);
        }
        if (px == 0 || sign_of(px) != sign_of(pa)) return polish(a, x, pa, px);
        const Value qx = psi(x, fx);
        if (!isfinite(qx)) return result{root_status::not_finite, x, px, zero};
        if (!(qx > 0)) {
            // A fold between a and x: the root comes before it or not at all.
            std::uintmax_t iterations = 200;
            const auto psi_of = [&](const Value& y) { return psi(y, f(y)); };
            const bool increasing = a < x;
            const auto fold = boost::math::tools::toms748_solve(psi_of, increasing ? a : x, increasing ? x : a,
                                                                increasing ? qa : qx, increasing ? qx : qa,
                                                                tolerance, iterations);
            // The bracket end on the branch side of the fold (psi > 0); the other if rounding left
            // neither positive.
            const Value xf = psi_of(fold.first) > 0 ? fold.first : fold.second;
            const Value pf = phi(xf);
            if (pf == 0 || sign_of(pf) != sign_of(pa)) return polish(a, xf, pa, pf);
            return result{root_status::fold, xf, pf, zero};
        }
        a = x;
        pa = px;
        qa = qx;
    }
    return result{root_status::no_bracket, a, pa, zero};
}

// What went wrong, in the solver's terms (the caller appends the values it was given).
template <class Value>
std::string describe(const branch_root_result<Value>& r) {
    switch (r.status) {
        case root_status::ok:
            break;
        case root_status::not_finite:
            return "s + (dt/2) F(s,t) - r or dF/ds is not finite at s = " + format(r.s) + " on the branch from s = r";
        case root_status::fold:
            return "s + (dt/2) F(s,t) = r has no root on the branch that continues s = r: the branch folds "
                   "(1 + h' dF/ds = 0) at s = " + format(r.s) + " before reaching h' = dt/2, where "
                   "s + (dt/2) F - r = " + format(r.phi) + " has not changed sign";
        case root_status::runs_off:
            return "s + (dt/2) F(s,t) = r has no finite root on the branch that continues s = r: the branch "
                   "runs off to |s| = infinity (last finite point s = " + format(r.s) +
                   ", where s + (dt/2) F - r = " + format(r.phi) + ")";
        case root_status::no_bracket:
            return "no root of s + (dt/2) F(s,t) = r found within " +
                   std::to_string(branch_root_tolerances<Value>::max_walk) +
                   " steps along the branch from s = r (stopped at s = " + format(r.s) +
                   ", where s + (dt/2) F - r = " + format(r.phi) + ")";
    }
    return "the root exists";
}

}  // namespace detail
}  // namespace odeint_contact

#endif
