// SPDX-License-Identifier: BSL-1.0
// odeint_contact/system/action_term.hpp
//
// action_term(F, dF_ds[, flow]): a user's action part F(s,t), F and dF/ds callables of (s, t),
// usable wherever linear_action is (chi, cvi2, the odeint system). Without the optional exact flow
// (flow(s, t, dt) returning {s', p'/p}, or std::nullopt where it blows up) the flow is integrated
// by odeint's RKF78 pair in s and l = ln(p'/p) (no division by F: accurate near its zeros), with a
// test for finite-time blow-up (an exp-sinh tail integral); cvi2's implicit equation is solved on
// its branch with toms748. Tolerances follow Value's epsilon, never the step; Boost.Units work.
// Cost: tens to hundreds of F and dF/ds per flow, growing with |dF/ds dt|: supply the exact flow
// when it is known (and at multiprecision, where the numerical flow needs many internal steps).
// Failure: step_error (blow-up, no root, over 50000 internal steps, non-finite F or dF/ds); the
// stepper adds step and stage and leaves the state unchanged. Details: doc/action_terms.md.
// References: Bravetti, Seri, Vermeeren, Zadra (2021); Fehlberg, NASA TR R-287 (1968); Alefeld,
// Potra, Shi, ACM TOMS 748 (1995).
#ifndef ODEINT_CONTACT_SYSTEM_ACTION_TERM_HPP
#define ODEINT_CONTACT_SYSTEM_ACTION_TERM_HPP

#include <cmath>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include <odeint_contact/system/action.hpp>
#include <odeint_contact/detail/numerics/branch_root.hpp>
#include <odeint_contact/detail/numerics/numerical_action_flow.hpp>
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
