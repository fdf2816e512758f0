// SPDX-License-Identifier: BSL-1.0
// Where a step failed. Action flows and implicit solves throw step_error with what went wrong
// in their own terms (the values they were given); the stepper that called them knows which
// stepper, step and stage it was, and says so in front of the part's message. The Error type is
// a parameter so that detail/ stays free of the public headers: the steppers pass step_error.
#ifndef ODEINT_CONTACT_DETAIL_STEP_FAILURE_HPP
#define ODEINT_CONTACT_DETAIL_STEP_FAILURE_HPP

#include <string>
#include <utility>

#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

// "odeint_contact::<stepper>::do_step: step from t = <t> with dt = <dt> failed"
template <class Time>
std::string step_failure_prefix(const char* stepper, const Time& t, const Time& dt) {
    return std::string("odeint_contact::") + stepper + "::do_step: step from t = " + format(t) +
           " with dt = " + format(dt) + " failed";
}

// call(), with an Error it throws thrown again as
//   "<prefix> <where()>: <the part's message>; the state is unchanged".
// where() is only called on failure (no string is built on the way of a successful step). The
// caller guarantees the last clause: it has not written the state before calling.
template <class Error, class Time, class Call, class Where>
decltype(auto) with_step_context(const char* stepper, const Time& t, const Time& dt, Where&& where, Call&& call) {
    try {
        return std::forward<Call>(call)();
    } catch (const Error& e) {
        throw Error(step_failure_prefix(stepper, t, dt) + " " + std::forward<Where>(where)() + ": " + e.what() +
                    "; the state is unchanged");
    }
}

}  // namespace detail
}  // namespace odeint_contact

#endif
