// SPDX-License-Identifier: BSL-1.0
// Shared by the tests: model potentials (with evaluation counters) and the measured order of a
// sequence of errors. Header-only; every test includes what it needs from here.
#ifndef ODEINT_CONTACT_TEST_SUPPORT_HPP
#define ODEINT_CONTACT_TEST_SUPPORT_HPP

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <boost/numeric/odeint/integrate/integrate_n_steps.hpp>
#include <boost/numeric/odeint/integrate/integrate_times.hpp>
#include <boost/numeric/odeint/stepper/generation.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>
#include <boost/range/begin.hpp>
#include <boost/range/end.hpp>
#include <boost/range/has_range_iterator.hpp>

#include <odeint_contact/state/contact_state.hpp>

namespace test_support {

// A piece of the user's own with the in-place flow of Piece (and its autonomy): the chi steppers
// then copy the state and flow in place where the library's kinetic_piece would flow from the
// input into the output (detail/piece_kernels.hpp).
template <class Piece>
struct in_place_only {
    Piece piece;
    static constexpr bool autonomous = Piece::autonomous;
    template <class X, class T, class W>
    void flow(X& x, const T& t, const T& dt, W& work) const {
        piece.flow(x, t, dt, work);
    }
};

// How often a potential was asked for V and for dV/dq (mutable: the library holds parts as const).
struct eval_counter {
    std::size_t value = 0;
    std::size_t gradient = 0;
    std::size_t value_and_gradient = 0;
    std::size_t value_and_kick = 0;
};

// V(q, t) = k(t) |q|^2 / 2 for a scalar q or any range of numbers; k(t) = k0 (1 + eps sin(omega t)).
template <class Time = double>
struct harmonic_potential {
    double k0 = 1.0;
    double eps = 0.0;
    double omega = 1.0;
    eval_counter* counter = nullptr;

    double stiffness(const Time& t) const { return k0 * (1.0 + eps * std::sin(omega * t)); }

    template <class Q>
    double value(const Q& q, const Time& t) const {
        if (counter) ++counter->value;
        double sum = 0.0;
        if constexpr (std::is_arithmetic_v<Q>) {
            sum = q * q;
        } else {
            for (auto it = boost::begin(q); it != boost::end(q); ++it) sum += *it * *it;
        }
        return 0.5 * stiffness(t) * sum;
    }

    template <class Q, class D>
    void gradient(const Q& q, const Time& t, D& dVdq) const {
        if (counter) ++counter->gradient;
        const double k = stiffness(t);
        if constexpr (std::is_arithmetic_v<Q>) {
            dVdq = k * q;
        } else {
            auto out = boost::begin(dVdq);
            for (auto it = boost::begin(q); it != boost::end(q); ++it, ++out) *out = k * *it;
        }
    }
};

// The same V with the optional value_and_gradient and value_and_kick (p_out = a p_in - b dV/dq),
// each counted on its own (and neither counts value or gradient), with the formulas of value and
// gradient: k(t) q is the gradient, a p - b (k q) the kick.
template <class Time = double>
struct kicking_harmonic_potential : harmonic_potential<Time> {
    using harmonic_potential<Time>::counter;
    using harmonic_potential<Time>::stiffness;

    template <class Q>
    static double squared_norm(const Q& q) {
        double sum = 0.0;
        if constexpr (std::is_arithmetic_v<Q>) {
            sum = q * q;
        } else {
            for (auto it = boost::begin(q); it != boost::end(q); ++it) sum += *it * *it;
        }
        return sum;
    }
    template <class Q, class D>
    double value_and_gradient(const Q& q, const Time& t, D& dVdq) const {
        if (counter) ++counter->value_and_gradient;
        const double k = stiffness(t);
        if constexpr (std::is_arithmetic_v<Q>) {
            dVdq = k * q;
        } else {
            auto out = boost::begin(dVdq);
            for (auto it = boost::begin(q); it != boost::end(q); ++it, ++out) *out = k * *it;
        }
        return 0.5 * k * squared_norm(q);
    }
    template <class Q, class A, class B, class P>
    double value_and_kick(const Q& q, const Time& t, const A& a, const B& b, const P& p_in, P& p_out) const {
        if (counter) ++counter->value_and_kick;
        const double k = stiffness(t);
        if constexpr (std::is_arithmetic_v<Q>) {
            p_out = a * p_in - b * (k * q);
        } else {
            auto in = boost::begin(p_in);
            auto out = boost::begin(p_out);
            for (auto it = boost::begin(q); it != boost::end(q); ++it, ++in, ++out) *out = a * *in - b * (k * *it);
        }
        return 0.5 * k * squared_norm(q);
    }
};

// V(q) = -mu/|q| in the plane (the paper's perturbed Kepler problem has mu = 1).
struct kepler_potential {
    double mu = 1.0;
    eval_counter* counter = nullptr;

