// SPDX-License-Identifier: BSL-1.0
// A base step S2 of the composition engine (detail/composition.hpp, whose banner lists the Step
// members in full): what the engine calls on it, and how the steps recognise the systems they take.
//   Step::errors; Step(weights); static check<System>(); resize(x); begin(...); stage(algebra,
//   system, i, in, out, t, dt, name); end(...); part_context(dt) const
// A new base step is a class with these members; chi<Table> and cvi<Table> are the engine over the
// library's steps. The systems: a separable Hamiltonian (kinetic(), potential(), action()), a
// split one (pieces(), concepts/piece.hpp), a contact Lagrangian (lagrangian(),
// concepts/lagrangian.hpp).
// Users: doc/concepts.md#steppers-chi2-chi4-chi6-chi8-cvi2.
#ifndef ODEINT_CONTACT_CONCEPTS_STEP_HPP
#define ODEINT_CONTACT_CONCEPTS_STEP_HPP

#include <string>
#include <type_traits>
#include <utility>

#include <odeint_contact/detail/detect.hpp>

namespace odeint_contact {
namespace detail {

template <class Step>
using step_errors_op = typename Step::errors;
template <class Step, class System>
using step_check_op = decltype(Step::template check<System>());  // its type only: not its static_asserts
template <class Step, class Time>
using step_part_context_op = decltype(std::declval<const Step&>().part_context(std::declval<const Time&>()));

// Whether Step has the members the engine needs before it runs one: its error types, a check of
// the system, and the context of a part's failure as text.
template <class Step, class System, class Time>
using is_step =
    std::conjunction<is_detected<step_errors_op, Step>, is_detected_exact<bool, step_check_op, Step, System>,
                     is_detected_convertible<std::string, step_part_context_op, Step, Time>>;

template <class System>
using kinetic_type_op = typename System::kinetic_type;
template <class System>
using potential_type_op = typename System::potential_type;
template <class System>
using action_type_op = typename System::action_type;
template <class System>
using kinetic_accessor_op = decltype(std::declval<const System&>().kinetic());
template <class System>
using potential_accessor_op = decltype(std::declval<const System&>().potential());
template <class System>
using action_accessor_op = decltype(std::declval<const System&>().action());

// A system that offers the parts of a separable Hamiltonian (make_separable_hamiltonian's
// result), recognised by what it has.
template <class System>
using has_hamiltonian_parts =
    std::conjunction<is_detected<kinetic_type_op, System>, is_detected<potential_type_op, System>,
                     is_detected<action_type_op, System>, is_detected<kinetic_accessor_op, System>,
                     is_detected<potential_accessor_op, System>, is_detected<action_accessor_op, System>>;

}  // namespace detail
}  // namespace odeint_contact

#endif
