// SPDX-License-Identifier: BSL-1.0
// galerkin_cvi4, the fourth-order Galerkin contact variational integrator:
//  - order 4 in q, p and s on the damped oscillator against its closed form (double and
//    cpp_bin_float_50), and with time-dependent f(t) s on the perturbed Kepler problem and with a
//    time-dependent quadratic action on a driven anharmonic oscillator, against RKF78 references;
//  - every step is a contact map, with conformal factor the RK4 polynomial of e^{-gamma tau} for
//    F = gamma s;
//  - it agrees to 1e-10 over 100 steps with a deliberately naive implementation of the same
//    construction written here from the method alone (50-digit arithmetic, every derivative of z_1
//    by finite differences, generic Newton with a finite-difference Jacobian);
//  - std::array, std::vector and Boost.Units states; every odeint integrate function; linear and
//    quadratic actions and action_term; a Hessian from the potential or by finite differences;
//  - its evaluation counts per step are those documented;
//  - a step that fails throws step_error and leaves the state unchanged.
#define BOOST_TEST_MODULE galerkin_cvi4
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"
#include "units_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

namespace {

using mp = boost::multiprecision::cpp_bin_float_50;
using scalar_state = oc::contact_state<double>;
using mp_state = oc::contact_state<mp>;
using plane = std::array<double, 2>;
using plane_state = oc::contact_state<plane>;
using vector_state = oc::contact_state<std::vector<double>>;

struct counts {
    std::size_t value = 0, gradient = 0, value_and_gradient = 0, hessian = 0;
};

// V = k q^2/2 for a scalar q of any number type, with its Hessian.
template <class Real>
struct spring {
    Real k = Real(1);
    Real value(const Real& q, const Real&) const { return k * q * q / 2; }
    void gradient(const Real& q, const Real&, Real& d) const { d = k * q; }
    void hessian(const Real&, const Real&, oc::hessian_matrix<Real>& H) const { H(0, 0) = k; }
};

// V = -mu(t)/|q| + c |q|^2/2 in the plane for any range Q of doubles (std::array, std::vector),
// mu(t) = 1 + eps sin(omega t); optionally with value_and_gradient and hessian (both or neither),
// counting calls.
template <bool WithHessian>
struct kepler_like {
    double eps = 0.0, omega = 1.0, c = 0.0;
    counts* counter = nullptr;

    double mu(double t) const { return 1.0 + eps * std::sin(omega * t); }
    template <class Q>
    double value(const Q& q, double t) const {
        if (counter) ++counter->value;
        const double r = std::hypot(q[0], q[1]);
        return -mu(t) / r + c * r * r / 2;
    }
    template <class Q, class D>
    void gradient(const Q& q, double t, D& d) const {
        if (counter) ++counter->gradient;
        force(q, t, d);
    }
    template <class Q, class D>
    double force(const Q& q, double t, D& d) const {
        const double r = std::hypot(q[0], q[1]);
        const double a = mu(t) / (r * r * r) + c;
        d[0] = a * q[0];
        d[1] = a * q[1];
        return r;
    }
};

template <>
struct kepler_like<true> : kepler_like<false> {
    template <class Q, class D>
    double value_and_gradient(const Q& q, double t, D& d) const {
        if (counter) ++counter->value_and_gradient;
        const double r = force(q, t, d);
        return -mu(t) / r + c * r * r / 2;
    }
    template <class Q>
    void hessian(const Q& q, double t, oc::hessian_matrix<double>& H) const {
        if (counter) ++counter->hessian;
        // d/dq_j (mu q_i / r^3 + c q_i) = mu (delta_ij / r^3 - 3 q_i q_j / r^5) + c delta_ij
        const double r = std::hypot(q[0], q[1]);
        const double r3 = r * r * r, r5 = r3 * r * r;
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j)
                H(i, j) = mu(t) * ((i == j ? 1.0 : 0.0) / r3 - 3 * q[i] * q[j] / r5) + (i == j ? c : 0.0);
    }
};

// The perturbed Kepler problem of the paper's Figure 2: f(t) = g sin(pi t), g = -0.05.
double kepler_damping(double t) { return -0.05 * std::sin(M_PI * t); }
const plane_state kepler_x0{{0.0, std::sqrt(1.5)}, {0.8, 0.0}, 0.0};

auto kepler_hamiltonian() {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, kepler_like<true>{},
                                          oc::linear_action(&kepler_damping));
}

// Paper eq. 2 for it, written out independently of the library: q' = p, p' = -q/r^3 - f p,
// s' = |p|^2 - H = |p|^2/2 + 1/r - f s.
struct kepler_field {
    void operator()(const plane_state& x, plane_state& dxdt, double t) const {
        const double r = std::hypot(x.q[0], x.q[1]);
        const double f = kepler_damping(t);
        for (int i = 0; i < 2; ++i) {
            dxdt.q[i] = x.p[i];
            dxdt.p[i] = -x.q[i] / (r * r * r) - f * x.p[i];
        }
        dxdt.s = (x.p[0] * x.p[0] + x.p[1] * x.p[1]) / 2 + 1 / r - f * x.s;
    }
};

