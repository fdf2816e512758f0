// SPDX-License-Identifier: BSL-1.0
// galerkin_cvi4's step for a general contact Lagrangian L(q, v, z, t) (contact_lagrangian.hpp):
// the construction of galerkin_cvi4.hpp with L in place of m|v|^2/2 - V - F.
//
// One step of tau from (q_0, p_0, s_0 = z_0) at t_0, t_m = t_0 + tau/2, t_1 = t_0 + tau, h = tau/2,
// unknowns x = (b - q_0, q_1 - q_0) (the interior node b and the new point, as displacements):
//   velocities of the quadratic through (q_0, b, q_1):
//     v_0 = (4(b - q_0) - (q_1 - q_0))/tau,  v_m = (q_1 - q_0)/tau,  v_1 = (3(q_1 - q_0) - 4(b - q_0))/tau;
//   RK4 for z' = L on the nodes: l_1 = L(q_0, v_0, z_0, t_0), l_2 = L(b, v_m, z_0 + h l_1, t_m),
//     l_3 = L(b, v_m, z_0 + h l_2, t_m), l_4 = L(q_1, v_1, z_0 + tau l_3, t_1),
//     z_1 = z_0 + tau (l_1 + 2 l_2 + 2 l_3 + l_4)/6;
//   the adjoint weights dz_1/dl_i, with f_i = dL/dz at stage i:
//     c_4 = tau/6, c_3 = tau/3 + tau f_4 c_4, c_2 = tau/3 + h f_3 c_3, c_1 = tau/6 + h f_2 c_2,
//     and w = dz_1/dz_0 = 1 + sum_i c_i f_i;
//   with Lq_i, Lv_i the partials at stage i:
//     R_b = dz_1/db = (4/tau)(c_1 Lv_1 - c_4 Lv_4) + c_2 Lq_2 + c_3 Lq_3                   = 0
//     R_q = dz_1/dq_0 + p_0 w = c_1 (Lq_1 - 3 Lv_1/tau) - (c_2 Lv_2 + c_3 Lv_3)/tau + c_4 Lv_4/tau + p_0 w = 0
//     p_1 = dz_1/dq_1 = -c_1 Lv_1/tau + (c_2 Lv_2 + c_3 Lv_3)/tau + c_4 (Lq_4 + 3 Lv_4/tau),  s_1 = z_1.
// (These are the derivatives the authors' step_lag4 forms by forward differentiation.) Newton's
// method (detail/numerics/newton.hpp) on the 2n equations, from the predictor q_1 - q_0 = tau v(p_0),
// b - q_0 = (q_1 - q_0)/2, O(tau^2) from the root. Its Jacobian: with the Lagrangian's hessian,
// exact, by forward sensitivities (4 hessians per update: each unknown moves one component of the
// stage positions and velocities, the stage actions follow through dl_i = Lq_i dq_i + Lv_i dv_i +
// f_i dz_i, and the weights through df_i); without it, central differences of (R_b, R_q) (4n
// residuals, each 4 values and 4 partials).
#ifndef ODEINT_CONTACT_DETAIL_STEPS_GALERKIN_LAGRANGIAN_HPP
#define ODEINT_CONTACT_DETAIL_STEPS_GALERKIN_LAGRANGIAN_HPP

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
#include <odeint_contact/detail/step_failure.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

