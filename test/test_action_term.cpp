// SPDX-License-Identifier: BSL-1.0
// action_term: a user-supplied F(s,t) with dF/ds, whose exact flow (chi*) and implicit equation
// (cvi2) are computed numerically.
//  - F = gamma s and F = gamma(t) s^2/2 as action_term reproduce linear_action and quadratic_action
//    (closed forms) over 500 steps of chi2, chi4 and cvi2, and in the odeint system and value();
//  - F = s^3/3: the A flow and one full chi2 step against closed forms (derived below), in double
//    and long double; chi6 keeps order 6 on an oscillator with this cubic action;
//  - zeros of F: an exact fixed point, a flow that approaches a zero of F without crossing it and
//    keeps the momentum factor accurate where F(s')/F(s) is a ratio of tiny numbers;
//  - failures: finite-time blow-up of the flow and an implicit equation without a root on its
//    branch throw step_error with the state unchanged and a message that says why;
//  - the optional user-supplied exact flow.
#define BOOST_TEST_MODULE action_term
#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

namespace {

using state_type = oc::contact_state<double>;

// No potential: V = 0.
struct zero_potential {
    double value(double, double) const { return 0.0; }
    void gradient(double, double, double& dVdq) const { dVdq = 0.0; }
};

double relative_difference(double a, double b) { return std::abs(a - b) / std::max(std::abs(b), 1e-300); }

double max_state_difference(const state_type& a, const state_type& b) {
    return std::max({std::abs(a.q - b.q), std::abs(a.p - b.p), std::abs(a.s - b.s)});
}

// The root of solve_implicit, or nullopt (with its message in *why) when it throws step_error.
template <class Action>
std::optional<double> root_of(const Action& a, double r, double h, std::string* why = nullptr) {
    try {
        return a.template solve_implicit<double>(r, h, 0.0).s;
    } catch (const oc::step_error& e) {
        if (why) *why = e.what();
        return std::nullopt;
    }
}

// The message of the step_error that call() throws ("" when it does not throw).
template <class Call>
std::string step_error_of(const Call& call) {
    try {
        call();
    } catch (const oc::step_error& e) {
        return e.what();
    }
    return "";
}

// The cubic action F = s^3/3 of the issue and its derivative s^2.
auto cubic_action() {
    return oc::action_term([](double s, double) { return s * s * s / 3.0; }, [](double s, double) { return s * s; });
}

// Closed form of the A flow of F = s^3/3 (t frozen): ds/dtau = -s^3/3 gives d(1/s^2)/dtau = 2/3,
// so 1/s'^2 = 1/s^2 + 2 tau/3, s' of the sign of s; p' = p F(s')/F(s) = p (s'/s)^3. The flow
// exists while 1/s^2 + 2 tau/3 > 0: backwards (tau < 0) it blows up at tau = -3/(2 s^2).
template <class Real>
std::pair<Real, Real> cubic_flow(Real s, Real tau) {
    using std::sqrt;
    const Real s_new = (s > 0 ? Real(1) : Real(-1)) / sqrt(Real(1) / (s * s) + Real(2) * tau / Real(3));
    const Real ratio = s_new / s;
    return {s_new, ratio * ratio * ratio};
}

// Runs a stepper for n steps of dt from x0 on two Hamiltonians and returns the largest difference
// of the two trajectories over all steps.
template <class Stepper, class H1, class H2>
double trajectory_difference(const H1& h1, const H2& h2, state_type x0, double dt, std::size_t n) {
    Stepper a;
    Stepper b;
    state_type x = x0;
    state_type y = x0;
    double worst = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const double t = static_cast<double>(i) * dt;
        a.do_step(h1, x, t, dt);
        b.do_step(h2, y, t, dt);
        worst = std::max(worst, max_state_difference(x, y));
    }
    return worst;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Reproducing the closed forms. One numerical A flow agrees with exp(-gamma dt) (linear) or
// 2s/(2 + gamma dt s) (quadratic) to a few ulps (RKF78 at 16 eps relative; measured <= 1e-15 for
// |dF/ds dt| <= 1), the implicit solve to 1-2 ulps (toms748 at 4 eps). Over 500 steps on an O(1)
// damped state those differences add up to at most 500 x a few ulps ~ 3e-13, and the damped
// dynamics do not amplify them; 1e-12 is that bound with a factor 3 of margin. A wrong p factor
// (e.g. p F(s'), or the new s in the quadratic factor) or a wrong solve would differ at O(dt).

const double gamma_linear = 0.3;
auto linear_as_term() {
    return oc::action_term([](double s, double) { return gamma_linear * s; },
                           [](double, double) { return gamma_linear; });
}
// gamma(t) = 0.5 (1 + 0.3 sin t): the quadratic action with a time-dependent coefficient.
double gamma_of(double t) { return 0.5 * (1.0 + 0.3 * std::sin(t)); }
auto quadratic_as_term() {
    return oc::action_term([](double s, double t) { return gamma_of(t) * s * s / 2.0; },
                           [](double s, double t) { return gamma_of(t) * s; });
}

// Largest trajectory difference of chi2, chi4 and cvi2 between the closed-form action and the
// action_term, over 500 steps of 0.1.
template <class H1, class H2>
void check_reproduction(const std::string& what, const H1& exact, const H2& numeric, const state_type& x0) {
    const double chi2 = trajectory_difference<oc::chi2<state_type>>(exact, numeric, x0, 0.1, 500);
    const double chi4 = trajectory_difference<oc::chi4<state_type>>(exact, numeric, x0, 0.1, 500);
    const double cvi2 = trajectory_difference<oc::cvi2<state_type>>(exact, numeric, x0, 0.1, 500);
    BOOST_TEST_MESSAGE(what << ", 500 steps: chi2 " << chi2 << ", chi4 " << chi4 << ", cvi2 " << cvi2);
    BOOST_TEST(chi2 < 1e-12);
    BOOST_TEST(chi4 < 1e-12);
    BOOST_TEST(cvi2 < 1e-12);
}

BOOST_AUTO_TEST_CASE(linear_action_reproduced_by_chi2_chi4_cvi2) {
    const test_support::harmonic_potential<> v{1.0, 0.2, 1.3};
    check_reproduction("F = gamma s",
                       oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, v, oc::linear_action(gamma_linear)),
                       oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, v, linear_as_term()),
                       state_type{1.0, 0.3, -0.4});
}

