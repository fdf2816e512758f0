// odeint_contact/chi8.hpp
//
// chi8: eighth-order contact Hamiltonian integrator for H = T(p) + V(q,t) + F(s,t).
//
// What it does: Yoshida's 15-stage symmetric composition "solution D" of the chi2 step,
// S2(w7 tau) ... S2(w1 tau) S2(w0 tau) S2(w1 tau) ... S2(w7 tau). The weights are the solution of
// the order conditions to 50 digits (detail/composition_coefficients.hpp), so a multiprecision
// Value keeps order 8 far below double precision. Each stage advances time by its own fraction
// of tau.
// Order and cost: order 8 in q, p and s. 15 evaluations of V and dV/dq per step (or 15 calls of
// value_and_gradient), 16 flows of T (see chi2.hpp); no heap allocation after the first step.
// What it keeps: every step is exactly a contact map.
// When not to use it: several stages run backwards in time with weights near -2, so the error
// constant is large and the step must be small before order 8 shows; it pays off only at high
// accuracy (see doc/choosing_a_method.md). A quadratic action can meet its finite-time blow-up in
// a backward stage where chi2 would not.
// References: Yoshida, Phys. Lett. A 150 (1990) 262, solution D; Bravetti et al. (2020).
#ifndef ODEINT_CONTACT_CHI8_HPP
#define ODEINT_CONTACT_CHI8_HPP

#include <array>

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>

#include <odeint_contact/detail/chi_composition.hpp>
#include <odeint_contact/detail/composition_coefficients.hpp>

namespace odeint_contact {
namespace detail {

struct chi8_coefficients {
    static constexpr const char* name = "chi8";
    static constexpr std::size_t stages = 15;
    static constexpr unsigned short order = 8;
    template <class Value>
    static std::array<Value, stages> weights() {
        return palindrome<Value>(yoshida8_d);
    }
};

}  // namespace detail

template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
class chi8 : public detail::chi_composition<detail::chi8_coefficients, State, Value, Deriv, Time,
                                            Algebra, Operations, Resizer> {
    using base = detail::chi_composition<detail::chi8_coefficients, State, Value, Deriv, Time,
                                         Algebra, Operations, Resizer>;

public:
    using stepper_type = chi8;
    using base::base;
};

}  // namespace odeint_contact

#endif
