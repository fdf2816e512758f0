// SPDX-License-Identifier: BSL-1.0
// Contact variational integrators for a general contact Lagrangian L(q, v, z, t)
// (contact_lagrangian.hpp):
//  - the odeint system function of make_contact_lagrangian is the Herglotz field: for a separable L
//    it equals the separable Hamiltonian's field (paper eq. 2);
//  - cvi2, cvi4 and galerkin_cvi4 on non-separable Lagrangians (a damped double pendulum with its configuration-
//    dependent mass matrix; a charged particle with friction in a non-uniform magnetic field, with
//    time dependence and an action term nonlinear in z) have orders 2, 4 and 4 in q, p and s against
//    odeint's runge_kutta_fehlberg78 at tolerance 1e-13 on the same system function;
//  - the steps are contact maps; for L = m|v|^2/2 - V - F the general step is the separable cvi2
//    (and cvi4, galerkin_cvi4) to round-off;
//  - the analytic Hessian and the difference Jacobian give the same step; the declared mass matrix
//    and Newton give the same Legendre transform;
//  - a Lagrangian that is NaN where a step lands: step_error, the state unchanged;
//  - std::array and std::vector coordinates (Eigen in test_eigen.cpp, Boost.Units in test_units.cpp).
#define BOOST_TEST_MODULE contact_lagrangian
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

namespace {

using plane = std::array<double, 2>;
using plane_state = oc::contact_state<plane>;
using vector_state = oc::contact_state<std::vector<double>>;

// Damped double pendulum, unit masses, lengths and gravity, angles q = (theta_1, theta_2):
//   L = v.M(q)v/2 + 2g cos q_1 + g cos q_2 - gamma z,  M = [[2, c], [c, 1]], c = cos(q_1 - q_2).
// No hessian: the steps difference the partials; no mass matrix: v from p by Newton.
struct double_pendulum {
    double g = 1.0;
    double gamma = 0.3;
    mutable long values = 0, partial_calls = 0;

    template <class Q>
    double value(const Q& q, const Q& v, double z, double) const {
        ++values;
        const double c = std::cos(q[0] - q[1]);
        const double T = (2 * v[0] * v[0] + 2 * c * v[0] * v[1] + v[1] * v[1]) / 2;
        return T + 2 * g * std::cos(q[0]) + g * std::cos(q[1]) - gamma * z;
    }
    template <class Q, class P>
    double partials(const Q& q, const Q& v, double, double, P& dq, P& dv) const {
        ++partial_calls;
        const double c = std::cos(q[0] - q[1]), sd = std::sin(q[0] - q[1]);
        dq[0] = -sd * v[0] * v[1] - 2 * g * std::sin(q[0]);
        dq[1] = sd * v[0] * v[1] - g * std::sin(q[1]);
        dv[0] = 2 * v[0] + c * v[1];
        dv[1] = c * v[0] + v[1];
        return -gamma;
    }
};

// A charged particle (mass m, charge 1) in the plane with friction, in the non-uniform field
// B(q) = B0 (1 + eps |q|^2) of the potential A = B(q) (-q_2, q_1)/2, a time-dependent spring and an
// action term nonlinear in z:
//   L = m|v|^2/2 + v.A(q) - k(t)|q|^2/2 - gamma z - delta z^2/2,   k(t) = k0 (1 + 0.3 sin 2t).
// With its exact hessian and its constant mass matrix m I.
struct magnetic_friction {
    double m = 1.3, B0 = 1.1, eps = 0.4, k0 = 1.0, gamma = 0.2, delta = 0.15;