BOOST_AUTO_TEST_CASE(quadratic_action_reproduced_by_chi2_chi4_cvi2) {
    const test_support::harmonic_potential<> v{};
    check_reproduction("F = gamma(t) s^2/2",
                       oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, v,
                                                      oc::quadratic_action([](double t) { return gamma_of(t); })),
                       oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, v, quadratic_as_term()),
                       state_type{1.0, 0.0, 0.5});
}

// The odeint system and value() only call F and dF/ds: equal to rounding of the user's lambdas.
BOOST_AUTO_TEST_CASE(system_and_value_match_quadratic_action) {
    const test_support::harmonic_potential<> v{};
    const auto exact = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, v,
                                                      oc::quadratic_action([](double t) { return gamma_of(t); }));
    const auto numeric = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, v, quadratic_as_term());
    const state_type x{0.7, -0.2, 1.3};
    state_type d1{}, d2{};
    exact(x, d1, 0.4);
    numeric(x, d2, 0.4);
    BOOST_TEST(max_state_difference(d1, d2) < 1e-15);
    BOOST_TEST(std::abs(exact.value(x, 0.4) - numeric.value(x, 0.4)) < 1e-15);
}

// The implicit equation against the quadratic closed form 2r/(1 + sqrt(1 + 2 h gamma r)) and its
// existence condition 1 + 2 h gamma r > 0, over a grid that has both signs of r and h and points
// on both sides of the fold. Points within 1e-9 of the fold are skipped: there the root is a
// double root and rounding decides. Agreement: a few ulps of max(|s|, |r|).
BOOST_AUTO_TEST_CASE(solve_implicit_matches_quadratic_closed_form) {
    const auto term = quadratic_as_term();
    const oc::quadratic_action<double> closed(0.5);
    std::size_t solved = 0;
    std::size_t refused = 0;
    for (double r = -6.0; r <= 6.0; r += 0.37) {
        for (double h : {-0.9, -0.4, -0.05, 0.05, 0.4, 0.9}) {
            const double d = 1.0 + 2.0 * h * 0.5 * r;
            if (std::abs(d) < 1e-9) continue;
            std::string why;
            const auto a = root_of(term, r, h, &why);
            const auto b = root_of(closed, r, h);
            BOOST_TEST_CONTEXT("r = " << r << ", h = " << h) {
                BOOST_TEST(a.has_value() == b.has_value());
                if (a && b) BOOST_TEST(std::abs(*a - *b) <= 8e-16 * std::max({std::abs(*b), std::abs(r), 1.0}));
                if (!a) BOOST_TEST(why.find("no root") != std::string::npos);
            }
            (a ? solved : refused) += 1;
        }
    }
    // The grid really visits both cases.
    BOOST_TEST(solved > 50u);
    BOOST_TEST(refused > 5u);
}

// ---------------------------------------------------------------------------------------------
// The cubic action F = s^3/3 with V = 0 and T = p^2/2.

// The A flow alone, forwards and backwards, in double: the closed form to 1e-14 relative (RKF78
// at 16 eps over <= 20 internal steps here; measured <= 1e-15).
BOOST_AUTO_TEST_CASE(cubic_flow_matches_closed_form) {
    const auto term = cubic_action();
    for (double s : {0.5, 1.0, 3.0, -2.0}) {
        for (double tau : {0.1, -0.01, 1.0, 2.5}) {
            const auto a = term.flow<double>(s, 0.0, tau);
            const auto [s_new, factor] = cubic_flow(s, tau);
            BOOST_TEST_CONTEXT("s = " << s << ", tau = " << tau) {
                BOOST_TEST(relative_difference(a.s, s_new) < 1e-14);
                BOOST_TEST(relative_difference(a.factor, factor) < 1e-14);
            }
        }
    }
}

