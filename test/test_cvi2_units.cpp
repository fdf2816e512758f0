// SPDX-License-Identifier: BSL-1.0
// cvi2 runs the Boost.Units program of the chi2 issue: a spring with
// quadratic_kinetic<quantity<si::mass>>{1 kg} and linear_action(0.125 / si::second), through
// integrate_const and integrate_n_steps. The derivative's s part is an energy (ds/dt =
// p.dT/dp - H), and V is kept between steps in that type. The numbers equal those of the same
// program in plain doubles.
// Also here: cvi2 models odeint's Stepper concept (typedefs, order()).
#define BOOST_TEST_MODULE cvi2_units
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <type_traits>
#include <vector>

#include <boost/numeric/odeint.hpp>
#include <boost/units/io.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "units_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
namespace si = boost::units::si;
using boost::units::quantity;
using test_support::si_units::uderiv;
using test_support::si_units::ustate;
using test_support::si_units::utime;

namespace {

using ucvi2 = oc::cvi2<ustate, double, uderiv, utime>;
using unit_spring = test_support::si_units::spring;

auto unit_hamiltonian(double mass_kg) { return test_support::si_units::unit_damped_spring(mass_kg, 2.0, 0.125); }
auto plain_hamiltonian(double mass) { return test_support::si_units::plain_damped_spring(mass, 2.0, 0.125); }

const ustate unit_start{0.5 * si::meter, 0.25 * si::kilogram * si::meter / si::second,
                        0.1 * si::joule * si::second};
const oc::contact_state<double> plain_start{0.5, 0.25, 0.1};

BOOST_AUTO_TEST_CASE(stepper_concept) {
    static_assert(std::is_same_v<ucvi2::state_type, ustate>);
    static_assert(std::is_same_v<ucvi2::deriv_type, uderiv>);
    static_assert(std::is_same_v<ucvi2::time_type, utime>);
    static_assert(std::is_same_v<ucvi2::value_type, double>);
    static_assert(std::is_same_v<ucvi2::stepper_category, odeint::stepper_tag>);
    static_assert(std::is_same_v<ucvi2::stepper_type, ucvi2>);
    static_assert(std::is_same_v<decltype(uderiv{}.s), quantity<si::energy>>);
    BOOST_TEST(ucvi2().order() == 2);
    BOOST_TEST(ucvi2::order_value == 2);
}

// Bit-for-bit: the unit program performs the same double operations in the same order as the
// plain one (quantities wrap a double and add nothing), so the values agree exactly; a unit
// error would not compile, and a misplaced mass would change the numbers (mass 2 kg below).
BOOST_AUTO_TEST_CASE(integrate_const_and_n_steps_with_units) {
    for (double mass : {1.0, 2.0}) {
        const auto H = unit_hamiltonian(mass);
        const auto P = plain_hamiltonian(mass);
        std::vector<double> unit_s, plain_s;
        {
            ustate x = unit_start;
            const std::size_t steps = odeint::integrate_const(
                ucvi2(), H, x, 0.0 * si::second, 5.0 * si::second, 0.25 * si::second,
                [&](const ustate& y, const utime&) { unit_s.push_back(y.s.value()); });
            oc::contact_state<double> z = plain_start;
            const std::size_t plain_steps = odeint::integrate_const(
                oc::cvi2<oc::contact_state<double>>(), P, z, 0.0, 5.0, 0.25,
                [&](const oc::contact_state<double>& y, double) { plain_s.push_back(y.s); });
            BOOST_TEST(steps == 20u);
            BOOST_TEST(steps == plain_steps);
            BOOST_TEST(x.q.value() == z.q);
            BOOST_TEST(x.p.value() == z.p);
            BOOST_TEST(x.s.value() == z.s);
            BOOST_TEST(unit_s == plain_s, boost::test_tools::per_element());
        }
        {
            ustate x = unit_start;
            odeint::integrate_n_steps(ucvi2(), H, x, 0.0 * si::second, 0.25 * si::second, 40);
            oc::contact_state<double> z = plain_start;
            odeint::integrate_n_steps(oc::cvi2<oc::contact_state<double>>(), P, z, 0.0, 0.25, 40);
            BOOST_TEST(x.q.value() == z.q);
            BOOST_TEST(x.p.value() == z.p);
            BOOST_TEST(x.s.value() == z.s);
        }
    }
}

// value_and_kick with Boost.Units: a is a number, b a time, so that b dV/dq is a momentum.
// The spring written with it, with units and in plain numbers (the same double operations):
// chi2 and cvi2 call it (counted) and the two programs agree bit for bit.
std::size_t kick_calls = 0;

template <class Q, class K, class T>
struct kicked_spring : test_support::spring_potential<Q, K> {
    template <class P>
    auto value_and_kick(const Q& q, const T& t, double a, const T& b, const P& p_in, P& p_out) const {
        ++kick_calls;
        p_out = a * p_in - b * (this->k * q);
        return this->value(q, t);
    }
};

BOOST_AUTO_TEST_CASE(value_and_kick_with_units) {
    const auto H = oc::make_separable_hamiltonian(
        oc::quadratic_kinetic<quantity<si::mass>>{2.0 * si::kilogram},
        kicked_spring<test_support::si_units::length, test_support::si_units::stiffness, utime>{
            {2.0 * si::newton / si::meter}},
        oc::linear_action(0.125 / si::second));
    const auto P = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{2.0},
                                                  kicked_spring<double, double, double>{{2.0}},
                                                  oc::linear_action(0.125));
    using uchi2 = oc::chi2<ustate, double, uderiv, utime>;
    ustate x = unit_start, y = unit_start;
    oc::contact_state<double> z = plain_start, w = plain_start;
    odeint::integrate_n_steps(ucvi2(), H, x, 0.0 * si::second, 0.25 * si::second, 40);
    odeint::integrate_n_steps(oc::cvi2<oc::contact_state<double>>(), P, z, 0.0, 0.25, 40);
    odeint::integrate_n_steps(uchi2(), H, y, 0.0 * si::second, 0.25 * si::second, 40);
    odeint::integrate_n_steps(oc::chi2<oc::contact_state<double>>(), P, w, 0.0, 0.25, 40);
    BOOST_TEST(kick_calls == 2 * (2 * 40u + 40u));  // cvi2: 2 per step, chi2: 1, both programs
    BOOST_TEST(x.q.value() == z.q);
    BOOST_TEST(x.p.value() == z.p);
    BOOST_TEST(x.s.value() == z.s);
    BOOST_TEST(y.q.value() == w.q);
    BOOST_TEST(y.p.value() == w.p);
    BOOST_TEST(y.s.value() == w.s);
}

