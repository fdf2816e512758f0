// SPDX-License-Identifier: BSL-1.0
// odeint_contact/system/action.hpp
//
// Action parts F(s,t) in closed form: linear_action(f) F = f(t) s, affine_action(f, c)
// F = f(t) s + c(t), quadratic_action(gamma) F = gamma(t) s^2/2; each coefficient a constant (a
// number or a Boost.Units quantity) or a callable of t. The action concept (value, derivative, flow
// for chi, solve_implicit for cvi2, optional second_derivative and affine_in_s): doc/concepts.md,
// concepts/action.hpp.
// Exact flows (doc/theory.md, the A flow): F = f s + c: s' = s e^{-f dt} - c dt phi1(-f dt) with
// phi1(z) = (e^z - 1)/z, p' = p e^{-f dt}; F = gamma s^2/2: s' = 2s/(2 + gamma dt s),
// p' = 4p/(2 + gamma dt s)^2. cvi2's s + h F(s,t) = r in closed form, on the branch from s = r
// (doc/variational.md#the-implicit-equation-for-the-action). Cost: a few flops per call.
// Failure: step_error when the flow blows up within dt (2 + gamma dt s <= 0) or the root is not on
// the branch (1 + h F_s <= 0); the stepper adds step and stage and leaves the state unchanged.
// Other F: action_term.hpp. Reference: Bravetti, Seri, Vermeeren, Zadra, "New directions for
// contact integrators" (2021).
#ifndef ODEINT_CONTACT_SYSTEM_ACTION_HPP
#define ODEINT_CONTACT_SYSTEM_ACTION_HPP

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include <odeint_contact/detail/checks.hpp>
#include <odeint_contact/detail/step_failure.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>

namespace odeint_contact {

// Result of an action flow: the new action and the factor p'/p.
template <class S, class Value>
struct action_flow {
    S s;
    Value factor;
};

// Result of solve_implicit: the root and, when the solver has it, the slope 1 + half_dt dF/ds(s,t)
// of the implicit equation there (dimensionless).
template <class S>
struct action_solve {
    S s;
    std::optional<detail::plain_value_t<S>> slope;
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
                throw parameter_error(detail::message_prefix(where) +
                                      "the coefficient must be finite, got " + detail::format(m_f));
        }
        if (is_null_callable(m_f))
            throw parameter_error(detail::message_prefix(where) +
                                  "the coefficient is a null function pointer (or an empty std::function)");
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

// Why s + (dt/2) F(s,t) = r with F linear in s, F_s = f, has no usable root; d = 1 + (dt/2) f.
template <class Value, class S>
std::string linear_solve_failure(const Value& d, const S& r) {
    if (!is_finite(r)) return "the right-hand side r of s + (dt/2) F(s,t) = r is not finite";
    if (!(d > 0))
        return "s + (dt/2) F(s,t) = r has no root continuing s = r: 1 + (dt/2) f = " + format(d) +
               " <= 0, i.e. dt >= 2/|f|";
    return "the root of s + (dt/2) F(s,t) = r is not finite";
}

}  // namespace detail

template <class F>
class linear_action {
public:
    static constexpr bool affine_in_s = true;

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
        if (!detail::is_finite(factor))
            detail::throw_step_error([this, s, t, dt] {
                return "the factor exp(-f dt) of F = f(t) s is not finite (f = " + detail::format(m_f(t)) +
                       ", dt = " + detail::format(dt) + ", s = " + detail::format(s) + ")";
            });
        return {S(factor * s), factor};
    }

    template <class Value, class S, class T, class H>
    action_solve<S> solve_implicit(const S& r, const H& half_dt, const T& t) const {
        const Value d = Value(1) + Value(detail::to_value(half_dt * m_f(t)));
        if (d > 0) {
            const S s = S(r / d);
            if (detail::is_finite(s)) return {s, detail::plain_value_t<S>(d)};
        }
        throw step_error(detail::linear_solve_failure(d, r) + " (f = " + detail::format(m_f(t)) +
                         ", dt/2 = " + detail::format(half_dt) + ", r = " + detail::format(r) + ")");
    }

private:
    detail::coefficient<F> m_f;
};

// F = f(t) s + c(t): the narrowest complete action part, in closed form.
template <class F, class C>
class affine_action {
public:
    static constexpr bool affine_in_s = true;

    affine_action(F f, C c) : m_f(std::move(f), "affine_action"), m_c(std::move(c), "affine_action") {}

