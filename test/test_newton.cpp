// SPDX-License-Identifier: BSL-1.0
// detail/numerics/newton.hpp, the Newton iteration of the implicit variational steppers, on its own:
//  - LU with partial pivoting solves a system that needs pivoting, to rounding;
//  - a linear system converges after one update (the second update is rounding and confirms it);
//  - a nonlinear system converges quadratically to full precision in double and in
//    cpp_bin_float_50, within the default bound on updates;
//  - a perturbed (finite-difference-like) Jacobian still reaches full precision, because the
//    residual is exact, only with more updates;
//  - a residual with rounding noise far above eps stops at its noise floor instead of failing;
//  - a singular Jacobian, a non-finite residual and a system without a root are reported as such.
#define BOOST_TEST_MODULE newton
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include <boost/multiprecision/cpp_bin_float.hpp>

#include <odeint_contact/detail/numerics/newton.hpp>

namespace ocd = odeint_contact::detail;

namespace {

using mp = boost::multiprecision::cpp_bin_float_50;

// x^2 + y^2 = 4, x y = 1: the root with x > y > 0 is x = sqrt(2 + sqrt 3), y = 1/x.
template <class Real>
struct circle_hyperbola {
    unsigned jacobians = 0;
    Real jacobian_error = Real(0);  // relative perturbation of the Jacobian (a stand-in for finite differences)
    void operator()(const std::vector<Real>& x, std::vector<Real>& r) const {
        r[0] = x[0] * x[0] + x[1] * x[1] - 4;
        r[1] = x[0] * x[1] - 1;
    }
    void jacobian(const std::vector<Real>& x, ocd::dense_matrix<Real>& J) {
        ++jacobians;
        J(0, 0) = 2 * x[0] * (1 + jacobian_error);
        J(0, 1) = 2 * x[1];
        J(1, 0) = x[1];
        J(1, 1) = x[0] * (1 - jacobian_error);
    }
};

template <class Real>
ocd::newton_report solve(circle_hyperbola<Real>& system, std::vector<Real>& x) {
    ocd::newton_solver<Real> newton;
    newton.resize(2);
    return newton.solve(
        x, [&](const std::vector<Real>& y, std::vector<Real>& r) { system(y, r); },
        [&](const std::vector<Real>& y, ocd::dense_matrix<Real>& J) { system.jacobian(y, J); }, Real(1));
}

}  // namespace

BOOST_AUTO_TEST_CASE(lu_solves_a_system_that_needs_pivoting) {
    // A zero on the diagonal forces a row exchange; the solution is (1, 2, 3).
    ocd::dense_matrix<double> A(3);
    const double a[3][3] = {{0, 2, 1}, {1, 1, 1}, {4, -1, 2}};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) A(i, j) = a[i][j];
    std::vector<double> b = {0 * 1 + 2 * 2 + 1 * 3, 1 + 2 + 3, 4 * 1 - 2 + 2 * 3};
    BOOST_TEST(ocd::lu_solve_in_place(A, b));
    // Each entry is a few roundings of numbers of size ~10: 1e-14 leaves a factor ~10 of margin.
    BOOST_TEST(std::abs(b[0] - 1) <= 1e-14);
    BOOST_TEST(std::abs(b[1] - 2) <= 1e-14);
    BOOST_TEST(std::abs(b[2] - 3) <= 1e-14);

    ocd::dense_matrix<double> S(2);
    S(0, 0) = 1;
    S(0, 1) = 2;
    S(1, 0) = 2;
    S(1, 1) = 4;
    std::vector<double> c = {1, 1};
    BOOST_TEST(!ocd::lu_solve_in_place(S, c));
}

BOOST_AUTO_TEST_CASE(linear_system_converges_after_one_update) {
    ocd::newton_solver<double> newton;
    newton.resize(2);
    std::vector<double> x = {10, -7};
    // r = A x - b with A = [[3, 1], [1, 2]], b = (5, 5): x = (1, 2).
    const auto report = newton.solve(
        x,
        [](const std::vector<double>& y, std::vector<double>& r) {
            r[0] = 3 * y[0] + y[1] - 5;
            r[1] = y[0] + 2 * y[1] - 5;
        },
        [](const std::vector<double>&, ocd::dense_matrix<double>& J) {
            J(0, 0) = 3;
            J(0, 1) = 1;
            J(1, 0) = 1;
            J(1, 1) = 2;
        },
        1.0);
    BOOST_TEST(report.ok(), report.describe());
    // The first update lands on the root up to rounding; the second is rounding-sized, below tol.
    BOOST_TEST(report.iterations == 2u);
    BOOST_TEST(report.evaluations == 3u);
    BOOST_TEST(std::abs(x[0] - 1) <= 4 * std::numeric_limits<double>::epsilon());
    BOOST_TEST(std::abs(x[1] - 2) <= 4 * std::numeric_limits<double>::epsilon());
}