    double k(double t) const { return k0 * (1 + 0.3 * std::sin(2 * t)); }
    // A and dA_i/dq_j.
    template <class Q>
    void potential(const Q& q, double A[2], double dA[2][2]) const {
        const double b = B0 * (1 + eps * (q[0] * q[0] + q[1] * q[1]));
        const double be = B0 * eps;
        A[0] = -b * q[1] / 2;
        A[1] = b * q[0] / 2;
        dA[0][0] = -be * q[0] * q[1];
        dA[0][1] = -be * q[1] * q[1] - b / 2;
        dA[1][0] = be * q[0] * q[0] + b / 2;
        dA[1][1] = be * q[0] * q[1];
    }
    template <class Q>
    double value(const Q& q, const Q& v, double z, double t) const {
        double A[2], dA[2][2];
        potential(q, A, dA);
        return m * (v[0] * v[0] + v[1] * v[1]) / 2 + v[0] * A[0] + v[1] * A[1] -
               k(t) * (q[0] * q[0] + q[1] * q[1]) / 2 - gamma * z - delta * z * z / 2;
    }
    template <class Q, class P>
    double partials(const Q& q, const Q& v, double z, double t, P& dq, P& dv) const {
        double A[2], dA[2][2];
        potential(q, A, dA);
        for (int j = 0; j < 2; ++j) {
            dq[j] = v[0] * dA[0][j] + v[1] * dA[1][j] - k(t) * q[j];
            dv[j] = m * v[j] + A[j];
        }
        return -gamma - delta * z;
    }
    // Order (q_1, q_2, v_1, v_2, z).
    template <class Q>
    void hessian(const Q& q, const Q& v, double, double t, oc::hessian_matrix<double>& H) const {
        double A[2], dA[2][2];
        potential(q, A, dA);
        const double be = B0 * eps;
        // d^2 A_i / dq_j dq_l
        const double d2A0[2][2] = {{-be * q[1], -be * q[0]}, {-be * q[0], -3 * be * q[1]}};
        const double d2A1[2][2] = {{3 * be * q[0], be * q[1]}, {be * q[1], be * q[0]}};
        for (int j = 0; j < 2; ++j) {
            for (int l = 0; l < 2; ++l) H(j, l) = v[0] * d2A0[j][l] + v[1] * d2A1[j][l] - (j == l ? k(t) : 0.0);
            for (int i = 0; i < 2; ++i) {
                H(j, 2 + i) = dA[i][j];
                H(2 + i, j) = dA[i][j];
            }
            H(2 + j, 2 + j) = m;
        }
        H(4, 4) = -delta;
    }
    void mass_matrix(oc::hessian_matrix<double>& M) const {
        M(0, 0) = m;
        M(1, 1) = m;
    }
};

// The same Lagrangian offering fewer members (value and partials only; or also the hessian).
template <class L>
struct only_partials {
    L l;
    template <class Q>
    double value(const Q& q, const Q& v, double z, double t) const { return l.value(q, v, z, t); }
    template <class Q, class P>
    double partials(const Q& q, const Q& v, double z, double t, P& dq, P& dv) const {
        return l.partials(q, v, z, t, dq, dv);
    }
};
template <class L>
struct without_mass_matrix : only_partials<L> {
    template <class Q>
    void hessian(const Q& q, const Q& v, double z, double t, oc::hessian_matrix<double>& H) const {
        this->l.hessian(q, v, z, t, H);
    }
};

// L = m|v|^2/2 - V(q, t) - f(t) z with the harmonic V of test_support: the separable case.
struct separable_lagrangian {
    double m = 1.7;
    test_support::harmonic_potential<> V{1.0, 0.5, 2.0};
    double f(double t) const { return 0.4 + 0.3 * std::sin(t); }
    template <class Q>
    double value(const Q& q, const Q& v, double z, double t) const {
        double v2 = 0;
        for (std::size_t i = 0; i < std::size(v); ++i) v2 += v[i] * v[i];
        return m * v2 / 2 - V.value(q, t) - f(t) * z;
    }
    template <class Q, class P>
    double partials(const Q& q, const Q& v, double, double t, P& dq, P& dv) const {
        V.gradient(q, t, dq);
        for (std::size_t i = 0; i < std::size(v); ++i) {
            dq[i] = -dq[i];
            dv[i] = m * v[i];
        }
        return -f(t);
    }
};

double max_difference(const plane_state& a, const plane_state& b) {
    return std::max({std::abs(a.q[0] - b.q[0]), std::abs(a.q[1] - b.q[1]), std::abs(a.p[0] - b.p[0]),
                     std::abs(a.p[1] - b.p[1]), std::abs(a.s - b.s)});
}

// Measured orders must lie in [lo, hi] for q, p and s, and the finest error must stay above
// `floor` (well above the reference's and round-off's error, so the orders are the method's).
// The first `skip` observed orders are only reported.
void check_orders(const std::string& name, const test_support::error_sequence& e, double lo, double hi,
                  double floor, std::size_t skip = 0) {
    BOOST_TEST_MESSAGE(name << ": " << e.describe());
    for (const std::vector<double>* errors : {&e.q, &e.p, &e.s}) {
        const std::vector<double> orders = test_support::observed_orders(*errors);
        for (std::size_t i = skip; i < orders.size(); ++i)
            BOOST_TEST((orders[i] >= lo && orders[i] <= hi), name << ": observed order " << orders[i]);
        BOOST_TEST(errors->back() > floor, name << ": finest error " << errors->back() << " near round-off");
    }
}

template <class Stepper, class L>
test_support::error_sequence errors_for(const L& lagrangian, const plane_state& x0, std::size_t refine0,
                                        unsigned halvings) {
    const auto system = oc::make_contact_lagrangian(lagrangian);
    const double dt0 = 0.5;
    const std::size_t samples = 4;
    // RKF78 at 1e-13 on the same field: its error (checked below against 1e-12 at a tenth of the
    // tolerance) is far below the finest errors the orders are measured from (>= 1e-10).
    const auto reference = test_support::rkf78_samples(system, x0, dt0, samples, 1e-13);
    const auto reference_check = test_support::rkf78_samples(system, x0, dt0, samples, 1e-14);
    double d = 0;
    for (std::size_t k = 0; k <= samples; ++k) d = std::max(d, max_difference(reference[k], reference_check[k]));
    BOOST_TEST_MESSAGE("RKF78 reference at 1e-13 vs 1e-14 differ by " << d);
    BOOST_TEST(d <= 1e-12, "RKF78 reference at 1e-13 vs 1e-14 differ by " << d);
    return test_support::errors_over_halvings<Stepper>(system, x0, dt0, samples, refine0, halvings,
                                                       [&](std::size_t k) { return reference[k]; });
}

const plane_state pendulum_start{{1.2, -0.4}, {0.5, 0.8}, 0.1};
const plane_state magnetic_start{{0.6, -0.3}, {0.4, 0.9}, 0.2};

}  // namespace

