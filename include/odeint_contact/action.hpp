// odeint_contact/action.hpp
//
// Action parts F(s,t) of a separable contact Hamiltonian H = T(p) + V(q,t) + F(s,t):
//   linear_action(f)        F = f(t) s       (time-dependent linear damping; f may be negative)
//   quadratic_action(gamma) F = gamma(t) s^2/2
// f and gamma are constants (numbers or Boost.Units quantities) or callables of t.
//
// The action concept, as the steppers use it (S the action type, T the time type):
//   a.value(s, t)                      F(s,t)
//   a.derivative(s, t)                 dF/ds (s,t)
//   a.second_derivative(s, t)          d^2F/ds^2 (s,t); optional, used by galerkin_cvi4's Newton
//                                      Jacobian (without it: a central difference of derivative)
//   a.template flow<Value>(s, t, dt)   the exact flow of the contact vector field of F over dt
//                                      with t frozen: returns action_flow<S, Value>{s', p'/p, ok}
//   a.describe_failure(s, t, dt)       why flow() returned ok == false (for the error message)
//   a.template solve_implicit<Value>(r, half_dt, t, s_prev)
//                                      the root s of  s + half_dt F(s,t) = r  on the branch that
//                                      starts at s = r for half_dt = 0 (cvi2's implicit action
//                                      equation): returns action_solve<S>{s, ok, slope}. ok ==
//                                      false when that branch has no finite real point at
//                                      half_dt; when ok, the slope of the equation at the root,
//                                      1 + half_dt dF/ds(s,t), is > 0 in exact arithmetic (cvi2
//                                      checks it after rounding and divides p by it). slope is
//                                      optional: a solver that leaves it out ({s, ok}, NaN) makes
//                                      cvi2 evaluate dF/ds at the root itself; the closed forms
//                                      below supply it, for linear F without a second evaluation
//                                      of f(t) and for quadratic F as sqrt(D), available before
//                                      the root's division. s_prev, the action before the step, is
//                                      a starting guess for a numerical solver; the closed forms
//                                      below do not need it.
//   a.describe_solve_failure(r, half_dt, t)
//                                      why solve_implicit() returned ok == false
// The flow solves  integral_s^s' dxi / F(xi,t) = -dt  and scales p by F(s',t)/F(s,t)
// (errata section 1). For F = f s that is s' = s e^{-f dt}, p' = p e^{-f dt}; for F = gamma s^2/2
// it is s' = 2s/(2 + gamma dt s), p' = 4p/(2 + gamma dt s)^2, which blows up within the step when
// 2 + gamma dt s <= 0 - a property of the system that the steppers report as a step_error.
//
// The branch of solve_implicit: along the roots s(h) of s + h F(s,t) = r, continued from
// s(0) = r, ds/dh = -F/(1 + h F_s); the branch ends where 1 + h F_s reaches 0 (a pole for linear
// F, a fold for quadratic F). So a root is on the branch exactly when 1 + h F_s(s,t) > 0 all the
// way from 0 to h, and cvi2 divides by that same number to get p. Closed forms:
//   F = f s:         s = r/(1 + h f),  ok iff 1 + h f > 0 (the slope). For 1 + h f < 0 a real root exists but
//                    lies past the pole: it has the opposite sign of r and would flip p too (the
//                    step's conformal factor would be negative, the exact one e^{-f tau} never is);
//                    it means tau > 2/|f|, a step longer than the anti-damping time scale allows.
//   F = gamma s^2/2: (h gamma/2) s^2 + s - r = 0,  D = 1 + 2 h gamma r,
//                    s = 2r/(1 + sqrt(D)) (the root that tends to r; no cancellation),
//                    ok iff D > 0. D < 0: no real root; D = 0: a double root at the fold, where
//                    1 + h gamma s = sqrt(D) = 0. The slope 1 + h gamma s = sqrt(D) exactly
//                    (1 + 2 h gamma r/(1 + sqrt(D)) = (1 + sqrt(D) + D - 1)/(1 + sqrt(D))); taken
//                    as sqrt(D) it keeps full relative accuracy near the fold, where 1 + h gamma s
//                    cancels.
#ifndef ODEINT_CONTACT_ACTION_HPP
#define ODEINT_CONTACT_ACTION_HPP

#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>

#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>

namespace odeint_contact {

// Result of an action flow: the new action, the factor p'/p, and whether the flow exists.
template <class S, class Value>
struct action_flow {
    S s;
    Value factor;
    bool ok;
};

// Result of solve_implicit: the root, whether it exists, and the slope 1 + half_dt dF/ds(s,t) of
// the implicit equation there (dimensionless; NaN, the default, when the solver does not supply
// it; see the concept list above).
template <class S>
struct action_solve {
    S s;
    bool ok;
    detail::plain_value_t<S> slope = std::numeric_limits<detail::plain_value_t<S>>::quiet_NaN();
};

namespace detail {

// A coefficient that is either a constant or a callable of t. A constant is any number type
// (numeric_limits specialised: built-in and multiprecision numbers) or quantity; it is checked
// here, once, so that a NaN or infinite damping is refused where it is given.
template <class F>
class coefficient {
public:
    explicit coefficient(F f, const char* where) : m_f(std::move(f)) {
        if constexpr (std::numeric_limits<F>::is_specialized || is_quantity<F>::value) {
            if (!is_finite(m_f))
                throw parameter_error(std::string("odeint_contact::") + where +
                                      ": the coefficient must be finite, got " + detail::format(m_f));
        }
    }

    template <class T>
    auto operator()(const T& t) const {
        if constexpr (std::is_invocable_v<const F&, const T&>)
            return m_f(t);
        else
            return m_f;
    }

private:
    F m_f;
};

}  // namespace detail

template <class F>
class linear_action {
public:
    explicit linear_action(F f) : m_f(std::move(f), "linear_action") {}

