// SPDX-License-Identifier: BSL-1.0
// galerkin_cvi4's base step for a separable H = |p|^2/(2m) + V(q,t) + F(s,t), for the composition
// engine (composition.hpp), which runs it alone: q(t) quadratic through q_k, a midpoint node b and
// q_{k+1}, the action by one RK4 step of Herglotz's equation, (b, q_{k+1}) by Newton's method on
// plain copies of q and p (a dense 2n x 2n system). Order 4. The construction and its Jacobian:
// doc/variational.md#the-fourth-order-galerkin-integrator-galerkin_cvi4; the same with a general
// contact Lagrangian: steps/galerkin_lagrangian.hpp.
#ifndef ODEINT_CONTACT_DETAIL_STEPS_GALERKIN_SEPARABLE_HPP
#define ODEINT_CONTACT_DETAIL_STEPS_GALERKIN_SEPARABLE_HPP

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>
#include <boost/numeric/odeint/util/state_wrapper.hpp>

#include <odeint_contact/concepts/action.hpp>
#include <odeint_contact/concepts/potential.hpp>
#include <odeint_contact/detail/algebra/raw_numbers.hpp>
#include <odeint_contact/detail/concept_checks.hpp>
#include <odeint_contact/detail/lagrangian.hpp>
#include <odeint_contact/detail/numerics/newton.hpp>
#include <odeint_contact/detail/step_failure.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>
#include <odeint_contact/system/hessian_matrix.hpp>
#include <odeint_contact/system/kinetic.hpp>
#include <odeint_contact/system/separable_hamiltonian.hpp>

namespace odeint_contact {
namespace detail {

// The optional hessian and second_derivative, when only a non-const part could call them, would
// be skipped without a word (a difference Jacobian instead): our static_assert names them.
template <class Potential, class Action, class Q, class S, class T, class M>
constexpr bool check_galerkin_optionals() {
    constexpr bool hessian = has_potential_hessian_on<const Potential&, Q, T, M>::value ||
                             !has_potential_hessian_on<Potential&, Q, T, M>::value;
    static_assert(hessian, "odeint_contact: the potential's hessian(q, t, H) must be a const member function (the "
                           "library holds the parts of H as const; as it is, it would never be called)");
    constexpr bool second = has_action_second_derivative_on<const Action&, S, T>::value ||
                            !has_action_second_derivative_on<Action&, S, T>::value;
    static_assert(second, "odeint_contact: the action term's second_derivative(s, t) must be a const member function "
                          "(the library holds the parts of H as const; as it is, it would never be called)");
    return hessian && second;
}

template <class State, class Value, class Deriv, class Time>
class separable_galerkin_step {
    using time_type = Time;
    using coordinate_type = std::decay_t<decltype(std::declval<State&>().q)>;
    using momentum_type = std::decay_t<decltype(std::declval<State&>().p)>;
    using action_t = std::decay_t<decltype(std::declval<State&>().s)>;
    using force_type = std::decay_t<decltype(std::declval<Deriv&>().p)>;
    using raw_vector = std::vector<Value>;

public:
    using errors = library_errors;
    // The Galerkin discrete Lagrangian with a quadratic q(t) and RK4 for the action: order 4.
    static constexpr unsigned order = 4;
    // Newton runs on copies; `out` is written once the result is known to be finite.
    static constexpr bool writes_out_last = true;

    explicit separable_galerkin_step(const std::array<Value, 1>&) {}

    template <class System>
    static constexpr bool check() {
        if constexpr (check_variational_parts<System>()) {
            using kinetic_t = typename System::kinetic_type;
            using potential_t = typename System::potential_type;
            using action_term_t = typename System::action_type;
            constexpr bool quadratic = is_quadratic_kinetic<kinetic_t>::value;
            static_assert(quadratic,
                          "odeint_contact::galerkin_cvi4: the Galerkin discrete Lagrangian is built from "
                          "L = m|v|^2/2 - V - F, the Legendre transform of T = |p|^2/(2m); it supports "
                          "quadratic_kinetic (any mass) only. Use chi4 for another kinetic term");
            // The step itself only for parts that passed the checks, so that a user's mistake is
            // reported by a static_assert and not first by an error deep inside the step.
            return quadratic && check_units<State, Deriv, Time>() &&
                   check_hamiltonian_parts<kinetic_t, potential_t, action_term_t, State, Deriv, Time>() &&
                   check_galerkin_optionals<potential_t, action_term_t, coordinate_type, action_t, Time,
                                            hessian_matrix<Value>>();
        } else {
            return false;
        }
    }

