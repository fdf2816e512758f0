// SPDX-License-Identifier: BSL-1.0
// One chi2 step is a contact map: from its numerically differentiated Jacobian,
//   Phi^*(ds - p.dq) = lambda (ds - p.dq)
// with lambda = e^{-f tau} for F = f s (e^{-f(t + tau/2) tau} when f depends on t) and
// lambda = 4/(2 + gamma tau s_A)^2 for F = gamma s^2/2, where s_A is the action entering the A
// flow, computed here from the sub-flows of errata section 1, not taken from the library.
// Negative controls: the same checker rejects two wrong maps implemented below (the paper's
// printed B map with V tau/2, and the quadratic A flow that scales p with the new s), which shows
// that the check can fail.
#define BOOST_TEST_MODULE chi2_contact
#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <functional>
#include <string>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"

namespace oc = odeint_contact;

namespace {

using plane = std::array<double, 2>;
using state = oc::contact_state<plane>;

constexpr double mass = 1.7;
// Time-dependent and anharmonic, so that B moves p and s by amounts that depend on q and t.
const test_support::anharmonic_potential potential{1.0, 0.4, 1.3, 0.3};

double damping(double t) { return 0.3 * std::sin(t) + 0.1; }
double quadratic_coefficient(double t) { return 0.8 + 0.5 * std::cos(2.0 * t); }

// Accuracy of the pulled-back coefficients from test_support::numerical_jacobian with
// h_rel = 1e-3: the five-point stencil's truncation error h^4 |Phi^(5)|/30 is < 1e-12 for these
// smooth maps (tau <= 0.4, |x| <= 2), and its round-off (18/12) delta/h with delta ~ 10 ulps of
// |Phi| ~ 2 is ~ 7e-12; a coefficient sums three such derivatives weighted by |P| <= 2, so
// ~1e-11 at worst. 1e-10 leaves a factor 10 over that estimate (the measured deviations, printed,
// are <= 4e-13), and it is seven orders of magnitude below the deviations of the wrong maps
// (>= 2e-3).
constexpr double contact_tolerance = 1e-10;

// The exact sub-flows of errata section 1, composed as chi2 composes them, written out for this
// test. The two wrong variants are the errors the errata warn about.
enum class variant { correct, paper_b_map, quadratic_a_with_new_s };

struct linear_flow {
    std::function<double(double)> f;
    double factor(double, double t, double tau) const { return std::exp(-f(t) * tau); }
    double next_s(double s, double t, double tau) const { return s * factor(s, t, tau); }
};

struct quadratic_flow {
    std::function<double(double)> gamma;
    bool new_s_in_p = false;
    double next_s(double s, double t, double tau) const { return 2 * s / (2 + gamma(t) * tau * s); }
    double factor(double s, double t, double tau) const {
        const double base = new_s_in_p ? next_s(s, t, tau) : s;
        const double d = 2 + gamma(t) * tau * base;
        return 4 / (d * d);
    }
};

struct split_result {
    state x;
    double s_A;  // the action entering A(tau)
};

template <class Flow>
split_result split_step(const Flow& a, variant v, const state& x, double t, double tau) {
    const double h = tau / 2;
    const double tm = t + h;
    const double b_weight = v == variant::paper_b_map ? h / 2 : h;  // printed: s -= V (tau/2)/2
    auto kinetic = [](const plane& p) { return (p[0] * p[0] + p[1] * p[1]) / (2 * mass); };
    state y = x;
    // C(h): q += h p/m, s += h (p.dT/dp - T) = h |p|^2/(2m).
    for (int i = 0; i < 2; ++i) y.q[i] += h * x.p[i] / mass;
    y.s += h * kinetic(x.p);
    // B(h) at the midpoint time.
    plane g;
    potential.gradient(y.q, tm, g);
    const double V = potential.value(y.q, tm);
    for (int i = 0; i < 2; ++i) y.p[i] -= h * g[i];
    y.s -= b_weight * V;
    const double s_A = y.s;
    // A(tau).
    const double lambda = a.factor(y.s, tm, tau);
    y.s = a.next_s(y.s, tm, tau);
    for (int i = 0; i < 2; ++i) y.p[i] *= lambda;
    // B(h), C(h).
    for (int i = 0; i < 2; ++i) y.p[i] -= h * g[i];
    y.s -= b_weight * V;
    for (int i = 0; i < 2; ++i) y.q[i] += h * y.p[i] / mass;
    y.s += h * kinetic(y.p);
    return {y, s_A};
}

struct sample {
    state x;
    double t;
    double tau;
};

// Points away from q = 0 (where dV/dq vanishes and the wrong B map would be contact by accident)
// and with s of both signs; 2 + gamma tau s_A stays > 1 for the quadratic action.
const sample samples[] = {{{{0.8, -0.5}, {0.3, 0.9}, 0.7}, 0.4, 0.1},
                          {{{-1.2, 0.6}, {-0.7, 0.2}, -0.9}, 2.1, 0.25},
                          {{{0.3, 1.4}, {1.1, -0.6}, 1.5}, -0.7, 0.4}};

template <class Hamiltonian>
state chi2_step(const Hamiltonian& H, const state& x, double t, double tau) {
    oc::chi2<state> stepper;
    state y = x;
    stepper.do_step(H, y, t, tau);
    return y;
}

void report(const std::string& what, const sample& c, const test_support::contact_form_pullback& r,
            double expected) {
    BOOST_TEST_MESSAGE(what << " t = " << c.t << ", tau = " << c.tau << ": lambda " << r.lambda << " (expected "
                            << expected << ", difference " << r.lambda - expected << "), max deviation "
                            << r.max_deviation);
}

// The library's step and the split_step above agree to round-off, so the controls below test the
// checker on maps that differ from chi2 in exactly one place. Both compute the same sequence of
// sub-flows with differently ordered roundings; a few ulps of values of size <= 2 per sub-flow
// stay below 1e-14.
template <class Hamiltonian, class Flow>
void check_same_as_split_step(const Hamiltonian& H, const Flow& a, const sample& c) {
    const state lib = chi2_step(H, c.x, c.t, c.tau);
    const state ref = split_step(a, variant::correct, c.x, c.t, c.tau).x;
    for (int i = 0; i < 2; ++i) {
        BOOST_TEST(lib.q[i] == ref.q[i], boost::test_tools::tolerance(1e-14));
        BOOST_TEST(lib.p[i] == ref.p[i], boost::test_tools::tolerance(1e-14));
    }
    BOOST_TEST(std::abs(lib.s - ref.s) <= 1e-14);
}

BOOST_AUTO_TEST_CASE(linear_damping_factor_is_exp_minus_gamma_tau) {
    for (double gamma : {0.5, -0.3, 2.0}) {
        const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{mass}, potential,
                                                      oc::linear_action(gamma));
        for (const sample& c : samples) {
            const auto r = test_support::pull_back_contact_form(
                [&](const state& x) { return chi2_step(H, x, c.t, c.tau); }, c.x);
            const double expected = std::exp(-gamma * c.tau);
            report("linear gamma = " + std::to_string(gamma), c, r, expected);
            BOOST_TEST(r.max_deviation <= contact_tolerance);
            BOOST_TEST(std::abs(r.lambda - expected) <= contact_tolerance);
            check_same_as_split_step(H, linear_flow{[gamma](double) { return gamma; }}, c);
        }
    }
}

