// SPDX-License-Identifier: BSL-1.0
// What the adaptive steppers (controlled.hpp, dense_output.hpp, reversible_adaptive.hpp) share:
// their checks of tolerances and step limits with the messages, and the weights of the Hermite
// interpolants their dense output uses.
#ifndef ODEINT_CONTACT_DETAIL_ADAPTIVE_SUPPORT_HPP
#define ODEINT_CONTACT_DETAIL_ADAPTIVE_SUPPORT_HPP

#include <array>
#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/util/state_wrapper.hpp>
#include <boost/numeric/odeint/util/unit_helper.hpp>

#include <odeint_contact/concepts/monitor.hpp>
#include <odeint_contact/detail/checks.hpp>
#include <odeint_contact/detail/step_failure.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>

namespace odeint_contact {
namespace detail {

// The type names odeint looks up on a controlled or dense-output stepper, from the base stepper's.
template <class Stepper, class Category>
struct adaptive_types {
    using state_type = typename Stepper::state_type;
    using value_type = typename Stepper::value_type;
    using deriv_type = typename Stepper::deriv_type;
    using time_type = typename Stepper::time_type;
    using algebra_type = typename Stepper::algebra_type;
    using operations_type = typename Stepper::operations_type;
    using stepper_category = Category;
    using wrapped_state_type = boost::numeric::odeint::state_wrapper<state_type>;
    using wrapped_deriv_type = boost::numeric::odeint::state_wrapper<deriv_type>;
};

// A time as a plain number in its unit, and back (odeint's unit helpers: Boost.Units times).
template <class Time>
auto time_value(const Time& t) {
    return boost::numeric::odeint::get_unit_value(t);
}
template <class Time, class Value>
Time to_time(const Value& v) {
    Time t{};
    boost::numeric::odeint::set_unit_value(t, v);
    return t;
}

// A tolerance must be positive and finite: a zero one asks for an error no step can meet.
template <class Value>
Value checked_tolerance(const Value& tolerance, const char* what, const char* where) {
    if (!(is_finite(tolerance) && tolerance > Value(0)))
        throw parameter_error(message_prefix(where) + "" + what +
                              " must be positive and finite, got " + format(tolerance));
    return tolerance;
}

template <class Time>
Time checked_max_dt(const Time& max_dt, const char* where) {
    if (!(is_finite(max_dt) && max_dt > Time(0)))
        throw parameter_error(message_prefix(where) + "max_dt must be positive and finite, got " +
                              format(max_dt));
    return max_dt;
}

template <class Time>
std::string adaptive_times_message(const Time& t, const Time& dt, const char* where) {
    if (finite_times(t, dt)) return message_prefix(where) + "dt must not be zero (t = " + format(t) + ")";
    return times_message(t, dt, where);
}

template <class Time, class Value>
std::string underflow_message(const Time& t, const Time& dt, const Value& error, const std::string& failure,
                              const char* where) {
    std::string text = message_prefix(where) + "the step size underflows at t = " + format(t) +
                       " (dt = " + format(dt) + ", ";
    if (failure.empty()) return text + "weighted error " + format(error) + ")";
    return text + "last failure: " + failure + ")";
}

// Hermite interpolation through N nodes c_i with values y_i and derivatives y'_i (in the
// variable theta): y(theta) = sum_i value[i] y_i + slope[i] y'_i, the polynomial of degree
// 2N - 1; with l_i the Lagrange basis, value_i = (1 - 2 l_i'(c_i)(theta - c_i)) l_i^2 and
// slope_i = (theta - c_i) l_i^2. At a node the weights are exactly 1 and 0.
template <std::size_t N, class Value>
void hermite_weights(const std::array<Value, N>& c, const Value& theta, std::array<Value, N>& value,
                     std::array<Value, N>& slope) {
    for (std::size_t i = 0; i < N; ++i) {
        Value l(1);
        Value dl(0);
        for (std::size_t j = 0; j < N; ++j) {
            if (j == i) continue;
            l *= (theta - c[j]) / (c[i] - c[j]);
            dl += Value(1) / (c[i] - c[j]);
        }
        const Value l2 = l * l;
        value[i] = (Value(1) - Value(2) * dl * (theta - c[i])) * l2;
        slope[i] = (theta - c[i]) * l2;
    }
}

// x = sum_i value[i] y_i + h slope[i] f_i over three nodes: a Hermite interpolant from its
// weights (or the difference of two).
template <class Operations, class Algebra, class Value, class Time, class Out, class Y, class F>
void hermite_combination3(Algebra& algebra, Out& x, const std::array<Value, 3>& value,
                          const std::array<Value, 3>& slope, const Time& h, const Y& y0, const Y& y1, const Y& y2,
                          const F& f0, const F& f1, const F& f2) {
    algebra.for_each7(x, y0, y1, y2, f0, f1, f2,
                      typename Operations::template scale_sum6<Value, Value, Value, Time, Time, Time>(
                          value[0], value[1], value[2], h * slope[0], h * slope[1], h * slope[2]));
}

// x = the Hermite interpolant through three nodes c (in units of the step h) at theta, from the
// states y and their vector fields f (dy/dtheta = h f).
template <class Operations, class Algebra, class Value, class Time, class Out, class Y, class F>
void hermite3(Algebra& algebra, Out& x, const std::array<Value, 3>& c, const Value& theta, const Time& h,
              const Y& y0, const Y& y1, const Y& y2, const F& f0, const F& f1, const F& f2) {
    std::array<Value, 3> value{}, slope{};
    hermite_weights<3, Value>(c, theta, value, slope);
    hermite_combination3<Operations>(algebra, x, value, slope, h, y0, y1, y2, f0, f1, f2);
}

// x = sum_i value[i] y_i + h slope[i] f_i over five nodes: a Hermite interpolant from its weights
// (or the difference of two, whose weights are subtracted).
template <class Operations, class Y, class F, class Algebra, class Value, class Time, class Out>
void hermite_combination5(Algebra& algebra, Out& x, const std::array<Value, 5>& value,
                          const std::array<Value, 5>& slope, const Time& h, const std::array<const Y*, 5>& y,
                          const std::array<const F*, 5>& f) {
    algebra.for_each11(
        x, *y[0], *y[1], *y[2], *y[3], *y[4], *f[0], *f[1], *f[2], *f[3], *f[4],
        typename Operations::template scale_sum10<Value, Value, Value, Value, Value, Time, Time, Time, Time, Time>(
            value[0], value[1], value[2], value[3], value[4], h * slope[0], h * slope[1], h * slope[2], h * slope[3],
            h * slope[4]));
}

// The same through five nodes.
template <class Operations, class Y, class F, class Algebra, class Value, class Time, class Out>
void hermite5(Algebra& algebra, Out& x, const std::array<Value, 5>& c, const Value& theta, const Time& h,
              const std::array<const Y*, 5>& y, const std::array<const F*, 5>& f) {
    std::array<Value, 5> value{}, slope{};
    hermite_weights<5, Value>(c, theta, value, slope);
    hermite_combination5<Operations, Y, F>(algebra, x, value, slope, h, y, f);
}

}  // namespace detail
}  // namespace odeint_contact

#endif
