// SPDX-License-Identifier: BSL-1.0
// Fixed points of chi2 on the quadratic contact oscillator
//   H = p^2/2 + q^2/2 - C + gamma s^2/2        (V = q^2/2 - C, F = gamma s^2/2)
// (paper section on the quadratic contact oscillator; errata sections 2 and 4).
//
// Derivation. At q = p = 0 the C flows do nothing (p = 0), B(tau/2) leaves p = 0 (dV/dq = 0) and
// moves s by -(tau/2) V(0) = +tau C/2, and A(tau) maps s_A to 2 s_A/(2 + gamma tau s_A) with p = 0.
// So the step is s -> g(s) = A(s + tau C/2) + tau C/2, and g(s) = s with u = s + tau C/2 means
//   2u/(2 + gamma tau u) = u - tau C  <=>  gamma u^2 - gamma tau C u - 2C = 0
//   <=>  u = tau C/2 +- (1/2) sqrt(tau^2 C^2 + 8C/gamma),   s = u - tau C/2 = +- (1/2) sqrt(8C/gamma + tau^2 C^2).
// The slope of the map in s there is g'(s) = dA/ds_A = 4/(2 + gamma tau s_A)^2: < 1 at the north
// pole (s_A > 0), > 1 at the south pole (s_A < 0). The continuous system's fixed points are
// s = +-sqrt(2C/gamma); the map's differ from them by
//   sqrt(2C/gamma) (sqrt(1 + x) - 1),  x = gamma tau^2 C/8,
// which lies between sqrt(2C/gamma) (x/2 - x^2/8) and sqrt(2C/gamma) x/2 (alternating series).
#define BOOST_TEST_MODULE chi2_fixed_points
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstddef>
#include <limits>

#include <odeint_contact/odeint_contact.hpp>

namespace oc = odeint_contact;

namespace {

using state = oc::contact_state<double>;

constexpr double eps = std::numeric_limits<double>::epsilon();

// V(q) = q^2/2 - C.
struct shifted_harmonic {
    double C;
    double value(double q, double) const { return q * q / 2 - C; }
    void gradient(double q, double, double& dVdq) const { dVdq = q; }
};

struct oscillator {
    double gamma, C, tau;

    auto hamiltonian() const {
        return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, shifted_harmonic{C},
                                              oc::quadratic_action(gamma));
    }
    // The map's fixed points (0, 0, +-pole()).
    double pole() const { return std::sqrt(8 * C / gamma + tau * tau * C * C) / 2; }
    // Slope of the step in s at the fixed point with action s.
    double slope(double s) const {
        const double d = 2 + gamma * tau * (s + tau * C / 2);
        return 4 / (d * d);
    }
    // Near a pole with action s the (q, p) motion linearises to q'' + gamma s q' + q = 0
    // (s' is quadratic in q and p there); its roots are mu = -gamma s/2 +- sqrt(gamma^2 s^2/4 - 1).
    // The real part of the slower of them, as a rate per unit time: the decay rate of the slowest
    // mode at N (s > 0), the growth rate of the slowest mode at S (s < 0).
    double slowest_rate(double s) const {
        const double half = gamma * std::abs(s) / 2;
        return half - std::sqrt(std::max(0.0, half * half - 1));
    }
};

// gamma = 1, C = 18 is the paper's setting (poles near +-6); the others vary every parameter,
// including tau^2 gamma C up to 1.6 where the south pole's slope reaches ~5.7.
const oscillator cases[] = {{1.0, 18.0, 0.1}, {1.0, 18.0, 0.04}, {1.0, 18.0, 0.3},
                            {0.5, 2.0, 0.3},  {2.5, 0.7, 0.05},  {4.0, 3.0, 0.2}};

state step(const oscillator& o, const state& x, std::size_t n = 1) {
    const auto H = o.hamiltonian();
    oc::chi2<state> stepper;
    state y = x;
    double t = 0.0;
    for (std::size_t i = 0; i < n; ++i, t += o.tau) stepper.do_step(H, y, t, o.tau);
    return y;
}