BOOST_AUTO_TEST_CASE(time_dependent_damping_factor_uses_midpoint_time) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{mass}, potential,
                                                  oc::linear_action(&damping));
    for (const sample& c : samples) {
        const auto r = test_support::pull_back_contact_form(
            [&](const state& x) { return chi2_step(H, x, c.t, c.tau); }, c.x);
        const double expected = std::exp(-damping(c.t + c.tau / 2) * c.tau);
        report("linear f(t)", c, r, expected);
        BOOST_TEST(r.max_deviation <= contact_tolerance);
        BOOST_TEST(std::abs(r.lambda - expected) <= contact_tolerance);
        // f evaluated at t instead of t + tau/2 gives a factor off by ~lambda |f'| tau^2/2, which
        // is >= 1e-3 at these samples: the check resolves the time at which f is taken.
        BOOST_TEST(std::abs(r.lambda - std::exp(-damping(c.t) * c.tau)) > 1e-4);
        check_same_as_split_step(H, linear_flow{&damping}, c);
    }
}

template <class Gamma>
void check_quadratic(const std::string& name, const Gamma& gamma, const std::function<double(double)>& gamma_of_t) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{mass}, potential,
                                                  oc::quadratic_action(gamma));
    const quadratic_flow a{gamma_of_t};
    for (const sample& c : samples) {
        const auto r = test_support::pull_back_contact_form(
            [&](const state& x) { return chi2_step(H, x, c.t, c.tau); }, c.x);
        const double s_A = split_step(a, variant::correct, c.x, c.t, c.tau).s_A;
        const double d = 2 + gamma_of_t(c.t + c.tau / 2) * c.tau * s_A;
        BOOST_REQUIRE(d > 1.0);
        const double expected = 4 / (d * d);
        report(name + ", s_A = " + std::to_string(s_A) + ",", c, r, expected);
        BOOST_TEST(r.max_deviation <= contact_tolerance);
        BOOST_TEST(std::abs(r.lambda - expected) <= contact_tolerance);
        check_same_as_split_step(H, a, c);
    }
}