    template <class Alg, class System, class StateIn>
    void begin(Alg&, const System&, const StateIn&, const time_type&, const time_type&) {}
    template <class Alg>
    void end(Alg&) {}
    template <class System>
    std::string part_context(const System&, const time_type&) const {
        return {};
    }

    template <class StateIn>
    bool resize(const StateIn& x) {
        namespace odeint = boost::numeric::odeint;
        using q_resizeable = typename odeint::is_resizeable<coordinate_type>::type;
        using p_resizeable = typename odeint::is_resizeable<momentum_type>::type;
        bool resized = odeint::adjust_size_by_resizeability(m_coordinate, x.q, q_resizeable());
        resized |= odeint::adjust_size_by_resizeability(m_force, x.p, p_resizeable());
        return resized;
    }

    // Newton updates of the last successful step (for tests and cost studies).
    unsigned last_iterations() const { return m_last_iterations; }

    // The step (one stage: the engine runs this step alone, tables::single_stage); dt != 0 is
    // galerkin_step's check (steps/galerkin.hpp).
    template <class Alg, class System, class StateIn, class StateOut>
    void stage(Alg&, const System& system, std::size_t, const StateIn& in, StateOut& out, const time_type& t,
               const time_type& dt, const char* name) {
        using potential_t = typename System::potential_type;
        using action_term_t = typename System::action_type;
        const std::size_t n = raw_size(in.q);
        resize_raw(n);

        const potential_t& potential = system.potential();
        const action_term_t& action = system.action();
        m_tau = Value(raw_value(dt));
        m_mass = Value(raw_value(system.kinetic().mass()));
        m_mu = m_mass / m_tau;
        m_tm = t + dt / Value(2);
        m_t1 = t + dt;

        copy_to_raw(in.q, m_q0.data());
        copy_to_raw(in.p, m_p0.data());
        m_z0 = Value(raw_value(in.s));
        m_vq0 = potential_at(potential, m_q0.data(), t, m_g0.data());
        m_f0_value = action_value(action, m_z0, t);
        m_f[0] = action_slope(action, m_z0, t);

        // Explicit predictor of the displacements, O(tau^3) from the solution; its size is the
        // scale of Newton's tolerance.
        using std::abs;
        const Value tau2_m = m_tau * m_tau / m_mass;
        m_scale = Value(0);
        for (std::size_t i = 0; i < n; ++i) {
            const Value d1 = m_tau * (Value(1) - m_tau * m_f[0] / Value(2)) * m_p0[i] / m_mass -
                             tau2_m / Value(2) * m_g0[i];
            m_x[n + i] = d1;
            m_x[i] = d1 / Value(2) + tau2_m / Value(8) * (m_g0[i] + m_f[0] * m_p0[i]);
            if (abs(d1) > m_scale) m_scale = abs(d1);
        }
        if (!finite_number(m_scale) || !finite_number(m_vq0) || !finite_number(m_f[0]) ||
            !finite_number(m_f0_value))
            throw step_error(failure_prefix(name, t, dt) + "V, grad V, F or dF/ds at the start is not finite (V = " +
                             format(m_vq0) + ", F = " + format(m_f0_value) + ", dF/ds = " +
                             format(m_f[0]) + "); the state is unchanged");

        const newton_report report = m_newton.solve(
            m_x, [&](const raw_vector& x, raw_vector& r) { evaluate(potential, action, x, r); },
            [&](const raw_vector& x, dense_matrix<Value>& J) { jacobian(potential, action, x, J); },
            m_scale);
        if (!report.ok())
            throw step_error(failure_prefix(name, t, dt) + "the Galerkin equations for the interior node and q_new: " +
                             report.describe() + "; the state is unchanged");
        if (!(m_w > 0))
            throw step_error(failure_prefix(name, t, dt) + "the discrete Legendre transform degenerates: dz1/ds = " +
                             format(m_w) +
                             " must be positive (the step is too long for the damping); the state is unchanged");

        // The end of the step at the converged x (evaluate ran there last).
        for (std::size_t i = 0; i < n; ++i) m_q1[i] = m_q0[i] + m_x[n + i];
        const Value* q1 = m_q1.data();
        const Value v1 = potential_at(potential, q1, m_t1, m_g1.data());
        const Value k4 = kinetic_of(m_v1) - v1 - action_value(action, m_zc, m_t1);
        const Value s1 = m_z0 + m_tau / Value(6) * (m_k1 + Value(2) * (m_k2 + m_k3) + k4);
        const Value c23 = m_c[1] + m_c[2];
        bool finite = finite_number(s1);
        for (std::size_t i = 0; i < n; ++i) {
            m_p1[i] = -m_c[0] * m_mu * m_v0[i] + c23 * m_mu * m_vm[i] +
                      m_c[3] * (Value(3) * m_mu * m_v1[i] - m_g1[i]);
            finite = finite && finite_number(m_p1[i]);
        }
        if (!finite)
            throw step_error(failure_prefix(name, t, dt) + "the new p or s is not finite (V(q_new) = " +
                             format(v1) + ", s_new = " + format(s1) + "); the state is unchanged");

        // Nothing can fail from here on: write the caller's state (writes_out_last).
        copy_from_raw(q1, out.q);
        copy_from_raw(m_p1.data(), out.p);
        out.s = element_from_raw<action_t>(s1);
        m_last_iterations = report.iterations;
    }

private:
    // The plain-number buffers follow the size of q on every step (cheap to check, allocation
    // only when it changes), whatever the Resizer does for the state-typed ones.
    void resize_raw(std::size_t n) {
        if (n == m_n) return;
        m_n = n;
        for (raw_vector* v : {&m_q0, &m_p0, &m_g0, &m_gb, &m_g1, &m_v0, &m_vm, &m_v1, &m_p1, &m_gplus, &m_shifted, &m_b, &m_q1})
            v->assign(n, Value(0));
        for (raw_vector* v : {&m_x, &m_dc1, &m_dc23, &m_dw})
            v->assign(2 * n, Value(0));
        m_hessian.resize(n);
        m_newton.resize(2 * n);
    }