// ---- the odeint system function -----------------------------------------------------------------

BOOST_AUTO_TEST_CASE(separable_lagrangian_field_is_the_hamiltonian_field) {
    const separable_lagrangian L;
    const auto system = oc::make_contact_lagrangian(L);
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{L.m}, L.V,
                                                  oc::linear_action([&L](double t) { return L.f(t); }));
    const plane_state x{{0.3, -1.1}, {0.7, 0.25}, 0.4};
    plane_state a, b;
    system(x, a, 0.8);
    H(x, b, 0.8);
    // Both form the same few products of O(1) numbers (v = p/m closed form here by Newton from
    // v = p: one exact update): a few eps.
    BOOST_TEST(max_difference(a, b) <= 1e-15);
}

// A derivative whose q and p are not of v's and dL/dq's type (std::vector for std::array
// coordinates): the system function goes through its own typed buffers and copies; same numbers.
BOOST_AUTO_TEST_CASE(system_function_into_another_derivative_type) {
    const auto system = oc::make_contact_lagrangian(double_pendulum{});
    plane_state a;
    vector_state b{{0.0, 0.0}, {0.0, 0.0}, 0.0};
    system(pendulum_start, a, 0.3);
    system(pendulum_start, b, 0.3);
    for (int i = 0; i < 2; ++i) {
        BOOST_TEST(a.q[i] == b.q[i]);
        BOOST_TEST(a.p[i] == b.p[i]);
    }
    BOOST_TEST(a.s == b.s);
    BOOST_TEST(std::abs(a.p[0]) > 0.1);  // not a zero left over
}