BOOST_AUTO_TEST_CASE(quadratic_action_and_failure_with_units) {
    // gamma in 1/(J s^2), so that gamma s^2/2 is an energy; the failure message carries units.
    const auto gamma = 1.0 / (si::joule * si::second * si::second);
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<quantity<si::mass>>{1.0 * si::kilogram},
                                                  unit_spring{1.0 * si::newton / si::meter},
                                                  oc::quadratic_action(gamma));
    ucvi2 stepper;
    ustate x{0.0 * si::meter, 0.0 * si::kilogram * si::meter / si::second, -30.0 * si::joule * si::second};
    const ustate before = x;
    // At q = p = 0: r = s - dt F(s)/2 = -30 J s - 0.1 s * 225 J = -52.5 J s, and the
    // discriminant 1 + dt gamma r = 1 - 5.25 < 0. With dt = 1 ms it is 1 - 0.03.
    BOOST_CHECK_THROW(stepper.do_step(H, x, 0.0 * si::second, 0.1 * si::second), oc::step_error);
    BOOST_TEST(x.s.value() == before.s.value());
    stepper.do_step(H, x, 0.0 * si::second, 0.001 * si::second);
    // ds/dt = -H = -gamma s^2/2 = -450 J: s falls by ~0.45 J s.
    BOOST_TEST(x.s.value() < before.s.value() - 0.4);
}

}  // namespace