BOOST_AUTO_TEST_CASE(quadratic_action_factor_is_4_over_square_of_2_plus_gamma_tau_sA) {
    check_quadratic("quadratic gamma = 1", 1.0, [](double) { return 1.0; });
    check_quadratic("quadratic gamma = -0.6", -0.6, [](double) { return -0.6; });
    check_quadratic("quadratic gamma(t)", &quadratic_coefficient, &quadratic_coefficient);
}

// The checker itself: first it accepts the correct split_step (so a rejection below is due to
// the change, not to the test code), then it rejects each wrong variant by a wide margin.
BOOST_AUTO_TEST_CASE(checker_rejects_non_contact_maps) {
    const linear_flow linear{&damping};
    const quadratic_flow quadratic{&quadratic_coefficient, false};
    const quadratic_flow quadratic_new_s{&quadratic_coefficient, true};
    for (const sample& c : samples) {
        auto deviation = [&](const auto& flow, variant v) {
            return test_support::pull_back_contact_form(
                       [&](const state& x) { return split_step(flow, v, x, c.t, c.tau).x; }, c.x)
                .max_deviation;
        };
        const double ok_linear = deviation(linear, variant::correct);
        const double ok_quadratic = deviation(quadratic, variant::correct);
        const double paper_b = deviation(linear, variant::paper_b_map);
        const double new_s = deviation(quadratic_new_s, variant::correct);
        BOOST_TEST_MESSAGE("t = " << c.t << ", tau = " << c.tau << ": max deviation correct (linear) " << ok_linear
                                  << ", correct (quadratic) " << ok_quadratic << ", paper's B map " << paper_b
                                  << ", quadratic A with new s " << new_s);
        BOOST_TEST(ok_linear <= contact_tolerance);
        BOOST_TEST(ok_quadratic <= contact_tolerance);
        // The printed B map leaves terms ~ tau |dV/dq| / 2 >= 1e-2 in the dq coefficients; the
        // new-s A flow leaves terms ~ gamma tau |p| |ds'/ds - 1| >= 1e-3 (measured: printed).
        BOOST_TEST(paper_b > 1e7 * contact_tolerance);
        BOOST_TEST(new_s > 1e6 * contact_tolerance);
    }
}

}  // namespace