    template <class S, class T>
    auto value(const S& s, const T& t) const {
        return m_f(t) * s + m_c(t);
    }

    template <class S, class T>
    auto derivative(const S&, const T& t) const {
        return m_f(t);
    }

    template <class S, class T>
    auto second_derivative(const S& s, const T& t) const {
        return std::decay_t<decltype(m_f(t) / s)>{};
    }

    // [doc:affine_action]
    // s' = s e^z - c dt phi1(z), z = -f dt, phi1(z) = expm1(z)/z: no cancellation for small f dt,
    // and c = 0 gives linear_action's s e^z bit for bit.
    template <class Value, class S, class T>
    action_flow<S, Value> flow(const S& s, const T& t, const T& dt) const {
        using std::exp;
        using std::expm1;
        const Value z = -Value(detail::to_value(m_f(t) * dt));
        const Value factor = exp(z);
        const Value phi1 = z == 0 ? Value(1) : Value(expm1(z) / z);
        if (!detail::is_finite(factor) || !detail::is_finite(phi1))
            detail::throw_step_error([this, s, t, dt] {
                return "the factor exp(-f dt) of F = f(t) s + c(t) is not finite (f = " + detail::format(m_f(t)) +
                       ", dt = " + detail::format(dt) + ", s = " + detail::format(s) + ")";
            });
        return {S(factor * s - phi1 * (m_c(t) * dt)), factor};
    }

    template <class Value, class S, class T, class H>
    action_solve<S> solve_implicit(const S& r, const H& half_dt, const T& t) const {
        const Value d = Value(1) + Value(detail::to_value(half_dt * m_f(t)));
        if (d > 0) {
            const S s = S((r - half_dt * m_c(t)) / d);
            if (detail::is_finite(s)) return {s, detail::plain_value_t<S>(d)};
        }
        throw step_error(detail::linear_solve_failure(d, r) + " (f = " + detail::format(m_f(t)) + ", c = " +
                         detail::format(m_c(t)) + ", dt/2 = " + detail::format(half_dt) + ", r = " +
                         detail::format(r) + ")");
    }
    // [/doc:affine_action]

private:
    detail::coefficient<F> m_f;
    detail::coefficient<C> m_c;
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

    // With the old s in the momentum factor: using the new one makes the method first order and
    // not contact.
    template <class Value, class S, class T>
    action_flow<S, Value> flow(const S& s, const T& t, const T& dt) const {
        const Value d = Value(2) + Value(detail::to_value(m_gamma(t) * dt * s));
        if (!(d > 0))
            detail::throw_step_error([this, s, t, dt, d] {
                return "the exact flow of F = gamma s^2/2 blows up (|s| -> infinity) within the step: 2 + gamma dt "
                       "s = " + detail::format(d) + " <= 0 (gamma = " + detail::format(m_gamma(t)) + ", dt = " +
                       detail::format(dt) + ", s = " + detail::format(s) + ")";
            });
        const Value ratio = Value(2) / d;
        return {S(ratio * s), Value(ratio * ratio)};
    }

    template <class Value, class S, class T, class H>
    action_solve<S> solve_implicit(const S& r, const H& half_dt, const T& t) const {
        using std::sqrt;
        // tau gamma r = 2 (h gamma r) exactly; 2 h gamma first keeps one product off the path
        // from r to the root.
        const Value d = Value(1) + Value(detail::to_value((Value(2) * half_dt * m_gamma(t)) * r));
        if (d > 0) {
            const Value root_d = Value(sqrt(d));
            const S s = S((Value(2) * r) / (Value(1) + root_d));
            if (detail::is_finite(s)) return {s, detail::plain_value_t<S>(root_d)};
        }
        throw step_error(
            (!detail::is_finite(r) ? std::string("the right-hand side r of s + (dt/2) gamma s^2/2 = r is not finite")
             : !(d > 0) ? "s + (dt/2) gamma s^2/2 = r has no real root with 1 + (dt/2) gamma s > 0: the "
                          "discriminant 1 + dt gamma r = " + detail::format(d) + " <= 0"
                        : std::string("the root 2r/(1 + sqrt(1 + dt gamma r)) of s + (dt/2) gamma s^2/2 = r is "
                                      "not finite")) +
            " (gamma = " + detail::format(m_gamma(t)) + ", dt/2 = " + detail::format(half_dt) + ", r = " +
            detail::format(r) + ")");
    }

private:
    detail::coefficient<F> m_gamma;
};

}  // namespace odeint_contact

#endif
