// SPDX-License-Identifier: BSL-1.0
// chi4, chi6 and chi8 converge with orders 4, 6 and 8 in q, p and s separately (double):
//  - on H = p^2/2 + q^2/2 + gamma s against its exact solution (test_support::damped_oscillator);
//  - on the time-dependent perturbed Kepler problem of errata section 4 (V = -1/|q|,
//    F = f(t) s, f(t) = -0.05 sin(pi t), q0 = (0, sqrt 1.5), p0 = (0.8, 0), s0 = 0) against a
//    fine-step chi8 reference whose accuracy is itself checked here.
// Orders are log2 of the ratio of errors at dt and dt/2, errors being the largest deviation over
// the sample times. Each dt window below starts where the asymptotic regime has set in (chi8 on
// Kepler gives 7.4 for dt = 0.31 -> 0.16 and 7.9 for 0.16 -> 0.08) and ends while the
// finest error is >= 100 times the run's round-off (~1e-15 for the oscillator's few dozen steps, a
// few 1e-14 for Kepler's hundreds: steps x stages x a few ulps of an O(1) state).
#define BOOST_TEST_MODULE chi_orders
#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

namespace {

using scalar_state = oc::contact_state<double>;
using plane = std::array<double, 2>;
using plane_state = oc::contact_state<plane>;

// Measured orders in q, p and s of Stepper over `halvings` halvings of dt, starting from
// dt = dt0 / refine0, with errors sampled at t_k = k dt0, k = 0..samples.
//
// The band: a symmetric method's global error expands in even powers of dt,
// e(dt) = c dt^p (1 + r dt^2 + ...), so the observed order is p + log2((1 + r dt^2)/(1 + r dt^2/4))
// ~ p + 1.08 r dt^2. |order - p| <= 0.2 allows the next term to be up to ~20% of the leading one,
// and round-off (kept below 1% of every error by the windows) moves an order by < 0.03. A method
// of order p - 2 or p + 2 (the neighbours among symmetric methods) is 2 away, and even an odd
// order p - 1, which a wrong stage time would give, is 5 band widths outside.
template <class Stepper, class System, class State, class Reference>
void check_orders(const std::string& name, unsigned short p, const System& system, const State& x0,
                  double dt0, std::size_t samples, std::size_t refine0, unsigned halvings,
                  const Reference& reference) {
    const auto r =
        test_support::errors_over_halvings<Stepper>(system, x0, dt0, samples, refine0, halvings, reference);
    BOOST_TEST_MESSAGE(name << ": dt " << dt0 / double(refine0) << " .. " << dt0 / double(refine0 << halvings)
                            << "; " << r.describe());
    for (const auto* errors : {&r.q, &r.p, &r.s})
        for (double o : test_support::observed_orders(*errors))
            BOOST_TEST(std::abs(o - p) <= 0.2, name << ": observed order " << o << ", expected " << p);
}

// --- the damped oscillator H = p^2/2 + q^2/2 + gamma s -----------------------------------------

constexpr double oscillator_gamma = 0.5;
const scalar_state oscillator_x0{1.0, 0.5, 0.25};

auto oscillator() {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                          oc::linear_action(oscillator_gamma));
}

// Samples every 0.25 time units up to T = 2.
constexpr double oscillator_dt0 = 0.25;
constexpr std::size_t oscillator_samples = 8;

auto oscillator_reference() {
    const test_support::damped_oscillator exact{oscillator_gamma, 1.0, 1.0};
    return [exact](std::size_t k) { return exact(oscillator_x0, double(k) * oscillator_dt0); };
}

// Windows (dt): chi4 1/16 .. 1/256 (errors ~2e-6 .. 3e-11), chi6 1/4 .. 1/32 (~2e-6 .. 6e-12),
// chi8 1/4 .. 1/16 (~2e-8 .. 3e-13; at 1/32 the error, ~1e-15, is round-off).
BOOST_AUTO_TEST_CASE(damped_oscillator_orders_4_6_8) {
    const auto H = oscillator();
    const auto ref = oscillator_reference();
    check_orders<oc::chi4<scalar_state>>("chi4 oscillator", 4, H, oscillator_x0, oscillator_dt0,
                                         oscillator_samples, 4, 4, ref);
    check_orders<oc::chi6<scalar_state>>("chi6 oscillator", 6, H, oscillator_x0, oscillator_dt0,
                                         oscillator_samples, 1, 3, ref);
    check_orders<oc::chi8<scalar_state>>("chi8 oscillator", 8, H, oscillator_x0, oscillator_dt0,
                                         oscillator_samples, 1, 2, ref);
}

// --- the perturbed Kepler problem (errata section 4) -------------------------------------------

double kepler_damping(double t) { return -0.05 * std::sin(M_PI * t); }

