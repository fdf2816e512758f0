// SPDX-License-Identifier: BSL-1.0
// The step chi<Table> runs in the composition engine (composition.hpp): a symmetric composition
//   S(dt) = S2(w_1 dt) S2(w_2 dt) ... S2(w_k dt)
// of the second-order splitting of a Hamiltonian into pieces with exact flows, split_step
// (steps/split_stage.hpp). One base step for every Hamiltonian: a separable one,
// H = T(p) + V(q,t) + F(s,t) (make_separable_hamiltonian), is the split Hamiltonian of its three
// parts as the library's pieces (kinetic_piece, potential_piece, action_piece; its pieces()), so
// that S2 is
//   D(tau/2) C(tau/2) B(tau/2) A(tau) B(tau/2) C(tau/2) D(tau/2)
// with the exact sub-flows of doc/theory.md ("The exact sub-flows"; C: kinetic T, B: potential
// V, A: action F, D: time). What makes that case fast is known of the library's pieces in one
// place (detail/piece_kernels.hpp): the C half flows of adjacent stages fused (kinetic_piece is
// autonomous: C(a) C(b) = C(a + b) exactly); one V and dV/dq per stage for both B half flows
// (potential_piece kicks, and A keeps q); B A B in one pass over p (action_piece scales p), or in
// the potential's own pass when it has value_and_kick and F is affine in s; the first C from the
// input into the result (kinetic_piece keeps p).
//
// Cost per step with k stages, separable H: k evaluations of V and of dV/dq (k calls of
// value_and_gradient when the potential has it, or of value_and_kick as above), k + 1 flows of T,
// each one call of the kinetic part's flow or, for a kinetic part without one, one evaluation of
// T and one of dT/dp. No heap allocation after the first step.
//
// Failure: as split_step; a separable Hamiltonian's step_error names the stage and, for its
// action flow, the span of that flow.
#ifndef ODEINT_CONTACT_DETAIL_STEPS_CHI_STAGE_HPP
#define ODEINT_CONTACT_DETAIL_STEPS_CHI_STAGE_HPP

#include <cstddef>
#include <string>
#include <type_traits>

#include <odeint_contact/detail/composition.hpp>
#include <odeint_contact/detail/concept_checks.hpp>
#include <odeint_contact/detail/steps/split_stage.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

// FlowResult is action_flow of action.hpp, which detail/ does not include.
template <std::size_t Stages, template <class, class> class FlowResult, class State, class Value, class Deriv,
          class Time, class Operations, class Errors>
class chi_step : public split_step<Stages, State, Value, Deriv, Time, Operations, Errors> {
    using base = split_step<Stages, State, Value, Deriv, Time, Operations, Errors>;
    using action_t = std::decay_t<decltype(std::declval<State&>().s)>;
    using coordinate_type = std::decay_t<decltype(std::declval<State&>().q)>;
    using momentum_type = std::decay_t<decltype(std::declval<State&>().p)>;

public:
    using base::base;

    // A separable Hamiltonian's parts are checked as parts first, so that a part that does not
    // fit is reported by its name and role; then, as for any split Hamiltonian, its pieces.
    template <class System>
    static constexpr bool check() {
        constexpr bool parts = has_hamiltonian_parts<System>::value;
        constexpr bool pieces = has_split_pieces<System>::value;
        static_assert(parts || pieces,
                      "odeint_contact: contact Hamiltonian integrators split the system into exact "
                      "flows; pass a Hamiltonian made by make_separable_hamiltonian(kinetic, "
                      "potential, action) or make_split_hamiltonian(pieces...)");
        if constexpr (parts) {
            static_assert(pieces,
                          "odeint_contact: the chi steppers step a separable Hamiltonian as its pieces(); a "
                          "type of your own with kinetic(), potential() and action() needs them too: use "
                          "make_separable_hamiltonian(kinetic, potential, action)");
            if constexpr (pieces && check_units<State, Deriv, Time>() &&
                          check_hamiltonian_parts<typename System::kinetic_type, typename System::potential_type,
                                                  typename System::action_type, State, Deriv, Time>() &&
                          check_action_flow<typename System::action_type, Value, action_t, Time, FlowResult>() &&
                          check_value_and_kick<typename System::potential_type, coordinate_type, Time, Value, Time,
                                               momentum_type>())
                return base::template check<System>();
            else
                return false;
        } else if constexpr (pieces) {
            return base::template check<System>();
        } else {
            return false;
        }
    }

    // For a separable Hamiltonian, the words of its user: the action flow (its third piece) and
    // that flow's span.
    template <class System>
    std::string part_context(const System& system, const Time& dt) const {
        if constexpr (has_hamiltonian_parts<System>::value)
            if (this->failed_piece() == 2)
                return "in stage " + std::to_string(this->failed_stage() + 1) + " of " + std::to_string(Stages) +
                       " (whose action flow spans " + format(this->stage_span(dt)) + ")";
        return base::part_context(system, dt);
    }
};

}  // namespace detail
}  // namespace odeint_contact

#endif
