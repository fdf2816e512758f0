// odeint_contact/chi6.hpp
//
// chi6: sixth-order contact Hamiltonian integrator for H = T(p) + V(q,t) + F(s,t).
//
// What it does: Yoshida's 7-stage symmetric composition "solution A" of the chi2 step,
// S2(w3 tau) S2(w2 tau) S2(w1 tau) S2(w0 tau) S2(w1 tau) S2(w2 tau) S2(w3 tau). The weights are
// the solution of the order conditions to 50 digits (detail/composition_coefficients.hpp), so a
// multiprecision Value keeps order 6 far below double precision. Each stage advances time by its
// own fraction of tau.
// Order and cost: order 6 in q, p and s. 7 evaluations of V and dV/dq per step (or 7 calls of
// value_and_gradient), 8 flows of T (see chi2.hpp); no heap allocation after the first step.
// What it keeps: every step is exactly a contact map.
// When not to use it: two of the seven stages run backwards in time (w1 = -1.18, used twice), which
// costs accuracy at large steps and can meet the finite-time blow-up of a quadratic action where
// chi2 would not. At low accuracy chi2 or chi4 are cheaper; see doc/choosing_a_method.md.
// References: Yoshida, Phys. Lett. A 150 (1990) 262, solution A; Bravetti et al. (2020).
#ifndef ODEINT_CONTACT_CHI6_HPP
#define ODEINT_CONTACT_CHI6_HPP

#include <array>

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>

#include <odeint_contact/detail/chi_composition.hpp>
#include <odeint_contact/detail/composition_coefficients.hpp>

namespace odeint_contact {
namespace detail {

struct chi6_coefficients {
    static constexpr const char* name = "chi6";
    static constexpr std::size_t stages = 7;
    static constexpr unsigned short order = 6;
    template <class Value>
    static std::array<Value, stages> weights() {
        return palindrome<Value>(yoshida6_a);
    }
};

}  // namespace detail

template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
class chi6 : public detail::chi_composition<detail::chi6_coefficients, State, Value, Deriv, Time,
                                            Algebra, Operations, Resizer> {
    using base = detail::chi_composition<detail::chi6_coefficients, State, Value, Deriv, Time,
                                         Algebra, Operations, Resizer>;

public:
    using stepper_type = chi6;
    using base::base;
};

}  // namespace odeint_contact

#endif