    double value(const std::array<double, 2>& q, double) const {
        if (counter) ++counter->value;
        return -mu / std::hypot(q[0], q[1]);
    }
    void gradient(const std::array<double, 2>& q, double, std::array<double, 2>& dVdq) const {
        if (counter) ++counter->gradient;
        force(q, dVdq);
    }
    // Writes dV/dq and returns |q|.
    double force(const std::array<double, 2>& q, std::array<double, 2>& dVdq) const {
        const double r = std::hypot(q[0], q[1]);
        const double c = mu / (r * r * r);
        dVdq[0] = c * q[0];
        dVdq[1] = c * q[1];
        return r;
    }
};

// The same potential with the optional value_and_gradient: |q| once for V and dV/dq, with the
// same formulas as value and gradient above, so that every result equals theirs bit for bit.
struct fused_kepler_potential : kepler_potential {
    double value_and_gradient(const std::array<double, 2>& q, double, std::array<double, 2>& dVdq) const {
        if (counter) ++counter->value_and_gradient;
        return -mu / force(q, dVdq);
    }
};

// V(q) = k q^2/2 for a scalar q, with q and k plain numbers or Boost.Units quantities (q a length,
// k in N/m: V is then an energy and dV/dq a force). The units programs run it both ways and
// compare the numbers. t is unused; its type follows the stepper's time.
template <class Q, class K = Q>
struct spring_potential {
    K k;

    template <class T>
    auto value(const Q& q, const T&) const {
        return k * q * q / 2.0;
    }
    template <class T, class F>
    void gradient(const Q& q, const T&, F& dVdq) const {
        dVdq = k * q;
    }
};

// V(q, t) = k(t) |q|^2/2 + a |q|^4/4 for a scalar q or any range of numbers, with
// k(t) = k0 (1 + eps sin(omega t)): time-dependent and, for a != 0, anharmonic, so that no
// special structure of a linear problem hides an error of a method.
struct anharmonic_potential {
    double k0 = 1.0;
    double eps = 0.0;
    double omega = 1.0;
    double a = 0.0;

    double stiffness(double t) const { return k0 * (1.0 + eps * std::sin(omega * t)); }

    template <class Q>
    static double squared_norm(const Q& q) {
        if constexpr (std::is_arithmetic_v<Q>) {
            return q * q;
        } else {
            double sum = 0.0;
            for (auto it = boost::begin(q); it != boost::end(q); ++it) sum += *it * *it;
            return sum;
        }
    }

    template <class Q>
    double value(const Q& q, double t) const {
        const double r2 = squared_norm(q);
        return stiffness(t) * r2 / 2 + a * r2 * r2 / 4;
    }

    template <class Q, class D>
    void gradient(const Q& q, double t, D& dVdq) const {
        const double c = stiffness(t) + a * squared_norm(q);
        if constexpr (std::is_arithmetic_v<Q>) {
            dVdq = c * q;
        } else {
            auto out = boost::begin(dVdq);
            for (auto it = boost::begin(q); it != boost::end(q); ++it, ++out) *out = c * *it;
        }
    }
};

// Observed orders log2(e_{i-1}/e_i) of errors measured at dt, dt/2, dt/4, ...
inline std::vector<double> observed_orders(const std::vector<double>& errors) {
    std::vector<double> orders;
    for (std::size_t i = 1; i < errors.size(); ++i) orders.push_back(std::log2(errors[i - 1] / errors[i]));
    return orders;
}

// ---------------------------------------------------------------------------------------------
// Exact solution of the damped oscillator  H = p^2/(2m) + k q^2/2 + gamma s  (scalar q, p, s).
//
// Paper eq. 2 gives  q' = p/m,  p' = -k q - gamma p,  s' = p q' - H = p^2/(2m) - k q^2/2 - gamma s.
// q solves q'' + gamma q' + (k/m) q = 0. With sigma = -gamma/2 and w2 = k/m - gamma^2/4,
//   q(t) = e^{sigma t} (q0 c(t) + (v0 - sigma q0) S(t)),        v0 = p0/m,
//   p(t) = m e^{sigma t} (v0 c(t) + (sigma v0 - (k/m) q0) S(t)),
// where (c, S) = (cos wt, sin(wt)/w) for w2 > 0, (cosh kt, sinh(kt)/k) with k = sqrt(-w2) for
// w2 < 0, and (1, t) for w2 = 0; in all three cases c' = -w2 S and S' = c, which is all the
// derivation uses (sigma^2 + w2 = k/m).
// s: d(qp)/dt = p^2/m - k q^2 - gamma qp, so qp/2 solves the s equation itself; the homogeneous
// part decays like e^{-gamma t}:
//   s(t) = q(t) p(t)/2 + (s0 - q0 p0/2) e^{-gamma t}.
// Valid for every gamma (negative: anti-damping) and every m, k > 0.
// Real may be a multiprecision type (the chi4/6/8 tests check orders far below double precision).
template <class Real = double>
struct basic_damped_oscillator {
    Real gamma = Real(0);
    Real mass = Real(1);
    Real stiffness = Real(1);

