// SPDX-License-Identifier: BSL-1.0
// odeint_contact/action_term.hpp
//
// action_term(F, dF_ds): a user-supplied action part F(s,t) of a separable contact Hamiltonian
// H = T(p) + V(q,t) + F(s,t), usable wherever linear_action and quadratic_action are: chi2/4/6/8,
// cvi2, the odeint system and H.value(). F and dF/ds are callables of (s, t).
// action_term(F, dF_ds, flow) takes the exact flow of F from the user as well (see below).
//
// What the steppers need from it is the action concept of action.hpp: value, derivative, flow
// (chi2/4/6/8) and solve_implicit (cvi2). The flow solves ds/dtau = -F(s,t), dp/dtau = -p dF/ds
// over dt with t frozen; solve_implicit finds the root of s + h F(s,t) = r on the branch that
// starts at s = r for h = 0. The numerics are in detail/numerical_action_flow.hpp (the flow),
// detail/blow_up_time.hpp (the finite-time blow-up test) and detail/branch_root.hpp (the root),
// each tested alone; this class strips units and time from F and dF/ds for them, and turns
// their failures into step_error with the values it was given.
//
// How the flow is computed, and why this way. odeint itself integrates the scalar ODE together
// with the logarithm of the momentum factor,
//     ds/dtau = -F(s,t),   dl/dtau = -dF/ds(s,t),   l(0) = 0,   p'/p = exp(l(dt)),
// with odeint's embedded Runge-Kutta-Fehlberg 7(8) pair under odeint's step-size rules (relative
// tolerance 16 eps, see "Accuracy"). The other route, inverting G(s') = integral_s^s' dxi/F by
// quadrature and root finding, was rejected for three reasons:
//   - 1/F is singular at every zero of F. The flow approaches such a zero and cannot cross it;
//     G-inversion has to find the zero first to bracket s' (also the zeros where F touches 0
//     without changing sign, which a sign test does not see), and the quadrature near it loses
//     accuracy. Integrating in tau never divides by F: a zero of F is just a point where s slows
//     down. F(s) = 0 at the start is a fixed point of s, handled in closed form: s' = s exactly
//     and p'/p = exp(-dF/ds dt) (p is not fixed unless dF/ds = 0 there too; this is the limit of
//     F(s')/F(s), and what linear_action gives at s = 0).
//   - The momentum factor F(s')/F(s) is a ratio of two small numbers when s' is near a zero z of
//     F: a representable s' within 1e-10 |z| of z carries only ~6 correct digits of s' - z, so
//     the ratio would too. l(dt) = -integral dF/ds dtau is a smooth integral of a quantity that is
//     not small there, so exp(l) keeps full relative accuracy however close s' gets to z.
//   - A negative dt (the backward stages of chi4/6/8) is the same integration with a negative
//     step, with no change of bracket logic.
// Its price is cost: about 13 evaluations of F and dF/ds per internal step, and the number of
// internal steps grows with |dF/ds dt| (the RKF78 pair is explicit): about 1 step for
// |dF/ds dt| = 0.001, 3 for 0.1, 15 for 1, 70 for 5, 400 for 30 (double). A strongly damped action
// at a large step is therefore expensive; when the flow is known in closed form, supply it.
//
// Finite-time blow-up. When s runs off to infinity before tau = dt, the flow does not exist over
// the step, and flow() throws step_error saying where and why (the stepper adds which step and
// stage, and leaves the state unchanged). It is detected in two ways:
//   - each time |s| has grown by another factor 16 (from 16 (|s| + |F(s) dt|) at the start), the
//     remaining time to infinity, T = integral_s^{+-inf} dxi/|F(xi,t)|, is computed with
//     double-exponential (exp-sinh) rule for half-infinite intervals, on the stack
//     (detail/blow_up_time.hpp). If it converges (to sqrt(eps) T) and tau + T is shorter than
//     |dt|, the flow blows up at tau + T. A zero of F beyond s, or |F| growing no faster than
//     |s|, makes the integral diverge: no verdict, the integration goes on;
//   - if the tail test never concludes, the controlled integration stalls as it approaches the
//     blow-up time (its step size falls below 16 eps |dt|), and that is reported as such.
// More than 50000 internal steps (a stiff action, |dF/ds dt| in the tens of thousands) is also a
// failure, with a message that says so, rather than a silent hang.
//
// cvi2's implicit equation: a walk along the branch from r with steps predicted by the branch's
// slope, then Boost.Math's toms748 in the first bracket (detail/branch_root.hpp). A fold of the
// branch before h, or a branch that runs off to infinity, is "no root": step_error. The slope
// 1 + h dF/ds at the root goes out with it, so that cvi2 does not evaluate dF/ds there again.
//
// Accuracy. All tolerances follow from Value's precision, never from the user's step:
//   flow: relative tolerance 16 eps (eps = std::numeric_limits<Value>::epsilon(); 3.6e-15 for
//   double, 1.7e-18 for long double) per internal step on s and l, with odeint's error measure
//   |err| / (16 eps (|x| + |h dx/dtau|)), so s' and p'/p come out with relative errors of a few
//   eps (measured for F = g s in double: <= 7e-16 for |dF/ds dt| <= 1; 7e-15 in s' and 3e-14 in
//   p'/p = e^{-30} at |dF/ds dt| = 30, where p'/p is that sensitive to the exponent anyway;
//   long double: <= 7e-18 up to |dF/ds dt| = 5);
//   tail test: sqrt(eps) relative (it only decides whether the time left is shorter than dt);
//   solve_implicit: toms748 to 4 eps relative, i.e. a few ulps.
// Value = double and long double are supported and tested, and Boost.Multiprecision numbers
// without expression templates compile and run (the numerical flow needs many internal steps at
// 50 digits: supply the exact flow there when it is known).
//
// Units: with Boost.Units, s is an action (J s), F an energy, dF/ds a rate (1/s); the numerics run
// on the plain SI values and the results are converted back.
//
// The optional exact flow: action_term(F, dF_ds, flow) with flow(s, t, dt) returning {s', p'/p}
// as a pair (or any two-element aggregate), or a std::optional of one, t frozen. When the flow
// does not exist over dt (finite-time blow-up), return std::nullopt, a non-finite s' or factor,
// or throw step_error with your own message. solve_implicit stays numerical.
//
// References: Bravetti, Seri, Vermeeren, Zadra, "New directions for contact integrators" (2021);
// Fehlberg, NASA TR R-287 (1968) for the 7(8) pair; Alefeld, Potra, Shi, ACM TOMS 748 (1995).
#ifndef ODEINT_CONTACT_ACTION_TERM_HPP
#define ODEINT_CONTACT_ACTION_TERM_HPP