    static std::string failure_prefix(const char* name, const time_type& t, const time_type& dt) {
        return step_failure_prefix(name, t, dt) + ": ";
    }

    template <class Action>
    Value action_value(const Action& action, const Value& z, const time_type& t) const {
        return Value(raw_value(action.value(element_from_raw<action_t>(z), t)));
    }
    template <class Action>
    Value action_slope(const Action& action, const Value& z, const time_type& t) const {
        return Value(raw_value(action.derivative(element_from_raw<action_t>(z), t)));
    }
    // d^2F/ds^2: the action's own when it has one, else a central difference of dF/ds with step
    // eps^(1/3) max(|z|, 1) (error O(eps^(2/3)) relative; it only enters Newton's Jacobian).
    template <class Action>
    Value action_curvature(const Action& action, const Value& z, const time_type& t) const {
        if constexpr (has_action_second_derivative<Action, action_t, time_type>::value) {
            return Value(raw_value(action.second_derivative(element_from_raw<action_t>(z), t)));
        } else {
            using std::abs;
            using std::cbrt;
            const Value az = abs(z);
            const Value h = cbrt(std::numeric_limits<Value>::epsilon()) * (az > 1 ? az : Value(1));
            return (action_slope(action, z + h, t) - action_slope(action, z - h, t)) / (h + h);
        }
    }

    template <class Potential>
    Value potential_at(const Potential& potential, const Value* q, const time_type& t, Value* gradient) {
        copy_from_raw(q, m_coordinate.m_v);
        const Value v = Value(raw_value(
            potential_value_and_gradient(potential, m_coordinate.m_v, t, m_force.m_v)));
        copy_to_raw(m_force.m_v, gradient);
        return v;
    }

    Value kinetic_of(const raw_vector& v) const {
        Value sum(0);
        for (const auto& a : v) sum += a * a;
        return m_mass / Value(2) * sum;
    }

