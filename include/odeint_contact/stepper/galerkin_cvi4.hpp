// SPDX-License-Identifier: BSL-1.0
// odeint_contact/stepper/galerkin_cvi4.hpp
//
// galerkin_cvi4: the fourth-order Galerkin contact variational integrator of "New directions for
// contact integrators", an odeint Stepper, for a separable H = |p|^2/(2m) + V(q,t) + F(s,t) or a
// contact Lagrangian (contact_lagrangian.hpp): q(t) quadratic through q_k, a midpoint node b and
// q_{k+1}, the action by one RK4 step of Herglotz's equation, (b, q_{k+1}) by Newton's method.
// Order and cost: 4 in q, p and s; per step N + 3 of V and dV/dq and N Hessians (potential.hessian,
// else 2n more gradients each) for N = 2 to 4 Newton updates, a dense 2n x 2n LU per update. Every
// step is a contact map (for F = gamma s, factor the degree-4 Taylor polynomial of e^{-gamma tau}).
// When not to use it: a kinetic part other than quadratic_kinetic (use chi4); large n; for speed.
// Failure: step_error (Newton fails, Legendre transform degenerates, non-finite state) or
// parameter_error (also dt = 0, q and p of different lengths); the state unchanged.
// Details: doc/variational.md#the-fourth-order-galerkin-integrator-galerkin_cvi4, doc/methods.md.
// References: Bravetti et al., GSI 2021; Vermeeren, Bravetti, Seri, J. Phys. A 52 (2019); Marsden,
// West, Acta Numerica (2001).
#ifndef ODEINT_CONTACT_STEPPER_GALERKIN_CVI4_HPP
#define ODEINT_CONTACT_STEPPER_GALERKIN_CVI4_HPP

#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>

#include <odeint_contact/detail/composition.hpp>
#include <odeint_contact/detail/steps/galerkin.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/state/contact_state.hpp>
#include <odeint_contact/stepper/composition_tables.hpp>
#include <odeint_contact/system/contact_lagrangian.hpp>
#include <odeint_contact/system/hessian_matrix.hpp>
#include <odeint_contact/system/kinetic.hpp>
#include <odeint_contact/system/separable_hamiltonian.hpp>

namespace odeint_contact {

template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
class galerkin_cvi4 : public detail::composition<detail::galerkin_step<State, Value, Deriv, Time>, tables::single_stage,
                                                  State, Value, Deriv, Time, Algebra, Operations, Resizer> {
    using base = detail::composition<detail::galerkin_step<State, Value, Deriv, Time>, tables::single_stage, State,
                                     Value, Deriv, Time, Algebra, Operations, Resizer>;
    // The Newton solve runs on plain copies of all of q and p (a dense 2n x 2n system).
    static_assert(detail::has_host_elements<std::decay_t<decltype(std::declval<State&>().q)>>::value &&
                      detail::has_host_elements<std::decay_t<decltype(std::declval<State&>().p)>>::value,
                  "odeint_contact::galerkin_cvi4: its Newton solve copies all of q and p into plain numbers "
                  "(a dense 2n x 2n system), so q and p must be numbers, ranges or Eigen objects; a "
                  "distributed state (odeint's mpi_state), a Thrust device_vector or another type known "
                  "only through component_traits is not supported. Use cvi4 or chi4");

public:
    using typename base::algebra_type;
    using stepper_type = galerkin_cvi4;

    explicit galerkin_cvi4(const algebra_type& algebra = algebra_type()) : base(algebra, "galerkin_cvi4") {}

    // order(), do_step and adjust_size come from the engine.

    // Newton updates of the last successful step (for tests and cost studies).
    unsigned last_iterations() const { return this->m_step.last_iterations(); }
};

}  // namespace odeint_contact

#endif