// A driven anharmonic oscillator with a time-dependent quadratic action (F nonlinear in s, so
// the Newton Jacobian's d^2F/ds^2 terms matter), mass 1.3.
const test_support::anharmonic_potential driven_potential{1.0, 0.4, 1.7, 0.2};
double quadratic_coefficient(double t) { return 0.6 + 0.3 * std::cos(1.3 * t); }
constexpr double driven_mass = 1.3;
const plane_state driven_x0{{1.0, 0.3}, {0.2, 0.7}, 0.4};

auto driven_hamiltonian() {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{driven_mass}, driven_potential,
                                          oc::quadratic_action(&quadratic_coefficient));
}

struct driven_field {
    void operator()(const plane_state& x, plane_state& dxdt, double t) const {
        plane grad;
        driven_potential.gradient(x.q, t, grad);
        const double g = quadratic_coefficient(t);
        for (int i = 0; i < 2; ++i) {
            dxdt.q[i] = x.p[i] / driven_mass;
            dxdt.p[i] = -grad[i] - g * x.s * x.p[i];
        }
        dxdt.s = (x.p[0] * x.p[0] + x.p[1] * x.p[1]) / (2 * driven_mass) - driven_potential.value(x.q, t) -
                 g * x.s * x.s / 2;
    }
};

// Measured orders must lie in [lo, hi] for q, p and s; the finest errors must stay well above
// round-off so that round-off cannot bend the slopes.
void check_orders(const std::string& name, const test_support::error_sequence& e, double lo, double hi,
                  double floor) {
    BOOST_TEST_MESSAGE(name << ": " << e.describe());
    for (const auto* errors : {&e.q, &e.p, &e.s}) {
        for (double o : test_support::observed_orders(*errors))
            BOOST_TEST((o >= lo && o <= hi), name << ": observed order " << o);
        BOOST_TEST(errors->back() > floor, name << ": finest error " << errors->back() << " near round-off");
    }
}

// --- order ------------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(order_four_on_damped_oscillator_in_double) {
    const scalar_state x0{1.0, 0.5, 0.2};
    const double dt0 = 0.1;
    const std::size_t samples = 50;  // t in [0, 5]
    for (double gamma : {0.5, -0.3, 1.5}) {
        const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, spring<double>{},
                                                      oc::linear_action(gamma));
        const test_support::damped_oscillator exact{gamma, 1.0, 1.0};
        const auto e = test_support::errors_over_halvings<oc::galerkin_cvi4<scalar_state>>(
            H, x0, dt0, samples, 1, 3, [&](std::size_t k) { return exact(x0, double(k) * dt0); });
        // e(dt) = c dt^4 (1 + O(dt)): the method is not symmetric, so successive log2 ratios
        // differ from 4 by O(gamma dt0); [3.7, 4.3] holds from the first ratio on for
        // gamma dt0 <= 0.15 (at dt0 = 0.2, gamma = 1.5 the first ratio is 4.49), and an order-3
        // or order-5 slip is outside. The finest errors (dt = 0.0125) are >= 1e-11, two orders
        // above the round-off of 400 steps (~1e-13).
        check_orders("damped oscillator gamma = " + std::to_string(gamma), e, 3.7, 4.3, 1e-12);
    }
}

BOOST_AUTO_TEST_CASE(order_four_on_damped_oscillator_in_cpp_bin_float_50) {
    const mp_state x0{mp(1), mp(0.5), mp(0.2)};
    const mp dt0 = mp(1) / 10;
    const mp gamma = mp(1) / 2;
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<mp>{mp(1)}, spring<mp>{},
                                                  oc::linear_action(gamma));
    const test_support::basic_damped_oscillator<mp> exact{gamma, mp(1), mp(1)};
    const auto e = test_support::errors_over_halvings<oc::galerkin_cvi4<mp_state, mp>>(
        H, x0, dt0, 10, 8, 3, [&](std::size_t k) { return exact(x0, mp(k) * dt0); });
    // dt from 0.0125 to 0.0016: errors 1e-10 .. 4e-14, below double's epsilon at the end and far
    // above 50-digit round-off; with dt0 smaller than above the O(dt) drift of the slope is
    // below 0.05.
    check_orders("damped oscillator, cpp_bin_float_50", e, 3.9, 4.1, 1e-30);
}

BOOST_AUTO_TEST_CASE(order_four_on_perturbed_kepler_with_time_dependent_damping) {
    const double dt0 = 0.25;
    const std::size_t samples = 8;  // t in [0, 2]
    // RKF78 at tolerance 1e-14: global error ~1e-13 over [0, 2] (a few hundred local errors of
    // 1e-14 relative), far below the finest galerkin_cvi4 error (> 1e-9, printed).
    const auto reference = test_support::rkf78_samples(kepler_field{}, kepler_x0, dt0, samples, 1e-14);
    const auto e = test_support::errors_over_halvings<oc::galerkin_cvi4<plane_state>>(
        kepler_hamiltonian(), kepler_x0, dt0, samples, 2, 3, [&](std::size_t k) { return reference.at(k); });
    check_orders("perturbed Kepler, f(t) = -0.05 sin(pi t)", e, 3.7, 4.3, 1e-11);
}

BOOST_AUTO_TEST_CASE(order_four_with_time_dependent_quadratic_action) {
    const double dt0 = 0.25;
    const std::size_t samples = 12;  // t in [0, 3]
    const auto reference = test_support::rkf78_samples(driven_field{}, driven_x0, dt0, samples, 1e-14);
    const auto e = test_support::errors_over_halvings<oc::galerkin_cvi4<plane_state>>(
        driven_hamiltonian(), driven_x0, dt0, samples, 1, 4, [&](std::size_t k) { return reference.at(k); });
    check_orders("driven anharmonic, gamma(t) s^2/2", e, 3.7, 4.3, 1e-11);
}

