// odeint_contact/chi2.hpp
//
// chi2: the second-order contact Hamiltonian integrator (CHI) for separable contact
// Hamiltonians H = T(p) + V(q,t) + F(s,t), as an odeint Stepper.
//
// What it does: one step of size tau is the symmetric splitting
//     D(tau/2) C(tau/2) B(tau/2) A(tau) B(tau/2) C(tau/2) D(tau/2)
// of the exact contact flows of C = T(p), B = V(q,t), A = F(s,t) and D = time (errata sections 1
// and 2 of the paper "New directions for contact integrators"; the paper's printed B map has a
// wrong factor 1/2). V and F are evaluated at the midpoint time t + tau/2.
// Order and cost: order 2 in q, p and s, also for time-dependent V and F. One evaluation of V and
// of dV/dq (one call of value_and_gradient when the potential has it; separable_hamiltonian.hpp),
// two flows of T per step (each one call of the kinetic part's flow, or one of T and one of
// dT/dp; kinetic.hpp); no heap allocation after the first step.
// What it keeps: every step is exactly a contact map; its conformal factor is the product of the
// sub-flows' factors (e^{-f tau} for F = f s, 4/(2 + gamma tau s)^2 for F = gamma s^2/2).
// When not to use it: H not separable into T(p) + V(q,t) + F(s,t) (use odeint's general steppers
// on the same system); when high accuracy per step matters more than structure, use chi4/6/8.
// Failure: F = gamma s^2/2 blows up in finite time when 2 + gamma tau s <= 0; the step then
// throws odeint_contact::step_error and leaves the state unchanged.
// References: Bravetti, Seri, Vermeeren, Zadra, "Numerical integration in celestial mechanics: a
// case for contact geometry" (2020) and "New directions for contact integrators" (2021);
// Yoshida, Phys. Lett. A 150 (1990) for the splitting pattern.
#ifndef ODEINT_CONTACT_CHI2_HPP
#define ODEINT_CONTACT_CHI2_HPP

#include <array>

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>

#include <odeint_contact/detail/chi_composition.hpp>

namespace odeint_contact {
namespace detail {

struct chi2_coefficients {
    static constexpr const char* name = "chi2";
    static constexpr std::size_t stages = 1;
    static constexpr unsigned short order = 2;
    template <class Value>
    static std::array<Value, stages> weights() {
        return {Value(1)};
    }
};

}  // namespace detail

template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
class chi2 : public detail::chi_composition<detail::chi2_coefficients, State, Value, Deriv, Time,
                                            Algebra, Operations, Resizer> {
    using base = detail::chi_composition<detail::chi2_coefficients, State, Value, Deriv, Time,
                                         Algebra, Operations, Resizer>;

public:
    using stepper_type = chi2;
    using base::base;
};

}  // namespace odeint_contact

#endif