template <class State, class Value, class Time, class Errors>
class lagrangian_galerkin_step {
    using action_t = std::decay_t<decltype(std::declval<State&>().s)>;
    using raw_vector = std::vector<Value>;
    using matrix_type = dense_matrix<Value>;

public:
    // One step; writes out only when it has succeeded (the strong guarantee, also in place).
    template <class System, class StateIn, class StateOut>
    void step(const System& system, const StateIn& in, StateOut& out, const Time& t, const Time& dt,
              const char* name) {
        const auto& L = system.lagrangian();
        if (m_evaluator.size_like(in)) resize_raw(m_evaluator.size());
        const std::size_t n = m_n;
        m_t0 = t;
        m_tm = t + dt / Value(2);
        m_t1 = t + dt;
        m_tau = Value(raw_value(dt));
        m_h = m_tau / Value(2);
        copy_to_raw(in.q, m_q0.data());
        copy_to_raw(in.p, m_p0.data());
        m_z0 = Value(raw_value(in.s));

        for (std::size_t k = 0; k < n; ++k) m_v0[k] = m_p0[k];
        const newton_report legendre = m_evaluator.velocity(L, m_q0.data(), m_p0.data(), m_z0, m_t0, m_v0.data());
        if (!legendre.ok())
            throw typename Errors::step(step_failure_prefix(name, t, dt) +
                                        ": v from p = dL/dv(q, v, s, t) at the start: " + legendre.describe() +
                                        "; the state is unchanged");
        using std::abs;
        Value scale(0);
        for (std::size_t k = 0; k < n; ++k) {
            m_x[n + k] = m_tau * m_v0[k];
            m_x[k] = m_x[n + k] / Value(2);
            if (abs(m_x[n + k]) > scale) scale = abs(m_x[n + k]);
        }
        m_scale = scale;
        const newton_report report = m_newton.solve(
            m_x, [&](const raw_vector& x, raw_vector& r) { residual(L, x, r); },
            [&](const raw_vector& x, matrix_type& J) { jacobian(L, x, J); }, scale);
        if (!report.ok())
            throw typename Errors::step(step_failure_prefix(name, t, dt) +
                                        ": the Galerkin equations for the interior node and q_new: " +
                                        report.describe() + "; the state is unchanged");
        if (!(m_w > 0))
            throw typename Errors::step(step_failure_prefix(name, t, dt) +
                                        ": the discrete Legendre transform degenerates: dz1/ds = " + format(m_w) +
                                        " must be positive (the step is too long for the damping); the state is "
                                        "unchanged");
        bool finite = finite_number(m_z1);
        for (std::size_t k = 0; k < n; ++k) {
            m_p1[k] = (-m_c[0] * m_lv[0][k] + m_c[1] * m_lv[1][k] + m_c[2] * m_lv[2][k]) / m_tau +
                      m_c[3] * (m_lq[3][k] + Value(3) * m_lv[3][k] / m_tau);
            finite = finite && finite_number(m_p1[k]) && finite_number(m_q1[k]);
        }
        if (!finite)
            throw typename Errors::step(step_failure_prefix(name, t, dt) + ": the new state is not finite (s_new = " +
                                        format(m_z1) + "); the state is unchanged");
        m_last_iterations = report.iterations;
        copy_from_raw(m_q1.data(), out.q);
        copy_from_raw(m_p1.data(), out.p);
        out.s = element_from_raw<action_t>(m_z1);
    }

    unsigned last_iterations() const { return m_last_iterations; }

private:
    void resize_raw(std::size_t n) {
        m_n = n;
        for (raw_vector* v : {&m_q0, &m_p0, &m_q1, &m_p1, &m_b, &m_v0, &m_vm, &m_v1}) v->assign(n, Value(0));
        for (auto& v : m_lq) v.assign(n, Value(0));
        for (auto& v : m_lv) v.assign(n, Value(0));
        for (raw_vector* v : {&m_x, &m_shifted, &m_r_plus, &m_r_minus}) v->assign(2 * n, Value(0));
        m_newton.resize(2 * n);
        for (auto& H : m_hs) H.resize(2 * n + 1);
    }

