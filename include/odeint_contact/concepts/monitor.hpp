// SPDX-License-Identifier: BSL-1.0
// A monitor of reversible_adaptive (reversible_adaptive.hpp): the time rescaling that sets its
// steps, called on a const monitor.
//   sigma(x, t) -> a number > 0, the wanted step up to a factor
//   log_rate(x, t) -> a number, d(ln sigma)/dt along the flow
// Users: doc/adaptive.md.
#ifndef ODEINT_CONTACT_CONCEPTS_MONITOR_HPP
#define ODEINT_CONTACT_CONCEPTS_MONITOR_HPP

#include <type_traits>
#include <utility>

#include <odeint_contact/detail/detect.hpp>

namespace odeint_contact {
namespace detail {

template <class M, class State, class Time>
using monitor_sigma_op =
    decltype(std::declval<const M&>().sigma(std::declval<const State&>(), std::declval<const Time&>()));
template <class M, class State, class Time>
using monitor_log_rate_op =
    decltype(std::declval<const M&>().log_rate(std::declval<const State&>(), std::declval<const Time&>()));

// Both members there and their results convertible to numbers.
template <class M, class State, class Time>
using is_monitor = std::conjunction<is_detected_convertible<double, monitor_sigma_op, M, State, Time>,
                                    is_detected_convertible<double, monitor_log_rate_op, M, State, Time>>;

}  // namespace detail
}  // namespace odeint_contact

#endif
