// SPDX-License-Identifier: BSL-1.0
// chi4, chi6 and chi8 run the Boost.Units program of issue 2 (a damped spring in SI units through
// integrate_const and integrate_n_steps) and compute exactly what they compute in plain doubles.
// The derivative's s part is an energy (ds/dt = p.dT/dp - H), not the power issue 2 names; see
// test_units.cpp for chi2 and runge_kutta4.
#define BOOST_TEST_MODULE chi_units
#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "units_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
namespace si = boost::units::si;
using test_support::si_units::plain_damped_spring;
using test_support::si_units::uderiv;
using test_support::si_units::unit_damped_spring;
using test_support::si_units::ustate;
using test_support::si_units::utime;

namespace {

using dstate = oc::contact_state<double>;

constexpr double stiffness = 4.0;  // N/m
constexpr double damping = 0.125;  // 1/s: linear_action(0.125 / si::second)

auto unit_spring() { return unit_damped_spring(1.0, stiffness, damping); }
auto plain_spring() { return plain_damped_spring(1.0, stiffness, damping); }

const ustate unit_x0{0.5 * si::meter, -0.25 * si::kilogram * si::meter / si::second,
                     0.125 * si::joule * si::second};
const dstate plain_x0{0.5, -0.25, 0.125};

// (t, q, p, s) at every observer call, as plain numbers.
using samples = std::vector<std::array<double, 4>>;

// The unit program does the same floating-point operations as the plain one (a quantity wraps a
// double and carries its unit in the type only), so the values agree to rounding; the bound of 4 ulps
// only allows a compiler to contract a different a*b+c in one of the two instantiations.
void check_same(const std::string& name, const samples& u, const samples& d, std::size_t expected) {
    BOOST_TEST_REQUIRE(u.size() == expected);
    BOOST_TEST_REQUIRE(d.size() == expected);
    std::size_t identical = 0;
    for (std::size_t i = 0; i < u.size(); ++i) {
        for (std::size_t j = 0; j < 4; ++j) {
            identical += (u[i][j] == d[i][j]);
            BOOST_TEST(
                std::abs(u[i][j] - d[i][j]) <= 4 * std::numeric_limits<double>::epsilon() * std::abs(d[i][j]),
                name << ": sample " << i << ", entry " << j);
        }
    }
    BOOST_TEST_MESSAGE(name << ": " << identical << " of " << 4 * u.size() << " values identical");
}

template <template <class, class, class, class, class...> class Chi>
void check_units_program(const std::string& name) {
    using unit_stepper = Chi<ustate, double, uderiv, utime>;
    using plain_stepper = Chi<dstate, double, dstate, double>;
    const auto unit_observer = [](samples& out) {
        return [&out](const ustate& x, const utime& t) {
            out.push_back({t.value(), x.q.value(), x.p.value(), x.s.value()});
        };
    };
    const auto plain_observer = [](samples& out) {
        return [&out](const dstate& x, double t) { out.push_back({t, x.q, x.p, x.s}); };
    };
    {
        samples u, d;
        ustate ux = unit_x0;
        dstate dx = plain_x0;
        odeint::integrate_const(unit_stepper(), unit_spring(), ux, 0.0 * si::second, 10.0 * si::second,
                                0.1 * si::second, unit_observer(u));
        odeint::integrate_const(plain_stepper(), plain_spring(), dx, 0.0, 10.0, 0.1, plain_observer(d));
        check_same(name + " integrate_const", u, d, 101);
    }
    {
        samples u, d;
        ustate ux = unit_x0;
        dstate dx = plain_x0;
        odeint::integrate_n_steps(unit_stepper(), unit_spring(), ux, 0.0 * si::second, 0.1 * si::second, 100,
                                  unit_observer(u));
        odeint::integrate_n_steps(plain_stepper(), plain_spring(), dx, 0.0, 0.1, 100, plain_observer(d));
        check_same(name + " integrate_n_steps", u, d, 101);
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(chi4_in_units_is_chi4_in_doubles) { check_units_program<oc::chi4>("chi4"); }
BOOST_AUTO_TEST_CASE(chi6_in_units_is_chi6_in_doubles) { check_units_program<oc::chi6>("chi6"); }
BOOST_AUTO_TEST_CASE(chi8_in_units_is_chi8_in_doubles) { check_units_program<oc::chi8>("chi8"); }
