// SPDX-License-Identifier: BSL-1.0
// odeint_contact/chi2.hpp
//
// chi2 and chi<Table>: contact Hamiltonian integrators (CHI) for separable contact Hamiltonians
// H = T(p) + V(q,t) + F(s,t), as odeint Steppers.
//
// What it does: one chi2 step of size tau is the symmetric splitting
//     D(tau/2) C(tau/2) B(tau/2) A(tau) B(tau/2) C(tau/2) D(tau/2)
// of the exact contact flows of C = T(p), B = V(q,t), A = F(s,t) and D = time (doc/theory.md,
// "Splitting a separable Hamiltonian into exact flows" and "The second-order step: chi2"; the
// paper's printed B map has a wrong factor 1/2, Errata item 1). V and F are evaluated at the
// midpoint time t + tau/2. chi<Table> is the symmetric composition
// chi2(g_1 dt) ... chi2(g_m dt) with the weights of Table (composition_tables.hpp; a user's
// own table works alike), each stage advancing time by its own g_i dt. Both also step a
// Hamiltonian split into user pieces with their own flows, make_split_hamiltonian
// (split_hamiltonian.hpp), and step a separable one as the split Hamiltonian of its three parts
// (one base step for both); what follows is for the separable one.
// Order and cost: chi2 has order 2 in q, p and s, also for time-dependent V and F; chi<Table>
// has Table::order. Per step, one evaluation of V and of dV/dq per stage (one call of
// value_and_gradient when the potential has it; one call of value_and_kick, which also moves
// p, when it has that and the action is affine in s, as linear_action and affine_action are;
// separable_hamiltonian.hpp) and stages + 1
// flows of T (adjacent ones fused; each one call of the kinetic part's flow, or one of T and
// one of dT/dp; kinetic.hpp). On large states a step of k stages streams 8k + 3 arrays of the
// size of q, 6k + 3 with value_and_kick (chi2: 11 and 9; doc/methods.md), and touches only the
// input and the result. No heap allocation after the first step.
// What it keeps: nothing between steps (reuse a stepper freely). Every step is exactly a
// contact map; its conformal factor is the product of the sub-flows' factors (e^{-f tau} for
// F = f s, 4/(2 + gamma tau s)^2 for F = gamma s^2/2).
// When not to use it: H not separable into T(p) + V(q,t) + F(s,t) (use odeint's general steppers
// on the same system); a table with backward stages (all of order > 2) can meet the
// finite-time blow-up of a quadratic action in a backward stage where chi2 would not.
// Failure: do_step throws parameter_error for a non-finite t, dt or t + dt and for q and p of
// different lengths, and step_error when an action flow does not exist over its stage
// (F = gamma s^2/2 blows up when 2 + gamma tau s <= 0) or the new s is not finite (a NaN or inf
// input, a singular potential, an overflow); the state is then unchanged, also when a part of H
// throws. A NaN in a coordinate no part of H reads (q when V does not depend on it) is carried
// along, not caught: finding it would take a pass over q per step.
// References: Bravetti, Seri, Vermeeren, Zadra, "Numerical integration in celestial mechanics: a
// case for contact geometry" (2020) and "New directions for contact integrators" (2021);
// Yoshida, Phys. Lett. A 150 (1990) 262 for the splitting and composition pattern.
#ifndef ODEINT_CONTACT_CHI2_HPP
#define ODEINT_CONTACT_CHI2_HPP

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>

#include <odeint_contact/action.hpp>
#include <odeint_contact/composition_tables.hpp>
#include <odeint_contact/contact_state.hpp>
#include <odeint_contact/detail/chi_composition.hpp>
#include <odeint_contact/detail/composition.hpp>
#include <odeint_contact/detail/split_composition.hpp>
#include <odeint_contact/errors.hpp>
#include <odeint_contact/separable_hamiltonian.hpp>

namespace odeint_contact {

template <class Table, class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
class chi : public detail::composition<detail::chi_step<detail::table_stages<Table>::value, action_flow, State, Value,
                                                       Deriv, Time, Operations, detail::library_errors>,
                                      Table, State, Value, Deriv, Time, Algebra, Operations, Resizer> {
    using base = detail::composition<detail::chi_step<detail::table_stages<Table>::value, action_flow, State, Value, Deriv,
                                                      Time, Operations, detail::library_errors>,
                                     Table, State, Value, Deriv, Time, Algebra, Operations, Resizer>;

public:
    // base::algebra_type, named without base: nvcc's front end spells a member of base out with
    // action_flow as a template argument, which the host compiler then rejects in the default
    // argument below (class template placeholder not permitted).
    using algebra_type = Algebra;
    using stepper_type = chi;
    using table_type = Table;

    explicit chi(const algebra_type& algebra = algebra_type()) : base(algebra, "chi") {}

protected:
    chi(const algebra_type& algebra, const char* name) : base(algebra, name) {}
};

template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
class chi2 : public chi<tables::single_stage, State, Value, Deriv, Time, Algebra, Operations, Resizer> {
    using base = chi<tables::single_stage, State, Value, Deriv, Time, Algebra, Operations, Resizer>;

public:
    using typename base::algebra_type;
    using stepper_type = chi2;
    explicit chi2(const algebra_type& algebra = algebra_type()) : base(algebra, "chi2") {}
};

}  // namespace odeint_contact

#endif