    template <class L>
    void residual(const L& lagrangian, const raw_vector& x, raw_vector& r) {
        const std::size_t n = m_n;
        const Value* db = x.data();
        const Value* d1 = x.data() + n;
        for (std::size_t k = 0; k < n; ++k) {
            m_b[k] = m_q0[k] + db[k];
            m_q1[k] = m_q0[k] + d1[k];
            m_v0[k] = (Value(4) * db[k] - d1[k]) / m_tau;
            m_vm[k] = d1[k] / m_tau;
            m_v1[k] = (Value(3) * d1[k] - Value(4) * db[k]) / m_tau;
        }
        Value* f = m_f;
        m_z[0] = m_z0;
        const Value l1 = m_evaluator.value_and_partials(lagrangian, m_q0.data(), m_v0.data(), m_z0, m_t0,
                                                        m_lq[0].data(), m_lv[0].data(), f[0]);
        m_z[1] = m_z0 + m_h * l1;
        const Value l2 = m_evaluator.value_and_partials(lagrangian, m_b.data(), m_vm.data(), m_z[1], m_tm,
                                                        m_lq[1].data(), m_lv[1].data(), f[1]);
        m_z[2] = m_z0 + m_h * l2;
        const Value l3 = m_evaluator.value_and_partials(lagrangian, m_b.data(), m_vm.data(), m_z[2], m_tm,
                                                        m_lq[2].data(), m_lv[2].data(), f[2]);
        m_z[3] = m_z0 + m_tau * l3;
        const Value l4 = m_evaluator.value_and_partials(lagrangian, m_q1.data(), m_v1.data(), m_z[3], m_t1,
                                                        m_lq[3].data(), m_lv[3].data(), f[3]);
        m_z1 = m_z0 + m_tau / Value(6) * (l1 + Value(2) * (l2 + l3) + l4);
        m_c[3] = m_tau / Value(6);
        m_c[2] = m_tau / Value(3) + m_tau * f[3] * m_c[3];
        m_c[1] = m_tau / Value(3) + m_h * f[2] * m_c[2];
        m_c[0] = m_tau / Value(6) + m_h * f[1] * m_c[1];
        m_w = Value(1) + m_c[0] * f[0] + m_c[1] * f[1] + m_c[2] * f[2] + m_c[3] * f[3];
        const Value four_tau = Value(4) / m_tau;
        for (std::size_t k = 0; k < n; ++k) {
            r[k] = four_tau * (m_c[0] * m_lv[0][k] - m_c[3] * m_lv[3][k]) + m_c[1] * m_lq[1][k] + m_c[2] * m_lq[2][k];
            r[n + k] = m_c[0] * (m_lq[0][k] - Value(3) * m_lv[0][k] / m_tau) -
                       (m_c[1] * m_lv[1][k] + m_c[2] * m_lv[2][k]) / m_tau + m_c[3] * m_lv[3][k] / m_tau +
                       m_p0[k] * m_w;
        }
    }

    // dR/dx at the x of the last residual: from the Lagrangian's hessian at the four stage points
    // when it has one (forward sensitivities of the stage values, actions and adjoint weights, one
    // unknown at a time), else central differences of the residual.
    template <class L>
    void jacobian(const L& lagrangian, const raw_vector& x, matrix_type& J) {
        if constexpr (lagrangian_evaluator<State, Value, Time>::template analytic_hessian<L>)
            exact_jacobian(lagrangian, J);
        else
            difference_jacobian(lagrangian, x, J);
    }