#include <cmath>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include <odeint_contact/action.hpp>
#include <odeint_contact/detail/branch_root.hpp>
#include <odeint_contact/detail/numerical_action_flow.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>

namespace odeint_contact {
namespace detail {

// No user flow: flow() integrates numerically.
struct no_exact_flow {};

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};

// A plain number of type Value as the scalar type S (a quantity gets S's unit).
template <class S, class Value>
S from_raw(const Value& x) {
    if constexpr (is_quantity<S>::value)
        return S::from_value(plain_value_t<S>(x));
    else
        return S(x);
}

}  // namespace detail

template <class F, class DF, class Flow = detail::no_exact_flow>
class action_term {
public:
    action_term(F f, DF df) : m_f(std::move(f)), m_df(std::move(df)), m_flow() {}
    action_term(F f, DF df, Flow flow) : m_f(std::move(f)), m_df(std::move(df)), m_flow(std::move(flow)) {}

    static constexpr bool has_exact_flow = !std::is_same_v<Flow, detail::no_exact_flow>;

    template <class S, class T>
    auto value(const S& s, const T& t) const {
        static_assert(std::is_invocable_v<const F&, const S&, const T&>,
                      "odeint_contact::action_term: F must be callable as F(s, t)");
        return m_f(s, t);
    }