BOOST_AUTO_TEST_CASE(nonlinear_system_converges_to_full_precision_in_double) {
    circle_hyperbola<double> system;
    std::vector<double> x = {2.0, 0.5};
    const auto report = solve(system, x);
    BOOST_TEST(report.ok(), report.describe());
    const double xr = std::sqrt(2 + std::sqrt(3.0));
    BOOST_TEST_MESSAGE("double: " << report.iterations << " updates, error " << std::abs(x[0] - xr));
    // The reference itself carries ~2 roundings: 4 ulps.
    BOOST_TEST(std::abs(x[0] - xr) <= 4 * std::numeric_limits<double>::epsilon() * xr);
    BOOST_TEST(std::abs(x[1] - 1 / xr) <= 4 * std::numeric_limits<double>::epsilon());
    // From 0.07 off, quadratic convergence needs ~4 updates to reach 1e-16; 6 allows the
    // confirming update and one more.
    BOOST_TEST(report.iterations <= 6u);
    BOOST_TEST(report.evaluations == report.iterations + 1);
    BOOST_TEST(system.jacobians == report.iterations);
}

BOOST_AUTO_TEST_CASE(nonlinear_system_converges_to_full_precision_in_cpp_bin_float_50) {
    circle_hyperbola<mp> system;
    std::vector<mp> x = {mp(2), mp(0.5)};
    const auto report = solve(system, x);
    BOOST_TEST(report.ok(), report.describe());
    const mp xr = sqrt(2 + sqrt(mp(3)));
    const mp eps = std::numeric_limits<mp>::epsilon();
    BOOST_TEST_MESSAGE("cpp_bin_float_50: " << report.iterations << " updates, error "
                                            << static_cast<double>(abs(x[0] - xr)));
    BOOST_TEST(abs(x[0] - xr) <= 4 * eps * xr);
    BOOST_TEST(abs(x[1] - 1 / xr) <= 4 * eps);
    // Doubling from 1e-1 to 1e-50 takes 6 updates, plus the confirming one.
    BOOST_TEST(report.iterations <= 8u);
}

BOOST_AUTO_TEST_CASE(inexact_jacobian_still_reaches_full_precision) {
    // A relative error 1e-8 in the Jacobian (the size of a one-sided finite difference): linear
    // convergence with rate ~1e-8, so still full precision after a few more updates.
    circle_hyperbola<double> system;
    system.jacobian_error = 1e-8;
    std::vector<double> x = {2.0, 0.5};
    const auto report = solve(system, x);
    BOOST_TEST(report.ok(), report.describe());
    const double xr = std::sqrt(2 + std::sqrt(3.0));
    BOOST_TEST(std::abs(x[0] - xr) <= 4 * std::numeric_limits<double>::epsilon() * xr);
    BOOST_TEST(report.iterations <= 8u);

    // A Jacobian 30% wrong converges linearly at rate ~0.3: too slow for the default bound from
    // this start? No: 0.3^k reaches 1e-16 in ~30 updates, more than the 14 allowed, so it is
    // refused rather than run long.
    circle_hyperbola<double> bad;
    bad.jacobian_error = 0.3;
    std::vector<double> y = {2.0, 0.5};
    const auto refused = solve(bad, y);
    BOOST_TEST(!refused.ok());
    BOOST_TEST((refused.status == ocd::newton_status::no_convergence));
}

BOOST_AUTO_TEST_CASE(noisy_residual_stops_at_its_noise_floor) {
    // r = x - 1 + noise with |noise| = 1e-13 (alternating sign): no update can get below ~1e-13,
    // 500 times the tolerance 8 eps. The iteration must stop there (rounding-floor rule) with an
    // x accurate to the noise, not report failure.
    ocd::newton_solver<double> newton;
    newton.resize(1);
    std::vector<double> x = {3.0};
    int calls = 0;
    const auto report = newton.solve(
        x,
        [&](const std::vector<double>& y, std::vector<double>& r) {
            r[0] = y[0] - 1 + ((calls++ % 2) ? 1e-13 : -1e-13);
        },
        [](const std::vector<double>&, ocd::dense_matrix<double>& J) { J(0, 0) = 1; }, 1.0);
    BOOST_TEST(report.ok(), report.describe());
    BOOST_TEST(std::abs(x[0] - 1) <= 2e-13);
}

BOOST_AUTO_TEST_CASE(failures_are_reported) {
    ocd::newton_solver<double> newton;
    newton.resize(1);
    auto unit_jacobian = [](const std::vector<double>&, ocd::dense_matrix<double>& J) { J(0, 0) = 1; };
    {
        std::vector<double> x = {1.0};
        const auto report = newton.solve(
            x, [](const std::vector<double>&, std::vector<double>& r) { r[0] = std::nan(""); }, unit_jacobian,
            1.0);
        BOOST_TEST((report.status == ocd::newton_status::not_finite));
    }
    {
        std::vector<double> x = {1.0};
        const auto report = newton.solve(
            x, [](const std::vector<double>& y, std::vector<double>& r) { r[0] = y[0] - 2; },
            [](const std::vector<double>&, ocd::dense_matrix<double>& J) { J(0, 0) = 0; }, 1.0);
        BOOST_TEST((report.status == ocd::newton_status::singular));
    }
    {
        // x^2 + 1 = 0 has no real root: Newton wanders and must stop within the bound.
        std::vector<double> x = {0.5};
        const auto report = newton.solve(
            x, [](const std::vector<double>& y, std::vector<double>& r) { r[0] = y[0] * y[0] + 1; },
            [](const std::vector<double>& y, ocd::dense_matrix<double>& J) { J(0, 0) = 2 * y[0]; }, 1.0);
        BOOST_TEST(!report.ok());
        BOOST_TEST(report.iterations <= ocd::default_newton_iterations<double>());
        BOOST_TEST_MESSAGE("no root: " << report.describe());
    }
}
