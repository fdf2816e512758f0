// SPDX-License-Identifier: BSL-1.0
// odeint_contact/stepper/cvi2.hpp
//
// cvi2 and cvi<Table>: contact variational integrators (CVI), odeint Steppers, for a separable
// H = |p|^2/(2m) + V(q,t) + F(s,t) or a contact Lagrangian (contact_lagrangian.hpp). A cvi2 step is
// the discrete Herglotz principle for the trapezoidal discrete Lagrangian: explicit in q and p, one
// scalar equation for s (the action's solve_implicit); cvi<Table> composes it with a table.
// Order and cost: 2 (cvi<Table>: Table::order) in q, p and s; m + 1 of V and dV/dq for m stages, m
// when the caller carries the sample (initialize, then do_step(H, x, sample, t, dt)); m flows of T
// and m implicit solves. Exactly contact, factor (1 - hF_s)/(1 + hF_s) per stage.
// When not to use it: a kinetic part other than quadratic_kinetic (use chi); tau |F_s|/2 near 1.
// Failure: parameter_error; step_error (a Legendre transform singular, no root on the branch); the
// state (and a carried sample) unchanged. Details: doc/variational.md (the scheme, the paper's
// eqs. (6)-(9) corrected, failures), doc/methods.md. References: Vermeeren, Bravetti, Seri,
// J. Phys. A 52 (2019); Bravetti, Seri, Vermeeren, Zadra, GSI 2021; Yoshida, PLA 150 (1990) 262.
#ifndef ODEINT_CONTACT_STEPPER_CVI2_HPP
#define ODEINT_CONTACT_STEPPER_CVI2_HPP

#include <type_traits>

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>

#include <odeint_contact/detail/composition.hpp>
#include <odeint_contact/detail/lagrangian.hpp>
#include <odeint_contact/detail/steps/cvi2.hpp>
#include <odeint_contact/state/contact_state.hpp>
#include <odeint_contact/stepper/composition_tables.hpp>
#include <odeint_contact/system/action.hpp>
#include <odeint_contact/system/kinetic.hpp>
#include <odeint_contact/system/potential_sample.hpp>
#include <odeint_contact/system/separable_hamiltonian.hpp>

namespace odeint_contact {

namespace detail {

// By shell_index (composition_tables.hpp).
inline constexpr const char* cvi_names[] = {"cvi", "cvi2", "cvi4", "cvi6", "cvi8"};

}  // namespace detail

template <class Table, class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
class cvi
    : public detail::composition<
          detail::cvi_step<detail::table_stages<Table>::value, State, Value, Deriv, Time, Algebra, Operations>,
          Table, State, Value, Deriv, Time, Algebra, Operations, Resizer> {
    using step_type =
        detail::cvi_step<detail::table_stages<Table>::value, State, Value, Deriv, Time, Algebra, Operations>;
    using base = detail::composition<step_type, Table, State, Value, Deriv, Time, Algebra, Operations, Resizer>;

public:
    using typename base::algebra_type;
    using typename base::time_type;
    using stepper_type = cvi;
    using table_type = Table;
    // V(q,t) and dV/dq(q,t) at one point, carried from step to step by the caller.
    using sample_type = typename step_type::sample_type;

    explicit cvi(const algebra_type& algebra = algebra_type())
        : base(algebra, detail::cvi_names[detail::shell_index<Table>::value]) {}

    // Newton updates in the last stage of the last step with a contact Lagrangian (cost studies).
    unsigned last_iterations() const { return this->m_step.last_iterations(); }

    using base::do_step;

    // V and grad V at (x.q, t) into sample, sized like x.p: the start of a run of carried steps.
    template <class System, class StateIn>
    void initialize(System&& system_arg, const StateIn& x, const time_type& t, sample_type& sample) {
        using system_type = typename base::template system_t<System>;
        static_assert(!detail::is_contact_lagrangian_system<std::remove_cv_t<system_type>>::value,
                      "odeint_contact::cvi::initialize: a carried sample (V and grad V) is for separable "
                      "Hamiltonians; with a contact Lagrangian call the plain do_step");
        if constexpr (!detail::is_contact_lagrangian_system<std::remove_cv_t<system_type>>::value &&
                      step_type::template check<std::remove_cv_t<system_type>>()) {
            const system_type& system = system_arg;
            step_type::size_sample(sample, x);
            sample.value = detail::potential_value_and_gradient(system.potential(), x.q, t, sample.gradient);
        }
    }

    // A step that takes V and grad V at (x.q, t) from sample and leaves there those at the new
    // (x.q, t + dt): one evaluation fewer than the plain do_step. Same result as the plain
    // do_step when sample holds what initialize (or the previous step) put there.
    template <class System, class StateInOut>
    void do_step(System&& system, StateInOut& x, sample_type& sample, const time_type& t, const time_type& dt) {
        this->step(system, x, x, t, dt, static_cast<const sample_type&>(sample), sample);
    }

    template <class System, class StateIn, class StateOut>
    void do_step(System&& system, const StateIn& in, const sample_type& sample_in, const time_type& t,
                 StateOut& out, sample_type& sample_out, const time_type& dt) {
        step_type::size_sample(sample_out, in);
        this->step(system, in, out, t, dt, sample_in, sample_out);
    }

};

// cvi2 is cvi over the base step alone; cvi4, cvi6, cvi8 (their headers) over other tables.
template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
using cvi2 = cvi<tables::single_stage, State, Value, Deriv, Time, Algebra, Operations, Resizer>;

}  // namespace odeint_contact

#endif
