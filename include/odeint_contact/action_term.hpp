// odeint_contact/action_term.hpp
//
// action_term(F, dF_ds): a user-supplied action part F(s,t) of a separable contact Hamiltonian
// H = T(p) + V(q,t) + F(s,t), usable wherever linear_action and quadratic_action are: chi2/4/6/8,
// cvi2, the odeint system and H.value(). F and dF/ds are callables of (s, t).
// action_term(F, dF_ds, flow) takes the exact flow of F from the user as well (see below).
//
// What the steppers need from an action term (the concept of action.hpp), and how it is met:
//   flow<Value>(s, t, dt)   the exact flow of the contact vector field of F over dt, t frozen:
//                           ds/dtau = -F(s,t), dp/dtau = -p dF/ds(s,t) (q does not move), so
//                           s' solves integral_s^s' dxi/F(xi,t) = -dt and the momentum factor is
//                           p'/p = F(s',t)/F(s,t) = exp(-integral_0^dt dF/ds(s(tau),t) dtau).
//   solve_implicit<Value>(r, h, t, s_prev)
//                           cvi2's scalar equation s + h F(s,t) = r on the branch that starts at
//                           s = r for h = 0.
//
// How the flow is computed, and why this way. odeint itself integrates the scalar ODE together
// with the logarithm of the momentum factor,
//     ds/dtau = -F(s,t),   dl/dtau = -dF/ds(s,t),   l(0) = 0,   p'/p = exp(l(dt)),
// with the embedded Runge-Kutta-Fehlberg 7(8) pair under odeint's step-size control (relative
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
// the step; flow() returns ok == false and describe_failure() says where and why, so the steppers
// throw odeint_contact::step_error with the state unchanged. It is detected in two ways:
//   - each time |s| has grown by another factor 16 (from 16 (|s| + |F(s) dt|) at the start), the
//     remaining time to infinity, T = integral_s^{+-inf} dxi/|F(xi,t)|, is computed with
//     Boost.Math's exp_sinh quadrature (made for half-infinite intervals). If it converges (error
//     estimate below sqrt(eps) T) and tau + T is shorter than |dt|, the flow blows up at tau + T.
//     A zero of F beyond s makes the integral diverge, which exp_sinh reports as no convergence,
//     and the integration just goes on;
//   - if the tail test never concludes, the controlled integration stalls as it approaches the
//     blow-up time (its step size falls below 16 eps |dt|), and that is reported as such.
// More than 50000 internal steps (a stiff action, |dF/ds dt| in the tens of thousands) is also a
// failure, with a message that says so, rather than a silent hang.
//
// cvi2's implicit equation. With h = half_dt, phi(x) = x + h F(x,t) - r. The roots s(h') for
// h' from 0 to h form a curve starting at r; every point x of it is reached at
// h'(x) = g(x) = (r - x)/F(x,t), and the curve goes on while g keeps growing towards h, i.e. while
// psi(x) = 1 + g(x) dF/ds(x,t) > 0 (psi = -F g'; psi = 0 is a fold, for linear F a pole). At the
// root, psi = 1 + h dF/ds(s,t), the number cvi2 divides by (returned as action_solve::slope, so
// that cvi2 does not evaluate dF/ds there again). The solver walks from r in the
// direction -sign(h F(r)) in which phi moves towards 0, with the branch predictor
// step = 2 |phi(x)/psi(x)| (twice the Newton step in h', so that near the root one step brackets
// it):
//   - phi changes sign between x and the next point: Boost.Math's toms748_solve finds the root in
//     that bracket (relative tolerance 4 eps of max(|s|, |r|): r itself is known only to that
//     accuracy). It is returned if 1 + h dF/ds > 0 there;
//   - psi <= 0 at the next point and phi has not changed sign: the fold lies between. toms748
//     locates it; if phi has changed sign at the fold the root lies before it and is solved for,
//     otherwise the branch ends at the fold without reaching h: no root (ok == false);
//   - phi or psi not finite, or 200 walking steps without a bracket: no root (the branch runs off
//     to infinity, as for the quadratic F past its fold).
// F(r) = 0 or h = 0 gives s = r exactly. s_prev is not needed: the branch is defined from r.
// Sampling can miss features narrower than a walking step (two roots or two folds between two
// points); for an F whose dF/ds varies slowly on the scale |h F| none exist.
//
// Accuracy. All tolerances follow from Value's precision, never from the user's step:
//   flow: relative tolerance 16 eps (eps = std::numeric_limits<Value>::epsilon(); 3.6e-15 for
//   double, 1.7e-18 for long double) per internal step on s and l, with odeint's error measure
//   |err| / (16 eps (|x| + |h dx/dtau|)), so s' and p'/p come out with relative errors of a few
//   eps (measured for F = g s in double: <= 7e-16 for |dF/ds dt| <= 1; 7e-15 in s' and 3e-14 in
//   p'/p = e^{-30} at |dF/ds dt| = 30, where p'/p is that sensitive to the exponent anyway;
//   long double: <= 9e-19 up to |dF/ds dt| = 5);
//   tail test: exp_sinh's default tolerance sqrt(eps);
//   solve_implicit: toms748 to 4 eps relative, i.e. a few ulps.
// Value = double and long double are supported and tested. Boost.Multiprecision numbers with
// expression templates do not compile inside odeint's error checker; with expression templates
// off they compile, but RKF78 at 1e-50 needs very many steps: supply an exact flow there.
//
// Units: with Boost.Units, s is an action (J s), F an energy, dF/ds a rate (1/s); the numerics run
// on the plain SI values and the results are converted back.
//
// The optional exact flow: action_term(F, dF_ds, flow) with flow(s, t, dt) returning a pair (or
// any two-element aggregate) {s', p'/p}, t frozen. Return a non-finite s' or factor when the flow
// does not exist over dt (finite-time blow-up): the step then fails cleanly. solve_implicit
// stays numerical.
//
// References: Bravetti, Seri, Vermeeren, Zadra, "New directions for contact integrators" (2021);
// Fehlberg, NASA TR R-287 (1968) for the 7(8) pair; Alefeld, Potra, Shi, ACM TOMS 748 (1995).
#ifndef ODEINT_CONTACT_ACTION_TERM_HPP
#define ODEINT_CONTACT_ACTION_TERM_HPP

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/math/quadrature/exp_sinh.hpp>
#include <boost/math/tools/toms748_solve.hpp>
#include <boost/numeric/odeint/algebra/default_operations.hpp>
#include <boost/numeric/odeint/algebra/range_algebra.hpp>
#include <boost/numeric/odeint/stepper/controlled_runge_kutta.hpp>
#include <boost/numeric/odeint/stepper/controlled_step_result.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>

