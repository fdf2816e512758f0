// SPDX-License-Identifier: BSL-1.0
// The second-order contact variational step for a general contact Lagrangian L(q, v, z, t), as a
// Step of the composition engine (detail/composition.hpp): cvi2 and cvi<Table> run it for systems
// made by make_contact_lagrangian (contact_lagrangian.hpp documents the method and its cost).
//
// One stage of step tau from (q_0, p_0, s_0) at t_0, t_1 = t_0 + tau, h = tau/2, with the
// two-s trapezoidal discrete Lagrangian
//     L_d = (L(q_0, v, s_0, t_0) + L(q_1, v, s_1, t_1))/2,  v = (q_1 - q_0)/tau,
// and L_0, L_1 and the partials (Lq, Lv, Lz) at those two points:
//     R_q = h Lq_0 - (Lv_0 + Lv_1)/2 + p_0 (1 + h Lz_0) = 0    (tau dL_d/dq_0 + p_0 (1 + tau dL_d/ds_0))
//     R_s = (s_1 - s_0) - h (L_0 + L_1) = 0                    (s_1 = s_0 + tau L_d)
//     p_1 = (h Lq_1 + (Lv_0 + Lv_1)/2) / (1 - h Lz_1)        (tau dL_d/dq_1 / (1 - tau dL_d/ds_1))
// Newton's method (detail/numerics/newton.hpp) on the n + 1 unknowns x = (q_1 - q_0, s_1 - s_0), from the
// predictor tau (v_0, L(q_0, v_0, s_0, t_0)) with v_0 the Legendre transform of p_0, O(tau^2) from
// the root. The two blocks of x have units of their own (a length and an action with Boost.Units,
// and unlike sizes without): Newton runs on x scaled per block and on rows made pure numbers (see
// stage()), so that its tolerance and pivots do not depend on the units. The Jacobian, with H_0, H_1 the Hessians of L in (q, v, z) at the two points:
//     dR_q/d(q_1 - q_0) = H_0[q,v]/2 - (H_0[v,v] + H_1[v,v])/(2 tau) - H_1[v,q]/2 + p_0 H_0[z,v]/2
//     dR_q/d(s_1 - s_0) = -H_1[v,z]/2
//     dR_s/d(q_1 - q_0) = -(Lv_0 + Lv_1)/2 - h Lq_1,   dR_s/d(s_1 - s_0) = 1 - h Lz_1,
// or, without the Lagrangian's hessian, central differences of (R_q, R_s) (2(n + 1) residuals).
// For L = m|v|^2/2 - V(q,t) - F(z,t) these equations are exactly those of the separable cvi2
// (cvi2.hpp): R_q = 0 is m v = (1 - h F_s(s_0)) p_0 - h grad V_0, R_s = 0 its implicit action
// equation, and p_1 its new momentum.
#ifndef ODEINT_CONTACT_DETAIL_STEPS_CVI2_LAGRANGIAN_HPP
#define ODEINT_CONTACT_DETAIL_STEPS_CVI2_LAGRANGIAN_HPP

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <odeint_contact/detail/lagrangian.hpp>
#include <odeint_contact/detail/numerics/newton.hpp>
#include <odeint_contact/detail/algebra/raw_numbers.hpp>
#include <odeint_contact/detail/stage_times.hpp>
#include <odeint_contact/detail/step_failure.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

template <std::size_t Stages, class State, class Value, class Time, class Errors>
class lagrangian_cvi2_step {
    using action_t = std::decay_t<decltype(std::declval<State&>().s)>;
    using raw_vector = std::vector<Value>;
    using matrix_type = dense_matrix<Value>;

public:
    // The trapezoidal discrete Lagrangian's step: symmetric, of order 2.
    static constexpr unsigned order = 2;

    explicit lagrangian_cvi2_step(const std::array<Value, Stages>& w) : m_weight(w), m_begin(stage_begins(w)) {}

    // The evaluator for this system's Lagrangian, sized like x (allocation only when n changes).
    template <class StateIn>
    void begin(const StateIn& in) {
        auto& evaluator = m_evaluator;
        if (evaluator.size_like(in)) resize_raw(evaluator.size());
    }

