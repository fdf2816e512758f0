// SPDX-License-Identifier: BSL-1.0
// units: a damped spring in SI units (Boost.Units), integrated by chi2 and by cvi2. The compiler
// checks every unit; the numbers are those of the same program in plain doubles (the tests
// test_units compares them).
//
// H = p^2/(2m) + k q^2/2 + gamma s, with m in kg, k in N/m and gamma in 1/s.
#include <iostream>

#include <boost/numeric/odeint.hpp>
#include <boost/units/io.hpp>
#include <boost/units/limits.hpp>  // odeint compares times with std::numeric_limits<Time>::epsilon()
#include <boost/units/quantity.hpp>
#include <boost/units/systems/si.hpp>
#include <boost/units/systems/si/action.hpp>

#include <odeint_contact/odeint_contact.hpp>

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
namespace si = boost::units::si;
using boost::units::quantity;

// [doc:types]
// The state: q in m, p in kg m/s, s in J s (an action).
using state_type = oc::contact_state<quantity<si::length>, quantity<si::momentum>, quantity<si::action>>;
// Its derivative: dq/dt in m/s, dp/dt in N, and ds/dt = p.dT/dp - H in J (an energy, not a power).
using deriv_type = oc::contact_state<quantity<si::velocity>, quantity<si::force>, quantity<si::energy>>;
using time_type = quantity<si::time>;
// The steppers take the derivative and time types as template arguments, as odeint's own do.
using chi2_type = oc::chi2<state_type, double, deriv_type, time_type>;
using cvi2_type = oc::cvi2<state_type, double, deriv_type, time_type>;
// [/doc:types]

// V = k q^2/2: V in J, dV/dq in N.
struct spring {
    quantity<decltype(si::newton / si::meter)> k;
    quantity<si::energy> value(const quantity<si::length>& q, const time_type&) const { return k * q * q / 2.0; }
    void gradient(const quantity<si::length>& q, const time_type&, quantity<si::force>& dVdq) const {
        dVdq = k * q;
    }
};

int main() {
    // [doc:run]
    const auto H = oc::make_separable_hamiltonian(
        oc::quadratic_kinetic<quantity<si::mass>>{1.0 * si::kilogram},  // m = 1 kg
        spring{4.0 * si::newton / si::meter},                            // k = 4 N/m
        oc::linear_action(0.125 / si::second));                          // F = gamma s, gamma = 0.125/s
    const state_type x0{0.5 * si::meter, 0.0 * si::kilogram * si::meter / si::second,
                        0.0 * si::joule * si::second};
    const time_type dt = 0.1 * si::second;

    // 100 steps to t = 10 s: integrate_n_steps, since integrate_const may stop one step short.
    state_type x = x0;
    odeint::integrate_n_steps(chi2_type(), H, x, 0.0 * si::second, dt, 100);
    std::cout << "chi2: q = " << x.q << ", p = " << x.p << ", s = " << x.s << '\n';

    state_type y = x0;
    odeint::integrate_n_steps(cvi2_type(), H, y, 0.0 * si::second, dt, 100);
    std::cout << "cvi2: q = " << y.q << ", p = " << y.p << ", s = " << y.s << '\n';
    // [/doc:run]
}