#include <odeint_contact/action.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>

namespace odeint_contact {
namespace detail {

// No user flow: flow() integrates numerically.
struct numerical_action_flow {};

// A plain number of type Value as the scalar type S (a quantity gets S's unit).
template <class S, class Value>
S from_raw(const Value& x) {
    if constexpr (is_quantity<S>::value)
        return S::from_value(plain_value_t<S>(x));
    else
        return S(x);
}

template <class Value>
Value sign_of(const Value& x) {
    return x > 0 ? Value(1) : (x < 0 ? Value(-1) : Value(0));
}

// The tolerances of action_term, from Value's precision (see "Accuracy" in the header comment).
template <class Value>
struct action_term_tolerances {
    // RKF78 relative tolerance: a few ulps above what the error estimate's own rounding can
    // resolve, so that round-off never makes the controller reject a step.
    static Value flow() { return Value(16) * std::numeric_limits<Value>::epsilon(); }
    // toms748: 4 eps, the best a bracket of two representable numbers can do with margin.
    static Value solve() { return Value(4) * std::numeric_limits<Value>::epsilon(); }
    static constexpr std::size_t max_substeps = 50000;
    static constexpr std::size_t max_walk = 200;
};

enum class flow_status { ok, not_finite, blow_up, stalled, too_many_substeps };

// The numerical flow's result, with the diagnostics describe_failure() reports.
template <class Value>
struct numerical_flow_result {
    flow_status status;
    Value s;           // s at tau (the end of the step when status == ok)
    Value log_factor;  // l = log(p'/p) at tau
    Value tau;         // how far the integration got
    Value remaining;   // for blow_up: the time to |s| = infinity from tau
    std::size_t substeps;
};

enum class solve_status { ok, not_finite, fold, runs_off, no_bracket };

template <class Value>
struct numerical_solve_result {
    solve_status status;
    Value s;    // the root when ok; else where the search stopped (the fold, the last point)
    Value phi;  // s + h F(s) - r there
    Value slope = std::numeric_limits<Value>::quiet_NaN();  // when ok: 1 + h dF/ds(s)
};

// |b - a| within tol of the larger of |a|, |b| and |r|: the root of s + h F(s) = r cannot be
// known better than r itself, even when it is much smaller than r.
template <class Value>
struct bracket_tolerance {
    Value tol;
    Value floor;
    bool operator()(const Value& a, const Value& b) const {
        using std::abs;
        Value scale = abs(a) > abs(b) ? abs(a) : abs(b);
        if (floor > scale) scale = floor;
        return abs(b - a) <= tol * scale;
    }
};

}  // namespace detail

template <class F, class DF, class Flow = detail::numerical_action_flow>
class action_term {
public:
    action_term(F f, DF df) : m_f(std::move(f)), m_df(std::move(df)), m_flow() {}
    action_term(F f, DF df, Flow flow) : m_f(std::move(f)), m_df(std::move(df)), m_flow(std::move(flow)) {}

