// SPDX-License-Identifier: BSL-1.0
// action_term with Boost.Units: s an action (J s), F an energy, dF/ds a rate (1/s), t a time. The
// numerical flow and the implicit solve run on the plain SI values, so chi2 and cvi2 on the
// cubic action F = s^3/3 (in SI units) give the plain-double trajectory bit for bit: any unit
// conversion or different operation order inside action_term would show up here.
#define BOOST_TEST_MODULE action_term_units
#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint.hpp>
#include <boost/units/cmath.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "units_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
namespace si = boost::units::si;
using boost::units::quantity;
using test_support::si_units::uderiv;
using test_support::si_units::ustate;

namespace {

using action_unit = decltype(si::joule * si::second);
using plain_state = oc::contact_state<double>;

// V = q^2/2 (k = 1 N/m), with units and in plain numbers.
const test_support::si_units::spring spring{1.0 * si::newton / si::meter};
const test_support::spring_potential<double> plain_spring{1.0};

// F = s^3/3 in units of 1 J/(J s)^3, written on the values so that both versions do the same
// floating-point operations.
const auto F = [](quantity<action_unit> s, quantity<si::time>) {
    return quantity<si::energy>::from_value(s.value() * s.value() * s.value() / 3.0);
};
const auto dF = [](quantity<action_unit> s, quantity<si::time>) {
    return quantity<si::frequency>::from_value(s.value() * s.value());
};

template <class UnitStepper, class PlainStepper>
void check_bit_for_bit() {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<quantity<si::mass>>(1.0 * si::kilogram), spring,
                                                  oc::action_term(F, dF));
    const auto H_plain = oc::make_separable_hamiltonian(
        oc::quadratic_kinetic<>{}, plain_spring,
        oc::action_term([](double s, double) { return s * s * s / 3.0; }, [](double s, double) { return s * s; }));
    ustate x{1.0 * si::meter, 0.0 * si::kilogram * si::meter / si::second, quantity<action_unit>::from_value(0.8)};
    plain_state y{1.0, 0.0, 0.8};
    odeint::integrate_n_steps(UnitStepper(), H, x, 0.0 * si::second, 0.1 * si::second, 100);
    odeint::integrate_n_steps(PlainStepper(), H_plain, y, 0.0, 0.1, 100);
    BOOST_TEST(x.q.value() == y.q);
    BOOST_TEST(x.p.value() == y.p);
    BOOST_TEST(x.s.value() == y.s);
}

}  // namespace

BOOST_AUTO_TEST_CASE(chi2_with_units_equals_plain_double) {
    check_bit_for_bit<oc::chi2<ustate, double, uderiv, quantity<si::time>>, oc::chi2<plain_state>>();
}

BOOST_AUTO_TEST_CASE(cvi2_with_units_equals_plain_double) {
    check_bit_for_bit<oc::cvi2<ustate, double, uderiv, quantity<si::time>>, oc::cvi2<plain_state>>();
}
