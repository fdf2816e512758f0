// SPDX-License-Identifier: BSL-1.0
// odeint_contact/stepper/chi2.hpp
//
// chi2 and chi<Table>: contact Hamiltonian integrators (CHI), odeint Steppers, for a separable
// H = T(p) + V(q,t) + F(s,t) or a split Hamiltonian (split_hamiltonian.hpp). A chi2 step is the
// symmetric splitting D(tau/2) C(tau/2) B(tau/2) A(tau) B(tau/2) C(tau/2) D(tau/2) into exact flows
// of T, V, F and time; chi<Table> composes it with a table's weights (composition_tables.hpp).
// Order and cost: 2 (chi<Table>: Table::order) in q, p and s, also for time-dependent V and F; per
// stage one V and dV/dq (one value_and_gradient or value_and_kick), stages + 1 flows of T; no
// allocation after the first step. Every step is exactly a contact map.
// When not to use it: H not of the form T + V + F (odeint's steppers take the same system); a
// quadratic action with a table that has backward stages (every order > 2). Failure:
// parameter_error or step_error (action flow blow-up, non-finite s), state unchanged.
// Details: doc/theory.md (the step, errata), doc/methods.md (cost, failures), doc/concepts.md.
// References: Bravetti, Seri, Vermeeren, Zadra (2020: "a case for contact geometry"; 2021: "New
// directions for contact integrators"); Yoshida, Phys. Lett. A 150 (1990) 262.
#ifndef ODEINT_CONTACT_STEPPER_CHI2_HPP
#define ODEINT_CONTACT_STEPPER_CHI2_HPP

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>

#include <odeint_contact/system/action.hpp>
#include <odeint_contact/stepper/composition_tables.hpp>
#include <odeint_contact/state/contact_state.hpp>
#include <odeint_contact/detail/steps/chi_stage.hpp>
#include <odeint_contact/detail/composition.hpp>
#include <odeint_contact/detail/steps/split_stage.hpp>
#include <odeint_contact/errors.hpp>
#include <odeint_contact/system/separable_hamiltonian.hpp>

namespace odeint_contact {
namespace detail {
// By shell_index (composition_tables.hpp).
inline constexpr const char* chi_names[] = {"chi", "chi2", "chi4", "chi6", "chi8"};
}  // namespace detail

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

    explicit chi(const algebra_type& algebra = algebra_type())
        : base(algebra, detail::chi_names[detail::shell_index<Table>::value]) {}
};

// chi2 is chi over the base step alone; chi4, chi6, chi8 (their headers) over other tables.
template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
using chi2 = chi<tables::single_stage, State, Value, Deriv, Time, Algebra, Operations, Resizer>;

}  // namespace odeint_contact

#endif