// The same perturbed Kepler problem in 50-digit arithmetic, against a 50-digit RKF78 reference.
using mp_plane = std::array<mp, 2>;
using mp_plane_state = oc::contact_state<mp_plane>;

mp mp_kepler_damping(const mp& t) { return -mp(5) / 100 * sin(boost::math::constants::pi<mp>() * t); }

struct mp_kepler {
    mp value(const mp_plane& q, const mp&) const { return -1 / sqrt(q[0] * q[0] + q[1] * q[1]); }
    void gradient(const mp_plane& q, const mp&, mp_plane& d) const {
        const mp r = sqrt(q[0] * q[0] + q[1] * q[1]);
        d[0] = q[0] / (r * r * r);
        d[1] = q[1] / (r * r * r);
    }
    void hessian(const mp_plane& q, const mp&, oc::hessian_matrix<mp>& H) const {
        const mp r = sqrt(q[0] * q[0] + q[1] * q[1]);
        const mp r3 = r * r * r, r5 = r3 * r * r;
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j) H(i, j) = (i == j ? mp(1) : mp(0)) / r3 - 3 * q[i] * q[j] / r5;
    }
};

struct mp_kepler_field {
    void operator()(const mp_plane_state& x, mp_plane_state& dxdt, const mp& t) const {
        const mp r = sqrt(x.q[0] * x.q[0] + x.q[1] * x.q[1]);
        const mp f = mp_kepler_damping(t);
        for (int i = 0; i < 2; ++i) {
            dxdt.q[i] = x.p[i];
            dxdt.p[i] = -x.q[i] / (r * r * r) - f * x.p[i];
        }
        dxdt.s = (x.p[0] * x.p[0] + x.p[1] * x.p[1]) / 2 + 1 / r - f * x.s;
    }
};

BOOST_AUTO_TEST_CASE(order_four_on_perturbed_kepler_in_cpp_bin_float_50) {
    const mp_plane_state x0{{mp(0), sqrt(mp(3) / 2)}, {mp(8) / 10, mp(0)}, mp(0)};
    const mp dt0 = mp(1) / 4;
    const std::size_t samples = 4;  // t in [0, 1]
    // Reference: the 8th-order RKF78 formula with fixed steps in 50 digits (odeint's controlled
    // stepper does not compile for arrays of multiprecision numbers in contact_state: its error
    // norm needs range_algebra::norm_inf, which odeint restricts to built-in numbers). Its error
    // is checked by halving: h = 2^-7 against 2^-8 must agree to 1e-19 (measured 4e-23); with
    // order 8 the finer one is then 256 times closer, a millionth of the finest galerkin_cvi4
    // error (~2e-13 at dt = 1/256, printed), which it cannot move in any printed digit.
    auto rk8 = [&](unsigned steps_per_unit) {
        std::vector<mp_plane_state> out{x0};
        odeint::runge_kutta_fehlberg78<mp_plane_state, mp, mp_plane_state, mp> stepper;
        mp_plane_state x = x0;
        const mp h = mp(1) / steps_per_unit;
        const unsigned per_sample = steps_per_unit / 4;
        for (std::size_t k = 0; k < samples; ++k) {
            for (unsigned j = 0; j < per_sample; ++j)
                stepper.do_step(mp_kepler_field{}, x, mp(k * per_sample + j) * h, h);
            out.push_back(x);
        }
        return out;
    };
    const std::vector<mp_plane_state> reference = rk8(256);
    {
        const std::vector<mp_plane_state> coarse = rk8(128);
        test_support::trajectory_errors d;
        for (std::size_t k = 0; k <= samples; ++k) d.include(coarse[k], reference[k]);
        BOOST_TEST_MESSAGE("RKF78 reference, h = 2^-7 vs 2^-8: q " << d.q << " p " << d.p << " s " << d.s);
        BOOST_TEST(std::max({d.q, d.p, d.s}) <= 1e-19);
    }
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<mp>{mp(1)}, mp_kepler{},
                                                  oc::linear_action(&mp_kepler_damping));
    const auto e = test_support::errors_over_halvings<oc::galerkin_cvi4<mp_plane_state, mp>>(
        H, x0, dt0, samples, 8, 3, [&](std::size_t k) { return reference.at(k); });
    // dt from 1/32 to 1/256: the O(dt) drift of the slope is below 0.05.
    check_orders("perturbed Kepler, cpp_bin_float_50", e, 3.9, 4.1, 1e-30);
}

// --- contact map ------------------------------------------------------------------------------

template <class State, class System>
auto galerkin_map(const System& H, double t, double tau) {
    return [&H, t, tau](const State& x) {
        oc::galerkin_cvi4<State> stepper;
        State y = x;
        stepper.do_step(H, y, t, tau);
        return y;
    };
}

// As in test_cvi2_contact.cpp: the five-point Jacobian (h = 1e-3) resolves ~1e-12 per entry;
// Newton's convergence to ~1e-15 adds nothing visible; 1e-9 leaves a margin and is far below a
// wrong factor (e^{-gamma tau} differs from the RK4 polynomial by (gamma tau)^5/120 ~ 1e-7 at
// gamma tau = 0.3 only at the 1e-7 level, so those cases use gamma tau >= 0.3) and below any
// non-contact deviation of an O(tau^5)-wrong map.
constexpr double jacobian_tolerance = 1e-9;