// The same in long double: the tolerances follow Value's epsilon (1.1e-19 on x86), so the flow
// is good to ~1e-17, a thousand times below what double could give; 2e-17 allows the same
// ~100 eps of accumulation as the double bound above.
BOOST_AUTO_TEST_CASE(cubic_flow_in_long_double) {
    const auto term = oc::action_term([](long double s, long double) { return s * s * s / 3.0L; },
                                      [](long double s, long double) { return s * s; });
    if (std::numeric_limits<long double>::digits <= std::numeric_limits<double>::digits) return;
    for (long double s : {0.5L, 3.0L, -2.0L}) {
        for (long double tau : {0.1L, -0.01L, 1.0L}) {
            const auto a = term.flow<long double>(s, 0.0L, tau);
            const auto [s_new, factor] = cubic_flow(s, tau);
            BOOST_TEST_CONTEXT("s = " << static_cast<double>(s) << ", tau = " << static_cast<double>(tau)) {
                BOOST_TEST(static_cast<double>(std::abs(a.s / s_new - 1)) < 2e-17);
                BOOST_TEST(static_cast<double>(std::abs(a.factor / factor - 1)) < 2e-17);
            }
        }
    }
}

// One full chi2 step with V = 0: B is the identity (p -= 0, s -= 0), so the step is
// C(tau/2) A(tau) C(tau/2) with C(c): q += c p, s += c p^2/2 (p . dT/dp - T = p^2/2), p fixed,
// and A(tau) the closed form above. The step's conformal factor is that of A: (s'/s)^3.
BOOST_AUTO_TEST_CASE(cubic_chi2_step_matches_closed_form_composition) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, zero_potential{}, cubic_action());
    for (double tau : {0.05, 0.3, -0.2}) {
        const state_type x0{0.4, 0.9, 1.2};
        // C(tau/2)
        double q = x0.q + tau / 2 * x0.p;
        double s = x0.s + tau / 2 * x0.p * x0.p / 2;
        // A(tau)
        const auto [s_a, factor] = cubic_flow(s, tau);
        const double p = factor * x0.p;
        s = s_a;
        // C(tau/2)
        q += tau / 2 * p;
        s += tau / 2 * p * p / 2;

        state_type x = x0;
        oc::chi2<state_type> chi;
        chi.do_step(H, x, 0.0, tau);
        BOOST_TEST_CONTEXT("tau = " << tau) {
            BOOST_TEST(relative_difference(x.q, q) < 1e-14);
            BOOST_TEST(relative_difference(x.p, p) < 1e-14);
            BOOST_TEST(relative_difference(x.s, s) < 1e-14);
        }
    }
}

