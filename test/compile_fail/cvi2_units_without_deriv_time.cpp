// SPDX-License-Identifier: BSL-1.0
// cvi2 on a state of Boost.Units quantities without its Deriv and Time parameters: the defaults
// (Deriv = State, Time = double) are for plain numbers, and the static_assert says what to give.
// expect: a state of Boost.Units quantities needs the stepper's Deriv and Time parameters
#include "common.hpp"

#include <boost/units/quantity.hpp>
#include <boost/units/systems/si.hpp>
#include <boost/units/systems/si/action.hpp>

namespace oc = odeint_contact;
namespace si = boost::units::si;
using boost::units::quantity;
using length = quantity<si::length>;
using ustate = oc::contact_state<length, quantity<si::momentum>, quantity<si::action>>;
using uderiv = oc::contact_state<quantity<si::velocity>, quantity<si::force>, quantity<si::energy>>;
using utime = quantity<si::time>;

// V = k q^2/2 with k in N/m; t of whatever time type the stepper uses.
struct spring {
    quantity<decltype(si::newton / si::meter)> k = 1.0 * si::newton / si::meter;
    template <class T>
    quantity<si::energy> value(const length& q, const T&) const { return k * q * q / 2.0; }
    template <class T>
    void gradient(const length& q, const T&, quantity<si::force>& dVdq) const { dVdq = k * q; }
};

int main() {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<quantity<si::mass>>{1.0 * si::kilogram},
                                                  spring{}, oc::linear_action(0.1 / si::second));
    ustate x{1.0 * si::meter, 0.0 * si::kilogram * si::meter / si::second, 0.0 * si::joule * si::second};
#ifdef ODEINT_CONTACT_CONTROL
    oc::cvi2<ustate, double, uderiv, utime> cvi;
    cvi.do_step(H, x, 0.0 * si::second, 0.1 * si::second);
#else
    oc::cvi2<ustate> cvi;
    cvi.do_step(H, x, 0.0, 0.1);
#endif
}
