// SPDX-License-Identifier: BSL-1.0
// The Boost.Units program of issue 2: a damped spring in SI units, integrated by chi2 and by
// odeint's runge_kutta4 through integrate_const and integrate_n_steps, with the units checked by
// the compiler. Units change types, not arithmetic: every value must match the same program in
// plain doubles, and both methods must agree with the exact solution to their accuracy.
//
// The SI types and the spring are test/units_support.hpp's (the s part of the derivative is an
// energy, not the power issue 2 names).
#define BOOST_TEST_MODULE units
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"
#include "units_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
namespace si = boost::units::si;
using test_support::si_units::plain_damped_spring;
using test_support::si_units::uderiv;
using test_support::si_units::unit_damped_spring;
using test_support::si_units::ustate;
using test_support::si_units::utime;

using uchi2 = oc::chi2<ustate, double, uderiv, utime>;
using urk4 = odeint::runge_kutta4<ustate, double, uderiv, utime>;

using dstate = oc::contact_state<double>;

namespace {

constexpr double k_value = 4.0;      // N/m
constexpr double gamma_value = 0.125;  // 1/s, the linear_action(0.125 / si::second)

auto unit_system() { return unit_damped_spring(1.0, k_value, gamma_value); }
auto plain_system() { return plain_damped_spring(1.0, k_value, gamma_value); }

const ustate ux0{0.5 * si::meter, -0.25 * si::kilogram * si::meter / si::second, 0.125 * si::joule * si::second};
const dstate dx0{0.5, -0.25, 0.125};

// What the observer saw, stripped of units.
struct trajectory {
    std::vector<double> t, q, p, s;
    void add(double ti, double qi, double pi, double si_) {
        t.push_back(ti);
        q.push_back(qi);
        p.push_back(pi);
        s.push_back(si_);
    }
};

auto unit_observer(trajectory& out) {
    return [&out](const ustate& x, const utime& t) { out.add(t.value(), x.q.value(), x.p.value(), x.s.value()); };
}
auto plain_observer(trajectory& out) {
    return [&out](const dstate& x, double t) { out.add(t, x.q, x.p, x.s); };
}

// Value for value: the unit-carrying program performs the same floating-point operations as the
// plain one (quantities wrap a double and scale by nothing), so they agree to rounding. Measured:
// identical; the bound of 4 ulps only allows a compiler to contract a different a*b+c.
void check_same_values(const std::vector<double>& a, const std::vector<double>& b) {
    BOOST_TEST_REQUIRE(a.size() == b.size());
    std::size_t identical = 0;
    for (std::size_t i = 0; i < a.size(); ++i) identical += (a[i] == b[i]);
    BOOST_TEST_MESSAGE(identical << " of " << a.size() << " values identical");
    for (std::size_t i = 0; i < a.size(); ++i)
        BOOST_TEST(std::abs(a[i] - b[i]) <= 4 * std::numeric_limits<double>::epsilon() * std::abs(b[i]), "entry " << i);
}

void check_same_trajectory(const trajectory& u, const trajectory& d) {
    check_same_values(u.t, d.t);
    check_same_values(u.q, d.q);
    check_same_values(u.p, d.p);
    check_same_values(u.s, d.s);
}

template <class UStepper, class DStepper>
void check_against_plain_doubles() {
    {
        trajectory u, d;
        ustate ux = ux0;
        dstate dx = dx0;
        odeint::integrate_const(UStepper(), unit_system(), ux, 0.0 * si::second, 10.0 * si::second, 0.1 * si::second,
                                unit_observer(u));
        odeint::integrate_const(DStepper(), plain_system(), dx, 0.0, 10.0, 0.1, plain_observer(d));
        BOOST_TEST(u.t.size() == 101u);
        check_same_trajectory(u, d);
    }
    {
        trajectory u, d;
        ustate ux = ux0;
        dstate dx = dx0;
        odeint::integrate_n_steps(UStepper(), unit_system(), ux, 0.0 * si::second, 0.1 * si::second, 100,
                                  unit_observer(u));
        odeint::integrate_n_steps(DStepper(), plain_system(), dx, 0.0, 0.1, 100, plain_observer(d));
        BOOST_TEST(u.t.size() == 101u);
        check_same_trajectory(u, d);
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(chi2_in_units_is_chi2_in_doubles) {
    check_against_plain_doubles<uchi2, oc::chi2<dstate>>();
}

BOOST_AUTO_TEST_CASE(runge_kutta4_in_units_is_runge_kutta4_in_doubles) {
    check_against_plain_doubles<urk4, odeint::runge_kutta4<dstate>>();
}

// Both methods against the exact solution of the damped spring (test_support::damped_oscillator)
// and against each other, sampled every 0.1 s over 10 s, for dt = 0.1, 0.05, 0.025 s.
namespace {

struct comparison {
    double chi2_error = 0.0, rk4_error = 0.0, difference = 0.0;
};

comparison compare_with_exact(unsigned refine) {
    const test_support::damped_oscillator exact{gamma_value, 1.0, k_value};
    const utime dt = 0.1 / refine * si::second;
    trajectory chi, rk4;
    ustate x = ux0, y = ux0;
    odeint::integrate_n_steps(uchi2(), unit_system(), x, 0.0 * si::second, dt, 100 * refine, unit_observer(chi));
    odeint::integrate_n_steps(urk4(), unit_system(), y, 0.0 * si::second, dt, 100 * refine, unit_observer(rk4));
    comparison c;
    for (std::size_t i = 0; i < chi.t.size(); i += refine) {
        const dstate e = exact(dx0, chi.t[i]);
        c.chi2_error = std::max({c.chi2_error, std::abs(chi.q[i] - e.q), std::abs(chi.p[i] - e.p), std::abs(chi.s[i] - e.s)});
        c.rk4_error = std::max({c.rk4_error, std::abs(rk4.q[i] - e.q), std::abs(rk4.p[i] - e.p), std::abs(rk4.s[i] - e.s)});
        c.difference = std::max({c.difference, std::abs(chi.q[i] - rk4.q[i]), std::abs(chi.p[i] - rk4.p[i]),
                                 std::abs(chi.s[i] - rk4.s[i])});
    }
    BOOST_TEST_MESSAGE("dt = " << dt << ": chi2 error " << c.chi2_error << ", rk4 error " << c.rk4_error
                               << ", |chi2 - rk4| " << c.difference);
    return c;
}

}  // namespace

BOOST_AUTO_TEST_CASE(chi2_and_runge_kutta4_in_units_agree_to_their_accuracy) {
    std::vector<double> chi2_errors, rk4_errors, differences;
    for (const unsigned refine : {1u, 2u, 4u}) {
        const comparison c = compare_with_exact(refine);
        chi2_errors.push_back(c.chi2_error);
        rk4_errors.push_back(c.rk4_error);
        differences.push_back(c.difference);
    }
    // Measured orders: chi2 2.01, 2.00; rk4 4.01, 4.01; |chi2 - rk4| 2.02, 2.00 (it is chi2's
    // error, rk4's being two orders smaller). 0.1 allows the next term of each expansion.
    for (const double order : test_support::observed_orders(chi2_errors)) BOOST_TEST(std::abs(order - 2.0) < 0.1);
    for (const double order : test_support::observed_orders(rk4_errors)) BOOST_TEST(std::abs(order - 4.0) < 0.1);
    for (const double order : test_support::observed_orders(differences)) BOOST_TEST(std::abs(order - 2.0) < 0.1);
    // The bounds at dt = 0.1 s: measured 1.75e-2 (chi2) and 1.43e-4 (rk4), i.e. 1.75 dt^2 and
    // 1.43 dt^4 in SI; 2 dt^2 and 2 dt^4 leave room for that, a wrong coefficient would not.
    BOOST_TEST(chi2_errors.front() < 2 * 0.1 * 0.1);
    BOOST_TEST(rk4_errors.front() < 2 * 1e-4);
}

// dt = 0.1 s to t_end = 0.3 s: after two steps t + dt = 0.30000000000000004 s, a rounding error
// past t_end that odeint forgives only up to numeric_limits<Time>::epsilon(). With
// <boost/units/limits.hpp> that is 2.2e-16 s and the third step is taken, as in plain doubles.
BOOST_AUTO_TEST_CASE(integrate_const_keeps_the_end_point) {
    trajectory u, d;
    ustate ux = ux0;
    dstate dx = dx0;
    const std::size_t unit_steps = odeint::integrate_const(uchi2(), unit_system(), ux, 0.0 * si::second,
                                                           0.3 * si::second, 0.1 * si::second, unit_observer(u));
    const std::size_t plain_steps =
        odeint::integrate_const(oc::chi2<dstate>(), plain_system(), dx, 0.0, 0.3, 0.1, plain_observer(d));
    BOOST_TEST(plain_steps == 3u);
    BOOST_TEST(unit_steps == 3u);
    check_same_trajectory(u, d);
}
