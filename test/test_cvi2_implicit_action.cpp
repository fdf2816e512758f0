// SPDX-License-Identifier: BSL-1.0
// The implicit action equation of cvi2, s + h F(s,t) = r (h = dt/2), solved in closed form by
// linear_action and quadratic_action (action.hpp, solve_implicit):
//  - the returned s solves the equation to rounding, at the time t given;
//  - it is the root that continues s = r from h = 0 (1 + h F_s(s) > 0; for the quadratic, not the
//    other root, which has 1 + h gamma s = -sqrt(D) < 0);
//  - the quadratic form 2r/(1 + sqrt(D)) has no cancellation when h gamma r is tiny, where the
//    textbook (-1 + sqrt(D))/(h gamma) loses most digits;
//  - step_error exactly where the branch ends (linear: 1 + h f <= 0; quadratic: D <= 0) or the
//    root is not finite, with a message that says which, with the values.
#define BOOST_TEST_MODULE cvi2_implicit_action
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>
#include <string>

#include <odeint_contact/system/action.hpp>

namespace oc = odeint_contact;

namespace {

constexpr double eps = std::numeric_limits<double>::epsilon();

// The message of the step_error that solve_implicit throws, or "" when it finds a root.
template <class Action>
std::string failure_of(const Action& a, double r, double h) {
    try {
        a.template solve_implicit<double>(r, h, 0.0);
    } catch (const oc::step_error& e) {
        return e.what();
    }
    return "";
}

BOOST_AUTO_TEST_CASE(linear_root_solves_the_equation_at_the_given_time) {
    const oc::linear_action F([](double t) { return 0.5 + std::sin(t); });
    for (double r : {-3.0, 0.0, 0.7, 12.5}) {
        for (double h : {0.01, 0.2, -0.05}) {
            const double t = 1.3;
            const auto root = F.solve_implicit<double>(r, h, t);
            // s (1 + h f) = r with one rounding in 1 + h f, one in the quotient and one in the
            // check: within 4 eps |r| (+ tiny for r = 0).
            BOOST_TEST(std::abs(root.s + h * F.value(root.s, t) - r) <= 4 * eps * std::abs(r));
            BOOST_TEST(1 + h * F.derivative(root.s, t) > 0);
        }
    }
}

BOOST_AUTO_TEST_CASE(linear_fails_at_and_past_the_pole) {
    const oc::linear_action F(-32.0);
    // 1 + h f = 1 - 32 h: 0 at h = 1/32 (exactly), negative beyond. Past the pole the real root
    // r/(1 + h f) has the sign opposite to r: not the branch that continues s = r.
    BOOST_TEST(failure_of(F, 2.0, 1.0 / 64).empty());
    BOOST_TEST(!failure_of(F, 2.0, 1.0 / 32).empty());
    const std::string why = failure_of(F, 2.0, 1.0 / 16);
    BOOST_TEST_MESSAGE(why);
    BOOST_TEST(why.find("1 + (dt/2) f = -1 <= 0") != std::string::npos);
    BOOST_TEST(why.find("f = -32") != std::string::npos);
    BOOST_TEST(why.find("r = 2") != std::string::npos);
    // A non-finite right-hand side (V overflowed, say) is reported as such.
    const double inf = std::numeric_limits<double>::infinity();
    BOOST_TEST(failure_of(F, inf, 1.0 / 64).find("not finite") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(quadratic_root_is_the_branch_that_continues_r) {
    const oc::quadratic_action F([](double t) { return 0.8 + 0.1 * t; });
    const double t = 2.0, gamma = 1.0;
    for (double r : {-3.0, -0.5, 0.0, 0.4, 7.0, 300.0}) {
        for (double h : {0.001, 0.02, 0.1}) {
            if (1 + 2 * h * gamma * r <= 0) continue;
            const auto root = F.solve_implicit<double>(r, h, t);
            // The residual of a root computed with ~4 roundings, relative to the equation's
            // terms |s| + |h F| + |r|.
            const double residual = root.s + h * F.value(root.s, t) - r;
            const double scale = std::abs(root.s) + std::abs(h * F.value(root.s, t)) + std::abs(r);
            BOOST_TEST(std::abs(residual) <= 8 * eps * scale, "r = " << r << ", h = " << h);
            // On the branch: 1 + h gamma s = sqrt(D) > 0. The other root has -sqrt(D).
            const double D = 1 + 2 * h * gamma * r;
            BOOST_TEST(std::abs((1 + h * F.derivative(root.s, t)) - std::sqrt(D)) <= 8 * eps * std::sqrt(D) + 4 * eps);
        }
    }
    // Continuity in h: as h -> 0 the root tends to r (here s = r (1 - h gamma r/2 + O(h^2))).
    const double r = 5.0;
    double previous_gap = 1.0;
    for (double h : {1e-2, 1e-3, 1e-4, 1e-5}) {
        const double gap = std::abs(F.solve_implicit<double>(r, h, t).s - r);
        BOOST_TEST(std::abs(gap - h * gamma * r * r / 2) <= 2 * (h * gamma * r) * (h * gamma * r) * r);
        BOOST_TEST(gap < previous_gap);
        previous_gap = gap;
    }
}

BOOST_AUTO_TEST_CASE(quadratic_root_has_no_cancellation) {
    // x = h gamma r = 1e-12: s = 2r/(1 + sqrt(1 + 2x)) = r (1 - x/2 + x^2/2 - ...), so
    // r (1 - x/2) is right to x^2 ~ 1e-24 relative. The cancellation-free form is good to a few
    // eps; the textbook (-1 + sqrt(1 + 2x))/(h gamma) loses ~12 digits (relative error ~ eps/x).
    const oc::quadratic_action F(1.0);
    const double r = 3.0, h = 1e-12 / 3.0;
    const double x = h * r;
    const double exact = r * (1 - x / 2);
    const auto root = F.solve_implicit<double>(r, h, 0.0);
    BOOST_TEST(std::abs(root.s - exact) <= 4 * eps * r);
    const double textbook = (-1 + std::sqrt(1 + 2 * x)) / h;
    BOOST_TEST_MESSAGE("relative error: closed form " << std::abs(root.s - exact) / r << ", textbook "
                                                      << std::abs(textbook - exact) / r);
    BOOST_TEST(std::abs(textbook - exact) > 1000 * eps * r);  // the control: the naive form fails
}

BOOST_AUTO_TEST_CASE(quadratic_fails_without_real_root_and_at_the_fold) {
    const oc::quadratic_action F(2.0);
    // D = 1 + 2 h gamma r = 1 + 4 h r; with h = 1/8: D = 1 + r/2. r = -3: D = -1/2, no real root;
    // r = -2: D = 0 exactly, a double root at the fold where 1 + h gamma s = 0 (cvi2 would divide
    // by it); r = -1: D = 1/2, fine.
    const double h = 0.125;
    BOOST_TEST(!failure_of(F, -2.0, h).empty());
    BOOST_TEST(failure_of(F, -1.0, h).empty());
    const std::string why = failure_of(F, -3.0, h);
    BOOST_TEST_MESSAGE(why);
    BOOST_TEST(why.find("no real root") != std::string::npos);
    BOOST_TEST(why.find("discriminant 1 + dt gamma r = -0.5 <= 0") != std::string::npos);
    BOOST_TEST(why.find("gamma = 2") != std::string::npos);
    BOOST_TEST(why.find("r = -3") != std::string::npos);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    BOOST_TEST(failure_of(F, nan, h).find("not finite") != std::string::npos);
}

}  // namespace