    odeint_contact::contact_state<Real> operator()(const odeint_contact::contact_state<Real>& x0,
                                                   const Real& t) const {
        using std::cos;
        using std::cosh;
        using std::exp;
        using std::sin;
        using std::sinh;
        using std::sqrt;
        const Real sigma = -gamma / 2;
        const Real w0sq = stiffness / mass;
        const Real w2 = w0sq - gamma * gamma / 4;
        Real c(1);
        Real S = t;
        if (w2 > 0) {
            const Real w = sqrt(w2);
            c = cos(w * t);
            S = sin(w * t) / w;
        } else if (w2 < 0) {
            const Real k = sqrt(-w2);
            c = cosh(k * t);
            S = sinh(k * t) / k;
        }
        const Real v0 = x0.p / mass;
        const Real e = exp(sigma * t);
        const Real q = e * (x0.q * c + (v0 - sigma * x0.q) * S);
        const Real p = mass * e * (v0 * c + (sigma * v0 - w0sq * x0.q) * S);
        const Real s = q * p / 2 + (x0.s - x0.q * x0.p / 2) * exp(-gamma * t);
        return {q, p, s};
    }
};
using damped_oscillator = basic_damped_oscillator<double>;

// ---------------------------------------------------------------------------------------------
// Flat coordinates (q_1..q_n, p_1..p_n, s) of a contact_state whose q and p are numbers or ranges
// of numbers (std::array, std::vector), and back. unflatten needs x already of the right size.
namespace detail {
template <class C>
void append_component(const C& c, std::vector<double>& out) {
    if constexpr (std::is_arithmetic_v<C>)
        out.push_back(static_cast<double>(c));
    else
        for (auto it = boost::begin(c); it != boost::end(c); ++it) out.push_back(static_cast<double>(*it));
}
template <class C>
void read_component(const std::vector<double>& in, std::size_t& pos, C& c) {
    if constexpr (std::is_arithmetic_v<C>)
        c = static_cast<C>(in.at(pos++));
    else
        for (auto it = boost::begin(c); it != boost::end(c); ++it) *it = in.at(pos++);
}
}  // namespace detail

template <class State>
std::vector<double> flatten(const State& x) {
    std::vector<double> v;
    detail::append_component(x.q, v);
    detail::append_component(x.p, v);
    detail::append_component(x.s, v);
    return v;
}

template <class State>
void unflatten(const std::vector<double>& v, State& x) {
    std::size_t pos = 0;
    detail::read_component(v, pos, x.q);
    detail::read_component(v, pos, x.p);
    detail::read_component(v, pos, x.s);
    if (pos != v.size()) throw std::invalid_argument("test_support::unflatten: size mismatch");
}

// Jacobian J[i][j] = d phi_i / d x_j of a map phi: State -> State in the flat coordinates, by the
// five-point central difference
//   f'(x) ~ (8 (f(x+h) - f(x-h)) - (f(x+2h) - f(x-2h))) / (12 h),   h = h_rel max(1, |x_j|).
// Its truncation error is h^4 |f^(5)| / 30; its round-off error is about (18/12) delta / h, where
// delta is the absolute rounding error of one evaluation of f. With h_rel = 1e-3, f of size
// O(1..10) and delta ~ 10 ulps, both are ~1e-12 or less: that is the scale of what a Jacobian
// computed here can resolve.
template <class State, class Map>
std::vector<std::vector<double>> numerical_jacobian(const Map& phi, const State& x, double h_rel = 1e-3) {
    const std::vector<double> x0 = flatten(x);
    const std::size_t n = x0.size();
    std::vector<std::vector<double>> J(n, std::vector<double>(n, 0.0));
    State y = x;
    auto eval = [&](std::size_t j, double offset) {
        std::vector<double> xj = x0;
        xj[j] += offset;
        unflatten(xj, y);
        return flatten(static_cast<State>(phi(static_cast<const State&>(y))));
    };
    for (std::size_t j = 0; j < n; ++j) {
        const double h = h_rel * std::max(1.0, std::abs(x0[j]));
        const std::vector<double> fp1 = eval(j, h), fm1 = eval(j, -h), fp2 = eval(j, 2 * h),
                                  fm2 = eval(j, -2 * h);
        for (std::size_t i = 0; i < n; ++i)
            J[i][j] = (8 * (fp1[i] - fm1[i]) - (fp2[i] - fm2[i])) / (12 * h);
    }
    return J;
}

// The pull-back of the contact form eta = ds - p.dq by a map phi: (q, p, s) -> (Q, P, S), at x:
//   phi^* eta = dS - sum_i P_i dQ_i,  coefficient along x_j:  c_j = dS/dx_j - sum_i P_i dQ_i/dx_j.
// phi is contact at x with conformal factor lambda iff c = lambda * (-p, 0, 1) in the flat
// coordinates (q, p, s): the ds coefficient is lambda, the dq_i coefficients are -lambda p_i and
// every dp_i coefficient vanishes. lambda is read off the ds direction; deviations holds
// c - lambda (-p, 0, 1) for all 2n+1 directions (its s entry is 0 by construction), so
// max_deviation is the distance from being contact, on the scale of numerical_jacobian's error
// times the size of P.
struct contact_form_pullback {
    double lambda = 0.0;
    std::vector<double> coefficients;
    std::vector<double> deviations;
    double max_deviation = 0.0;
};

template <class State, class Map>
contact_form_pullback pull_back_contact_form(const Map& phi, const State& x, double h_rel = 1e-3) {
    const std::vector<double> x0 = flatten(x);
    const std::size_t dim = x0.size();
    if (dim % 2 != 1) throw std::invalid_argument("test_support::pull_back_contact_form: need 2n+1 coordinates");
    const std::size_t n = (dim - 1) / 2;
    const std::vector<double> image = flatten(static_cast<State>(phi(x)));
    const std::vector<std::vector<double>> J = numerical_jacobian(phi, x, h_rel);
    contact_form_pullback r;
    r.coefficients.assign(dim, 0.0);
    for (std::size_t j = 0; j < dim; ++j) {
        double c = J[dim - 1][j];
        for (std::size_t i = 0; i < n; ++i) c -= image[n + i] * J[i][j];
        r.coefficients[j] = c;
    }
    r.lambda = r.coefficients[dim - 1];
    r.deviations.assign(dim, 0.0);
    for (std::size_t j = 0; j < dim; ++j) {
        const double eta_j = j < n ? -x0[n + j] : (j < 2 * n ? 0.0 : 1.0);
        r.deviations[j] = r.coefficients[j] - r.lambda * eta_j;
        r.max_deviation = std::max(r.max_deviation, std::abs(r.deviations[j]));
    }
    return r;
}

// ---------------------------------------------------------------------------------------------
// Errors of a stepper along a trajectory, for measured orders. Components may be built-in or
// multiprecision numbers, or ranges of them; the errors are returned as doubles (enough to form
// ratios, also when they are far below double precision's epsilon, as with cpp_bin_float_50).

// The largest absolute difference of two components, over all their entries.
template <class C>
double max_abs_difference(const C& a, const C& b) {
    using std::abs;
    if constexpr (boost::has_range_const_iterator<C>::value) {
        double m = 0.0;
        auto j = boost::begin(b);
        for (auto i = boost::begin(a); i != boost::end(a); ++i, ++j)
            m = std::max(m, static_cast<double>(abs(*i - *j)));
        return m;
    } else {
        return static_cast<double>(abs(a - b));
    }
}

// Observed orders as text for test messages, e.g. " 3.998 4.000 4.000".
inline std::string format_orders(const std::vector<double>& orders) {
    std::ostringstream out;
    out.precision(3);
    out << std::fixed;
    for (double o : orders) out << ' ' << o;
    return out.str();
}

// Largest deviation of q, p and s separately, over every comparison it has seen.
struct trajectory_errors {
    double q = 0.0;
    double p = 0.0;
    double s = 0.0;