BOOST_AUTO_TEST_CASE(contact_with_rk4_factor_for_constant_linear_damping) {
    const double tau = 0.3;
    for (double gamma : {1.0, -1.5, 3.0}) {
        const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{1.7}, kepler_like<true>{},
                                                      oc::linear_action(gamma));
        const plane_state x{{0.3, 1.1}, {0.7, -0.2}, 0.4};
        const auto pb = test_support::pull_back_contact_form(galerkin_map<plane_state>(H, 0.25, tau), x);
        const double y = -gamma * tau;
        const double expected = 1 + y + y * y / 2 + y * y * y / 6 + y * y * y * y / 24;
        BOOST_TEST_MESSAGE("gamma = " << gamma << ": lambda = " << pb.lambda << " (RK4 polynomial " << expected
                                      << ", exp " << std::exp(y) << "), deviation from contact "
                                      << pb.max_deviation);
        BOOST_TEST(std::abs(pb.lambda - expected) <= jacobian_tolerance);
        BOOST_TEST(pb.max_deviation <= jacobian_tolerance);
    }
}

BOOST_AUTO_TEST_CASE(contact_with_time_dependent_and_nonlinear_actions) {
    const plane_state x{{0.3, 1.1}, {0.7, -0.2}, 0.4};
    {
        const auto pb = test_support::pull_back_contact_form(
            galerkin_map<plane_state>(kepler_hamiltonian(), 0.7, 0.3), x);
        BOOST_TEST_MESSAGE("f(t): lambda = " << pb.lambda << ", deviation " << pb.max_deviation);
        BOOST_TEST(pb.max_deviation <= jacobian_tolerance);
    }
    {
        const auto pb = test_support::pull_back_contact_form(
            galerkin_map<plane_state>(driven_hamiltonian(), 0.7, 0.3), x);
        BOOST_TEST_MESSAGE("gamma(t) s^2/2: lambda = " << pb.lambda << ", deviation " << pb.max_deviation);
        BOOST_TEST(pb.max_deviation <= jacobian_tolerance);
        BOOST_TEST(pb.lambda > 0);
    }
}

// --- an independent implementation of the same construction --------------------------------------
//
// Written from the method (issue 12), not from the stepper: z_1 is computed literally (quadratic
// through q_k, b, q_{k+1}; one RK4 step of z' = L(q, q', z, t) with stages on the nodes), all its
// partial derivatives by central differences in 50-digit arithmetic (step 1e-15: truncation
// ~1e-30, round-off ~1e-35), the two stationarity conditions solved by a chord iteration: Newton
// with the finite-difference Jacobian of the residual (step 1e-12) at the predictor, kept for the
// step (one residual per iteration instead of nine; it converges linearly to the same root, in
// 3 to 19 iterations per step over the 100 steps below), and Gauss-Jordan elimination.
struct naive_galerkin {
    using vec = std::array<mp, 2>;
    std::function<mp(const vec&, const vec&, const mp&, const mp&)> L;  // L(q, v, z, t)

    mp z1(const vec& q0, const vec& b, const vec& q1, const mp& s0, const mp& t, const mp& tau) const {
        vec v0, vm, v1;
        for (int i = 0; i < 2; ++i) {
            v0[i] = (-3 * q0[i] + 4 * b[i] - q1[i]) / tau;
            vm[i] = (q1[i] - q0[i]) / tau;
            v1[i] = (q0[i] - 4 * b[i] + 3 * q1[i]) / tau;
        }
        const mp k1 = L(q0, v0, s0, t);
        const mp k2 = L(b, vm, s0 + tau / 2 * k1, t + tau / 2);
        const mp k3 = L(b, vm, s0 + tau / 2 * k2, t + tau / 2);
        const mp k4 = L(q1, v1, s0 + tau * k3, t + tau);
        return s0 + tau / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
    }

    // Arguments packed as a[0..1] = q0, a[2..3] = b, a[4..5] = q1, a[6] = s0.
    mp z1(const std::array<mp, 7>& a, const mp& t, const mp& tau) const {
        return z1({a[0], a[1]}, {a[2], a[3]}, {a[4], a[5]}, a[6], t, tau);
    }
    mp partial(std::array<mp, 7> a, int k, const mp& t, const mp& tau) const {
        const mp h("1e-15");
        const mp x = a[k];
        a[k] = x + h;
        const mp up = z1(a, t, tau);
        a[k] = x - h;
        const mp down = z1(a, t, tau);
        return (up - down) / (2 * h);
    }
    // (dz1/db, dz1/dq0 + p0 dz1/ds0) at y = (b, q1).
    std::array<mp, 4> residual(const std::array<mp, 4>& y, const vec& q0, const vec& p0, const mp& s0, const mp& t,
                               const mp& tau) const {
        const std::array<mp, 7> a = {q0[0], q0[1], y[0], y[1], y[2], y[3], s0};
        const mp zs = partial(a, 6, t, tau);
        return {partial(a, 2, t, tau), partial(a, 3, t, tau), partial(a, 0, t, tau) + p0[0] * zs,
                partial(a, 1, t, tau) + p0[1] * zs};
    }

