// SPDX-License-Identifier: BSL-1.0
// A contact Lagrangian on a state of Boost.Units quantities whose value returns the wrong
// dimension: L = p v would be an energy, but this one returns m v (a momentum). The static_assert
// names it before anything calls L; the control returns the energy m v^2/2 - k q^2/2 - gamma z.
// expect: must return L as a number, or with Boost.Units as a quantity of the unit of s per time
#include "common.hpp"

#include <boost/units/quantity.hpp>
#include <boost/units/systems/si.hpp>
#include <boost/units/systems/si/action.hpp>

namespace oc = odeint_contact;
namespace si = boost::units::si;
using boost::units::quantity;
using ustate = oc::contact_state<quantity<si::length>, quantity<si::momentum>, quantity<si::action>>;
using uderiv = oc::contact_state<quantity<si::velocity>, quantity<si::force>, quantity<si::energy>>;
using utime = quantity<si::time>;

struct damped_spring {
    quantity<si::mass> m = 1.0 * si::kilogram;
    quantity<decltype(si::newton / si::meter)> k = 1.0 * si::newton / si::meter;
    quantity<si::frequency> gamma = 0.1 / si::second;
#ifdef ODEINT_CONTACT_CONTROL
    quantity<si::energy> value(const quantity<si::length>& q, const quantity<si::velocity>& v,
                               const quantity<si::action>& z, const utime&) const {
        return m * v * v / 2.0 - k * q * q / 2.0 - gamma * z;
    }
#else
    quantity<si::momentum> value(const quantity<si::length>&, const quantity<si::velocity>& v,
                                 const quantity<si::action>&, const utime&) const {
        return m * v;
    }
#endif
    quantity<si::frequency> partials(const quantity<si::length>& q, const quantity<si::velocity>& v,
                                     const quantity<si::action>&, const utime&, quantity<si::force>& dq,
                                     quantity<si::momentum>& dv) const {
        dq = -k * q;
        dv = m * v;
        return -gamma;
    }
};

int main() {
    const auto system = oc::make_contact_lagrangian(damped_spring{});
    ustate x{1.0 * si::meter, 0.0 * si::kilogram * si::meter / si::second, 0.0 * si::joule * si::second};
    oc::cvi2<ustate, double, uderiv, utime> cvi;
    cvi.do_step(system, x, 0.0 * si::second, 0.1 * si::second);
}