// chi6 with the cubic action on an oscillator, H = p^2/2 + q^2/2 + gamma s^3/3 (gamma = 0.5):
// a genuinely nonlinear A flow in every one of the 7 stages, three of them backwards. The
// reference is odeint's controlled RKF78 at 1e-15 on the same Hamiltonian as an odeint system
// (it only uses F and dF/ds, not action_term's flow), accurate to ~1e-14 at the sample times.
// Window dt = 0.5 .. 0.0625: chi6's errors there are 1e-5 .. 1e-10, all >= 1e4 times above that
// reference error and the round-off of the run. Band as in test_orders (chi_orders): |order - 6| <= 0.3.
BOOST_AUTO_TEST_CASE(chi6_keeps_order_six_with_cubic_action) {
    const double g = 0.5;
    const auto H = oc::make_separable_hamiltonian(
        oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
        oc::action_term([g](double s, double) { return g * s * s * s / 3.0; }, [g](double s, double) { return g * s * s; }));
    const state_type x0{1.0, 0.5, 0.8};
    const double dt0 = 1.0;
    const std::size_t samples = 4;

    std::vector<state_type> reference{x0};
    {
        state_type y = x0;
        auto stepper = odeint::make_controlled(1e-15, 1e-15, odeint::runge_kutta_fehlberg78<state_type>());
        for (std::size_t k = 1; k <= samples; ++k) {
            odeint::integrate_adaptive(stepper, H, y, (k - 1) * dt0, k * dt0, 1e-3);
            reference.push_back(y);
        }
    }
    std::vector<double> eq, ep, es;
    for (std::size_t refine : {2u, 4u, 8u, 16u}) {
        const auto e = test_support::sampled_errors(oc::chi6<state_type>(), H, x0, dt0, samples, refine,
                                                    [&](std::size_t k) { return reference[k]; });
        BOOST_TEST_MESSAGE("chi6, cubic F, dt = " << dt0 / refine << ": errors q " << e.q << ", p " << e.p
                                                   << ", s " << e.s);
        eq.push_back(e.q);
        ep.push_back(e.p);
        es.push_back(e.s);
    }
    for (const auto* errors : {&eq, &ep, &es}) {
        BOOST_TEST(errors->back() > 1e-12);  // the window stays above the reference's error
        for (double order : test_support::observed_orders(*errors)) {
            BOOST_TEST_MESSAGE("observed order " << order);
            BOOST_TEST(std::abs(order - 6.0) <= 0.3);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Zeros of F.

// F(s) = 0 at the start: s is a fixed point of the flow and stays exactly where it is; the
// implicit equation's root is r itself. p is not fixed: dp/dtau = -p dF/ds(s) with s constant,
// so p'/p = exp(-dF/ds tau) - the limit of F(s')/F(s) towards the zero, and what linear_action
// gives at s = 0 (checked too). Here dF/ds = 3 at s = 1 and -3 at s = -2.
BOOST_AUTO_TEST_CASE(zero_of_f_is_an_exact_fixed_point) {
    const auto term = oc::action_term([](double s, double) { return (s - 1.0) * (s + 2.0); },
                                      [](double s, double) { return 2.0 * s + 1.0; });
    for (double s : {1.0, -2.0}) {
        for (double tau : {0.3, -0.7}) {
            const auto a = term.flow<double>(s, 0.0, tau);
            BOOST_TEST(a.s == s);
            BOOST_TEST(a.factor == std::exp(-(2.0 * s + 1.0) * tau));
            const auto linear = oc::linear_action<double>(2.0 * s + 1.0).flow<double>(0.0, 0.0, tau);
            BOOST_TEST(linear.factor == a.factor);
        }
        const auto root = term.solve_implicit<double>(s, 0.4, 0.0);
        BOOST_TEST(root.s == s);
        BOOST_TEST(root.slope.has_value());
    }
}

// F = sin s changes sign at 0 and pi. From s = 1 the flow decays towards 0 and never crosses it:
// tan(s'/2) = tan(s/2) e^{-tau} (d/dtau log tan(s/2) = s'/sin s = -1), p'/p = sin s'/sin s.
// Backwards it approaches pi. At tau = 30, s' ~ 1e-13: F(s') is tiny but the factor, computed as
// exp(-integral cos s dtau), keeps its relative accuracy (1e-13: 30 units of |dF/ds dt| at 16 eps
// per internal step, measured 2e-14).
BOOST_AUTO_TEST_CASE(flow_approaches_a_zero_of_f_without_crossing) {
    const auto term = oc::action_term([](double s, double) { return std::sin(s); },
                                      [](double s, double) { return std::cos(s); });
    const double pi = std::acos(-1.0);
    for (double tau : {1.0, 10.0, 30.0, -2.0, -30.0}) {
        const auto a = term.flow<double>(1.0, 0.0, tau);
        const double s_exact = 2.0 * std::atan(std::tan(0.5) * std::exp(-tau));
        BOOST_TEST_CONTEXT("tau = " << tau) {
            BOOST_TEST(a.s > 0.0);
            BOOST_TEST(a.s < pi);
            // Near pi, s' is limited by the spacing of doubles near pi, not by the method.
            BOOST_TEST(std::abs(a.s - s_exact) <= 1e-13 * std::max(a.s, 1e-300) + 4e-16 * pi);
            if (tau > 0) BOOST_TEST(relative_difference(a.factor, std::sin(s_exact) / std::sin(1.0)) < 1e-13);
        }
    }
}

// F = k (s - 1) with k = 20, tau = 1: s' - 1 = e^{-20} ~ 2e-9, which a double near 1 holds to only
// ~1e-7 relative, so F(s')/F(s) computed from s' would be wrong in the 7th digit. The factor is
// e^{-20} to 1e-13 (|dF/ds dt| = 20 at 16 eps per internal step).
BOOST_AUTO_TEST_CASE(momentum_factor_stays_accurate_near_a_zero_of_f) {
    const double k = 20.0;
    const auto term = oc::action_term([k](double s, double) { return k * (s - 1.0); }, [k](double, double) { return k; });
    const auto a = term.flow<double>(2.0, 0.0, 1.0);
    BOOST_TEST(relative_difference(a.factor, std::exp(-k)) < 1e-13);
    // What the ratio of F values would have given, for contrast: visibly worse.
    BOOST_TEST(relative_difference(k * (a.s - 1.0) / k, std::exp(-k)) > 1e-10);
}

// Logistic growth, F = -s (1 - s/1000): from s = 1 the flow grows towards the zero of F at 1000,
// s(tau) = 1000/(1 + 999 e^{-tau}); with 1 - s'/1000 = 999 e^{-tau}/(1 + 999 e^{-tau}) and
// F(1) = -0.999, p'/p = F(s')/F(1) = 1000 s' e^{-tau}/(1 + 999 e^{-tau}) (free of the cancellation
// in 1 - s'/1000). |s| passes the blow-up test's thresholds
// on the way, and the tail integral to infinity diverges at 1000: no blow-up may be reported.
// Tolerances: s' 1e-14 (measured 3e-15); p'/p 2e-13 = |dF/ds dt| <= 60 units at 16 eps each
// (measured 2e-14), where the ratio of F values would have lost everything at tau = 60.
BOOST_AUTO_TEST_CASE(growth_towards_a_far_zero_is_not_a_blow_up) {
    const auto term = oc::action_term([](double s, double) { return -s * (1.0 - s / 1000.0); },
                                      [](double s, double) { return -1.0 + s / 500.0; });
    for (double tau : {5.0, 8.0, 20.0, 60.0}) {
        const auto a = term.flow<double>(1.0, 0.0, tau);
        const double e = std::exp(-tau);
        const double s_exact = 1000.0 / (1.0 + 999.0 * e);
        const double factor = s_exact * 1000.0 * e / (1.0 + 999.0 * e);
        BOOST_TEST_CONTEXT("tau = " << tau) {
            BOOST_TEST(relative_difference(a.s, s_exact) < 1e-14);
            BOOST_TEST(relative_difference(a.factor, factor) < 2e-13);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Failures.

// F = -s^3/3: ds/dtau = s^3/3, 1/s^2 = 1/s0^2 - 2 tau/3, blow-up at tau* = 3/(2 s0^2): from
// s0 = 3, tau* = 1/6. A chi2 step of 0.5 (with V = 0 the A flow starts from s after C(tau/2),
// which only makes s larger) must throw step_error, leave the state unchanged and say why.
BOOST_AUTO_TEST_CASE(blow_up_throws_with_state_unchanged) {
    const auto term = oc::action_term([](double s, double) { return -s * s * s / 3.0; },
                                      [](double s, double) { return -s * s; });
    const std::string why = step_error_of([&] { term.flow<double>(3.0, 0.0, 0.5); });
    BOOST_TEST_MESSAGE(why);
    BOOST_TEST(why.find("blows up") != std::string::npos);
    // The flow's own values, for the stepper to prefix with its step and stage.
    BOOST_TEST(why.find("(s = 3, t = 0, dt = 0.5)") != std::string::npos);
    // Just short of the blow-up time the flow exists and matches 1/s'^2 = 1/9 - 2 tau/3.
    const auto before = term.flow<double>(3.0, 0.0, 0.16);
    BOOST_TEST(relative_difference(before.s, 1.0 / std::sqrt(1.0 / 9.0 - 2.0 * 0.16 / 3.0)) < 1e-13);
    // The backward flow of +s^3/3 is the same thing.
    BOOST_TEST(step_error_of([] { cubic_action().flow<double>(3.0, 0.0, -0.5); }).find("blows up") != std::string::npos);

    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, zero_potential{}, term);
    const state_type x0{0.1, 0.2, 3.0};
    for (int method = 0; method < 2; ++method) {
        state_type x = x0;
        try {
            if (method == 0)
                oc::chi2<state_type>().do_step(H, x, 0.0, 0.5);
            else
                oc::chi6<state_type>().do_step(H, x, 0.0, 0.5);
            BOOST_ERROR("no step_error");
        } catch (const oc::step_error& e) {
            BOOST_TEST_MESSAGE(e.what());
            const std::string what = e.what();
            BOOST_TEST(what.find("blows up") != std::string::npos);
            // The stepper's context in front, the flow's message after it.
            BOOST_TEST(what.find(method == 0 ? "odeint_contact::chi2::do_step: step from t = 0 with dt = 0.5 failed in stage 1 of 1"
                                             : "odeint_contact::chi6::do_step: step from t = 0 with dt = 0.5 failed in stage ") == 0u);
            BOOST_TEST(what.find("the state is unchanged") != std::string::npos);
        }
        BOOST_TEST(x.q == x0.q);
        BOOST_TEST(x.p == x0.p);
        BOOST_TEST(x.s == x0.s);
    }
}

// cvi2 with F = gamma s^2/2 as an action_term, gamma = 1: with q = 0, p = 0, V = 0 the step's
// right-hand side is r = s - tau F(s)/2, and the root exists iff 1 + tau gamma r > 0. From s = -3
// and tau = 0.5: r = -3 - 0.25 * 4.5 = -4.125, 1 + 0.5 * (-4.125) < 0: no root; the step throws.
BOOST_AUTO_TEST_CASE(no_root_throws_with_state_unchanged) {
    const auto term = oc::action_term([](double s, double) { return s * s / 2.0; }, [](double s, double) { return s; });
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, zero_potential{}, term);
    const state_type x0{0.0, 0.0, -3.0};
    state_type x = x0;
    oc::cvi2<state_type> cvi;
    try {
        cvi.do_step(H, x, 0.0, 0.5);
        BOOST_ERROR("no step_error");
    } catch (const oc::step_error& e) {
        BOOST_TEST_MESSAGE(e.what());
        BOOST_TEST(std::string(e.what()).find("no root") != std::string::npos);
        BOOST_TEST(std::string(e.what()).find("odeint_contact::cvi2::do_step: step from t = 0 with dt = 0.5 failed in the "
                                              "implicit action equation: ") == 0u);
    }
    BOOST_TEST(x.q == x0.q);
    BOOST_TEST(x.p == x0.p);
    BOOST_TEST(x.s == x0.s);
    // A small step from the same state has a root: the same equation, closed form.
    cvi.do_step(H, x, 0.0, 0.1);
    const double r = -3.0 - 0.05 * 4.5;
    BOOST_TEST(relative_difference(x.s, 2.0 * r / (1.0 + std::sqrt(1.0 + 0.1 * r))) < 1e-15);
}

// A linear F with 1 + h f <= 0: a real root exists but past the pole of the branch (cvi2's rule
// for linear_action); the numerical solve refuses it too. Where it exists, the root r/(1 + h f)
// has condition number |h f|/(1 + h f) with respect to the rounding of h f (25 at h = 0.24), so
// both the closed form and the solve are good to ~4 eps (1 + |h f|/(1 + h f)).
BOOST_AUTO_TEST_CASE(root_past_the_pole_is_refused) {
    const auto term = oc::action_term([](double s, double) { return -4.0 * s; }, [](double, double) { return -4.0; });
    const oc::linear_action<double> closed(-4.0);
    for (double h : {0.1, 0.24, 0.26, 0.5}) {
        const auto a = root_of(term, 1.5, h);
        const auto b = root_of(closed, 1.5, h);
        BOOST_TEST_CONTEXT("h = " << h) {
            BOOST_TEST(a.has_value() == b.has_value());
            BOOST_TEST(a.has_value() == (h < 0.25));
            const double condition = 1.0 + std::abs(4.0 * h) / std::abs(1.0 - 4.0 * h);
            if (a && b) BOOST_TEST(relative_difference(*a, *b) < 4 * 2.2e-16 * condition);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The optional exact flow: the cubic closed form supplied by the user gives the same chi2
// trajectory as the numerical flow (to the flow's accuracy, 100 steps x 1e-15), and a flow that
// returns a non-finite value is a clean step_error.
BOOST_AUTO_TEST_CASE(user_supplied_exact_flow) {
    const auto f = [](double s, double) { return s * s * s / 3.0; };
    const auto df = [](double s, double) { return s * s; };
    const auto exact_flow = [](double s, double, double tau) { return cubic_flow(s, tau); };
    const auto H_exact = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                                        oc::action_term(f, df, exact_flow));
    const auto H_numeric = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{},
                                                          test_support::harmonic_potential<>{}, oc::action_term(f, df));
    const double d = trajectory_difference<oc::chi2<state_type>>(H_exact, H_numeric, state_type{1.0, 0.5, 0.8}, 0.1, 100);
    BOOST_TEST_MESSAGE("exact vs numerical flow, 100 chi2 steps: " << d);
    BOOST_TEST(d < 1e-13);

    // Past the blow-up time of the backward flow, 1/s^2 + 2 tau/3 < 0 and the closed form is NaN.
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, zero_potential{},
                                                  oc::action_term(f, df, exact_flow));
    const state_type x0{0.0, 0.0, 3.0};
    state_type x = x0;
    try {
        oc::chi2<state_type>().do_step(H, x, 0.0, -1.0);
        BOOST_ERROR("no step_error");
    } catch (const oc::step_error& e) {
        BOOST_TEST(std::string(e.what()).find("user-supplied exact flow") != std::string::npos);
    }
    BOOST_TEST(x.s == x0.s);
}

// The user flow may also return std::optional (nullopt: the flow does not exist over dt) or throw
// step_error with its own message; the stepper puts its context in front either way.
BOOST_AUTO_TEST_CASE(user_flow_may_return_nullopt_or_throw) {
    const auto f = [](double s, double) { return s * s * s / 3.0; };
    const auto df = [](double s, double) { return s * s; };
    const auto optional_flow = [](double s, double, double tau) -> std::optional<std::pair<double, double>> {
        if (1.0 / (s * s) + 2.0 * tau / 3.0 <= 0.0) return std::nullopt;
        return cubic_flow(s, tau);
    };
    const auto throwing_flow = [](double s, double, double tau) {
        if (1.0 / (s * s) + 2.0 * tau / 3.0 <= 0.0) throw oc::step_error("my flow blows up before tau");
        return cubic_flow(s, tau);
    };
    const auto H1 = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, zero_potential{},
                                                   oc::action_term(f, df, optional_flow));
    const auto H2 = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, zero_potential{},
                                                   oc::action_term(f, df, throwing_flow));
    const state_type x0{0.0, 0.0, 3.0};
    state_type x = x0;
    const std::string a = step_error_of([&] { oc::chi2<state_type>().do_step(H1, x, 0.0, -1.0); });
    BOOST_TEST(a.find("returned no value") != std::string::npos);
    const std::string b = step_error_of([&] { oc::chi2<state_type>().do_step(H2, x, 0.0, -1.0); });
    BOOST_TEST_MESSAGE(b);
    BOOST_TEST(b == "odeint_contact::chi2::do_step: step from t = 0 with dt = -1 failed in stage 1 of 1 (whose action "
                    "flow spans -1): my flow blows up before tau; the state is unchanged");
    BOOST_TEST(x.s == x0.s);
    // Where the flow exists, both give the closed form.
    state_type y = x0;
    state_type z = x0;
    oc::chi2<state_type>().do_step(H1, y, 0.0, 0.1);
    oc::chi2<state_type>().do_step(H2, z, 0.0, 0.1);
    BOOST_TEST(y.s == z.s);
    BOOST_TEST(y.s != x0.s);
}

// ---------------------------------------------------------------------------------------------
// The detail/ pieces alone, on plain functions of s.

// The numerical flow of F = g s: s' = s e^{-g dt}, l = -g dt. RKF78 at 16 eps per internal step;
// the bound 2e-15 is ~10 eps, the measured error of the double table in doc/action_terms.md
// (<= 7e-16 for |g dt| <= 1).
BOOST_AUTO_TEST_CASE(detail_numerical_flow_of_a_linear_f) {
    for (double g : {0.001, 0.1, 1.0, -1.0}) {
        const auto r = oc::detail::numerical_action_flow<double>([g](double x) { return g * x; },
                                                                 [g](double) { return g; }, 1.3, 1.0);
        BOOST_TEST_CONTEXT("g = " << g) {
            BOOST_TEST(static_cast<int>(r.status) == static_cast<int>(oc::detail::flow_status::ok));
            BOOST_TEST(r.tau == 1.0);
            BOOST_TEST(relative_difference(r.s, 1.3 * std::exp(-g)) < 2e-15);
            BOOST_TEST(std::abs(r.log_factor + g) < 2e-15 * std::max(1.0, std::abs(g)));
            BOOST_TEST(r.substeps >= 1u);
        }
    }
}

// Its failures, each with its own status: a blow-up (F = -s^3/3 from 3: tau* = 1/6, and
// tau + remaining is that time to the quadrature's sqrt(eps) ~ 1.5e-8 relative accuracy), a NaN in
// F (not a blow-up: F = s is NaN below s = 0.5, which the flow from 1 reaches at tau = log 2), and
// a stiff F (|F_s dt| = 1e6) that would need more internal steps than allowed.
BOOST_AUTO_TEST_CASE(detail_numerical_flow_failures) {
    namespace d = oc::detail;
    const auto blow = d::numerical_action_flow<double>([](double x) { return -x * x * x / 3; },
                                                       [](double x) { return -x * x; }, 3.0, 0.5);
    BOOST_TEST(static_cast<int>(blow.status) == static_cast<int>(d::flow_status::blow_up));
    BOOST_TEST(std::abs(blow.tau + blow.remaining - 1.0 / 6.0) < 1e-8);
    BOOST_TEST(d::describe(blow).find("blows up") != std::string::npos);

    const double nan = std::numeric_limits<double>::quiet_NaN();
    const auto faulty = d::numerical_action_flow<double>([nan](double x) { return x < 0.5 ? nan : x; },
                                                         [](double) { return 1.0; }, 1.0, 2.0);
    BOOST_TEST(static_cast<int>(faulty.status) == static_cast<int>(d::flow_status::not_finite));
    BOOST_TEST(faulty.tau <= std::log(2.0));
    BOOST_TEST(d::describe(faulty).find("not finite") != std::string::npos);

    const auto stiff = d::numerical_action_flow<double>([](double x) { return 1e6 * x; }, [](double) { return 1e6; },
                                                        1.0, 1.0);
    BOOST_TEST(static_cast<int>(stiff.status) == static_cast<int>(d::flow_status::too_many_substeps));
    BOOST_TEST(d::describe(stiff).find("internal steps") != std::string::npos);
}

// The blow-up time alone: for |F| = x^3/3 from 10, integral_0^inf 3 du/(10 + u)^3 = 3/200; good
// to the quadrature's sqrt(eps) tolerance (1e-7 leaves a factor 7; measured 1e-16). |F| = 6 |s| grows too
// slowly for a finite time to infinity: no verdict. A zero of F ahead (F = x (x - 20),
// from 10 towards +infinity) makes the integral diverge: no verdict.
BOOST_AUTO_TEST_CASE(detail_time_to_infinity) {
    const auto t = oc::detail::time_to_infinity<double>([](double x) { return -x * x * x / 3; }, 10.0, 1.0);
    BOOST_TEST_REQUIRE(t.has_value());
    BOOST_TEST(relative_difference(*t, 3.0 / 200.0) < 1e-7);
    const auto down = oc::detail::time_to_infinity<double>([](double x) { return -x * x * x / 3; }, -10.0, -1.0);
    BOOST_TEST_REQUIRE(down.has_value());
    BOOST_TEST(relative_difference(*down, 3.0 / 200.0) < 1e-7);
    BOOST_TEST(!oc::detail::time_to_infinity<double>([](double x) { return x * (x - 20); }, 10.0, 1.0));
    BOOST_TEST(!oc::detail::time_to_infinity<double>([](double x) { return -6 * x; }, 100.0, 1.0));
}

// The branch root alone: F = s^2/2 has the closed form 2r/(1 + sqrt(1 + 2hr)) with slope
// sqrt(1 + 2hr) (toms748 to 4 eps: 8e-16 relative); past the fold (1 + 2hr < 0) there is none.
BOOST_AUTO_TEST_CASE(detail_branch_root) {
    namespace d = oc::detail;
    const auto f = [](double x) { return x * x / 2; };
    const auto df = [](double x) { return x; };
    for (double r : {-1.5, 0.3, 4.0}) {
        for (double h : {0.05, 0.3}) {
            const auto root = d::branch_root<double>(f, df, r, h);
            BOOST_TEST_CONTEXT("r = " << r << ", h = " << h) {
                BOOST_TEST_REQUIRE(static_cast<int>(root.status) == static_cast<int>(d::root_status::ok));
                const double disc = std::sqrt(1 + 2 * h * r);
                BOOST_TEST(relative_difference(root.s, 2 * r / (1 + disc)) < 8e-16 * std::max(1.0, std::abs(r / root.s)));
                BOOST_TEST(relative_difference(root.slope, 1 + h * root.s) < 4e-16);
            }
        }
    }
    const auto none = d::branch_root<double>(f, df, -3.0, 0.5);
    BOOST_TEST(static_cast<int>(none.status) != static_cast<int>(d::root_status::ok));
    BOOST_TEST(d::describe(none).find("no") != std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// affine_action(f, c): F = f(t) s + c(t), the concept's gain in a few lines.

// c = 0 is linear_action, bit for bit: s e^z - 0 = s e^z and (r - 0)/(1 + h f) = r/(1 + h f).
BOOST_AUTO_TEST_CASE(affine_action_without_c_is_linear_action) {
    const auto affine = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                                       oc::affine_action(0.3, 0.0));
    const auto linear = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                                       oc::linear_action(0.3));
    const state_type x0{1.0, 0.5, 0.8};
    BOOST_TEST(trajectory_difference<oc::chi4<state_type>>(affine, linear, x0, 0.1, 100) == 0.0);
    BOOST_TEST(trajectory_difference<oc::cvi2<state_type>>(affine, linear, x0, 0.1, 100) == 0.0);
}

// Time-dependent f(t) = 0.3 (1 + 0.5 sin t) and c(t) = 0.2 cos t, against the same F as an
// action_term (numerical flow and root): chi2, chi4 and cvi2 agree to 1e-12 over 500 steps (the
// bound of check_reproduction above).
double affine_f(double t) { return 0.3 * (1.0 + 0.5 * std::sin(t)); }
double affine_c(double t) { return 0.2 * std::cos(t); }

BOOST_AUTO_TEST_CASE(affine_action_reproduced_by_action_term) {
    const auto term = oc::action_term([](double s, double t) { return affine_f(t) * s + affine_c(t); },
                                      [](double, double t) { return affine_f(t); });
    const auto closed = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                                       oc::affine_action(&affine_f, &affine_c));
    const auto numeric =
        oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{}, term);
    check_reproduction("affine f(t) s + c(t)", closed, numeric, state_type{1.0, 0.5, 0.8});
}