    void step(vec& q, vec& p, mp& s, const mp& t, const mp& tau) const {
        std::array<mp, 4> y = {q[0] + tau / 2 * p[0], q[1] + tau / 2 * p[1], q[0] + tau * p[0], q[1] + tau * p[1]};
        mp J0[4][4];
        for (int it = 0;; ++it) {
            BOOST_REQUIRE(it < 40);
            const std::array<mp, 4> r = residual(y, q, p, s, t, tau);
            if (it == 0) {
                const mp h("1e-12");
                for (int j = 0; j < 4; ++j) {
                    std::array<mp, 4> yp = y, ym = y;
                    yp[j] += h;
                    ym[j] -= h;
                    const auto rp = residual(yp, q, p, s, t, tau), rm = residual(ym, q, p, s, t, tau);
                    for (int i = 0; i < 4; ++i) J0[i][j] = (rp[i] - rm[i]) / (2 * h);
                }
            }
            mp J[4][5];
            for (int i = 0; i < 4; ++i) {
                for (int j = 0; j < 4; ++j) J[i][j] = J0[i][j];
                J[i][4] = -r[i];
            }
            for (int c = 0; c < 4; ++c) {  // Gauss-Jordan with partial pivoting
                int piv = c;
                for (int i = c + 1; i < 4; ++i)
                    if (abs(J[i][c]) > abs(J[piv][c])) piv = i;
                for (int j = 0; j < 5; ++j) std::swap(J[c][j], J[piv][j]);
                for (int i = 0; i < 4; ++i) {
                    if (i == c) continue;
                    const mp l = J[i][c] / J[c][c];
                    for (int j = c; j < 5; ++j) J[i][j] -= l * J[c][j];
                }
            }
            mp largest = 0;
            for (int i = 0; i < 4; ++i) {
                const mp d = J[i][4] / J[i][i];
                y[i] += d;
                largest = std::max(largest, mp(abs(d)));
            }
            if (largest < mp("1e-25")) break;
        }
        const std::array<mp, 7> a = {q[0], q[1], y[0], y[1], y[2], y[3], s};
        const vec p1 = {partial(a, 4, t, tau), partial(a, 5, t, tau)};
        s = z1(a, t, tau);
        q = {y[2], y[3]};
        p = p1;
    }
};

BOOST_AUTO_TEST_CASE(agrees_with_an_independent_implementation_over_100_steps) {
    // m = 1.3, V = -(1 + 0.2 sin 2t)/|q| + 0.05 |q|^2/2... as kepler_like{0.2, 2, 0.05}, and
    // F = gamma(t) s^2/2: time dependence in V and F and an action nonlinear in s.
    const double m = 1.3;
    kepler_like<true> V;
    V.eps = 0.2;
    V.omega = 2.0;
    V.c = 0.05;
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{m}, V,
                                                  oc::quadratic_action(&quadratic_coefficient));
    naive_galerkin naive;
    // L is evaluated at only three times per step (the nodes), thousands of times each: the
    // 50-digit sin and cos of the last times are kept, and the constants parsed once.
    struct time_factors {
        mp t, mu, gamma;
    };
    naive.L = [m = mp(m), eps = mp("0.2"), c = mp("0.05"), g0 = mp("0.6"), g1 = mp("0.3"), w = mp("1.3"),
               seen = std::vector<time_factors>{}](const naive_galerkin::vec& q, const naive_galerkin::vec& v,
                                                   const mp& z, const mp& t) mutable {
        auto at = std::find_if(seen.begin(), seen.end(), [&](const time_factors& f) { return f.t == t; });
        if (at == seen.end()) {
            if (seen.size() == 3) seen.erase(seen.begin());
            seen.push_back({t, 1 + eps * sin(2 * t), g0 + g1 * cos(w * t)});
            at = seen.end() - 1;
        }
        const mp r = sqrt(q[0] * q[0] + q[1] * q[1]);
        const mp V = -at->mu / r + c * r * r / 2;
        return m * (v[0] * v[0] + v[1] * v[1]) / 2 - V - at->gamma * z * z / 2;
    };
    const double tau = 0.05;
    // A mildly eccentric orbit: r stays in [0.7, 1.3]. (From q = (0.9, 0.2), p = (0.1, 1) the
    // orbit dives to r ~ 0.1 with |p| ~ 4 and tau = 0.05 is too long for the Galerkin equations to
    // have a root near the predictor: the stepper then throws, as it should.)
    plane_state x{{1.0, 0.0}, {0.0, 1.0}, 0.3};
    naive_galerkin::vec q = {mp(x.q[0]), mp(x.q[1])}, p = {mp(x.p[0]), mp(x.p[1])};
    mp s = mp(x.s);
    oc::galerkin_cvi4<plane_state> stepper;
    double worst = 0.0;
    for (int k = 0; k < 100; ++k) {
        // Both at t = k tau, rounded the same way: the naive one gets the double time exactly.
        const double t = k * tau;
        stepper.do_step(H, x, t, tau);
        naive.step(q, p, s, mp(t), mp(tau));
        for (int i = 0; i < 2; ++i)
            worst = std::max({worst, std::abs(x.q[i] - double(q[i])), std::abs(x.p[i] - double(p[i]))});
        worst = std::max(worst, std::abs(x.s - double(s)));
    }
    BOOST_TEST_MESSAGE("galerkin_cvi4 vs naive 50-digit implementation, 100 steps: max difference " << worst);
    // The naive one is exact to ~1e-25 per step; the stepper carries double round-off: Newton
    // stops within 8 eps of the step's displacement, q_new = q + d rounds once, and the sums of
    // p and s round a few times: some eps per step, grown over 100 steps of an orbit to ~1e-13
    // (measured 5e-13). Any error in the method (a wrong sign in a c_i, a stage at
    // the wrong node or time) is O(tau^k) per step for some k <= 5, far above 1e-10.
    BOOST_TEST(worst <= 1e-10);
}