    template <class State>
    void include(const State& x, const State& reference) {
        q = std::max(q, max_abs_difference(x.q, reference.q));
        p = std::max(p, max_abs_difference(x.p, reference.p));
        s = std::max(s, max_abs_difference(x.s, reference.s));
    }
};

// Runs stepper from x0 at t = 0 with step dt0/refine for samples * refine steps
// (integrate_n_steps: integrate_const may drop the last step to its time epsilon) and compares
// the state at every t_k = k dt0 with reference(k). Taking the maximum over the sample times keeps
// an accidental zero of the error at one time from faking an order.
template <class Stepper, class System, class State, class Reference>
trajectory_errors sampled_errors(Stepper stepper, const System& system, const State& x0,
                                 const typename Stepper::time_type& dt0, std::size_t samples,
                                 std::size_t refine, const Reference& reference) {
    using time_type = typename Stepper::time_type;
    State x = x0;
    trajectory_errors e;
    std::size_t n = 0;
    boost::numeric::odeint::integrate_n_steps(stepper, system, x, time_type(0), time_type(dt0 / refine),
                                              samples * refine, [&](const State& y, const time_type&) {
                                                  if (n % refine == 0) e.include(y, reference(n / refine));
                                                  ++n;
                                              });
    if (n != samples * refine + 1) throw std::logic_error("test_support::sampled_errors: missed steps");
    return e;
}

// Errors in q, p and s at successive halvings of the step (entry l: dt = dt0 / (refine0 2^l)).
struct error_sequence {
    std::vector<double> q, p, s;

