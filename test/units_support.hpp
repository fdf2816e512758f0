// SPDX-License-Identifier: BSL-1.0
// Shared by the Boost.Units tests: the SI types of a one-dimensional contact system and the damped
// spring of issue 2, built once with units and once in plain numbers so that a test can run the
// same program both ways and compare the numbers.
//
// The derivative's s part is an ENERGY, not a power: ds/dt = p.dT/dp - H has the unit of H, since
// the time derivative of an action [J s] is [J]. Issue 2's text says quantity<si::power>, which is
// dimensionally wrong and does not compile.
//   state      contact_state<quantity<length>,   quantity<momentum>, quantity<action>>   m, kg m/s, J s
//   derivative contact_state<quantity<velocity>, quantity<force>,    quantity<energy>>   m/s, N, J
//   time       quantity<si::time>, value type double.
#ifndef ODEINT_CONTACT_TEST_UNITS_SUPPORT_HPP
#define ODEINT_CONTACT_TEST_UNITS_SUPPORT_HPP

// Without it std::numeric_limits<quantity<...>>::epsilon() is quantity() == 0, and odeint's
// end-point comparison in integrate_const drops a step that lands a rounding error past t_end
// (test_units.cpp's integrate_const_keeps_the_end_point fails without this include).
#include <boost/units/limits.hpp>

#include <boost/units/quantity.hpp>
#include <boost/units/systems/si.hpp>
#include <boost/units/systems/si/action.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"

namespace test_support::si_units {

namespace si = boost::units::si;
using boost::units::quantity;

using length = quantity<si::length>;
using momentum = quantity<si::momentum>;
using action = quantity<si::action>;  // J s
using utime = quantity<si::time>;
using stiffness = quantity<decltype(si::newton / si::meter)>;

using ustate = odeint_contact::contact_state<length, momentum, action>;
using uderiv = odeint_contact::contact_state<quantity<si::velocity>, quantity<si::force>, quantity<si::energy>>;

// V = k q^2/2 with q in m and k in N/m: V in J, dV/dq in N.
using spring = spring_potential<length, stiffness>;

// H = p^2/(2m) + k q^2/2 + gamma s, with m in kg, k in N/m and gamma in 1/s (issue 2's
// linear_action(0.125 / si::second) is gamma = 0.125) ...
inline auto unit_damped_spring(double mass, double k, double gamma) {
    return odeint_contact::make_separable_hamiltonian(
        odeint_contact::quadratic_kinetic<quantity<si::mass>>{mass * si::kilogram}, spring{k * si::newton / si::meter},
        odeint_contact::linear_action(gamma / si::second));
}

// ... and the same Hamiltonian in plain numbers.
inline auto plain_damped_spring(double mass, double k, double gamma) {
    return odeint_contact::make_separable_hamiltonian(
        odeint_contact::quadratic_kinetic<>{mass}, spring_potential<double>{k}, odeint_contact::linear_action(gamma));
}

}  // namespace test_support::si_units

#endif