    // The residual (R_b, R_q) at x = (b - q_k, q_{k+1} - q_k), with everything the Jacobian and
    // the output need of this x kept in members. The unknowns are displacements from q_k, so that
    // the node velocities come without cancellation: from positions, (q_{k+1} - q_k)/tau would
    // carry eps |q| / tau of rounding into p_{k+1}, which grows without bound as tau -> 0.
    template <class Potential, class Action>
    void evaluate(const Potential& potential, const Action& action, const raw_vector& x, raw_vector& r) {
        const std::size_t n = m_n;
        const Value* db = x.data();
        const Value* d1 = x.data() + n;
        for (std::size_t i = 0; i < n; ++i) m_b[i] = m_q0[i] + db[i];
        m_vb = potential_at(potential, m_b.data(), m_tm, m_gb.data());
        for (std::size_t i = 0; i < n; ++i) {
            m_v0[i] = (Value(4) * db[i] - d1[i]) / m_tau;
            m_vm[i] = d1[i] / m_tau;
            m_v1[i] = (Value(3) * d1[i] - Value(4) * db[i]) / m_tau;
        }
        m_k1 = kinetic_of(m_v0) - m_vq0 - m_f0_value;
        const Value tm_kinetic = kinetic_of(m_vm);
        const Value half = m_tau / Value(2);
        m_za = m_z0 + half * m_k1;
        m_f[1] = action_slope(action, m_za, m_tm);
        m_k2 = tm_kinetic - m_vb - action_value(action, m_za, m_tm);
        m_zb = m_z0 + half * m_k2;
        m_f[2] = action_slope(action, m_zb, m_tm);
        m_k3 = tm_kinetic - m_vb - action_value(action, m_zb, m_tm);
        m_zc = m_z0 + m_tau * m_k3;
        m_f[3] = action_slope(action, m_zc, m_t1);
        m_c[3] = m_tau / Value(6);
        m_c[2] = m_tau / Value(3) - m_tau * m_f[3] * m_c[3];
        m_c[1] = m_tau / Value(3) - half * m_f[2] * m_c[2];
        m_c[0] = m_tau / Value(6) - half * m_f[1] * m_c[1];
        m_w = Value(1) - (m_f[0] * m_c[0] + m_f[1] * m_c[1] + m_f[2] * m_c[2] + m_f[3] * m_c[3]);
        const Value c23 = m_c[1] + m_c[2];
        const Value four_mu = Value(4) * m_mu;
        for (std::size_t i = 0; i < n; ++i) {
            r[i] = four_mu * (m_c[0] * m_v0[i] - m_c[3] * m_v1[i]) - c23 * m_gb[i];
            r[n + i] = -m_c[0] * (Value(3) * m_mu * m_v0[i] + m_g0[i]) - c23 * m_mu * m_vm[i] +
                       m_c[3] * m_mu * m_v1[i] + m_p0[i] * m_w;
        }
    }

    // Hessian of V at b (m_coordinate still holds b from evaluate).
    template <class Potential>
    void hessian_at_b(const Potential& potential, const raw_vector& x) {
        if constexpr (has_potential_hessian<Potential, coordinate_type, time_type,
                                                    hessian_matrix<Value>>::value) {
            (void)x;
            potential.hessian(static_cast<const coordinate_type&>(m_coordinate.m_v), m_tm, m_hessian);
        } else {
            // Central differences of grad V, step eps^(1/3) max(|b|_inf, |b - q_k|_inf) in every
            // direction: error O(eps^(2/3)) relative, 2n gradients.
            using std::abs;
            using std::cbrt;
            const std::size_t n = m_n;
            Value size(0);
            for (std::size_t i = 0; i < n; ++i)
                for (const Value& a : {abs(m_b[i]), abs(x[i])})
                    if (a > size) size = a;
            if (!(size > 0)) size = Value(1);
            const Value h = cbrt(std::numeric_limits<Value>::epsilon()) * size;
            for (std::size_t j = 0; j < n; ++j) {
                for (std::size_t i = 0; i < n; ++i) m_shifted[i] = m_b[i];
                m_shifted[j] = m_b[j] + h;
                gradient_at(potential, m_shifted.data(), m_gplus.data());
                for (std::size_t i = 0; i < n; ++i) m_hessian(i, j) = m_gplus[i];
                m_shifted[j] = m_b[j] - h;
                gradient_at(potential, m_shifted.data(), m_gplus.data());
                for (std::size_t i = 0; i < n; ++i) m_hessian(i, j) = (m_hessian(i, j) - m_gplus[i]) / (h + h);
            }
        }
    }

    template <class Potential>
    void gradient_at(const Potential& potential, const Value* q, Value* gradient) {
        copy_from_raw(q, m_coordinate.m_v);
        potential.gradient(static_cast<const coordinate_type&>(m_coordinate.m_v), m_tm, m_force.m_v);
        copy_to_raw(m_force.m_v, gradient);
    }

