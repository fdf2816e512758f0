// SPDX-License-Identifier: BSL-1.0
// cvi2 on the paper's quadratic contact oscillator H = p^2/2 + q^2/2 - C + gamma s^2/2 with
// gamma = 1, C = 18 (errata section 4): H = 0 is the sphere of radius 6, N = (0,0,6) is stable and
// S = (0,0,-6) unstable.
//  - The fixed points of the cvi2 map are exactly (0,0,+-6) for every tau (unlike chi2's
//    (0,0,+-sqrt(8C/gamma + tau^2 C^2)/2)): at q = p = 0 the step is r = s + tau (C - gamma s^2/4),
//    s' + (tau/2) gamma s'^2/2 = r, and s' = s iff gamma s^2/2 = C.
//  - The paper's Figure 4 start (q,p,s) = (-1, 0, -7): with tau = 0.04 a step's implicit
//    s-equation has no real root, and do_step fails cleanly (type, message, state unchanged);
//    with the figure's smaller steps (0.027, 0.015, 0.005, 0.001) the trajectory reaches N.
//  - With anti-damping or damping too strong for the step (1 -+ tau f/2 <= 0), a linear action
//    fails the same way; a failed step can be retried with a smaller one.
#define BOOST_TEST_MODULE cvi2_quadratic_oscillator
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>

#include <boost/multiprecision/cpp_bin_float.hpp>

#include <odeint_contact/odeint_contact.hpp>

namespace oc = odeint_contact;

namespace {

using state = oc::contact_state<double>;

constexpr double C = 18.0;
constexpr double gamma_ = 1.0;

// V = q^2/2 - C for any number type.
struct shifted_harmonic {
    template <class Real>
    Real value(const Real& q, const Real&) const {
        return q * q / 2 - Real(C);
    }
    template <class Real>
    void gradient(const Real& q, const Real&, Real& dVdq) const {
        dVdq = q;
    }
};

// The same V with value_and_kick, which cvi2 calls for a linear action.
struct kicked_shifted_harmonic : shifted_harmonic {
    double value_and_kick(double q, double t, double a, double b, const double& p_in, double& p_out) const {
        p_out = a * p_in - b * q;
        return value(q, t);
    }
};

auto oscillator() {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, shifted_harmonic{}, oc::quadratic_action(gamma_));
}

BOOST_AUTO_TEST_CASE(fixed_points_are_exactly_plus_minus_six) {
    const auto H = oscillator();
    const double ulp6 = 6 * std::numeric_limits<double>::epsilon();  // 2 ulps of 6 (ulp(6) = 4 eps)
    for (double tau : {0.3, 0.1, 0.04, 0.027, 0.015, 0.005, 0.001}) {
        for (double pole : {6.0, -6.0}) {
            oc::cvi2<state> stepper;
            state x{0.0, 0.0, pole};
            stepper.do_step(H, x, 0.0, tau);
            // q and p stay exactly 0 (every term is a multiple of q_k, p_k or grad V(0) = 0). s:
            // in exact arithmetic the step returns s exactly (r = s + 9 tau, D = (1 + 3 tau)^2 for
            // N); in double, r, D, sqrt(D) and the quotient each round once, a relative error of
            // at most ~2 eps, i.e. within 2 ulps of 6. chi2's fixed points for tau = 0.001 are
            // already 6 tau^2 C^2/96 = 2e-5 away.
            BOOST_TEST(x.q == 0.0);
            BOOST_TEST(x.p == 0.0);
            BOOST_TEST(std::abs(x.s - pole) <= ulp6, "tau = " << tau << ": s = " << x.s);
        }
    }
}

BOOST_AUTO_TEST_CASE(north_pole_stays_over_many_steps) {
    // N attracts, so the per-step rounding cannot accumulate. Near N one step maps a deviation d
    // from 6 to c d with c = (1 - 3 tau)/(1 + 3 tau) = 7/13 (linearise s' + (tau/4) s'^2 =
    // s + tau (18 - s^2/4) at s = s' = 6), plus its own rounding e; a step from exactly 6 lands
    // within 6 eps (above), so take |e| <= 8 eps (2 ulps of 6). Then |d| stays below
    // 8 eps/(1 - c) = 8 eps 13/6 (4.3 ulps) however many steps are taken. (The rounded map's
    // attracting point is where the roundings happen to balance: 0, 1 or 2 ulps from 6 here,
    // depending on the order of the sums in r.)
    const auto H = oscillator();
    oc::cvi2<state> stepper;
    state x{0.0, 0.0, 6.0};
    const double tau = 0.1;
    for (int n = 0; n < 10000; ++n) stepper.do_step(H, x, n * tau, tau);
    BOOST_TEST(x.q == 0.0);
    BOOST_TEST(x.p == 0.0);
    BOOST_TEST(std::abs(x.s - 6.0) <= 8 * std::numeric_limits<double>::epsilon() * 13 / 6);
}