double distance(const state& a, const state& b) {
    return std::max({std::abs(a.q - b.q), std::abs(a.p - b.p), std::abs(a.s - b.s)});
}

BOOST_AUTO_TEST_CASE(poles_are_fixed_to_a_few_ulps) {
    for (const oscillator& o : cases) {
        for (double sign : {1.0, -1.0}) {
            const state pole{0.0, 0.0, sign * o.pole()};
            const state next = step(o, pole);
            const double g = o.slope(pole.s);
            const double ulp = eps * std::abs(pole.s);
            // Error budget in ulps of s (eps |s|): pole() is off by <= 2 ulps (sqrt and four
            // roundings of <= 1/2 ulp), which one step turns into a deviation of |g - 1| times
            // that; the step rounds s_A = s + (tau/2) C twice (<= 2 ulps, since |s_A| <= 2 |s|),
            // carried with slope g (4g allows for d = 2 + gamma tau s_A amplifying relative
            // errors by up to 2 when d >= 0.8, as in all cases here); the A flow's three
            // roundings and the final sum add <= 4 more. Hence (2 |g - 1| + 4 g + 4) eps |s|.
            // A wrong map (V tau/2 in B, p or s from a different A, t frozen) has other fixed
            // points and moves s by O(tau^2 C) >= 1e-4 here.
            BOOST_REQUIRE(g <= 4 / (0.8 * 0.8));  // d >= 0.8, the premise of the budget
            const double bound = (2 * std::abs(g - 1) + 4 * g + 4) * ulp;
            BOOST_TEST_MESSAGE("gamma = " << o.gamma << ", C = " << o.C << ", tau = " << o.tau << ", s = "
                                          << pole.s << ": one step moves s by " << (next.s - pole.s) / ulp
                                          << " ulps (bound " << bound / ulp << "), slope " << g);
            BOOST_TEST(next.q == 0.0);
            BOOST_TEST(next.p == 0.0);
            BOOST_TEST(std::abs(next.s - pole.s) <= bound);
        }
    }
}

BOOST_AUTO_TEST_CASE(nearby_starts_converge_to_the_north_pole) {
    for (const oscillator& o : cases) {
        const state north{0.0, 0.0, o.pole()};
        BOOST_TEST(o.slope(north.s) < 1.0);
        for (const state& offset : {state{0.05, -0.03, 0.1}, state{-0.1, 0.2, -0.2}, state{0.0, 0.0, 0.3}}) {
            const state start{offset.q, offset.p, north.s + offset.s};
            // The slowest (q, p) mode decays like e^{-r t} (r = slowest_rate(s_N) >= 0.05 here);
            // t = 40/r brings an offset of 0.3 down by e^{-40} ~ 4e-18, below the 1e-12 asked.
            // The s mode contracts by slope(s_N) < 1 per step, much faster.
            const double r = o.slowest_rate(north.s);
            const auto steps = static_cast<std::size_t>(std::ceil(40 / (r * o.tau)));
            const state end = step(o, start, steps);
            BOOST_TEST_MESSAGE("gamma = " << o.gamma << ", C = " << o.C << ", tau = " << o.tau << ": after "
                                          << steps << " steps from distance " << distance(start, north)
                                          << " the distance to N is " << distance(end, north));
            // 1e-12: the fixed point is exact up to the few ulps of the previous test, and the
            // contraction leaves nothing above round-off (|s_N| eps ~ 1e-15).
            BOOST_TEST(distance(end, north) <= 1e-12);
            // It stays there: one more step changes nothing beyond round-off.
            BOOST_TEST(distance(step(o, end), north) <= 1e-12);
        }
    }
}