    // dR/dx at the x of the last evaluate (see the header comment).
    template <class Potential, class Action>
    void jacobian(const Potential& potential, const Action& action, const raw_vector& x,
                  dense_matrix<Value>& J) {
        const std::size_t n = m_n;
        hessian_at_b(potential, x);
        const Value e2 = action_curvature(action, m_za, m_tm);
        const Value e3 = action_curvature(action, m_zb, m_tm);
        const Value e4 = action_curvature(action, m_zc, m_t1);
        const Value half = m_tau / Value(2);
        const Value four_mu = Value(4) * m_mu;
        // Forward sensitivities of the stage actions, one unknown at a time, and from them the
        // gradients of c_1, c_2 + c_3 and w.
        for (std::size_t j = 0; j < 2 * n; ++j) {
            const bool is_b = j < n;
            const std::size_t i = is_b ? j : j - n;
            const Value dk1 = is_b ? four_mu * m_v0[i] : -m_mu * m_v0[i];
            const Value direct = is_b ? -m_gb[i] : m_mu * m_vm[i];
            const Value dza = half * dk1;
            const Value dzb = half * (direct - m_f[1] * dza);
            const Value dzc = m_tau * (direct - m_f[2] * dzb);
            const Value df2 = e2 * dza, df3 = e3 * dzb, df4 = e4 * dzc;
            const Value dc3 = -m_tau * m_c[3] * df4;
            const Value dc2 = -half * (m_c[2] * df3 + m_f[2] * dc3);
            const Value dc1 = -half * (m_c[1] * df2 + m_f[1] * dc2);
            m_dc1[j] = dc1;
            m_dc23[j] = dc2 + dc3;
            m_dw[j] = -(m_f[0] * dc1 + m_c[1] * df2 + m_f[1] * dc2 + m_c[2] * df3 + m_f[2] * dc3 + m_c[3] * df4);
        }
        const Value c23 = m_c[1] + m_c[2];
        const Value bb = Value(16) * m_mu / m_tau * (m_c[0] + m_c[3]);
        const Value bq = -Value(4) * m_mu / m_tau * (m_c[0] + Value(3) * m_c[3]);
        const Value qb = -Value(4) * m_mu / m_tau * (Value(3) * m_c[0] + m_c[3]);
        const Value qq = m_mu / m_tau * (Value(3) * m_c[0] - c23 + Value(3) * m_c[3]);
        for (std::size_t i = 0; i < n; ++i) {
            const Value rb_c1 = four_mu * m_v0[i];
            const Value rb_c23 = -m_gb[i];
            const Value rq_c1 = -(Value(3) * m_mu * m_v0[i] + m_g0[i]);
            const Value rq_c23 = -m_mu * m_vm[i];
            for (std::size_t j = 0; j < 2 * n; ++j) {
                J(i, j) = rb_c1 * m_dc1[j] + rb_c23 * m_dc23[j];
                J(n + i, j) = rq_c1 * m_dc1[j] + rq_c23 * m_dc23[j] + m_p0[i] * m_dw[j];
            }
            for (std::size_t j = 0; j < n; ++j) J(i, j) -= c23 * m_hessian(i, j);
            J(i, i) += bb;
            J(i, n + i) += bq;
            J(n + i, i) += qb;
            J(n + i, n + i) += qq;
        }
    }

    // V's argument and gradient; zeroed where the size is fixed (a fixed-size Eigen vector is
    // otherwise uninitialised, and integrate_const copies the stepper).
    boost::numeric::odeint::state_wrapper<coordinate_type> m_coordinate{zero_component<coordinate_type>()};
    boost::numeric::odeint::state_wrapper<force_type> m_force{zero_component<force_type>()};
    newton_solver<Value> m_newton;
    dense_matrix<Value> m_hessian;
    std::size_t m_n = static_cast<std::size_t>(-1);
    // Plain-number data of the step: start values, unknowns x = (b - q_k, q_{k+1} - q_k), the
    // nodes b and q_{k+1}, node velocities, gradients of V, Jacobian scratch.
    raw_vector m_q0, m_p0, m_g0, m_gb, m_g1, m_v0, m_vm, m_v1, m_p1, m_gplus, m_shifted, m_b, m_q1, m_x, m_dc1, m_dc23, m_dw;
    Value m_tau{}, m_mass{}, m_mu{}, m_scale{};
    time_type m_tm{}, m_t1{};
    Value m_z0{}, m_vq0{}, m_vb{}, m_f0_value{};
    Value m_k1{}, m_k2{}, m_k3{}, m_za{}, m_zb{}, m_zc{}, m_w{};
    Value m_f[4]{}, m_c[4]{};
    unsigned m_last_iterations = 0;
};

}  // namespace detail
}  // namespace odeint_contact

#endif