BOOST_AUTO_TEST_CASE(mass_matrix_and_newton_give_the_same_velocity) {
    const magnetic_friction L;
    const plane_state x{{0.6, -0.3}, {0.4, 0.9}, 0.2};
    plane v_closed, v_newton, v_fd;
    oc::make_contact_lagrangian(L).velocity(x, 0.3, v_closed);
    oc::make_contact_lagrangian(without_mass_matrix<magnetic_friction>{{L}}).velocity(x, 0.3, v_newton);
    oc::make_contact_lagrangian(only_partials<magnetic_friction>{L}).velocity(x, 0.3, v_fd);
    // v = (p - A(q))/m exactly, written out:
    double A[2], dA[2][2];
    L.potential(x.q, A, dA);
    for (int i = 0; i < 2; ++i) {
        const double exact = (x.p[i] - A[i]) / L.m;
        // The closed form rounds a handful of operations; Newton stops within 8 eps of the root.
        BOOST_TEST(std::abs(v_closed[i] - exact) <= 4e-16);
        BOOST_TEST(std::abs(v_newton[i] - exact) <= 4e-16);
        BOOST_TEST(std::abs(v_fd[i] - exact) <= 4e-16);
    }
}

// odeint's own steppers run the same object (the mission's comparisons need it).
BOOST_AUTO_TEST_CASE(odeint_steppers_run_the_system) {
    const auto system = oc::make_contact_lagrangian(double_pendulum{});
    plane_state x = pendulum_start;
    odeint::runge_kutta4<plane_state> rk4;
    odeint::integrate_n_steps(rk4, system, x, 0.0, 0.01, 100);
    vector_state y{{1.2, -0.4}, {0.5, 0.8}, 0.1};
    odeint::integrate_adaptive(odeint::make_controlled(1e-10, 1e-10, odeint::runge_kutta_dopri5<vector_state>()),
                               system, y, 0.0, 1.0, 0.01);
    // RK4 at dt = 0.01 over [0, 1] errs by ~1e-8 here; dopri5 at 1e-10 by less.
    for (int i = 0; i < 2; ++i) {
        BOOST_TEST(std::abs(x.q[i] - y.q[i]) <= 1e-6);
        BOOST_TEST(std::abs(x.p[i] - y.p[i]) <= 1e-6);
    }
    BOOST_TEST(std::abs(x.s - y.s) <= 1e-6);
}

// ---- orders -------------------------------------------------------------------------------------

// dt = 1/8 ... 1/64 over [0, 2]. Order 2 means the ratio of errors at halved steps is 4; the
// leading term dominates from dt = 1/8 on for these smooth problems, so the measured orders lie
// within 0.15 of 2 (a first-order slip, e.g. an s-equation with L at one end only, gives ~1).
BOOST_AUTO_TEST_CASE(cvi2_is_second_order_on_the_double_pendulum) {
    check_orders("cvi2 double pendulum", errors_for<oc::cvi2<plane_state>>(double_pendulum{}, pendulum_start, 4, 3),
                 1.85, 2.15, 1e-9);
}
BOOST_AUTO_TEST_CASE(cvi2_is_second_order_in_a_magnetic_field_with_friction) {
    check_orders("cvi2 magnetic friction",
                 errors_for<oc::cvi2<plane_state>>(magnetic_friction{}, magnetic_start, 4, 3), 1.85, 2.15, 1e-9);
}
// cvi4 (triple jump of the general step): orders within 0.3 of 4. The triple jump's stages are
// 1.35 dt, -1.70 dt, 1.35 dt, so its asymptotic regime starts at smaller dt than cvi2's: dt = 1/16
// ... 1/128 for the pendulum (at dt = 1/4 the measured orders are still 2.7), 1/4 ... 1/32 in the
// field.
BOOST_AUTO_TEST_CASE(cvi4_is_fourth_order_on_the_double_pendulum) {
    check_orders("cvi4 double pendulum", errors_for<oc::cvi4<plane_state>>(double_pendulum{}, pendulum_start, 8, 3),
                 3.7, 4.3, 1e-11);
}
BOOST_AUTO_TEST_CASE(cvi4_is_fourth_order_in_a_magnetic_field_with_friction) {
    check_orders("cvi4 magnetic friction",
                 errors_for<oc::cvi4<plane_state>>(magnetic_friction{}, magnetic_start, 2, 3), 3.7, 4.3, 1e-11);
}