BOOST_AUTO_TEST_CASE(fixed_points_are_exact_in_fifty_digits) {
    // S repels (ds/dt = 18 - s^2/2 grows a deviation like e^{6t}), so in double a rounding in one
    // step is amplified by the next; with 50 digits the fixed points still hold to ~1e-49 per
    // step, and 100 steps of tau = 1/16 amplify that by at most e^{6 * 6.25} ~ 2e16: the
    // deviation stays below 1e-30. An O(tau^2) fixed-point shift would be ~1e-3.
    using mp = boost::multiprecision::cpp_bin_float_50;
    using mp_state = oc::contact_state<mp>;
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<mp>{}, shifted_harmonic{},
                                                  oc::quadratic_action(mp(gamma_)));
    const mp tau = mp(1) / 16;
    for (int sign : {1, -1}) {
        oc::cvi2<mp_state, mp> stepper;
        mp_state x{mp(0), mp(0), mp(6 * sign)};
        for (int n = 0; n < 100; ++n) stepper.do_step(H, x, mp(n) * tau, tau);
        BOOST_TEST((x.q == 0 && x.p == 0));
        BOOST_TEST(static_cast<double>(abs(x.s - 6 * sign)) <= 1e-30, "pole " << 6 * sign << ": s - pole = "
                                                                             << static_cast<double>(x.s - 6 * sign));
    }
}

// The paper's Figure 4 start (errata section 4: q = -1, p = 0, s = -7).
const state figure4_start{-1.0, 0.0, -7.0};

BOOST_AUTO_TEST_CASE(figure4_tau_004_fails_cleanly_where_no_real_root_exists) {
    const auto H = oscillator();
    const double tau = 0.04;
    oc::cvi2<state> stepper;
    state x = figure4_start;
    std::size_t n = 0;
    // The step from t = 0.32 (the ninth) has r = -25.547 < -1/(tau gamma) = -25: its discriminant
    // 1 + tau gamma r is -0.0219 and there is no real s_{k+1}. Up to there every step succeeds.
    for (; n < 8; ++n) stepper.do_step(H, x, double(n) * tau, tau);
    const state before = x;
    const double t = double(n) * tau;
    try {
        stepper.do_step(H, x, t, tau);
        BOOST_FAIL("the ninth step of Figure 4 with tau = 0.04 should have no real root");
    } catch (const oc::step_error& e) {
        const std::string what = e.what();
        BOOST_TEST_MESSAGE("tau = 0.04, step from t = " << t << ": " << what);
        BOOST_TEST(what.find("cvi2") != std::string::npos);
        BOOST_TEST(what.find("t = 0.32") != std::string::npos);
        BOOST_TEST(what.find("dt = 0.04") != std::string::npos);
        BOOST_TEST(what.find("no real root") != std::string::npos);
        BOOST_TEST(what.find("discriminant") != std::string::npos);
        BOOST_TEST(what.find("unchanged") != std::string::npos);
    }
    // Bit for bit the state before the step.
    BOOST_TEST(x.q == before.q);
    BOOST_TEST(x.p == before.p);
    BOOST_TEST(x.s == before.s);
    BOOST_TEST(before.s < -22.0);  // where it happens: s has run down from -7 to -22.1
    // step_error is an odeint_contact::error: one catch clause handles every library error.
    BOOST_CHECK_THROW(stepper.do_step(H, x, t, tau), oc::error);
    // The out-of-place form fails the same way and leaves both states alone.
    state out{1.0, 2.0, 3.0};
    BOOST_CHECK_THROW(stepper.do_step(H, before, t, out, tau), oc::step_error);
    BOOST_TEST((out.q == 1.0 && out.p == 2.0 && out.s == 3.0));
    // The failure is the step's, not the stepper's: from the unchanged state, smaller steps go on.
    stepper.do_step(H, x, t, tau / 8);
    BOOST_TEST(std::isfinite(x.s));
}

