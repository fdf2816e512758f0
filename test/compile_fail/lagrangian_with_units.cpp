// SPDX-License-Identifier: BSL-1.0
// A contact Lagrangian on a state of Boost.Units quantities: L is called with q and v of one type
// (a length cannot be a velocity), so contact Lagrangians take plain numbers, and the static_assert
// says so before anything calls L.
// expect: a contact Lagrangian is called with q and v of the same type, so it works on plain numbers only
#include <boost/units/quantity.hpp>
#include <boost/units/systems/si.hpp>
#include <boost/units/systems/si/action.hpp>

#include <odeint_contact/odeint_contact.hpp>

namespace oc = odeint_contact;
namespace si = boost::units::si;
using boost::units::quantity;
using ustate = oc::contact_state<quantity<si::length>, quantity<si::momentum>, quantity<si::action>>;
using uderiv = oc::contact_state<quantity<si::velocity>, quantity<si::force>, quantity<si::energy>>;
using utime = quantity<si::time>;

// L = v^2/2 - q^2/2 - 0.1 z, written for plain numbers.
struct damped_spring {
    template <class Q, class S, class T>
    double value(const Q& q, const Q& v, const S& z, const T&) const {
        return v * v / 2 - q * q / 2 - 0.1 * z;
    }
    template <class Q, class S, class T, class P>
    double partials(const Q& q, const Q& v, const S&, const T&, P& dq, P& dv) const {
        dq = -q;
        dv = v;
        return -0.1;
    }
};

int main() {
    const auto system = oc::make_contact_lagrangian(damped_spring{});
#ifdef ODEINT_CONTACT_CONTROL
    oc::contact_state<double> x{1.0, 0.0, 0.0};
    oc::cvi2<oc::contact_state<double>> cvi;
    cvi.do_step(system, x, 0.0, 0.1);
#else
    ustate x{1.0 * si::meter, 0.0 * si::kilogram * si::meter / si::second, 0.0 * si::joule * si::second};
    oc::cvi2<ustate, double, uderiv, utime> cvi;
    cvi.do_step(system, x, 0.0 * si::second, 0.1 * si::second);
#endif
}
