// SPDX-License-Identifier: BSL-1.0
// With F = 0 (linear_action(0.0)) the A flow is the identity, so the chi2 step
//   C(tau/2) B(tau/2) B(tau/2) C(tau/2)
// is position Verlet in (q, p),
//   q_half = q + (tau/2) p/m,  p' = p - tau dV/dq(q_half, t + tau/2),  q' = q_half + (tau/2) p'/m,
// and s follows the exact flows of T and V:
//   s' = s + (tau/2) |p|^2/(2m) - tau V(q_half, t + tau/2) + (tau/2) |p'|^2/(2m).
// Both are written out below, independently of the library, for a std::vector state of three
// coordinates, a mass != 1 and a time-dependent anharmonic potential.
#define BOOST_TEST_MODULE chi2_verlet
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"

namespace oc = odeint_contact;

namespace {

using coor = std::vector<double>;
using state = oc::contact_state<coor>;

constexpr double eps = std::numeric_limits<double>::epsilon();
constexpr double mass = 2.5;
const test_support::anharmonic_potential potential{1.0, 0.3, 1.1, 0.25};

double squared_norm(const coor& v) {
    double sum = 0.0;
    for (double x : v) sum += x * x;
    return sum;
}

state position_verlet(const state& x, double t, double tau) {
    const std::size_t n = x.q.size();
    const double tm = t + tau / 2;
    state y = x;
    coor q_half(n), grad(n);
    for (std::size_t i = 0; i < n; ++i) q_half[i] = x.q[i] + tau / 2 * x.p[i] / mass;
    potential.gradient(q_half, tm, grad);
    for (std::size_t i = 0; i < n; ++i) y.p[i] = x.p[i] - tau * grad[i];
    for (std::size_t i = 0; i < n; ++i) y.q[i] = q_half[i] + tau / 2 * y.p[i] / mass;
    y.s = x.s + tau / 2 * squared_norm(x.p) / (2 * mass) - tau * potential.value(q_half, tm) +
          tau / 2 * squared_norm(y.p) / (2 * mass);
    return y;
}

double scale_of(const state& x) {
    double m = std::max(1.0, std::abs(x.s));
    for (double v : x.q) m = std::max(m, std::abs(v));
    for (double v : x.p) m = std::max(m, std::abs(v));
    return m;
}

double max_difference(const state& a, const state& b) {
    double m = std::abs(a.s - b.s);
    for (std::size_t i = 0; i < a.q.size(); ++i)
        m = std::max({m, std::abs(a.q[i] - b.q[i]), std::abs(a.p[i] - b.p[i])});
    return m;
}

const state x0{{0.9, -0.4, 0.3}, {0.2, 0.6, -0.5}, 0.25};
constexpr double tau = 0.05;
constexpr std::size_t steps = 4000;  // t from t0 to t0 + 200

// Each step, from the same state: the library and position_verlet perform the same arithmetic up
// to the order of roundings (p * (1/m) against p/m, s accumulated in a different order), so
// every output differs by a few roundings of intermediate values no larger than ~2 * scale
// (|q|, |p|, |s| and tau * |V|, tau * |dV/dq| are all below that here): 16 eps * scale bounds it
// with room. Any real difference - V at t instead of t + tau/2, the B weight of the paper's
// printed map, a missing C half-step - is O(tau) = O(1e-2) or O(tau^2) = O(1e-3).
BOOST_AUTO_TEST_CASE(every_step_equals_position_verlet) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{mass}, potential, oc::linear_action(0.0));
    oc::chi2<state> stepper;
    for (double t0 : {0.0, 0.7}) {
        state x = x0;
        double worst = 0.0;  // in units of eps * scale
        for (std::size_t k = 0; k < steps; ++k) {
            const double t = t0 + double(k) * tau;
            const state expected = position_verlet(x, t, tau);
            state y = x;
            stepper.do_step(H, y, t, tau);
            const double scale = std::max(scale_of(x), scale_of(y));
            const double d = max_difference(y, expected);
            worst = std::max(worst, d / (eps * scale));
            BOOST_TEST(d <= 16 * eps * scale, "step " << k << " from t = " << t << ": difference " << d);
            x = y;
        }
        BOOST_TEST_MESSAGE("t0 = " << t0 << ": largest one-step difference from position Verlet over " << steps
                                   << " steps: " << worst << " eps * scale");
    }
}

// Whole trajectories, each integrated on its own. The per-step differences above (a few eps *
// scale) are carried along by the flow: this radial problem (isotropic V) is integrable when
// the time dependence is switched off and here only mildly driven, so they grow about linearly
// with the number of steps (phase drift) rather than exponentially. The bound
// steps * 16 eps * scale = 4000 * 16 * eps ~ 1.4e-11 * scale allows for that linear growth; the
// measured difference is printed. A method that differs by O(tau^2) per step would be off by
// O(1e-3) and more.
BOOST_AUTO_TEST_CASE(trajectory_equals_position_verlet) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{mass}, potential, oc::linear_action(0.0));
    oc::chi2<state> stepper;
    state x = x0, v = x0;
    double worst = 0.0, scale = 1.0;
    for (std::size_t k = 0; k < steps; ++k) {
        const double t = double(k) * tau;
        stepper.do_step(H, x, t, tau);
        v = position_verlet(v, t, tau);
        scale = std::max(scale, scale_of(x));
        worst = std::max(worst, max_difference(x, v));
    }
    BOOST_TEST_MESSAGE("largest difference of whole trajectories over " << steps << " steps: " << worst
                                                                        << " (scale " << scale << ", "
                                                                        << worst / (eps * scale) << " eps * scale)");
    BOOST_TEST(worst <= double(steps) * 16 * eps * scale);
}

}  // namespace