// --- states, integrate functions, actions -----------------------------------------------------

BOOST_AUTO_TEST_CASE(std_vector_and_std_array_states_step_alike) {
    const auto H = kepler_hamiltonian();
    plane_state a = kepler_x0;
    vector_state v{{kepler_x0.q[0], kepler_x0.q[1]}, {kepler_x0.p[0], kepler_x0.p[1]}, kepler_x0.s};
    oc::galerkin_cvi4<plane_state> sa;
    oc::galerkin_cvi4<vector_state> sv;
    for (int k = 0; k < 20; ++k) {
        sa.do_step(H, a, 0.1 * k, 0.1);
        sv.do_step(H, v, 0.1 * k, 0.1);
    }
    // The same arithmetic on the same plain numbers: equal to the bit.
    for (int i = 0; i < 2; ++i) {
        BOOST_TEST(a.q[i] == v.q[i]);
        BOOST_TEST(a.p[i] == v.p[i]);
    }
    BOOST_TEST(a.s == v.s);
}

BOOST_AUTO_TEST_CASE(boost_units_states_step_like_plain_numbers) {
    namespace su = test_support::si_units;
    using ustepper = oc::galerkin_cvi4<su::ustate, double, su::uderiv, su::utime>;
    const auto Hu = su::unit_damped_spring(1.5, 2.0, 0.3);
    const auto Hp = su::plain_damped_spring(1.5, 2.0, 0.3);
    su::ustate xu{0.7 * su::si::meter, 0.2 * su::si::kilogram * su::si::meter / su::si::second,
                  0.1 * su::si::joule * su::si::second};
    scalar_state xp{0.7, 0.2, 0.1};
    const su::utime end = odeint::integrate_n_steps(ustepper(), Hu, xu, 0.0 * su::si::second, 0.1 * su::si::second, 30);
    BOOST_TEST(std::abs(end.value() - 3.0) <= 1e-15);
    odeint::integrate_n_steps(oc::galerkin_cvi4<scalar_state>(), Hp, xp, 0.0, 0.1, 30);
    // The stepper works on the SI values either way; the units path adds only conversions, which
    // are exact for SI quantities, and the spring's k q^2/2.0 vs k q q/2: a few ulps.
    BOOST_TEST(std::abs(xu.q.value() - xp.q) <= 1e-14);
    BOOST_TEST(std::abs(xu.p.value() - xp.p) <= 1e-14);
    BOOST_TEST(std::abs(xu.s.value() - xp.s) <= 1e-14);
    // integrate_const with units (boost/units/limits.hpp is included by units_support.hpp).
    su::ustate yu{0.7 * su::si::meter, 0.2 * su::si::kilogram * su::si::meter / su::si::second,
                  0.1 * su::si::joule * su::si::second};
    // The end 3.05 s, not 3 s: odeint compares times with an absolute epsilon and may stop a step
    // short of an end that is a multiple of dt, so the last step would be left out.
    odeint::integrate_const(ustepper(), Hu, yu, 0.0 * su::si::second, 3.05 * su::si::second, 0.1 * su::si::second);
    BOOST_TEST(std::abs(yu.q.value() - xp.q) <= 1e-12);
}

BOOST_AUTO_TEST_CASE(every_integrate_function_takes_the_same_steps) {
    const auto H = kepler_hamiltonian();
    const double dt = 0.1;
    const int n = 20;
    plane_state manual = kepler_x0;
    oc::galerkin_cvi4<plane_state> stepper;
    for (int k = 0; k < n; ++k) stepper.do_step(H, manual, k * dt, dt);

    auto close = [&](const plane_state& x, const char* name) {
        // odeint forms t_k as t0 + k dt like the loop above, up to the last bit of t in f(t):
        // differences of a few ulps.
        const double d = std::max({std::abs(x.q[0] - manual.q[0]), std::abs(x.q[1] - manual.q[1]),
                                   std::abs(x.p[0] - manual.p[0]), std::abs(x.p[1] - manual.p[1]),
                                   std::abs(x.s - manual.s)});
        BOOST_TEST(d <= 1e-13, name << ": differs by " << d);
    };
    plane_state x = kepler_x0;
    BOOST_TEST(odeint::integrate_n_steps(oc::galerkin_cvi4<plane_state>(), H, x, 0.0, dt, n) == n * dt);
    close(x, "integrate_n_steps");
    x = kepler_x0;
    odeint::integrate_const(oc::galerkin_cvi4<plane_state>(), H, x, 0.0, n * dt + dt / 2, dt);
    close(x, "integrate_const");
    x = kepler_x0;
    std::vector<double> times;
    for (int k = 0; k <= n; ++k) times.push_back(k * dt);
    odeint::integrate_times(oc::galerkin_cvi4<plane_state>(), H, x, times.begin(), times.end(), dt,
                            odeint::null_observer());
    close(x, "integrate_times");
    x = kepler_x0;
    odeint::integrate_adaptive(oc::galerkin_cvi4<plane_state>(), H, x, 0.0, n * dt, dt);
    close(x, "integrate_adaptive");
    x = kepler_x0;
    plane_state out;
    oc::galerkin_cvi4<plane_state> s2;
    for (int k = 0; k < n; ++k) {
        s2.do_step(H, x, k * dt, out, dt);
        x = out;
    }
    close(x, "out-of-place do_step");
}