    template <class S, class T>
    auto value(const S& s, const T& t) const {
        return m_f(t) * s;
    }

    template <class S, class T>
    auto derivative(const S&, const T& t) const {
        return m_f(t);
    }

    // Zero in the unit of dF/ds per unit of s (a value-initialised number or quantity is 0).
    template <class S, class T>
    auto second_derivative(const S& s, const T& t) const {
        return std::decay_t<decltype(m_f(t) / s)>{};
    }

    template <class Value, class S, class T>
    action_flow<S, Value> flow(const S& s, const T& t, const T& dt) const {
        using std::exp;
        const Value factor = exp(-Value(detail::to_value(m_f(t) * dt)));
        return {S(factor * s), factor, detail::is_finite(factor)};
    }

    template <class S, class T>
    std::string describe_failure(const S& s, const T& t, const T& dt) const {
        return "the factor exp(-f dt) of F = f(t) s is not finite (f = " + detail::format(m_f(t)) +
               ", dt = " + detail::format(dt) + ", s = " + detail::format(s) + ")";
    }

    template <class Value, class S, class T, class H>
    action_solve<S> solve_implicit(const S& r, const H& half_dt, const T& t, const S& /*s_prev*/) const {
        const Value d = Value(1) + Value(detail::to_value(half_dt * m_f(t)));
        if (!(d > 0)) return {r, false};
        const S s = S(r / d);
        return {s, detail::is_finite(s), detail::plain_value_t<S>(d)};
    }

    template <class S, class T, class H>
    std::string describe_solve_failure(const S& r, const H& half_dt, const T& t) const {
        const auto d = 1 + detail::to_value(half_dt * m_f(t));
        const std::string values = " (f = " + detail::format(m_f(t)) + ", dt/2 = " + detail::format(half_dt) +
                                   ", r = " + detail::format(r) + ")";
        if (!detail::is_finite(r)) return "the right-hand side r of s + (dt/2) f s = r is not finite" + values;
        if (!(d > 0))
            return "s + (dt/2) f s = r has no root continuing s = r: 1 + (dt/2) f = " + detail::format(d) +
                   " <= 0, i.e. dt >= 2/|f|" + values;
        return "the root r/(1 + (dt/2) f) of s + (dt/2) f s = r is not finite" + values;
    }

private:
    detail::coefficient<F> m_f;
};

template <class F>
class quadratic_action {
public:
    explicit quadratic_action(F gamma) : m_gamma(std::move(gamma), "quadratic_action") {}

    template <class S, class T>
    auto value(const S& s, const T& t) const {
        return m_gamma(t) * s * s / detail::plain_value_t<S>(2);
    }

    template <class S, class T>
    auto derivative(const S& s, const T& t) const {
        return m_gamma(t) * s;
    }

    template <class S, class T>
    auto second_derivative(const S&, const T& t) const {
        return m_gamma(t);
    }

    // With the old s in the momentum factor (errata section 1): using the new one makes the
    // method first order and not contact.
    template <class Value, class S, class T>
    action_flow<S, Value> flow(const S& s, const T& t, const T& dt) const {
        const Value d = Value(2) + Value(detail::to_value(m_gamma(t) * dt * s));
        if (!(d > 0)) return {s, Value(1), false};
        const Value ratio = Value(2) / d;
        return {S(ratio * s), Value(ratio * ratio), true};
    }

    template <class S, class T>
    std::string describe_failure(const S& s, const T& t, const T& dt) const {
        const auto d = 2 + detail::to_value(m_gamma(t) * dt * s);
        return "the exact flow of F = gamma s^2/2 blows up (|s| -> infinity) within the step: "
               "2 + gamma dt s = " + detail::format(d) +
               " <= 0 (gamma = " + detail::format(m_gamma(t)) + ", dt = " + detail::format(dt) +
               ", s = " + detail::format(s) + ")";
    }

    template <class Value, class S, class T, class H>
    action_solve<S> solve_implicit(const S& r, const H& half_dt, const T& t, const S& /*s_prev*/) const {
        using std::sqrt;
        // tau gamma r = 2 (h gamma r) exactly; 2 h gamma first keeps one product off the path
        // from r to the root.
        const Value d = Value(1) + Value(detail::to_value((Value(2) * half_dt * m_gamma(t)) * r));
        if (!(d > 0)) return {r, false};
        const Value root_d = Value(sqrt(d));
        const S s = S((Value(2) * r) / (Value(1) + root_d));
        return {s, detail::is_finite(s), detail::plain_value_t<S>(root_d)};
    }

    template <class S, class T, class H>
    std::string describe_solve_failure(const S& r, const H& half_dt, const T& t) const {
        const auto d = 1 + 2 * detail::to_value(half_dt * m_gamma(t) * r);
        const std::string values = " (gamma = " + detail::format(m_gamma(t)) + ", dt/2 = " +
                                   detail::format(half_dt) + ", r = " + detail::format(r) + ")";
        if (!detail::is_finite(r))
            return "the right-hand side r of s + (dt/2) gamma s^2/2 = r is not finite" + values;
        if (!(d > 0))
            return "s + (dt/2) gamma s^2/2 = r has no real root with 1 + (dt/2) gamma s > 0: the "
                   "discriminant 1 + dt gamma r = " + detail::format(d) + " <= 0" + values;
        return "the root 2r/(1 + sqrt(1 + dt gamma r)) of s + (dt/2) gamma s^2/2 = r is not finite" + values;
    }

private:
    detail::coefficient<F> m_gamma;
};

}  // namespace odeint_contact

#endif