    static constexpr bool has_exact_flow = !std::is_same_v<Flow, detail::numerical_action_flow>;

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
            const auto [s_new, factor] = m_flow(s, t, dt);
            const Value lambda = Value(detail::to_value(factor));
            const bool ok = detail::is_finite(s_new) && detail::is_finite(lambda);
            return {ok ? S(s_new) : s, ok ? lambda : Value(1), ok};
        } else {
            const auto r = integrate<Value>(s, t, dt);
            if (r.status != detail::flow_status::ok) return {s, Value(1), false};
            using std::exp;
            return {detail::from_raw<S>(r.s), Value(exp(r.log_factor)), true};
        }
    }

    template <class S, class T>
    std::string describe_failure(const S& s, const T& t, const T& dt) const {
        using detail::format;
        const std::string values =
            " (s = " + format(s) + ", t = " + format(t) + ", dt = " + format(dt) + ")";
        if constexpr (has_exact_flow) {
            const auto [s_new, factor] = m_flow(s, t, dt);
            return "the user-supplied exact flow of F returned s' = " + format(s_new) +
                   " and p'/p = " + format(factor) +
                   ", not both finite: the flow does not exist over the step" + values;
        } else {
            // Runs the integration again (flow() keeps no state, so it stays thread-safe). The
            // concept passes no Value here, so S's number type is used: with a Value more precise
            // than S, a borderline case can come out ok, and the message says so.
            using Value = detail::plain_value_t<S>;
            const auto r = integrate<Value>(s, t, dt);
            switch (r.status) {
                case detail::flow_status::ok:
                    return "the flow of F exists over the step (no failure to describe)" + values;
                case detail::flow_status::not_finite:
                    return "F(s,t) or dF/ds(s,t) is not finite at s = " + format(r.s) + ", reached at tau = " +
                           format(r.tau) + " within the step" + values;
                case detail::flow_status::blow_up:
                    return "the flow ds/dtau = -F(s,t) blows up (|s| -> infinity) within the step: it "
                           "reaches s = " + format(r.s) + " at tau = " + format(r.tau) +
                           " and from there the time to infinity, integral ds/|F|, is " +
                           format(r.remaining) + ", less than the rest of |dt|" + values;
                case detail::flow_status::stalled:
                    return "the adaptive integration of ds/dtau = -F(s,t) cannot get past tau = " +
                           format(r.tau) + " (s = " + format(r.s) +
                           "): its step size fell below the resolution of dt, as it does when |s| "
                           "runs off to infinity within the step (finite-time blow-up)" + values;
                case detail::flow_status::too_many_substeps:
                    return "the integration of ds/dtau = -F(s,t) needed more than " +
                           std::to_string(detail::action_term_tolerances<Value>::max_substeps) +
                           " internal steps (stopped at tau = " + format(r.tau) + ", s = " + format(r.s) +
                           "): |dF/ds dt| is far too large for this step; use a smaller dt or supply "
                           "the exact flow" + values;
            }
            return "unknown failure" + values;
        }
    }

    template <class Value, class S, class T, class H>
    action_solve<S> solve_implicit(const S& r, const H& half_dt, const T& t, const S& /*s_prev*/) const {
        const auto result = solve<Value>(r, half_dt, t);
        if (result.status != detail::solve_status::ok) return {r, false};
        return {detail::from_raw<S>(result.s), true, detail::plain_value_t<S>(result.slope)};
    }

    template <class S, class T, class H>
    std::string describe_solve_failure(const S& r, const H& half_dt, const T& t) const {
        using detail::format;
        using Value = detail::plain_value_t<S>;
        const auto result = solve<Value>(r, half_dt, t);
        const std::string values =
            " (r = " + format(r) + ", dt/2 = " + format(half_dt) + ", t = " + format(t) + ")";
        switch (result.status) {
            case detail::solve_status::ok:
                return "s + (dt/2) F(s,t) = r has a root on the branch from s = r (no failure to describe)" +
                       values;
            case detail::solve_status::not_finite:
                return "s + (dt/2) F(s,t) - r or dF/ds is not finite at s = " + format(result.s) +
                       " on the branch from s = r" + values;
            case detail::solve_status::fold:
                return "s + (dt/2) F(s,t) = r has no root on the branch that continues s = r: the "
                       "branch folds (1 + h' dF/ds = 0) at s = " + format(result.s) +
                       " before reaching h' = dt/2, where s + (dt/2) F - r = " + format(result.phi) +
                       " has not changed sign" + values;
            case detail::solve_status::runs_off:
                return "s + (dt/2) F(s,t) = r has no finite root on the branch that continues s = r: "
                       "the branch runs off to |s| = infinity (last finite point s = " +
                       format(result.s) + ", where s + (dt/2) F - r = " + format(result.phi) + ")" + values;
            case detail::solve_status::no_bracket:
                return "no root of s + (dt/2) F(s,t) = r found within " +
                       std::to_string(detail::action_term_tolerances<Value>::max_walk) +
                       " steps along the branch from s = r (stopped at s = " + format(result.s) +
                       ", where s + (dt/2) F - r = " + format(result.phi) + ")" + values;
        }
        return "unknown failure" + values;
    }