// galerkin_cvi4 with a general L, dt = 1/8 ... 1/64. In the field, s's leading error term is ~50
// times smaller than q's (8.8e-9 against 4.1e-7 at dt = 1/8), so the next term still shows in s at
// dt = 1/8 (measured s orders 3.63, 3.84, 3.92, rising toward 4; q and p: 4.00): there the check
// starts at the second pair.
BOOST_AUTO_TEST_CASE(galerkin_cvi4_is_fourth_order_on_the_double_pendulum) {
    check_orders("galerkin_cvi4 double pendulum",
                 errors_for<oc::galerkin_cvi4<plane_state>>(double_pendulum{}, pendulum_start, 4, 3), 3.7, 4.3, 1e-12);
}
BOOST_AUTO_TEST_CASE(galerkin_cvi4_is_fourth_order_in_a_magnetic_field_with_friction) {
    check_orders("galerkin_cvi4 magnetic friction",
                 errors_for<oc::galerkin_cvi4<plane_state>>(magnetic_friction{}, magnetic_start, 4, 3), 3.7, 4.3,
                 1e-12, 1);
}

// The authors' own fourth-order Galerkin step, step_lag4 of mseri/contact-integrators
// (integrators/contact.py; it forms the same derivatives by forward differentiation and solves with
// scipy's fsolve), run on this magnetic-friction Lagrangian with fsolve's xtol = 1e-14 (both of its
// solves) from magnetic_start at t = 0: the state after `steps` steps of dt (numbers printed by
// the Python run with repr). Their solves stop at 1e-14 relative, and the steps propagate that with
// factors of order 1: 1e-12 covers 40 steps (measured: 9e-16, 1.2e-15, 2.5e-14); the issue asks for
// 1e-10.
BOOST_AUTO_TEST_CASE(galerkin_cvi4_agrees_with_the_authors_step_lag4) {
    struct run {
        double dt;
        int steps;
        plane_state expected;
    };
    const run runs[] = {
        {0.1, 10, {{0.6538089965427154, 0.037225063155050336}, {-0.13782776860850335, 0.7971880954621672}, 0.12310974589087922}},
        {0.3, 10, {{0.3017110445722766, 0.4875589696821439}, {-0.5013239032536587, 0.3257982366057578}, 0.08505547405874109}},
        {0.05, 40, {{0.47608152130718456, 0.29981986533638383}, {-0.4562426215264541, 0.605112003273832}, 0.09302932782701585}},
    };
    const auto system = oc::make_contact_lagrangian(magnetic_friction{});
    for (const run& r : runs) {
        plane_state x = magnetic_start;
        oc::galerkin_cvi4<plane_state> stepper;
        for (int k = 0; k < r.steps; ++k) stepper.do_step(system, x, k * r.dt, r.dt);
        const double d = max_difference(x, r.expected);
        BOOST_TEST_MESSAGE("galerkin_cvi4 vs step_lag4, dt = " << r.dt << ", " << r.steps << " steps: " << d);
        BOOST_TEST(d <= 1e-12);
    }
}

// ---- structure ----------------------------------------------------------------------------------

