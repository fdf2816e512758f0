// SPDX-License-Identifier: BSL-1.0
// A contact Lagrangian on a state of Boost.Units quantities under a stepper whose Time is the
// default double: v = dq/dt has no unit then, and the static_assert says that the time must be a
// quantity too, before anything calls L. The control gives the stepper a time quantity.
// expect: a contact Lagrangian with Boost.Units needs q, p, s and the time all quantities
#include "common.hpp"

#include <boost/units/quantity.hpp>
#include <boost/units/systems/si.hpp>
#include <boost/units/systems/si/action.hpp>

namespace oc = odeint_contact;
namespace si = boost::units::si;
using boost::units::quantity;
using ustate = oc::contact_state<quantity<si::length>, quantity<si::momentum>, quantity<si::action>>;
using uderiv = oc::contact_state<quantity<si::velocity>, quantity<si::force>, quantity<si::energy>>;

// L = m v^2/2 - k q^2/2 - gamma z, generic in the time type.
struct damped_spring {
    quantity<si::mass> m = 1.0 * si::kilogram;
    quantity<decltype(si::newton / si::meter)> k = 1.0 * si::newton / si::meter;
    quantity<si::frequency> gamma = 0.1 / si::second;
    template <class V, class T>
    quantity<si::energy> value(const quantity<si::length>& q, const V& v, const quantity<si::action>& z,
                               const T&) const {
        return m * v * v / 2.0 - k * q * q / 2.0 - gamma * z;
    }
    template <class V, class T, class F>
    quantity<si::frequency> partials(const quantity<si::length>& q, const V& v, const quantity<si::action>&,
                                     const T&, F& dq, quantity<si::momentum>& dv) const {
        dq = -k * q;
        dv = m * v;
        return -gamma;
    }
};

int main() {
    const auto system = oc::make_contact_lagrangian(damped_spring{});
    ustate x{1.0 * si::meter, 0.0 * si::kilogram * si::meter / si::second, 0.0 * si::joule * si::second};
#ifdef ODEINT_CONTACT_CONTROL
    oc::cvi2<ustate, double, uderiv, quantity<si::time>> cvi;
    cvi.do_step(system, x, 0.0 * si::second, 0.1 * si::second);
#else
    oc::cvi2<ustate> cvi;
    cvi.do_step(system, x, 0.0, 0.1);
#endif
}
