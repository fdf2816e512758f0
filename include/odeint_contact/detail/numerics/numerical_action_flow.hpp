// SPDX-License-Identifier: BSL-1.0
// The exact flow of ds/dtau = -F(s), dp/dtau = -p dF/ds(s) over dt, computed numerically: the
// A sub-flow of the CHI methods for an action_term without a closed form (action_term.hpp says
// why it is computed this way). F and dF/ds come in as plain-number callables f(x), df(x) (time
// frozen, units stripped), so that this piece is tested alone.
//
// Integrated: ds/dtau = -f(s), dl/dtau = -df(s), l(0) = 0, p'/p = exp(l(dt)), with odeint's
// Runge-Kutta-Fehlberg 7(8) pair and the step-size control of odeint's controlled_runge_kutta
// (error measure |err| / (eps_abs + eps_rel (|x| + |h dx/dtau|)), same decrease and increase
// rules), written out here because odeint's error checker does not compile for Boost.Multiprecision
// numbers (extract_value_type) and because overflow in a stage must reject the step, where
// odeint accepts a NaN error estimate (NaN > 1 is false).
#ifndef ODEINT_CONTACT_DETAIL_NUMERICS_NUMERICAL_ACTION_FLOW_HPP
#define ODEINT_CONTACT_DETAIL_NUMERICS_NUMERICAL_ACTION_FLOW_HPP

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>

#include <boost/numeric/odeint/algebra/default_operations.hpp>
#include <boost/numeric/odeint/algebra/range_algebra.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>

#include <odeint_contact/detail/numerics/blow_up_time.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

template <class Value>
struct numerical_flow_tolerances {
    // Relative tolerance per internal step: a few ulps above what the error estimate's own
    // rounding can resolve, so that round-off never makes the controller reject a step.
    static Value relative() { return Value(16) * std::numeric_limits<Value>::epsilon(); }
    static constexpr std::size_t max_substeps = 50000;
};

enum class flow_status { ok, not_finite, blow_up, stalled, too_many_substeps };

template <class Value>
struct numerical_flow_result {
    flow_status status;
    Value s;           // s at tau (the end of the flow when status == ok)
    Value log_factor;  // l = log(p'/p) at tau
    Value tau;         // how far the integration got
    Value remaining;   // blow_up: the time to |s| = infinity from tau
    std::size_t substeps;
};

template <class Value>
Value sign_of(const Value& x) {
    return x > 0 ? Value(1) : (x < 0 ? Value(-1) : Value(0));
}