// pull_back_contact_form differentiates with h = 1e-3 by a five-point formula (see
// test_cvi2_contact.cpp: ~3e-12 per entry from round-off); Newton's result carries a few eps of
// iteration error that need not be smooth in x, ~1e-15/h = 1e-12 more. 1e-9 leaves a wide margin;
// a non-contact map deviates by O(tau) here.
// The conformal factor of a cvi2 step is (1 + tau Lz(s_k)/2)/(1 - tau Lz(s_{k+1})/2) (errata
// section 3 with Lz = -F_s): exactly checkable here, since dL/dz depends on z only.
BOOST_AUTO_TEST_CASE(general_steps_are_contact_maps) {
    const double tau = 0.2;
    const auto check = [tau](const auto& system, const plane_state& x, auto stepper, const char* name,
                             auto expected_lambda) {
        const auto map = [&](const plane_state& y) {
            auto s = stepper;
            plane_state z = y;
            s.do_step(system, z, 0.3, tau);
            return z;
        };
        const auto pb = test_support::pull_back_contact_form(map, x);
        const double expected = expected_lambda(x.s, map(x).s);
        BOOST_TEST_MESSAGE(name << ": lambda = " << pb.lambda << " (expected " << expected << "), deviation "
                                << pb.max_deviation);
        BOOST_TEST(pb.max_deviation <= 1e-9, name);
        if (expected > 0) BOOST_TEST(std::abs(pb.lambda - expected) <= 1e-9, name);
    };
    const double_pendulum P;
    check(oc::make_contact_lagrangian(P), pendulum_start, oc::cvi2<plane_state>(), "cvi2 pendulum",
          [&](double, double) { return (1 - tau * P.gamma / 2) / (1 + tau * P.gamma / 2); });
    const magnetic_friction M;
    const auto lz = [&M](double z) { return -M.gamma - M.delta * z; };
    check(oc::make_contact_lagrangian(M), magnetic_start, oc::cvi2<plane_state>(), "cvi2 magnetic",
          [&](double s0, double s1) { return (1 + tau * lz(s0) / 2) / (1 - tau * lz(s1) / 2); });
    // cvi4: a product over its stages, not formed here (0 skips the factor check).
    check(oc::make_contact_lagrangian(M), magnetic_start, oc::cvi4<plane_state>(), "cvi4 magnetic",
          [](double, double) { return 0.0; });
    // galerkin_cvi4: for dL/dz = -gamma the factor is the degree-4 Taylor polynomial of e^{-gamma tau}.
    const double x = P.gamma * tau;
    check(oc::make_contact_lagrangian(P), pendulum_start, oc::galerkin_cvi4<plane_state>(), "galerkin pendulum",
          [x](double, double) { return 1 - x + x * x / 2 - x * x * x / 6 + x * x * x * x / 24; });
    check(oc::make_contact_lagrangian(M), magnetic_start, oc::galerkin_cvi4<plane_state>(), "galerkin magnetic",
          [](double, double) { return 0.0; });
}

// For L = m|v|^2/2 - V - f(t) z the general equations are those of the separable cvi2 (the algebra
// is in detail/steps/cvi2_lagrangian.hpp); the separable step solves them in closed form, the general
// one by Newton to 8 eps relative. One step from several states agrees to 1e-14 (~50 eps of O(1)
// numbers); a wrong sign or a missing factor 1/2 would differ by O(tau^2) ~ 1e-3.
BOOST_AUTO_TEST_CASE(separable_lagrangian_reproduces_the_separable_steppers) {
    const separable_lagrangian L;
    const auto general = oc::make_contact_lagrangian(L);
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{L.m}, L.V,
                                                  oc::linear_action([&L](double t) { return L.f(t); }));
    double worst2 = 0, worst4 = 0, worst_galerkin = 0;
    for (const plane_state& x0 : {plane_state{{0.3, -1.1}, {0.7, 0.25}, 0.4}, plane_state{{-2.0, 0.5}, {0.1, -1.5}, -3.0},
                                  plane_state{{0.0, 0.0}, {0.0, 0.0}, 1.0}}) {
        for (double dt : {0.3, 0.05}) {
            plane_state a = x0, b = x0, c = x0, d = x0;
            oc::cvi2<plane_state>().do_step(general, a, 0.7, dt);
            oc::cvi2<plane_state>().do_step(H, b, 0.7, dt);
            oc::cvi4<plane_state>().do_step(general, c, 0.7, dt);
            oc::cvi4<plane_state>().do_step(H, d, 0.7, dt);
            worst2 = std::max(worst2, max_difference(a, b));
            worst4 = std::max(worst4, max_difference(c, d));
            plane_state e = x0, f = x0;
            oc::galerkin_cvi4<plane_state>().do_step(general, e, 0.7, dt);
            oc::galerkin_cvi4<plane_state>().do_step(H, f, 0.7, dt);
            worst_galerkin = std::max(worst_galerkin, max_difference(e, f));
        }
    }
    BOOST_TEST_MESSAGE("general vs separable: cvi2 " << worst2 << ", cvi4 " << worst4 << ", galerkin_cvi4 "
                                                     << worst_galerkin);
    BOOST_TEST(worst2 <= 1e-14);
    BOOST_TEST(worst4 <= 1e-14);
    // Both galerkin_cvi4 paths solve by Newton (2n unknowns, exact vs difference Jacobian), each
    // to 8 eps of its unknowns: 1e-14 again.
    BOOST_TEST(worst_galerkin <= 1e-14);
}