// The flow's closed form s' = s e^{-f dt} - c dt phi1(-f dt) stays exact as f dt -> 0, where the
// textbook (s + c/f) e^{-f dt} - c/f cancels: at f = 1e-12 it is s - c dt (1 - f dt/2) to rounding.
// The implicit root satisfies s + h (f s + c) = r to rounding (2 ulps of r), slope 1 + h f.
BOOST_AUTO_TEST_CASE(affine_action_flow_and_root) {
    const oc::affine_action<double, double> a(1e-12, 2.0);
    const auto small = a.flow<double>(1.5, 0.0, 0.5);
    BOOST_TEST(relative_difference(small.s, 1.5 * std::exp(-5e-13) - 2.0 * 0.5 * (1 - 2.5e-13)) < 2.2e-16);
    const oc::affine_action<double, double> b(0.7, -0.4);
    const auto flow = b.flow<double>(1.5, 0.0, 0.5);
    BOOST_TEST(relative_difference(flow.s, (1.5 - 0.4 / 0.7) * std::exp(-0.35) + 0.4 / 0.7) < 1e-15);
    BOOST_TEST(flow.factor == std::exp(-0.35));
    const auto root = b.solve_implicit<double>(1.5, 0.25, 0.0);
    BOOST_TEST(std::abs(root.s + 0.25 * (0.7 * root.s - 0.4) - 1.5) < 2 * 2.2e-16 * 1.5);
    BOOST_TEST(*root.slope == 1 + 0.25 * 0.7);
    // Anti-damping f = -4 at h = 0.3: 1 + h f < 0, past the pole.
    const std::string why = step_error_of([] { oc::affine_action<double, double>(-4.0, 1.0).solve_implicit<double>(1.0, 0.3, 0.0); });
    BOOST_TEST(why.find("no root") != std::string::npos);
}