template <class Value, class F, class DF>
numerical_flow_result<Value> numerical_action_flow(const F& f, const DF& df, const Value& s0, const Value& dt) {
    namespace odeint = boost::numeric::odeint;
    using std::abs;
    using std::isfinite;
    using std::pow;
    using result = numerical_flow_result<Value>;
    using tolerances = numerical_flow_tolerances<Value>;
    using state = std::array<Value, 2>;  // {s, l}
    using stepper_type = odeint::runge_kutta_fehlberg78<state, Value, state, Value, odeint::range_algebra>;

    const Value f0 = f(s0);
    const Value df0 = df(s0);
    if (!isfinite(s0) || !isfinite(f0) || !isfinite(df0) || !isfinite(dt))
        return result{flow_status::not_finite, s0, Value(0), Value(0), Value(0), 0};
    if (dt == 0) return result{flow_status::ok, s0, Value(0), dt, Value(0), 0};
    // A zero of F is a fixed point of s, but not of p: dp/dtau = -p dF/ds(s) with s constant, so
    // p'/p = exp(-dF/ds dt) in closed form (the limit of F(s')/F(s) as s approaches the zero).
    if (f0 == 0) return result{flow_status::ok, s0, -df0 * dt, dt, Value(0), 0};

    // Where F or dF/ds was NaN at a finite s in the current attempt: a fault of F, which the stall
    // it causes must not hide (an infinite F is the overflow of a blow-up, not a fault).
    bool nan_seen = false;
    Value nan_at = 0;
    const auto system = [&f, &df, &nan_seen, &nan_at](const state& x, state& dxdt, const Value&) {
        using std::isnan;
        dxdt[0] = -f(x[0]);
        dxdt[1] = -df(x[0]);
        if ((isnan(dxdt[0]) || isnan(dxdt[1])) && !isnan(x[0]) && !nan_seen) {
            nan_seen = true;
            nan_at = x[0];
        }
    };
    const auto all_finite = [](const state& x) { return isfinite(x[0]) && isfinite(x[1]); };
    // The smallest normal number as the absolute floor only keeps 0/0 out of the error measure
    // (l starts at 0, and its derivative is 0 for constant dF/ds).
    const auto error_norm = [](const state& x, const state& dxdt, const state& err, const Value& h) {
        Value norm = 0;
        for (std::size_t i = 0; i < 2; ++i) {
            const Value scale = std::numeric_limits<Value>::min() +
                                tolerances::relative() * (abs(x[i]) + abs(h) * abs(dxdt[i]));
            const Value e = abs(err[i]) / scale;
            if (!(e <= norm)) norm = e;  // a NaN stays, and fails the test below
        }
        return norm;
    };

    stepper_type stepper;
    // Read into plain ints first: odeint declares these static const members without a definition,
    // and a multiprecision Value's constructor takes its argument by reference (an odr-use that
    // clang at -O1 leaves to the linker).
    const int order_int = stepper_type::stepper_order_value;
    const int error_order_int = stepper_type::error_order_value;
    const Value order = Value(order_int);
    const Value error_order = Value(error_order_int);
    state x{s0, Value(0)};
    state dxdt{};
    state out{};
    state err{};
    Value tau = 0;
    Value h = dt;
    const Value h_min = tolerances::relative() * abs(dt);
    const Value direction = sign_of(Value(-f0 * dt));  // s is monotone along the flow
    Value tail_check = Value(16) * (abs(s0) + abs(f0 * dt));
    std::size_t substeps = 0;
    system(x, dxdt, tau);
    while (true) {
        const bool last = abs(h) >= abs(dt - tau);
        if (last) h = dt - tau;
        nan_seen = false;
        stepper.do_step(system, x, dxdt, tau, out, h, err);
        const Value e = error_norm(x, dxdt, err, h);
        if (!(e <= 1) || !all_finite(out)) {
            // Rejected: odeint's decrease rule (at most 5-fold), or 8-fold when a stage overflowed.
            if (isfinite(e) && all_finite(out)) {
                const Value factor = Value(0.9) * pow(e, Value(-1) / (error_order - 1));
                h *= factor > Value(0.2) ? factor : Value(0.2);
            } else {
                h /= Value(8);
            }
            if (!(abs(h) >= h_min))
                return nan_seen ? result{flow_status::not_finite, nan_at, x[1], tau, Value(0), substeps}
                                : result{flow_status::stalled, x[0], x[1], tau, Value(0), substeps};
            continue;
        }
        x = out;
        tau = last ? dt : tau + h;
        system(x, dxdt, tau);
        if (++substeps > tolerances::max_substeps)
            return result{flow_status::too_many_substeps, x[0], x[1], tau, Value(0), substeps};
        if (last) break;
        if (nan_seen) return result{flow_status::not_finite, nan_at, x[1], tau, Value(0), substeps};
        // odeint's increase rule: at most 5-fold, only when the error is well below tolerance.
        if (e < Value(0.5)) {
            const Value floor = pow(Value(5), -order);
            h *= Value(0.9) * pow(e > floor ? e : floor, Value(-1) / order);
        }
        if (abs(x[0]) > tail_check) {
            tail_check *= Value(16);
            const auto remaining = time_to_infinity<Value>(f, x[0], direction);
            if (remaining && abs(tau) + *remaining < abs(dt))
                return result{flow_status::blow_up, x[0], x[1], tau, *remaining, substeps};
        }
    }
    return result{flow_status::ok, x[0], x[1], tau, Value(0), substeps};
}

// What went wrong, in the flow's terms (the caller appends the values it was given).
template <class Value>
std::string describe(const numerical_flow_result<Value>& r) {
    switch (r.status) {
        case flow_status::ok:
            break;
        case flow_status::not_finite:
            return "F(s,t) or dF/ds(s,t) is not finite at s = " + format(r.s) + ", reached at tau = " +
                   format(r.tau) + " within the flow";
        case flow_status::blow_up:
            return "the flow ds/dtau = -F(s,t) blows up (|s| -> infinity) within the step: it reaches s = " +
                   format(r.s) + " at tau = " + format(r.tau) +
                   " and from there the time to infinity, integral ds/|F|, is " + format(r.remaining) +
                   ", less than the rest of |dt|";
        case flow_status::stalled:
            return "the adaptive integration of ds/dtau = -F(s,t) cannot get past tau = " + format(r.tau) +
                   " (s = " + format(r.s) +
                   "): its step size fell below the resolution of dt, as it does when |s| runs off to "
                   "infinity within the step (finite-time blow-up)";
        case flow_status::too_many_substeps:
            return "the integration of ds/dtau = -F(s,t) needed more than " +
                   std::to_string(numerical_flow_tolerances<Value>::max_substeps) +
                   " internal steps (stopped at tau = " + format(r.tau) + ", s = " + format(r.s) +
                   "): |dF/ds dt| is far too large for this step; use a smaller dt or supply the exact flow";
    }
    return "the flow exists";
}

}  // namespace detail
}  // namespace odeint_contact

#endif
