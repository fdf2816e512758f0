// The remaining time to |s| = infinity of ds/dtau = -F(s), integral_0^inf du/|F(x + direction u)|:
// the finite-time blow-up test of the numerical action flow (action_term.hpp). Boost.Math's
// exp_sinh quadrature is made for such half-infinite intervals. A zero of F ahead makes the
// integral diverge, which exp_sinh reports as a non-finite or non-converged value: no verdict.
//
// One integrator per Value type, built once with all its refinement levels, is shared by every
// call: exp_sinh computes its abscissas and weights on the heap, level by level on first use,
// which per call would be ~60 allocations inside a step (and its refinement is thread-safe, so
// sharing it keeps action_term's flow const and thread-safe).
#ifndef ODEINT_CONTACT_DETAIL_BLOW_UP_TIME_HPP
#define ODEINT_CONTACT_DETAIL_BLOW_UP_TIME_HPP

#include <cmath>
#include <limits>
#include <optional>

#include <boost/math/policies/policy.hpp>
#include <boost/math/quadrature/exp_sinh.hpp>

namespace odeint_contact {
namespace detail {

// Non-finite integrals come back as values, not exceptions: no string is built and no exception
// thrown inside a step for what is only "no verdict" here.
using blow_up_quadrature_policy =
    boost::math::policies::policy<boost::math::policies::evaluation_error<boost::math::policies::ignore_error>,
                                  boost::math::policies::domain_error<boost::math::policies::ignore_error>>;

// Not const: Boost 1.74 defines the one-argument integrate without the const of its declaration.
// Concurrent calls only read the tables, all built here.
template <class Value>
boost::math::quadrature::exp_sinh<Value, blow_up_quadrature_policy>& blow_up_quadrature() {
    static auto integrator = [] {
        boost::math::quadrature::exp_sinh<Value, blow_up_quadrature_policy> q;
        // A tolerance no estimate meets: every refinement level is computed now, none later.
        Value error = 0;
        q.integrate([](const Value& u) { return Value(1) / (Value(1) + u * u); }, Value(-1), &error);
        return q;
    }();
    return integrator;
}

// The time to infinity from x in the direction `direction` (+1 or -1) along ds/dtau = -F(s) with
// |F| = |f(s)|, when exp_sinh's estimate converges to sqrt(eps) relative; nullopt otherwise.
template <class Value, class F>
std::optional<Value> time_to_infinity(const F& f, const Value& x, const Value& direction) {
    using std::abs;
    using std::isfinite;
    using std::sqrt;
    const auto integrand = [&](const Value& u) { return Value(1) / abs(Value(f(Value(x + direction * u)))); };
    const Value tol = sqrt(std::numeric_limits<Value>::epsilon());
    Value error = 0;
    const Value remaining = blow_up_quadrature<Value>().integrate(integrand, tol, &error);
    if (isfinite(remaining) && isfinite(error) && error <= tol * remaining) return remaining;
    return std::nullopt;
}

}  // namespace detail
}  // namespace odeint_contact

#endif
