// SPDX-License-Identifier: BSL-1.0
// A base step S2 of the composition engine (detail/composition.hpp, whose banner lists the Step
// members in full): what the engine calls on it, and how the steps recognise the systems they take.
//   Step::errors; Step::order; Step::writes_out_last (optional); Step(weights);
//   static check<System>(); resize(x); begin(...); stage(algebra, system, i, in, out, t, dt, name);
//   end(...); part_context(system, dt) const
// A new base step is a class with these members, in a header of its own (the library's are in
// detail/steps/); chi<Table>, cvi<Table> and galerkin_cvi4 are the engine over the library's steps. The systems: a separable Hamiltonian (kinetic(), potential(), action()), a
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
template <class Step, class System, class Time>
using step_part_context_op =
    decltype(std::declval<const Step&>().part_context(std::declval<const System&>(), std::declval<const Time&>()));

// Step::order, the base step's order (2 where it is missing: the engine's static_assert says so),
// and Step::writes_out_last, optional (false when absent): the step writes `out` only once nothing
// in it can fail, so the engine may hand it the caller's state itself, with no spare state to keep
// and nothing to save.
template <class Step>
using step_order_op = std::integral_constant<unsigned, unsigned(Step::order)>;
template <class Step>
using step_writes_out_last_op = std::bool_constant<bool(Step::writes_out_last)>;
template <class Step>
constexpr unsigned step_order() {
    return detected_or_t<std::integral_constant<unsigned, 2>, step_order_op, Step>::value;
}
template <class Step>
constexpr bool step_writes_out_last() {
    return detected_or_t<std::false_type, step_writes_out_last_op, Step>::value;
}

// Whether Step has the members the engine needs before it runs one: its error types, a check of
// the system, and the context of a part's failure as text.
template <class Step, class System, class Time>
using is_step =
    std::conjunction<is_detected<step_errors_op, Step>, is_detected<step_order_op, Step>,
                     is_detected_exact<bool, step_check_op, Step, System>,
                     is_detected_convertible<std::string, step_part_context_op, Step, System, Time>>;

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