    template <class L>
    void exact_jacobian(const L& lagrangian, matrix_type& J) {
        const std::size_t n = m_n;
        const std::size_t z = 2 * n;
        m_evaluator.hessian(lagrangian, m_q0.data(), m_v0.data(), m_z[0], m_t0, m_hs[0]);
        m_evaluator.hessian(lagrangian, m_b.data(), m_vm.data(), m_z[1], m_tm, m_hs[1]);
        m_evaluator.hessian(lagrangian, m_b.data(), m_vm.data(), m_z[2], m_tm, m_hs[2]);
        m_evaluator.hessian(lagrangian, m_q1.data(), m_v1.data(), m_z[3], m_t1, m_hs[3]);
        const Value inv_tau = Value(1) / m_tau;
        for (std::size_t j = 0; j < 2 * n; ++j) {
            // Unknown j moves component c of the stage positions by aq[i] and of the stage
            // velocities by av[i] (b - q_0: b at stages 2, 3 and the end velocities; q_1 - q_0:
            // q_1 at stage 4 and all velocities).
            const bool is_b = j < n;
            const std::size_t c = is_b ? j : j - n;
            const Value aq[4] = {Value(0), Value(is_b ? 1 : 0), Value(is_b ? 1 : 0), Value(is_b ? 0 : 1)};
            const Value av[4] = {is_b ? Value(4) * inv_tau : -inv_tau, is_b ? Value(0) : inv_tau,
                                 is_b ? Value(0) : inv_tau, is_b ? Value(-4) * inv_tau : Value(3) * inv_tau};
            Value dz[4], dl[4], df[4];
            for (std::size_t i = 0; i < 4; ++i) {
                dz[i] = i == 0 ? Value(0) : (i == 3 ? m_tau : m_h) * dl[i - 1];
                dl[i] = m_lq[i][c] * aq[i] + m_lv[i][c] * av[i] + m_f[i] * dz[i];
                df[i] = m_hs[i](z, c) * aq[i] + m_hs[i](z, n + c) * av[i] + m_hs[i](z, z) * dz[i];
            }
            Value dc[4];
            dc[3] = Value(0);
            dc[2] = m_tau * m_c[3] * df[3];
            dc[1] = m_h * (df[2] * m_c[2] + m_f[2] * dc[2]);
            dc[0] = m_h * (df[1] * m_c[1] + m_f[1] * dc[1]);
            Value dw(0);
            for (std::size_t i = 0; i < 4; ++i) dw += dc[i] * m_f[i] + m_c[i] * df[i];
            for (std::size_t k = 0; k < n; ++k) {
                Value dlq[4], dlv[4];
                for (std::size_t i = 0; i < 4; ++i) {
                    dlq[i] = m_hs[i](k, c) * aq[i] + m_hs[i](k, n + c) * av[i] + m_hs[i](k, z) * dz[i];
                    dlv[i] = m_hs[i](n + k, c) * aq[i] + m_hs[i](n + k, n + c) * av[i] + m_hs[i](n + k, z) * dz[i];
                }
                J(k, j) = Value(4) * inv_tau * (dc[0] * m_lv[0][k] + m_c[0] * dlv[0] - m_c[3] * dlv[3]) +
                          dc[1] * m_lq[1][k] + m_c[1] * dlq[1] + dc[2] * m_lq[2][k] + m_c[2] * dlq[2];
                J(n + k, j) = dc[0] * (m_lq[0][k] - Value(3) * m_lv[0][k] * inv_tau) +
                              m_c[0] * (dlq[0] - Value(3) * dlv[0] * inv_tau) -
                              (dc[1] * m_lv[1][k] + m_c[1] * dlv[1] + dc[2] * m_lv[2][k] + m_c[2] * dlv[2]) * inv_tau +
                              m_c[3] * dlv[3] * inv_tau + m_p0[k] * dw;
            }
        }
    }

    // Central differences, step eps^(1/3) max(|x_j|, scale): error O(eps^(2/3)) relative, which
    // sets Newton's (linear) rate, not its result.
    template <class L>
    void difference_jacobian(const L& lagrangian, const raw_vector& x, matrix_type& J) {
        using std::abs;
        using std::cbrt;
        const std::size_t m = 2 * m_n;
        for (std::size_t j = 0; j < m; ++j) {
            Value size = abs(x[j]) > m_scale ? abs(x[j]) : m_scale;
            if (!(size > 0)) size = Value(1);
            const Value h = cbrt(std::numeric_limits<Value>::epsilon()) * size;
            m_shifted = x;
            m_shifted[j] = x[j] + h;
            residual(lagrangian, m_shifted, m_r_plus);
            m_shifted[j] = x[j] - h;
            residual(lagrangian, m_shifted, m_r_minus);
            for (std::size_t i = 0; i < m; ++i) J(i, j) = (m_r_plus[i] - m_r_minus[i]) / (h + h);
        }
    }

    lagrangian_evaluator<State, Value, Time> m_evaluator;
    newton_solver<Value> m_newton;
    std::size_t m_n = static_cast<std::size_t>(-1);
    raw_vector m_q0, m_p0, m_q1, m_p1, m_b, m_v0, m_vm, m_v1, m_x, m_shifted, m_r_plus, m_r_minus;
    raw_vector m_lq[4], m_lv[4];
    Value m_tau{}, m_h{}, m_z0{}, m_z1{}, m_w{}, m_scale{};
    Value m_c[4]{}, m_f[4]{}, m_z[4]{};  // adjoint weights, dL/dz and z at the stages
    matrix_type m_hs[4];                  // the hessians of L at the stages
    Time m_t0{}, m_tm{}, m_t1{};
    unsigned m_last_iterations = 0;
};

}  // namespace detail
}  // namespace odeint_contact

#endif