    template <class System, class StateIn, class StateOut>
    void stage(const System& system, std::size_t i, const StateIn& in, StateOut& out, const Time& t_step,
               const Time& dt_step, const char* name) {
        using lagrangian_t = typename System::lagrangian_type;
        const lagrangian_t& L = system.lagrangian();
        auto& evaluator = m_evaluator;
        const std::size_t n = m_n;

        const bool first = (i == 0);
        const bool last = (i + 1 == Stages);
        // v = (q_{k+1} - q_k)/dt: a zero step has no discrete velocity.
        if (first && raw_value(dt_step) == 0)
            throw typename Errors::parameter(step_failure_prefix(name, t_step, dt_step) +
                                             ": dt must be non-zero for a contact Lagrangian");
        m_t0 = first ? t_step : Time(t_step + m_begin[i] * dt_step);
        const Time dt = (Stages == 1) ? dt_step : Time(m_weight[i] * dt_step);
        m_t1 = last ? Time(t_step + dt_step) : Time(t_step + m_begin[i + 1] * dt_step);
        m_tau = Value(raw_value(dt));
        m_h = m_tau / Value(2);
        if (first) {
            copy_to_raw(in.q, m_q0.data());
            copy_to_raw(in.p, m_p0.data());
            m_s0 = Value(raw_value(in.s));
        }

        // Predictor: the Legendre transform of p_0, then tau v_0 and tau L(q_0, v_0, s_0, t_0).
        for (std::size_t k = 0; k < n; ++k) m_v[k] = m_p0[k];
        const newton_report legendre = evaluator.velocity(L, m_q0.data(), m_p0.data(), m_s0, m_t0, m_v.data());
        if (!legendre.ok())
            throw typename Errors::step(failure_prefix(name, i, t_step, dt_step) +
                                        "v from p = dL/dv(q, v, s, t) at the start: " + legendre.describe() +
                                        "; the state is unchanged");
        const Value l0 = evaluator.value(L, m_q0.data(), m_v.data(), m_s0, m_t0);
        // Newton works on y = x / sigma with one scale per block, the displacement sigma_q (a
        // length with units) and the action increment sigma_s (an action), and on the residuals
        // made pure numbers (R_q sigma_q / sigma_s, R_s / sigma_s): its tolerance, relative to
        // |y| ~ 1, then means the same in any units, and so do its pivots and difference steps.
        // sigma_q is the predicted displacement |tau v_0| (else |q_0|, else 1: at rest at the
        // origin), sigma_s the larger of |tau L_0| and sigma_q |p_0| (an action that stays away
        // from 0 when L passes through 0 while the system moves).
        using std::abs;
        Value sigma_q(0), p_size(0);
        for (std::size_t k = 0; k < n; ++k) {
            m_x[k] = m_tau * m_v[k];
            if (abs(m_x[k]) > sigma_q) sigma_q = abs(m_x[k]);
            if (abs(m_p0[k]) > p_size) p_size = abs(m_p0[k]);
        }
        m_x[n] = m_tau * l0;
        if (!finite_number(sigma_q) || !finite_number(m_x[n]) || !finite_number(p_size))
            throw typename Errors::step(failure_prefix(name, i, t_step, dt_step) +
                                        "L or the velocity at the start is not finite (L = " + format(l0) +
                                        "); the state is unchanged");
        if (!(sigma_q > 0))
            for (std::size_t k = 0; k < n; ++k)
                if (abs(m_q0[k]) > sigma_q) sigma_q = abs(m_q0[k]);
        if (!(sigma_q > 0)) sigma_q = Value(1);
        Value sigma_s = abs(m_x[n]) > sigma_q * p_size ? abs(m_x[n]) : sigma_q * p_size;
        if (!(sigma_s > 0) || !finite_number(sigma_s)) sigma_s = Value(1);
        m_sigma_q = sigma_q;
        m_sigma_s = sigma_s;
        for (std::size_t k = 0; k < n; ++k) m_y[k] = m_x[k] / sigma_q;
        m_y[n] = m_x[n] / sigma_s;

        const newton_report report = m_newton.solve(
            m_y, [&](const raw_vector& y, raw_vector& r) { scaled_residual(L, evaluator, y, r); },
            [&](const raw_vector& y, matrix_type& J) { scaled_jacobian(L, evaluator, y, J); }, Value(1));
        if (!report.ok())
            throw typename Errors::step(failure_prefix(name, i, t_step, dt_step) +
                                        "the discrete Herglotz equations for (q_new, s_new): " + report.describe() +
                                        "; the state is unchanged");
        m_last_iterations = report.iterations;

        // The discrete Legendre transforms are regular and continue the identity of tau = 0 only
        // while 1 + h Lz_0 > 0 and 1 - h Lz_1 > 0 (for L = ... - F: cvi2's 1 - h F_s > 0 and
        // 1 + h F_s > 0): the step is too long for the damping otherwise.
        const Value a = Value(1) + m_h * m_lz0;
        const Value b = Value(1) - m_h * m_lz1;
        if (!(a > 0) || !(b > 0) || !finite_number(a) || !finite_number(b))
            throw typename Errors::step(failure_prefix(name, i, t_step, dt_step) + "1 + (dt/2) dL/dz = " + format(a) +
                                        " at the start and 1 - (dt/2) dL/dz = " + format(b) +
                                        " at the end must be positive: the step is too long for the damping; "
                                        "the state is unchanged");
        bool finite = true;
        for (std::size_t k = 0; k < n; ++k) {
            m_p1[k] = (m_h * m_lq1[k] + (m_lv0[k] + m_lv1[k]) / Value(2)) / b;
            finite = finite && finite_number(m_p1[k]) && finite_number(m_q1[k]);
        }
        const Value s1 = m_s0 + m_x[n];
        if (!finite || !finite_number(s1))
            throw typename Errors::step(failure_prefix(name, i, t_step, dt_step) + "the new state is not finite (s_new = " +
                                        format(s1) + "); the state is unchanged");
        if (last) {
            // Nothing can fail from here on: write the caller's state.
            copy_from_raw(m_q1.data(), out.q);
            copy_from_raw(m_p1.data(), out.p);
            out.s = element_from_raw<action_t>(s1);
        } else {
            m_q0.swap(m_q1);
            m_p0.swap(m_p1);
            m_s0 = s1;
        }
    }