private:
    template <class Value, class S, class T>
    Value raw_f(const Value& x, const T& t) const {
        return Value(detail::raw_value(m_f(detail::from_raw<S>(x), t)));
    }
    template <class Value, class S, class T>
    Value raw_df(const Value& x, const T& t) const {
        return Value(detail::raw_value(m_df(detail::from_raw<S>(x), t)));
    }

    // The remaining time to |s| = infinity from x in the direction `direction`,
    // integral_0^inf du/|F(x + direction u)|, or a negative number when exp_sinh does not converge
    // (a zero of F ahead makes the integral infinite).
    template <class Value, class S, class T>
    Value time_to_infinity(const Value& x, const Value& direction, const T& t) const {
        using std::abs;
        using std::sqrt;
        const auto integrand = [&](const Value& u) { return Value(1) / abs(raw_f<Value, S>(x + direction * u, t)); };
        try {
            boost::math::quadrature::exp_sinh<Value> integrator;
            Value error = 0;
            Value l1 = 0;
            const Value tol = sqrt(std::numeric_limits<Value>::epsilon());
            const Value T_rem = integrator.integrate(integrand, tol, &error, &l1);
            if (detail::is_finite(T_rem) && detail::is_finite(error) && error <= tol * T_rem) return T_rem;
        } catch (const std::exception&) {
            // exp_sinh throws when the integrand is not finite or the integral diverges: no verdict.
        }
        return Value(-1);
    }

    template <class Value, class S, class T>
    detail::numerical_flow_result<Value> integrate(const S& s_in, const T& t, const T& dt_in) const {
        namespace odeint = boost::numeric::odeint;
        using std::abs;
        using tolerances = detail::action_term_tolerances<Value>;
        using state = std::array<Value, 2>;  // {s, l}
        using stepper_type = odeint::runge_kutta_fehlberg78<state, Value, state, Value, odeint::range_algebra>;
        using checker_type = odeint::default_error_checker<Value, odeint::range_algebra, odeint::default_operations>;
        using controlled_type = odeint::controlled_runge_kutta<stepper_type, checker_type>;

        const Value s0 = Value(detail::raw_value(s_in));
        const Value dt = Value(detail::raw_value(dt_in));
        const Value f0 = raw_f<Value, S>(s0, t);
        const Value df0 = raw_df<Value, S>(s0, t);
        if (!detail::is_finite(s0) || !detail::is_finite(f0) || !detail::is_finite(df0))
            return {detail::flow_status::not_finite, s0, Value(0), Value(0), Value(0), 0};
        if (dt == 0) return {detail::flow_status::ok, s0, Value(0), dt, Value(0), 0};
        // A zero of F is a fixed point of s, but not of p: dp/dtau = -p dF/ds(s) with s constant,
        // so p'/p = exp(-dF/ds dt) in closed form (the limit of F(s')/F(s) as s approaches the
        // zero; linear_action at s = 0 gives the same).
        if (f0 == 0) return {detail::flow_status::ok, s0, -df0 * dt, dt, Value(0), 0};

        const auto system = [this, &t](const state& x, state& dxdt, Value) {
            dxdt[0] = -raw_f<Value, S>(x[0], t);
            dxdt[1] = -raw_df<Value, S>(x[0], t);
        };
        // eps_abs = the smallest normal number only keeps 0/0 out of the error measure (l is 0 at
        // the start and its derivative is 0 for constant F).
#if defined(__GNUC__) && !defined(__clang__)
        // odeint's steppers hold std::array buffers that are default-initialised and copied into
        // the controlled stepper before their first write; GCC's flow analysis flags that copy.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
        controlled_type stepper(checker_type(std::numeric_limits<Value>::min(), tolerances::flow(), Value(1), Value(1)));
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

        state x{s0, Value(0)};
        state out{};
        Value tau = 0;
        Value h = dt;
        const Value h_min = tolerances::flow() * abs(dt);
        const Value direction = detail::sign_of(-f0 * dt);  // s is monotone along the flow
        Value tail_check = Value(16) * (abs(s0) + abs(f0 * dt));
        std::size_t substeps = 0;
        while (true) {
            const bool last = abs(h) >= abs(dt - tau);
            if (last) h = dt - tau;
            Value tau_try = tau;
            const auto result = stepper.try_step(system, x, tau_try, out, h);
            if (result == odeint::fail || !detail::is_finite(out[0]) || !detail::is_finite(out[1])) {
                // odeint accepts a step whose error estimate is NaN (NaN > 1 is false): overflow
                // in the stages is a rejection here, with a smaller step.
                if (result != odeint::fail) h /= Value(8);
                if (!(abs(h) >= h_min))
                    return {detail::flow_status::stalled, x[0], x[1], tau, Value(0), substeps};
                continue;
            }
            x = out;
            tau = last ? dt : tau_try;
            if (++substeps > tolerances::max_substeps)
                return {detail::flow_status::too_many_substeps, x[0], x[1], tau, Value(0), substeps};
            if (last) break;
            if (abs(x[0]) > tail_check) {
                tail_check *= Value(16);
                const Value remaining = time_to_infinity<Value, S>(x[0], direction, t);
                if (remaining >= 0 && abs(tau) + remaining < abs(dt))
                    return {detail::flow_status::blow_up, x[0], x[1], tau, remaining, substeps};
            }
        }
        return {detail::flow_status::ok, x[0], x[1], tau, Value(0), substeps};
    }

    template <class Value, class S, class T, class H>
    detail::numerical_solve_result<Value> solve(const S& r_in, const H& half_dt, const T& t) const {
        using std::abs;
        using tolerances = detail::action_term_tolerances<Value>;
        using result = detail::numerical_solve_result<Value>;
        const Value r = Value(detail::raw_value(r_in));
        const Value h = Value(detail::raw_value(half_dt));
        const auto phi = [&](const Value& x) { return x + h * raw_f<Value, S>(x, t) - r; };
        // 1 + h'(x) dF/ds(x) with h'(x) = (r - x)/F(x): positive along the branch, 0 at a fold.
        const auto psi = [&](const Value& x, const Value& fx) {
            return Value(1) + (r - x) / fx * raw_df<Value, S>(x, t);
        };
        const Value fr = raw_f<Value, S>(r, t);
        if (!detail::is_finite(r) || !detail::is_finite(fr) || !detail::is_finite(h))
            return {detail::solve_status::not_finite, r, Value(0)};
        // The slope 1 + h dF/ds at the root goes out with it: cvi2 divides p by it.
        const auto slope = [&](const Value& x) { return Value(1) + h * raw_df<Value, S>(x, t); };
        if (fr == 0 || h == 0) return {detail::solve_status::ok, r, Value(0), slope(r)};

        const auto polish = [&](Value a, Value b, Value pa, Value pb) -> result {
            if (pa == 0) return {detail::solve_status::ok, a, pa, slope(a)};
            if (pb == 0) return {detail::solve_status::ok, b, pb, slope(b)};
            // toms748 wants the bracket in increasing order.
            if (b < a) {
                std::swap(a, b);
                std::swap(pa, pb);
            }
            std::uintmax_t iterations = 200;
            const auto bracket = boost::math::tools::toms748_solve(
                phi, a, b, pa, pb, detail::bracket_tolerance<Value>{tolerances::solve(), abs(r)}, iterations);
            const Value pf = phi(bracket.first);
            const Value ps = phi(bracket.second);
            const Value root = abs(pf) <= abs(ps) ? bracket.first : bracket.second;
            const Value proot = abs(pf) <= abs(ps) ? pf : ps;
            // On the branch, 1 + h dF/ds > 0 at the root (cvi2 divides by it).
            const Value slope_root = slope(root);
            if (!(slope_root > 0)) return {detail::solve_status::fold, root, proot};
            return {detail::solve_status::ok, root, proot, slope_root};
        };

        const Value direction = detail::sign_of(-h * fr);
        Value a = r;
        Value pa = h * fr;  // phi(r)
        Value qa = 1;  // psi(r): h'(r) = 0; later points are kept only where psi > 0
        for (std::size_t i = 0; i < tolerances::max_walk; ++i) {
            Value step = Value(2) * abs(pa / qa);
            // A point where F overflows is no evidence either way: come closer.
            Value x, px, fx;
            int shrink = 0;
            while (true) {
                x = a + direction * step;
                fx = raw_f<Value, S>(x, t);
                px = x + h * fx - r;
                if (detail::is_finite(x) && detail::is_finite(fx) && detail::is_finite(px)) break;
                if (++shrink > std::numeric_limits<Value>::digits) return {detail::solve_status::runs_off, a, pa};
                step /= Value(2);
            }
            if (px == 0 || detail::sign_of(px) != detail::sign_of(pa)) return polish(a, x, pa, px);
            const Value qx = psi(x, fx);
            if (!detail::is_finite(qx)) return {detail::solve_status::not_finite, x, px};
            if (!(qx > 0)) {
                // A fold between a and x: the root comes before it or not at all.
                std::uintmax_t iterations = 200;
                const auto psi_of = [&](const Value& y) { return psi(y, raw_f<Value, S>(y, t)); };
                const bool increasing = a < x;
                const auto fold = boost::math::tools::toms748_solve(
                    psi_of, increasing ? a : x, increasing ? x : a, increasing ? qa : qx, increasing ? qx : qa,
                    detail::bracket_tolerance<Value>{tolerances::solve(), abs(r)}, iterations);
                // The bracket end on the branch side of the fold (psi > 0); the other if rounding
                // left neither positive.
                const Value xf = psi_of(fold.first) > 0 ? fold.first : fold.second;
                const Value pf = phi(xf);
                if (pf == 0 || detail::sign_of(pf) != detail::sign_of(pa)) return polish(a, xf, pa, pf);
                return {detail::solve_status::fold, xf, pf};
            }
            a = x;
            pa = px;
            qa = qx;
        }
        return {detail::solve_status::no_bracket, a, pa};
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
