// SPDX-License-Identifier: BSL-1.0
// The adaptive forms (controlled_contact, dense_output_contact, reversible_adaptive; issue 25)
// with Boost.Units: the damped spring of test_units.cpp in SI units through integrate_adaptive,
// integrate_const and integrate_n_steps, against the same program in plain doubles. The error
// norm weighs each part of (q, p, s) in its own unit (contact_error_checker), the step sizes are
// times: units change types, not arithmetic, so every value must match bit for bit.
// integrate_times is not here: odeint's integrate_times for controlled and dense-output steppers
// static_casts the observation times to plain numbers (boost/numeric/odeint/integrate/detail/
// integrate_times.hpp) and does not compile with a unit time, for odeint's own steppers too.
#define BOOST_TEST_MODULE adaptive_units
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <vector>

#include <boost/numeric/odeint.hpp>
#include <boost/units/cmath.hpp>

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
using uchi4 = oc::chi4<ustate, double, uderiv, utime>;
using dchi4 = oc::chi4<dstate>;

// sigma = 1/(1 + q^2) in seconds, q in metres: steps shorten away from the rest point. Numbers
// from the values in their units, so that one monitor serves both programs.
struct spring_monitor {
    template <class State, class Time>
    double sigma(const State& x, const Time&) const {
        const double q = odeint::get_unit_value(x.q);
        return 1.0 / (1.0 + q * q);
    }
    template <class State, class Time>
    double log_rate(const State& x, const Time&) const {  // d/dt ln sigma, mass 1 kg
        const double q = odeint::get_unit_value(x.q);
        return -2.0 * q * odeint::get_unit_value(x.p) / (1.0 + q * q);
    }
};

// The forms, built the same way for both state types.
struct controlled {
    template <class S, class Time>
    static auto make(Time) { return odeint::make_controlled(1e-9, 1e-9, S()); }
};
struct controlled_max_dt {
    template <class S, class Time>
    static auto make(Time second) { return odeint::make_controlled(1e-9, 1e-9, 0.05 * second, S()); }
};
struct dense_output {
    template <class S, class Time>
    static auto make(Time) { return odeint::make_dense_output(1e-9, 1e-9, S()); }
};
struct dense_output_max_dt {
    template <class S, class Time>
    static auto make(Time second) { return odeint::make_dense_output(1e-9, 1e-9, 0.05 * second, S()); }
};
struct reversible {
    template <class S, class Time>
    static auto make(Time) { return oc::reversible_adaptive<S, spring_monitor>(0.02); }
};
struct reversible_calibrated {
    template <class S, class Time>
    static auto make(Time) { return oc::reversible_adaptive<S, spring_monitor>(1e-9, 1e-9); }
};

// Times and (q, p, s) as plain numbers, as an observer saw them.
using record = std::vector<std::vector<double>>;
template <class State, class Time>
auto recorder(record& r) {
    return [&r](const State& x, Time t) {
        r.push_back({odeint::get_unit_value(t), odeint::get_unit_value(x.q), odeint::get_unit_value(x.p),
                     odeint::get_unit_value(x.s)});
    };
}

// One program: the three integrate functions from x0 over [0, 3] s.
template <class Form, class Stepper, class State, class Time, class System>
record run(const System& system, const State& x0, Time second) {
    record r;
    State x = x0;
    odeint::integrate_adaptive(Form::template make<Stepper>(second), system, x, 0.0 * second, 3.0 * second,
                               0.1 * second, recorder<State, Time>(r));
    x = x0;
    odeint::integrate_const(Form::template make<Stepper>(second), system, x, 0.0 * second, 3.0 * second, 0.25 * second,
                            recorder<State, Time>(r));
    x = x0;
    odeint::integrate_n_steps(Form::template make<Stepper>(second), system, x, 0.0 * second, 0.25 * second, 12,
                              recorder<State, Time>(r));
    return r;
}

using forms = boost::mpl::list<controlled, controlled_max_dt, dense_output, dense_output_max_dt, reversible,
                               reversible_calibrated>;

}  // namespace

BOOST_AUTO_TEST_CASE_TEMPLATE(every_adaptive_form_in_units_is_the_same_in_doubles, Form, forms) {
    const ustate ux0{0.5 * si::meter, -0.25 * si::kilogram * si::meter / si::second, 0.125 * si::joule * si::second};
    const dstate dx0{0.5, -0.25, 0.125};
    const record u = run<Form, uchi4>(unit_damped_spring(1.0, 4.0, 0.125), ux0, 1.0 * si::second);
    const record d = run<Form, dchi4>(plain_damped_spring(1.0, 4.0, 0.125), dx0, 1.0);
    BOOST_TEST(u.size() > 2u * 13u);  // integrate_const and integrate_n_steps observe 13 times each
    BOOST_TEST(u == d);
}
