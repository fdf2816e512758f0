// odeint_contact/chi4.hpp
//
// chi4: fourth-order contact Hamiltonian integrator for H = T(p) + V(q,t) + F(s,t).
//
// What it does: the triple jump S2(x1 tau) S2(x0 tau) S2(x1 tau) of the chi2 step, with
// x1 = 1/(2 - 2^{1/3}), x0 = 1 - 2 x1 (Yoshida 1990; Creutz-Gocksch 1989), computed in Value.
// Each stage advances time by its own fraction of tau.
// Order and cost: order 4 in q, p and s. 3 evaluations of V and dV/dq per step (or 3 calls of
// value_and_gradient), 4 flows of T (adjacent kinetic flows are fused; see chi2.hpp); no heap allocation after the first step.
// What it keeps: every step is exactly a contact map (conformal factor e^{-f tau} for F = f s).
// When not to use it: x0 < 0, so one stage runs backwards in time; for F = gamma s^2/2 the
// backward stage can hit the blow-up 2 + gamma x0 tau s <= 0 where the forward flow exists.
// For low accuracy demands chi2 is cheaper; see doc/choosing_a_method.md.
// References: Yoshida, Phys. Lett. A 150 (1990) 262; Bravetti et al., "Numerical integration in
// celestial mechanics: a case for contact geometry" (2020).
#ifndef ODEINT_CONTACT_CHI4_HPP
#define ODEINT_CONTACT_CHI4_HPP

#include <array>
#include <cmath>

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>

#include <odeint_contact/detail/chi_composition.hpp>

namespace odeint_contact {
namespace detail {

struct chi4_coefficients {
    static constexpr const char* name = "chi4";
    static constexpr std::size_t stages = 3;
    static constexpr unsigned short order = 4;
    template <class Value>
    static std::array<Value, stages> weights() {
        using std::pow;
        const Value x1 = Value(1) / (Value(2) - Value(pow(Value(2), Value(1) / Value(3))));
        const Value x0 = Value(1) - 2 * x1;
        return {x1, x0, x1};
    }
};

}  // namespace detail

template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
class chi4 : public detail::chi_composition<detail::chi4_coefficients, State, Value, Deriv, Time,
                                            Algebra, Operations, Resizer> {
    using base = detail::chi_composition<detail::chi4_coefficients, State, Value, Deriv, Time,
                                         Algebra, Operations, Resizer>;

public:
    using stepper_type = chi4;
    using base::base;
};

}  // namespace odeint_contact

#endif
