// SPDX-License-Identifier: BSL-1.0
// Where a step failed. Action flows and implicit solves throw step_error with what went wrong
// in their own terms (the values they were given); the stepper that called them knows which
// stepper, step and stage it was, and says so in front of the part's message (the composition
// engine does, with the step's part_context; detail/composition.hpp).
#ifndef ODEINT_CONTACT_DETAIL_STEP_FAILURE_HPP
#define ODEINT_CONTACT_DETAIL_STEP_FAILURE_HPP

#include <string>

#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>

namespace odeint_contact {
namespace detail {

// "odeint_contact::<where>: ", the start of every message the library throws.
inline std::string message_prefix(const std::string& where) { return "odeint_contact::" + where + ": "; }

// "odeint_contact::<stepper>::do_step: step from t = <t> with dt = <dt> failed"
template <class Time>
std::string step_failure_prefix(const char* stepper, const Time& t, const Time& dt) {
    return message_prefix(std::string(stepper) + "::do_step") + "step from t = " + format(t) + " with dt = " +
           format(dt) + " failed";
}

// Throws Error(make_message()), out of line: a check whose failure builds its message here stays
// small enough for the compiler to inline it (an action flow into the step; a table's checks
// into the stepper's constructor, where its weights then fold into constants).
template <class Error, class MakeMessage>
[[noreturn]] ODEINT_CONTACT_DETAIL_COLD void throw_error(const MakeMessage& make_message) {
    throw Error(make_message());
}
template <class MakeMessage>
[[noreturn]] void throw_step_error(const MakeMessage& make_message) {
    throw_error<step_error>(make_message);
}

}  // namespace detail
}  // namespace odeint_contact

#endif
