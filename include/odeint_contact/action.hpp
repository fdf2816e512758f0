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
//   a.template flow<Value>(s, t, dt)   the exact flow of the contact vector field of F over dt
//                                      with t frozen: returns action_flow<S, Value>{s', p'/p, ok}
//   a.describe_failure(s, t, dt)       why flow() returned ok == false (for the error message)
// The flow solves  integral_s^s' dxi / F(xi,t) = -dt  and scales p by F(s',t)/F(s,t)
// (errata section 1). For F = f s that is s' = s e^{-f dt}, p' = p e^{-f dt}; for F = gamma s^2/2
// it is s' = 2s/(2 + gamma dt s), p' = 4p/(2 + gamma dt s)^2, which blows up within the step when
// 2 + gamma dt s <= 0 - a property of the system that the steppers report as a step_error.
#ifndef ODEINT_CONTACT_ACTION_HPP
#define ODEINT_CONTACT_ACTION_HPP

#include <cmath>
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

namespace detail {

// A coefficient that is either a constant or a callable of t.
template <class F>
class coefficient {
public:
    explicit coefficient(F f, const char* where) : m_f(std::move(f)) {
        if constexpr (std::is_arithmetic_v<F> || is_quantity<F>::value) {
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

private:
    detail::coefficient<F> m_gamma;
};

}  // namespace odeint_contact

#endif