    // "errors q <coarsest> .. <finest>, p ..., s ...; orders q ... | p ... | s ...", for messages.
    std::string describe() const {
        std::ostringstream out;
        out << "errors q " << q.front() << " .. " << q.back() << ", p " << p.front() << " .. " << p.back()
            << ", s " << s.front() << " .. " << s.back() << "; orders q" << format_orders(observed_orders(q))
            << " | p" << format_orders(observed_orders(p)) << " | s" << format_orders(observed_orders(s));
        return out.str();
    }
};

// sampled_errors of a default-constructed Stepper for refine = refine0, 2 refine0, ...,
// 2^halvings refine0.
template <class Stepper, class System, class State, class Reference>
error_sequence errors_over_halvings(const System& system, const State& x0,
                                    const typename Stepper::time_type& dt0, std::size_t samples,
                                    std::size_t refine0, unsigned halvings, const Reference& reference) {
    error_sequence r;
    for (unsigned level = 0; level <= halvings; ++level) {
        const trajectory_errors e =
            sampled_errors(Stepper(), system, x0, dt0, samples, refine0 << level, reference);
        r.q.push_back(e.q);
        r.p.push_back(e.p);
        r.s.push_back(e.s);
    }
    return r;
}

// A reference trajectory for order tests: a controlled Runge-Kutta-Fehlberg 7(8) integration of
// the vector field `field` (an odeint system, best written out from paper eq. 2 independently of
// the library) with absolute and relative tolerance `tolerance`, sampled at t_k = k dt0,
// k = 0..samples (integrate_times hits every t_k exactly). Its accuracy is the caller's to show,
// e.g. against an exact solution or an independent method.
template <class State, class Field>
std::vector<State> rkf78_samples(const Field& field, const State& x0, double dt0, std::size_t samples,
                                 double tolerance) {
    namespace odeint = boost::numeric::odeint;
    std::vector<double> times;
    for (std::size_t k = 0; k <= samples; ++k) times.push_back(double(k) * dt0);
    std::vector<State> out;
    State x = x0;
    auto stepper = odeint::make_controlled(tolerance, tolerance, odeint::runge_kutta_fehlberg78<State>());
    odeint::integrate_times(stepper, field, x, times.begin(), times.end(), dt0 / 10,
                            [&](const State& y, double) { out.push_back(y); });
    if (out.size() != samples + 1) throw std::logic_error("test_support::rkf78_samples: missed samples");
    return out;
}

}  // namespace test_support

#endif