// Orders through the existing steppers on H = p^2/2 + q^2/2 + f(t) s + c(t), against a tight
// RKF78 reference of the contact vector field (accurate to ~1e-14 at the sample times).
// Windows: chi2 and cvi2 dt = 0.25 .. 0.03125 (measured errors 1e-2 .. 5e-5), chi4 0.5 .. 0.0625
// (1e-2 .. 7e-7), all far above the reference's error and the round-off of the run. Band |order - p| <= 0.3
// as in test_orders (chi_orders).
template <class Stepper>
void check_affine_order(double expected, double dt0_refine0) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                                  oc::affine_action(&affine_f, &affine_c));
    const state_type x0{1.0, 0.5, 0.8};
    const double dt0 = 1.0;
    const std::size_t samples = 4;
    const auto reference = test_support::rkf78_samples(H, x0, dt0, samples, 1e-15);
    const auto e = test_support::errors_over_halvings<Stepper>(
        H, x0, dt0, samples, static_cast<std::size_t>(dt0_refine0), 3, [&](std::size_t k) { return reference[k]; });
    BOOST_TEST_MESSAGE("affine action, order " << expected << ": " << e.describe());
    for (const auto* errors : {&e.q, &e.p, &e.s}) {
        BOOST_TEST(errors->back() > 1e-12);
        for (double order : test_support::observed_orders(*errors)) BOOST_TEST(std::abs(order - expected) <= 0.3);
    }
}