BOOST_AUTO_TEST_CASE(figure4_smaller_steps_reach_the_north_pole) {
    const auto H = oscillator();
    // The figure's other steps. Near N the linearisation q'' + 6 q' + q = 0 decays like
    // e^{(-3 + sqrt 8) t} = e^{-0.17 t}; from |q| ~ 4 at t ~ 2, t = 100 leaves ~ 4 e^{-17} ~ 2e-7
    // (q, p and 6 - s are all of that order or smaller). 1e-6 accepts that and nothing else: S,
    // or a trajectory still on its way, is O(1) away.
    for (double tau : {0.027, 0.015, 0.005, 0.001}) {
        oc::cvi2<state> stepper;
        state x = figure4_start;
        const auto steps = static_cast<std::size_t>(std::ceil(100.0 / tau));
        double min_s = x.s;
        for (std::size_t n = 0; n < steps; ++n) {
            stepper.do_step(H, x, double(n) * tau, tau);
            min_s = std::min(min_s, x.s);
        }
        BOOST_TEST_MESSAGE("tau = " << tau << ", t = " << double(steps) * tau << ": (q, p, s) = (" << x.q << ", "
                                    << x.p << ", " << x.s << "), lowest s on the way " << min_s);
        BOOST_TEST(std::abs(x.q) <= 1e-6, "tau = " << tau);
        BOOST_TEST(std::abs(x.p) <= 1e-6, "tau = " << tau);
        BOOST_TEST(std::abs(x.s - 6.0) <= 1e-6, "tau = " << tau);
    }
}

// F = f s with |f| = 32: 1 -+ tau f/2 = 1 - 16 tau is exact in binary for the steps below. A step
// of 1/8 gives -1 and fails with `message`, 1/16 gives 0 and fails, 1/32 gives 1/2 and succeeds;
// the failures leave the state unchanged. The same with value_and_kick, whose step takes
// 1 + tau f/2 before it solves for s, and still fails with the action's own message.
template <class Potential = shifted_harmonic>
void check_linear_step_limit(double f, const std::string& message) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, Potential{},
                                                  oc::linear_action(f));
    oc::cvi2<state> stepper;
    const state x0{0.5, -0.3, 1.2};
    state x = x0;
    try {
        stepper.do_step(H, x, 1.5, 0.125);
        BOOST_FAIL("tau = 1/8 with f = " << f << " should fail");
    } catch (const oc::step_error& e) {
        const std::string what = e.what();
        BOOST_TEST_MESSAGE(what);
        BOOST_TEST(what.find("cvi2") != std::string::npos);
        BOOST_TEST(what.find("t = 1.5") != std::string::npos);
        BOOST_TEST(what.find("dt = 0.125") != std::string::npos);
        BOOST_TEST(what.find(message) != std::string::npos, "message: " << what);
    }
    BOOST_TEST((x.q == x0.q && x.p == x0.p && x.s == x0.s));
    BOOST_CHECK_THROW(stepper.do_step(H, x, 1.5, 1.0 / 16), oc::step_error);
    BOOST_TEST((x.q == x0.q && x.p == x0.p && x.s == x0.s));
    stepper.do_step(H, x, 1.5, 1.0 / 32);
    BOOST_TEST(std::isfinite(x.s));
}

BOOST_AUTO_TEST_CASE(linear_action_fails_when_the_step_outruns_anti_damping) {
    // f = -32: the s-equation's denominator 1 + tau f/2 is not positive, so no root continues
    // s = r (the real root past the pole would flip s and p).
    check_linear_step_limit(-32.0, "1 + (dt/2) f = -1 <= 0");
    check_linear_step_limit<kicked_shifted_harmonic>(-32.0, "1 + (dt/2) f = -1 <= 0");
}

BOOST_AUTO_TEST_CASE(linear_action_fails_when_the_step_outruns_damping) {
    // f = +32: the discrete Legendre transform at the start scales p by 1 - tau f/2, which must
    // stay positive (the exact factor e^{-f tau} is); at 0 it is singular.
    check_linear_step_limit(32.0, "1 - (dt/2) dF/ds(s, t) = -1 must be positive");
    check_linear_step_limit<kicked_shifted_harmonic>(32.0, "1 - (dt/2) dF/ds(s, t) = -1 must be positive");
}

// The pattern for the failure mode, shown in doc/variational.md: a failed step leaves the state
// as it was, so the caller may retry it with a smaller step. From Figure 4's start with
// tau = 0.04 this halves once, at t = 0.32, and then reaches N.
BOOST_AUTO_TEST_CASE(retry_with_a_smaller_step) {
    const auto H = oscillator();
    // [doc:retry]
    oc::cvi2<state> stepper;
    state x{-1.0, 0.0, -7.0};  // Figure 4's start (q, p, s)
    double t = 0.0, dt = 0.04;
    while (t < 100.0) {
        try {
            stepper.do_step(H, x, t, dt);
            t += dt;
        } catch (const oc::step_error&) {
            dt /= 2;  // x is unchanged: take the step again, shorter
        }
    }
    // [/doc:retry]
    BOOST_TEST(dt == 0.02);  // exactly one failure
    // As in figure4_tau_0005_reaches_the_north_pole: ~4 e^{-0.17 * 100} ~ 2e-7 from N.
    BOOST_TEST(std::abs(x.q) <= 1e-6);
    BOOST_TEST(std::abs(x.p) <= 1e-6);
    BOOST_TEST(std::abs(x.s - 6.0) <= 1e-6);
}

}  // namespace