    template <class S, class T>
    auto derivative(const S& s, const T& t) const {
        static_assert(std::is_invocable_v<const DF&, const S&, const T&>,
                      "odeint_contact::action_term: dF/ds must be callable as dF_ds(s, t)");
        return m_df(s, t);
    }

    template <class Value, class S, class T>
    action_flow<S, Value> flow(const S& s, const T& t, const T& dt) const {
        if constexpr (has_exact_flow) {
            return user_flow<Value>(s, t, dt);
        } else {
            using std::exp;
            const auto r = detail::numerical_action_flow<Value>(raw_f<Value, S>(t), raw_df<Value, S>(t),
                                                                Value(detail::raw_value(s)),
                                                                Value(detail::raw_value(dt)));
            if (r.status != detail::flow_status::ok)
                throw step_error(detail::describe(r) + " (s = " + detail::format(s) + ", t = " + detail::format(t) +
                                 ", dt = " + detail::format(dt) + ")");
            return {detail::from_raw<S>(r.s), Value(exp(r.log_factor))};
        }
    }

    template <class Value, class S, class H, class T>
    action_solve<S> solve_implicit(const S& r, const H& half_dt, const T& t) const {
        const auto root = detail::branch_root<Value>(raw_f<Value, S>(t), raw_df<Value, S>(t),
                                                     Value(detail::raw_value(r)), Value(detail::raw_value(half_dt)));
        if (root.status != detail::root_status::ok)
            throw step_error(detail::describe(root) + " (r = " + detail::format(r) + ", dt/2 = " +
                             detail::format(half_dt) + ", t = " + detail::format(t) + ")");
        return {detail::from_raw<S>(root.s), detail::plain_value_t<S>(root.slope)};
    }

private:
    // F and dF/ds at frozen t as functions of a plain number, for the detail/ numerics.
    template <class Value, class S, class T>
    auto raw_f(const T& t) const {
        return [this, &t](const Value& x) { return Value(detail::raw_value(m_f(detail::from_raw<S>(x), t))); };
    }
    template <class Value, class S, class T>
    auto raw_df(const T& t) const {
        return [this, &t](const Value& x) { return Value(detail::raw_value(m_df(detail::from_raw<S>(x), t))); };
    }

    template <class Value, class S, class T>
    action_flow<S, Value> user_flow(const S& s, const T& t, const T& dt) const {
        const auto values = [&] {
            return " (s = " + detail::format(s) + ", t = " + detail::format(t) + ", dt = " + detail::format(dt) + ")";
        };
        const auto result = m_flow(s, t, dt);
        if constexpr (detail::is_optional<std::decay_t<decltype(result)>>::value) {
            if (!result)
                throw step_error("the user-supplied exact flow of F returned no value: the flow does not exist "
                                 "over the step" + values());
            return checked<Value, S>(*result, values);
        } else {
            return checked<Value, S>(result, values);
        }
    }

    template <class Value, class S, class Pair, class Values>
    static action_flow<S, Value> checked(const Pair& pair, const Values& values) {
        const auto& [s_new, factor] = pair;
        const Value lambda = Value(detail::to_value(factor));
        if (!detail::is_finite(s_new) || !detail::is_finite(lambda))
            throw step_error("the user-supplied exact flow of F returned s' = " + detail::format(s_new) +
                             " and p'/p = " + detail::format(factor) +
                             ", not both finite: the flow does not exist over the step" + values());
        return {S(s_new), lambda};
    }

    F m_f;
    DF m_df;
    Flow m_flow;
};

template <class F, class DF>
action_term(F, DF) -> action_term<F, DF>;
template <class F, class DF, class Flow>
action_term(F, DF, Flow) -> action_term<F, DF, Flow>;

}  // namespace odeint_contact

#endif