BOOST_AUTO_TEST_CASE(affine_action_orders) {
    check_affine_order<oc::chi2<state_type>>(2.0, 4);
    check_affine_order<oc::cvi2<state_type>>(2.0, 4);
    check_affine_order<oc::chi4<state_type>>(4.0, 2);
}

// Every chi2 step with affine_action is a contact map with conformal factor e^{-f(t + tau/2) tau}
// (the A flow's factor; B and C have factor 1). Tolerance: contact_tolerance of
// test_chi2_contact.cpp (the numerical Jacobian's error, 1e-10).
BOOST_AUTO_TEST_CASE(affine_action_chi2_is_contact) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                                  oc::affine_action(&affine_f, &affine_c));
    for (double t : {0.0, 1.3}) {
        for (double tau : {0.1, 0.4}) {
            const auto r = test_support::pull_back_contact_form(
                [&](const state_type& x) {
                    state_type y = x;
                    oc::chi2<state_type>().do_step(H, y, t, tau);
                    return y;
                },
                state_type{0.7, -0.4, 1.1});
            BOOST_TEST_CONTEXT("t = " << t << ", tau = " << tau) {
                BOOST_TEST(r.max_deviation <= 1e-10);
                BOOST_TEST(std::abs(r.lambda - std::exp(-affine_f(t + tau / 2) * tau)) <= 1e-10);
            }
        }
    }
}