// The step's Jacobian from the Lagrangian's hessian (the formulas of detail/steps/cvi2_lagrangian.hpp)
// and from central differences solve the same equations: the results agree to Newton's precision,
// and the exact Jacobian converges quadratically (few updates).
BOOST_AUTO_TEST_CASE(hessian_and_difference_jacobian_give_the_same_step) {
    const magnetic_friction L;
    const auto exact = oc::make_contact_lagrangian(without_mass_matrix<magnetic_friction>{{L}});
    const auto differenced = oc::make_contact_lagrangian(only_partials<magnetic_friction>{L});
    const auto closed = oc::make_contact_lagrangian(L);
    oc::cvi2<plane_state> s1, s2, s3;
    plane_state a = magnetic_start, b = magnetic_start, c = magnetic_start;
    for (int k = 0; k < 20; ++k) {
        s1.do_step(exact, a, 0.1 * k, 0.1);
        s2.do_step(differenced, b, 0.1 * k, 0.1);
        s3.do_step(closed, c, 0.1 * k, 0.1);
        // From a predictor O(tau^2) ~ 1e-2 off, quadratic convergence reaches eps in 3-4 updates.
        BOOST_TEST(s1.last_iterations() <= 5u);
    }
    // Each step's result is within ~8 eps of the root; over 20 steps these differences propagate
    // with factors of order 1: 1e-13.
    BOOST_TEST(max_difference(a, b) <= 1e-13);
    BOOST_TEST(max_difference(a, c) <= 1e-13);

    // galerkin_cvi4's exact Jacobian (forward sensitivities through its four stages) against its
    // difference Jacobian: a wrong entry would leave Newton linear at a rate of order 1, i.e. more
    // updates than the bound or no convergence; right, it is quadratic.
    oc::galerkin_cvi4<plane_state> g1, g2;
    plane_state d = magnetic_start, e = magnetic_start;
    for (int k = 0; k < 20; ++k) {
        g1.do_step(closed, d, 0.1 * k, 0.1);
        g2.do_step(differenced, e, 0.1 * k, 0.1);
        BOOST_TEST(g1.last_iterations() <= 5u);
    }
    BOOST_TEST_MESSAGE("galerkin_cvi4 exact vs difference Jacobian after 20 steps: " << max_difference(d, e));
    BOOST_TEST(max_difference(d, e) <= 1e-13);
}

// ---- failure ------------------------------------------------------------------------------------

// L = |v|^2/2 + sqrt(1 - q) - gamma z is NaN for q > 1; a step that lands there must throw and
// leave the state as it was.
struct walled {
    double value(double q, double v, double z, double) const { return v * v / 2 + std::sqrt(1 - q) - 0.1 * z; }
    double partials(double q, double v, double, double, double& dq, double& dv) const {
        dq = -0.5 / std::sqrt(1 - q);
        dv = v;
        return -0.1;
    }
};

BOOST_AUTO_TEST_CASE(a_nan_where_the_step_lands_is_a_step_error_and_the_state_is_unchanged) {
    using state = oc::contact_state<double>;
    const auto system = oc::make_contact_lagrangian(walled{});
    const state x0{0.9, 3.0, 0.5};
    state x = x0;
    oc::cvi2<state> stepper;
    BOOST_CHECK_THROW(stepper.do_step(system, x, 0.0, 0.5), oc::step_error);
    BOOST_TEST(x.q == x0.q);
    BOOST_TEST(x.p == x0.p);
    BOOST_TEST(x.s == x0.s);
    oc::cvi4<state> stepper4;
    try {
        stepper4.do_step(system, x, 0.0, 0.5);
        BOOST_TEST(false, "cvi4 did not throw");
    } catch (const oc::step_error& e) {
        BOOST_TEST_MESSAGE(e.what());
        BOOST_TEST(std::string(e.what()).find("cvi4") != std::string::npos);
    }
    BOOST_TEST(x.q == x0.q);
    BOOST_TEST(x.p == x0.p);
    BOOST_TEST(x.s == x0.s);
    oc::galerkin_cvi4<state> galerkin;
    BOOST_CHECK_THROW(galerkin.do_step(system, x, 0.0, 0.5), oc::step_error);
    BOOST_TEST(x.q == x0.q);
    BOOST_TEST(x.p == x0.p);
    BOOST_TEST(x.s == x0.s);
    // A short step stays inside and succeeds.
    stepper.do_step(system, x, 0.0, 0.01);
    BOOST_TEST(x.q < 1.0);
}