BOOST_AUTO_TEST_CASE(south_pole_is_unstable) {
    for (const oscillator& o : cases) {
        const state south{0.0, 0.0, -o.pole()};
        const double g = o.slope(south.s);
        BOOST_TEST(g > 1.0);
        // Along s (q = p = 0 is invariant) a deviation d grows to g d per step: the measured
        // ratio agrees with the derivative up to the curvature term (~ d |g''/g| ~ 1e-8) and
        // round-off (eps |s| / d ~ 1e-7 relative), so 1e-5 separates it from a stable 1/g.
        const double d = 1e-8;
        const state once = step(o, state{0.0, 0.0, south.s + d});
        const double ratio = (once.s - south.s) / d;
        BOOST_TEST_MESSAGE("gamma = " << o.gamma << ", C = " << o.C << ", tau = " << o.tau
                                      << ": growth of a 1e-8 deviation in s per step " << ratio << " (slope " << g
                                      << ")");
        BOOST_TEST(std::abs(ratio - g) <= 1e-5 * g);
        // Every direction: a 1e-8 perturbation leaves the 0.1-neighbourhood of S. Growing by 1e7
        // takes ln(1e7)/ln g steps along s and at most ln(1e7)/(r tau) steps in (q, p), r the
        // slowest growth rate there (the linear estimate; the map's rate differs from r by
        // O(tau^2), and near 0.1 the growth is no longer linear), so twice the larger of the two,
        // plus 10, is a generous limit - and a stable pole would never be left.
        const double r = o.slowest_rate(south.s);
        const double growth = std::log(0.1 / d);
        const auto limit = static_cast<std::size_t>(2 * std::max(growth / std::log(g), growth / (r * o.tau))) + 10;
        for (const state& offset : {state{d, 0, 0}, state{0, d, 0}, state{0, 0, d}, state{0, 0, -d}}) {
            state x{offset.q, offset.p, south.s + offset.s};
            const auto H = o.hamiltonian();
            oc::chi2<state> stepper;
            std::size_t n = 0;
            double t = 0.0;
            while (distance(x, south) <= 0.1 && n < limit) {
                stepper.do_step(H, x, t, o.tau);
                t += o.tau;
                ++n;
            }
            BOOST_TEST_MESSAGE("  perturbation (" << offset.q << ", " << offset.p << ", " << offset.s
                                                  << ") leaves the 0.1-neighbourhood after " << n
                                                  << " steps (limit " << limit << ")");
            BOOST_TEST(distance(x, south) > 0.1);
        }
    }
}

BOOST_AUTO_TEST_CASE(map_fixed_point_is_not_the_continuous_one) {
    for (const oscillator& o : cases) {
        const double continuous = std::sqrt(2 * o.C / o.gamma);
        // Where the map actually settles, found by iterating it (not by the closed form).
        const double sN = o.pole();
        const double r = o.slowest_rate(sN);
        const state end = step(o, state{0.0, 0.0, continuous}, static_cast<std::size_t>(std::ceil(40 / (r * o.tau))));
        const double difference = end.s - continuous;
        const double x = o.gamma * o.tau * o.tau * o.C / 8;
        const double leading = continuous * x / 2;
        BOOST_TEST_MESSAGE("gamma = " << o.gamma << ", C = " << o.C << ", tau = " << o.tau
                                      << ": map fixed point - sqrt(2C/gamma) = " << difference
                                      << ", leading term tau^2 C sqrt(2 C gamma)/16 = " << leading);
        // sqrt(1 + x) - 1 lies in [x/2 - x^2/8, x/2]; the iteration's own error (1e-12, see the
        // convergence test) is far below x^2/8 * sqrt(2C/gamma) >= 2e-8 for these cases.
        BOOST_TEST(difference > 0.0);
        BOOST_TEST(difference <= leading + 1e-12);
        BOOST_TEST(difference >= continuous * (x / 2 - x * x / 8) - 1e-12);
        // And the continuous fixed point is not fixed by the map: one step moves it by about
        // |g - 1| times the difference, far above round-off.
        const state once = step(o, state{0.0, 0.0, continuous});
        BOOST_TEST(std::abs(once.s - continuous) > 0.1 * (1 - o.slope(sN)) * difference);
    }
}

}  // namespace