BOOST_AUTO_TEST_CASE(action_term_steps_like_the_closed_form_actions) {
    // action_term has no second_derivative: the Jacobian's d^2F/ds^2 comes from a central
    // difference. Only Newton's path changes, not the equations: the results agree to the
    // precision Newton converges to (tol 8 eps |x|), accumulated over 10 steps.
    const plane_state x0{{1.0, 0.3}, {0.2, 0.7}, 0.4};
    const auto Hq = driven_hamiltonian();
    const auto Ht = oc::make_separable_hamiltonian(
        oc::quadratic_kinetic<>{driven_mass}, driven_potential,
        oc::action_term([](double s, double t) { return quadratic_coefficient(t) * s * s / 2; },
                        [](double s, double t) { return quadratic_coefficient(t) * s; }));
    const auto Hl = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{driven_mass}, driven_potential,
                                                   oc::linear_action(0.4));
    const auto Hlt = oc::make_separable_hamiltonian(
        oc::quadratic_kinetic<>{driven_mass}, driven_potential,
        oc::action_term([](double s, double) { return 0.4 * s; }, [](double, double) { return 0.4; }));
    auto run = [&](const auto& H) {
        plane_state x = x0;
        odeint::integrate_n_steps(oc::galerkin_cvi4<plane_state>(), H, x, 0.0, 0.2, 10);
        return x;
    };
    for (const auto& pair : {std::make_pair(run(Hq), run(Ht)), std::make_pair(run(Hl), run(Hlt))}) {
        const plane_state& a = pair.first;
        const plane_state& b = pair.second;
        const double d = std::max({std::abs(a.q[0] - b.q[0]), std::abs(a.q[1] - b.q[1]), std::abs(a.p[0] - b.p[0]),
                                   std::abs(a.p[1] - b.p[1]), std::abs(a.s - b.s)});
        BOOST_TEST_MESSAGE("closed form vs action_term: " << d);
        BOOST_TEST(d <= 1e-13);
    }
}

BOOST_AUTO_TEST_CASE(finite_difference_hessian_gives_the_same_step) {
    // Same equations, different Jacobian: from the same state, the converged steps agree to
    // Newton's tolerance. Each x = (b - q, q_new - q) is within tol = 8 eps |x|_inf of the root,
    // so q_new differs by at most 2 tol (plus one rounding of q + x each); p_new depends on x
    // through the node velocities, with |dp_new/dx| <= 5 m/tau (the weights of the velocities in
    // p_new), so p_new differs by at most 10 (m/tau) tol ~ 80 eps |p|; s_new is stationary in b
    // and has slope p_new in q_new: |p| 2 tol, plus its own rounding.
    kepler_like<false> plain;
    kepler_like<true> with_hessian;
    for (auto* V : {static_cast<kepler_like<false>*>(&plain), static_cast<kepler_like<false>*>(&with_hessian)}) {
        V->eps = 0.3;
        V->omega = 1.1;
    }
    const auto Hp = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, plain, oc::linear_action(0.2));
    const auto Hh = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, with_hessian, oc::linear_action(0.2));
    const double tau = 0.2, eps = std::numeric_limits<double>::epsilon();
    oc::galerkin_cvi4<plane_state> sp, sh;
    plane_state x = kepler_x0;
    for (int k = 0; k < 20; ++k) {
        plane_state a, b;
        sp.do_step(Hp, x, k * tau, a, tau);
        sh.do_step(Hh, x, k * tau, b, tau);
        // |x| = |q_new - q|: from b, rounded, so 2 in 1e15 relative is within the margin of 8.
        const double size = std::max(std::abs(b.q[0] - x.q[0]), std::abs(b.q[1] - x.q[1]));
        const double tol = 8 * eps * size;
        const double p_size = std::max(std::abs(b.p[0]), std::abs(b.p[1]));
        for (int i = 0; i < 2; ++i) {
            BOOST_TEST(std::abs(a.q[i] - b.q[i]) <= 2 * tol + eps * std::abs(b.q[i]));
            BOOST_TEST(std::abs(a.p[i] - b.p[i]) <= 10 / tau * tol);
        }
        BOOST_TEST(std::abs(a.s - b.s) <= p_size * 2 * tol + 4 * eps * std::abs(b.s));
        x = b;
    }
}

// --- cost -------------------------------------------------------------------------------------

// F = gamma s^2/2 with its second derivative, counting the calls of each member.
struct counted_action {
    struct calls {
        std::size_t value = 0, derivative = 0, second = 0;
    };
    double gamma;
    calls* counter;
    double value(double s, double) const {
        ++counter->value;
        return gamma * s * s / 2;
    }
    double derivative(double s, double) const {
        ++counter->derivative;
        return gamma * s;
    }
    double second_derivative(double, double) const {
        ++counter->second;
        return gamma;
    }
};