    // Newton updates of the last stage (for tests and cost studies).
    unsigned last_iterations() const { return m_last_iterations; }

private:
    void resize_raw(std::size_t n) {
        m_n = n;
        for (raw_vector* v : {&m_q0, &m_p0, &m_q1, &m_p1, &m_v, &m_lq0, &m_lv0, &m_lq1, &m_lv1}) v->assign(n, Value(0));
        for (raw_vector* v : {&m_x, &m_y, &m_shifted, &m_r_plus, &m_r_minus}) v->assign(n + 1, Value(0));
        m_h0.resize(2 * n + 1);
        m_h1.resize(2 * n + 1);
        m_newton.resize(n + 1);
    }

    // (R_q, R_s) at x = (q_1 - q_0, s_1 - s_0); keeps the partials at both points for the
    // Jacobian and the new momentum (Newton evaluates last at its solution).
    template <class L, class Evaluator>
    void residual(const L& lagrangian, Evaluator& evaluator, const raw_vector& x, raw_vector& r) {
        const std::size_t n = m_n;
        for (std::size_t k = 0; k < n; ++k) {
            m_v[k] = x[k] / m_tau;
            m_q1[k] = m_q0[k] + x[k];
        }
        const Value s1 = m_s0 + x[n];
        const Value l0 =
            evaluator.value_and_partials(lagrangian, m_q0.data(), m_v.data(), m_s0, m_t0, m_lq0.data(), m_lv0.data(), m_lz0);
        const Value l1 =
            evaluator.value_and_partials(lagrangian, m_q1.data(), m_v.data(), s1, m_t1, m_lq1.data(), m_lv1.data(), m_lz1);
        const Value a = Value(1) + m_h * m_lz0;
        for (std::size_t k = 0; k < n; ++k)
            r[k] = m_h * m_lq0[k] - (m_lv0[k] + m_lv1[k]) / Value(2) + m_p0[k] * a;
        r[n] = x[n] - m_h * (l0 + l1);
    }

    // The residual in the scaled unknowns and rows (see stage()); leaves x = sigma y in m_x.
    template <class L, class Evaluator>
    void scaled_residual(const L& lagrangian, Evaluator& evaluator, const raw_vector& y, raw_vector& r) {
        const std::size_t n = m_n;
        for (std::size_t k = 0; k < n; ++k) m_x[k] = m_sigma_q * y[k];
        m_x[n] = m_sigma_s * y[n];
        residual(lagrangian, evaluator, m_x, r);
        const Value row_q = m_sigma_q / m_sigma_s;
        for (std::size_t k = 0; k < n; ++k) r[k] *= row_q;
        r[n] /= m_sigma_s;
    }