// The same wall on std::vector coordinates: an in-place step on a dynamically sized state runs
// into the engine's spare state and is swapped in only on success.
struct walled_vector {
    template <class Q>
    double value(const Q& q, const Q& v, double z, double) const {
        return v[0] * v[0] / 2 + std::sqrt(1 - q[0]) - 0.1 * z;
    }
    template <class Q, class P>
    double partials(const Q& q, const Q& v, double, double, P& dq, P& dv) const {
        dq[0] = -0.5 / std::sqrt(1 - q[0]);
        dv[0] = v[0];
        return -0.1;
    }
};

BOOST_AUTO_TEST_CASE(a_nan_on_vector_coordinates_leaves_the_state_unchanged) {
    const auto system = oc::make_contact_lagrangian(walled_vector{});
    const vector_state x0{{0.9}, {3.0}, 0.5};
    vector_state x = x0;
    oc::cvi2<vector_state> cvi;
    oc::cvi4<vector_state> cvi4;
    oc::galerkin_cvi4<vector_state> galerkin;
    BOOST_CHECK_THROW(cvi.do_step(system, x, 0.0, 0.5), oc::step_error);
    BOOST_CHECK_THROW(cvi4.do_step(system, x, 0.0, 0.5), oc::step_error);
    BOOST_CHECK_THROW(galerkin.do_step(system, x, 0.0, 0.5), oc::step_error);
    BOOST_TEST(x.q == x0.q, boost::test_tools::per_element());
    BOOST_TEST(x.p == x0.p, boost::test_tools::per_element());
    BOOST_TEST(x.s == x0.s);
}

// v = (q_{k+1} - q_k)/dt needs dt != 0: a zero step is refused as a parameter, by every stepper.
BOOST_AUTO_TEST_CASE(a_zero_step_is_a_parameter_error) {
    const auto system = oc::make_contact_lagrangian(double_pendulum{});
    plane_state x = pendulum_start;
    BOOST_CHECK_THROW(oc::cvi2<plane_state>().do_step(system, x, 0.0, 0.0), oc::parameter_error);
    BOOST_CHECK_THROW(oc::cvi4<plane_state>().do_step(system, x, 0.0, 0.0), oc::parameter_error);
    BOOST_CHECK_THROW(oc::galerkin_cvi4<plane_state>().do_step(system, x, 0.0, 0.0), oc::parameter_error);
    BOOST_TEST(max_difference(x, pendulum_start) == 0.0);
}

// ---- coordinate types ---------------------------------------------------------------------------

// cvi4, then galerkin_cvi4, then runge_kutta4 on the system function (Eigen coordinates:
// test_eigen.cpp's contact_lagrangian_follows_std_vector; Boost.Units: test_units.cpp).
BOOST_AUTO_TEST_CASE(vector_coordinates_give_the_array_result) {
    const auto system = oc::make_contact_lagrangian(double_pendulum{});
    plane_state a = pendulum_start;
    vector_state b{{1.2, -0.4}, {0.5, 0.8}, 0.1};
    oc::cvi4<plane_state> sa;
    oc::cvi4<vector_state> sb;
    oc::galerkin_cvi4<plane_state> ga;
    oc::galerkin_cvi4<vector_state> gb;
    odeint::runge_kutta4<plane_state> ra;
    odeint::runge_kutta4<vector_state> rb;
    for (int k = 0; k < 10; ++k) {
        sa.do_step(system, a, 0.1 * k, 0.1);
        sb.do_step(system, b, 0.1 * k, 0.1);
    }
    for (int k = 10; k < 20; ++k) {
        ga.do_step(system, a, 0.1 * k, 0.1);
        gb.do_step(system, b, 0.1 * k, 0.1);
    }
    for (int k = 20; k < 30; ++k) {
        ra.do_step(system, a, 0.1 * k, 0.1);
        rb.do_step(system, b, 0.1 * k, 0.1);
    }
    // The same operations on the same numbers.
    for (int i = 0; i < 2; ++i) {
        BOOST_TEST(a.q[i] == b.q[i]);
        BOOST_TEST(a.p[i] == b.p[i]);
    }
    BOOST_TEST(a.s == b.s);
}