auto kepler() {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::kepler_potential{},
                                          oc::linear_action(kepler_damping));
}

const plane_state kepler_x0{{0.0, std::sqrt(1.5)}, {0.8, 0.0}, 0.0};

// T = 5 (the orbit, period ~6.3 and eccentricity ~0.2, passes its pericentre), samples every
// 0.625.
constexpr double kepler_dt0 = 0.625;
constexpr std::size_t kepler_samples = 8;

template <class Stepper>
std::vector<plane_state> kepler_trajectory(std::size_t refine) {
    std::vector<plane_state> out;
    plane_state x = kepler_x0;
    std::size_t n = 0;
    odeint::integrate_n_steps(Stepper(), kepler(), x, 0.0, kepler_dt0 / double(refine),
                              kepler_samples * refine, [&](const plane_state& y, double) {
                                  if (n++ % refine == 0) out.push_back(y);
                              });
    return out;
}

// The reference: chi8 with dt = 0.625/64 ~ 0.0098 (512 steps). Its truncation error, extrapolated
// from the chi8 errors measured below (~5e-12 at dt = 1/32, order 8), is 5e-12 (0.0098 * 32)^8 ~
// 5e-16: what remains is round-off, a few 1e-14. The check below bounds both against two other fine
// runs: chi8 at half the step and chi6 (other weights, other rounding) at dt = 0.625/256, whose
// truncation error is ~3e-11 (1/8)^6 ~ 1e-16 (from chi6's 3e-11 at dt = 0.625/32). Their
// differences (observed <= 1.6e-13, the round-off of the 2048-step chi6 run) bound the reference's
// error by delta = 3e-13. Against the smallest error measured with it, e = 4.5e-12 (chi8 at dt =
// 1/32), that moves the last observed order by at most |log2(1 -+ delta/e)| ~ 1.44 delta/e ~ 0.1
// (the other error of that pair is 256 times larger and hardly moves), which the band absorbs: the
// observed orders there are within 0.03 of 8.
const std::vector<plane_state>& kepler_reference() {
    static const std::vector<plane_state> reference = kepler_trajectory<oc::chi8<plane_state>>(64);
    return reference;
}

constexpr double kepler_reference_accuracy = 3e-13;

BOOST_AUTO_TEST_CASE(kepler_reference_has_converged) {
    const auto& ref = kepler_reference();
    const auto finer = kepler_trajectory<oc::chi8<plane_state>>(128);
    const auto other = kepler_trajectory<oc::chi6<plane_state>>(256);
    BOOST_REQUIRE_EQUAL(ref.size(), kepler_samples + 1);
    BOOST_REQUIRE_EQUAL(finer.size(), kepler_samples + 1);
    BOOST_REQUIRE_EQUAL(other.size(), kepler_samples + 1);
    test_support::trajectory_errors to_finer, to_other;
    for (std::size_t k = 0; k <= kepler_samples; ++k) {
        to_finer.include(finer[k], ref[k]);
        to_other.include(other[k], ref[k]);
    }
    BOOST_TEST_MESSAGE("Kepler reference vs chi8 at half the step: q " << to_finer.q << " p " << to_finer.p
                                                                       << " s " << to_finer.s);
    BOOST_TEST_MESSAGE("Kepler reference vs chi6 at a quarter of the step: q "
                       << to_other.q << " p " << to_other.p << " s " << to_other.s);
    for (double e : {to_finer.q, to_finer.p, to_finer.s, to_other.q, to_other.p, to_other.s})
        BOOST_TEST(e <= kepler_reference_accuracy);
}

// Windows (dt = 0.625 / refine): chi4 1/25.6 .. 1/204.8 (errors ~1e-5 .. 3e-9), chi6 1/6.4 ..
// 1/51.2 (~1e-5 .. 4e-11), chi8 1/8 .. 1/32 (~3e-7 .. 5e-12). chi8 needs dt <= 1/8 before its
// order shows (dt = 0.31 -> 0.16 gives 7.4); at dt = 1/64 its error (~2e-14) is round-off.
BOOST_AUTO_TEST_CASE(perturbed_kepler_orders_4_6_8) {
    const auto H = kepler();
    const auto& reference = kepler_reference();
    const auto ref = [&](std::size_t k) { return reference.at(k); };
    check_orders<oc::chi4<plane_state>>("chi4 Kepler", 4, H, kepler_x0, kepler_dt0, kepler_samples, 16, 3,
                                        ref);
    check_orders<oc::chi6<plane_state>>("chi6 Kepler", 6, H, kepler_x0, kepler_dt0, kepler_samples, 4, 3,
                                        ref);
    check_orders<oc::chi8<plane_state>>("chi8 Kepler", 8, H, kepler_x0, kepler_dt0, kepler_samples, 5, 2,
                                        ref);
}

}  // namespace