BOOST_AUTO_TEST_CASE(evaluations_per_step_are_as_documented) {
    counts c;
    kepler_like<true> V;
    V.counter = &c;
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, V, oc::linear_action(&kepler_damping));
    oc::galerkin_cvi4<plane_state> stepper;
    plane_state x = kepler_x0;
    for (int k = 0; k < 10; ++k) {
        c = counts{};
        stepper.do_step(H, x, 0.1 * k, 0.1);
        const std::size_t N = stepper.last_iterations();
        BOOST_TEST_MESSAGE("step " << k << ": " << N << " Newton updates");
        // N + 3 calls of value_and_gradient (q_k, N + 1 at b, q_{k+1}), N Hessians.
        BOOST_TEST(c.value_and_gradient == N + 3);
        BOOST_TEST(c.hessian == N);
        BOOST_TEST(c.value == 0u);
        BOOST_TEST(c.gradient == 0u);
        // Kepler at tau = 0.1 from an O(tau^3) predictor: 2 or 3 updates in double.
        BOOST_TEST((N >= 2 && N <= 3));
    }
    // The action: F at s_k, at z_a and z_b per residual (N + 1 of them) and at z_c at the end;
    // dF/ds at s_k and at z_a, z_b, z_c per residual; d^2F/ds^2 at z_a, z_b, z_c per Jacobian.
    {
        counted_action::calls calls;
        const auto Ha = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, kepler_like<true>{},
                                                       counted_action{0.3, &calls});
        oc::galerkin_cvi4<plane_state> s3;
        plane_state z{{0.3, 1.1}, {0.7, -0.2}, 0.4};
        s3.do_step(Ha, z, 0.0, 0.1);
        const std::size_t M = s3.last_iterations();
        BOOST_TEST(calls.value == 2 * M + 4);
        BOOST_TEST(calls.derivative == 3 * M + 4);
        BOOST_TEST(calls.second == 3 * M);
    }
    // Without a Hessian (and without value_and_gradient): 2n = 4 gradients per Jacobian.
    counts d;
    kepler_like<false> W;
    W.counter = &d;
    const auto Hw = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, W, oc::linear_action(&kepler_damping));
    oc::galerkin_cvi4<plane_state> s2;
    plane_state y = kepler_x0;
    s2.do_step(Hw, y, 0.0, 0.1);
    const std::size_t N = s2.last_iterations();
    BOOST_TEST(d.value == N + 3);
    BOOST_TEST(d.gradient == N + 3 + 4 * N);
    BOOST_TEST(d.hessian == 0u);
}

// --- failure ----------------------------------------------------------------------------------

// V = -1/|q| with a NaN beyond q_0 = 5: a step that reaches there cannot be taken.
struct walled_potential {
    template <class Q>
    double value(const Q& q, double) const {
        return q[0] > 5 ? std::nan("") : -1 / std::hypot(q[0], q[1]);
    }
    template <class Q, class D>
    void gradient(const Q& q, double, D& d) const {
        const double r = std::hypot(q[0], q[1]);
        d[0] = q[0] > 5 ? std::nan("") : q[0] / (r * r * r);
        d[1] = q[1] / (r * r * r);
    }
};

template <class Stepper, class System>
void check_failure_leaves_state(Stepper& stepper, const System& H, const plane_state& x0, double t, double dt) {
    plane_state x = x0;
    BOOST_CHECK_THROW(stepper.do_step(H, x, t, dt), oc::step_error);
    BOOST_TEST(x.q == x0.q);
    BOOST_TEST(x.p == x0.p);
    BOOST_TEST(x.s == x0.s);
    plane_state out = x0;
    out.s = 99;
    BOOST_CHECK_THROW(stepper.do_step(H, x0, t, out, dt), oc::step_error);
    BOOST_TEST(out.s == 99.0);
    try {
        stepper.do_step(H, x, t, dt);
    } catch (const oc::step_error& e) {
        BOOST_TEST_MESSAGE(e.what());
        BOOST_TEST(std::string(e.what()).find("galerkin_cvi4") != std::string::npos);
        BOOST_TEST(std::string(e.what()).find("unchanged") != std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(failed_steps_throw_and_leave_the_state_unchanged) {
    oc::galerkin_cvi4<plane_state> stepper;
    // A non-finite potential inside the step.
    const auto Hw = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, walled_potential{}, oc::linear_action(0.1));
    check_failure_leaves_state(stepper, Hw, plane_state{{4.9, 0.5}, {10.0, 0.0}, 0.0}, 0.0, 0.1);
    // A quadratic action driven far beyond the step's reach: s_k = -40, gamma tau s_k = -20.
    const auto Hq = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, kepler_like<true>{},
                                                   oc::quadratic_action(1.0));
    check_failure_leaves_state(stepper, Hq, plane_state{{1.0, 0.0}, {0.0, 1.0}, -40.0}, 0.0, 0.5);
    // The stepper is still usable after a failure.
    plane_state x = kepler_x0;
    stepper.do_step(kepler_hamiltonian(), x, 0.0, 0.1);
    BOOST_TEST(std::isfinite(x.s));
    // dt = 0 and non-finite times are parameter errors.
    BOOST_CHECK_THROW(stepper.do_step(kepler_hamiltonian(), x, 0.0, 0.0), oc::parameter_error);
    BOOST_CHECK_THROW(stepper.do_step(kepler_hamiltonian(), x, std::nan(""), 0.1), oc::parameter_error);
}

}  // namespace