    // dR/dy at the y of the last residual: dR/dx from the hessians at both points, its rows and
    // columns scaled; without a hessian central differences in y, step eps^(1/3) max(|y_j|, 1)
    // (error O(eps^(2/3)) relative; it only sets Newton's rate, not its result).
    template <class L, class Evaluator>
    void scaled_jacobian(const L& lagrangian, Evaluator& evaluator, const raw_vector& y, matrix_type& J) {
        const std::size_t n = m_n;
        if constexpr (Evaluator::template analytic_hessian<L>) {
            (void)y;
            jacobian(lagrangian, evaluator, m_x, J);
            const Value row_q = m_sigma_q / m_sigma_s;
            for (std::size_t i = 0; i <= n; ++i) {
                const Value row = i < n ? row_q : Value(1) / m_sigma_s;
                for (std::size_t j = 0; j <= n; ++j) J(i, j) *= row * (j < n ? m_sigma_q : m_sigma_s);
            }
        } else {
            using std::abs;
            using std::cbrt;
            for (std::size_t j = 0; j <= n; ++j) {
                const Value h = cbrt(std::numeric_limits<Value>::epsilon()) * (abs(y[j]) > 1 ? abs(y[j]) : Value(1));
                m_shifted = y;
                m_shifted[j] = y[j] + h;
                scaled_residual(lagrangian, evaluator, m_shifted, m_r_plus);
                m_shifted[j] = y[j] - h;
                scaled_residual(lagrangian, evaluator, m_shifted, m_r_minus);
                for (std::size_t i = 0; i <= n; ++i) J(i, j) = (m_r_plus[i] - m_r_minus[i]) / (h + h);
            }
        }
    }

    // dR/dx at x (the partials of the last residual, at x), from the Lagrangian's hessians.
    template <class L, class Evaluator>
    void jacobian(const L& lagrangian, Evaluator& evaluator, const raw_vector& x, matrix_type& J) {
        const std::size_t n = m_n;
        const Value s1 = m_s0 + x[n];
        evaluator.hessian(lagrangian, m_q0.data(), m_v.data(), m_s0, m_t0, m_h0);
        evaluator.hessian(lagrangian, m_q1.data(), m_v.data(), s1, m_t1, m_h1);
        const Value half(0.5);
        const Value inv_2tau = Value(1) / (m_tau + m_tau);
        for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t j = 0; j < n; ++j)
                J(i, j) = half * m_h0(i, n + j) - (m_h0(n + i, n + j) + m_h1(n + i, n + j)) * inv_2tau -
                          half * m_h1(n + i, j) + half * m_p0[i] * m_h0(2 * n, n + j);
            J(i, n) = -half * m_h1(n + i, 2 * n);
            J(n, i) = -half * (m_lv0[i] + m_lv1[i]) - m_h * m_lq1[i];
        }
        J(n, n) = Value(1) - m_h * m_lz1;
    }

    static std::string failure_prefix(const char* name, std::size_t i, const Time& t, const Time& dt) {
        std::string prefix = step_failure_prefix(name, t, dt);
        if (Stages > 1) prefix += " in stage " + std::to_string(i + 1) + " of " + std::to_string(Stages);
        return prefix + ": ";
    }

    std::array<Value, Stages> m_weight;
    std::array<Value, Stages> m_begin;
    lagrangian_evaluator<State, Value, Time> m_evaluator;
    std::size_t m_n = static_cast<std::size_t>(-1);
    raw_vector m_q0, m_p0, m_q1, m_p1, m_v, m_lq0, m_lv0, m_lq1, m_lv1, m_x, m_y, m_shifted, m_r_plus, m_r_minus;
    matrix_type m_h0, m_h1;
    newton_solver<Value> m_newton;
    Value m_s0{}, m_tau{}, m_h{}, m_lz0{}, m_lz1{}, m_sigma_q{}, m_sigma_s{};
    Time m_t0{}, m_t1{};
    unsigned m_last_iterations = 0;
};

}  // namespace detail
}  // namespace odeint_contact

#endif
