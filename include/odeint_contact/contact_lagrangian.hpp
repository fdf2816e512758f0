// SPDX-License-Identifier: BSL-1.0
// odeint_contact/contact_lagrangian.hpp
//
// make_contact_lagrangian(L): a contact Lagrangian L(q, v, z, t) as a system for the contact
// variational integrators cvi2, cvi4, cvi6, cvi8, cvi<Table> (cvi2.hpp) and galerkin_cvi4, and as
// an odeint system on (q, p, s) for odeint's own steppers.
//
// What a user writes: a type with, for q of the state's coordinate type, v of the same type (with
// Boost.Units: q's type per time, element by element), the action z (the state's s type) and the
// time t,
//     value(q, v, z, t)                 L(q, v, z, t);
//     partials(q, v, z, t, dq, dv)      writes dL/dq into dq and dL/dv into dv (both of the
//                                       state's momentum type; with units dq is p's type per
//                                       time, a force) and returns dL/dz;
// and optionally
//     hessian(q, v, z, t, H)            the second derivatives of L in the order
//                                       w = (q_1..q_n, v_1..v_n, z): H(i, j) = d^2L/dw_i dw_j, H a
//                                       hessian_matrix<Value> of size 2n + 1, zeroed before the call
//                                       (fill the non-zero entries, both triangles);
//     mass_matrix(M)                    declares that d^2L/dv^2 = M is constant (L is quadratic in v
//                                       with a constant matrix: L = v.M v/2 + b(q,z,t).v + c(q,z,t));
//                                       M an n x n hessian_matrix<Value>, zeroed before the call.
// All members const. q a number, a std::array, a std::vector or an Eigen object of numbers; or,
// with Boost.Units, a quantity, a std::array or a std::vector of quantities, with p in the unit
// of s/q (kg m/s for q in m and s in J s), the stepper's Time a time quantity, L returned as a
// quantity of s's unit per time (an energy) and dL/dz as one of 1/time (a static_assert names a
// wrong dimension). The steps strip the units to raw values (SI values for SI quantities) at their
// Newton iterations and rebuild quantities for every call of L; hessian and mass_matrix fill plain
// numbers in those units (kg for a mass matrix in SI).
//
// The odeint system: x = (q, p, s) with p the momentum. v solves p = dL/dv(q, v, s, t) (closed
// form with mass_matrix: one partials and one n x n solve; else Newton's method from v = p, with
// the Jacobian from hessian or central differences of partials), then the Herglotz equations
//     q' = v,   p' = dL/dq + p dL/dz,   s' = L,
// so runge_kutta4, dopri5 and the contact steppers integrate the same object. value(x, t) is L
// at (q, v(q, p, s, t), s, t); velocity(x, t, v) gives v.
//
// The variational step (cvi2; cvi<Table> composes it): the discrete Herglotz principle for the
// two-s trapezoidal discrete Lagrangian L_d = (L(q_k, v, s_k, t_k) + L(q_{k+1}, v, s_{k+1},
// t_{k+1}))/2, v = (q_{k+1} - q_k)/tau: s_{k+1} = s_k + tau L_d, and the discrete Legendre
// transforms p_k = -tau dL_d/dq_k / (1 + tau dL_d/ds_k), p_{k+1} = tau dL_d/dq_{k+1} /
// (1 - tau dL_d/ds_{k+1}) (doc/theory.md, Errata item 3; doc/variational.md). The n + 1 equations for
// (q_{k+1}, s_{k+1}) are solved by Newton's method (detail/newton.hpp, detail/lagrangian_cvi2.hpp).
// For L = m|v|^2/2 - V - F they are those of the separable cvi2, which remains the fast route for
// that case (make_separable_hamiltonian, closed forms, no Newton).
// Order and cost: order 2 in q, p and s (cvi<Table>: Table::order). Per stage: one Legendre
// transform for the predictor (mass_matrix: 1 partials; else N_v + 1 partials and N_v hessians,
// N_v = 1 for L quadratic in v), 1 value, then N Newton updates (typically 2 to 4) each costing
// 2 values and 2 partials and either 2 hessians or 2(n + 1) more residuals (4(n + 1) values and
// partials) for the difference Jacobian, plus one (n + 1) x (n + 1) LU solve; a last residual at
// the solution. galerkin_cvi4 (order 4): 2n unknowns, per update 4 values and 4 partials, and 4
// hessians or 16n more of each for the difference Jacobian, one 2n x 2n LU solve. Dense O(n^3)
// solves: meant for small n (mechanical systems); for large n the difference Jacobian alone costs
// O(n) evaluations of L per update.
// Allocation: none per step after the first for any coordinate type (buffers kept by the
// stepper); the odeint system function keeps its buffers per thread (allocated at a thread's
// first call, again when the size changes), so one const system may be called from many
// threads at once.
// What it keeps: every step is a contact map (the pull-back of ds - p.dq is a multiple of it).
// When not to use it: a separable H = |p|^2/(2m) + V + F (use make_separable_hamiltonian: cvi2's
// closed forms are several times cheaper, chi is explicit); large n; steps with tau |dL/dz|/2
// near 1.
// Failure: step_error, the state unchanged, when the Legendre transform or the step's Newton
// iteration meets a non-finite value, a singular Jacobian or does not converge, and when
// 1 + (tau/2) dL/dz at the start or 1 - (tau/2) dL/dz at the end is not positive; parameter_error
// for dt = 0 (no discrete velocity) besides the usual non-finite t and dt; the system function
// throws step_error when v cannot be found from p.
// References: Vermeeren, Bravetti, Seri, "Contact variational integrators", J. Phys. A 52 (2019)
// (discrete Herglotz principle); Bravetti, Seri, Vermeeren, Zadra, "New directions for contact
// integrators", GSI 2021, Proposition 1.
#ifndef ODEINT_CONTACT_CONTACT_LAGRANGIAN_HPP
#define ODEINT_CONTACT_CONTACT_LAGRANGIAN_HPP

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <odeint_contact/contact_state.hpp>
#include <odeint_contact/detail/checks.hpp>
#include <odeint_contact/detail/lagrangian.hpp>
#include <odeint_contact/detail/raw_numbers.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>
#include <odeint_contact/hessian_matrix.hpp>

namespace odeint_contact {

template <class Lagrangian>
class contact_lagrangian {
public:
    using lagrangian_type = Lagrangian;

    explicit contact_lagrangian(Lagrangian lagrangian) : m_lagrangian(std::move(lagrangian)) {}

    const Lagrangian& lagrangian() const { return m_lagrangian; }

    // The Herglotz vector field on (q, p, s), as an odeint system function.
    template <class State, class Deriv, class Time>
    void operator()(const State& x, Deriv& dxdt, const Time& t) const {
        if constexpr (detail::check_contact_lagrangian<Lagrangian, State, Time>()) {
            if (!detail::same_lengths(x, dxdt))
                throw parameter_error(detail::lengths_message(x, dxdt, "contact_lagrangian::operator()"));
            using W = workspace_for<State, Time>;
            using evaluator_t = decltype(W::evaluator);
            using velocity_t = typename evaluator_t::velocity_type;
            using force_t = typename evaluator_t::force_type;
            using DQ = std::decay_t<decltype(dxdt.q)>;
            using DP = std::decay_t<decltype(dxdt.p)>;
            auto& w = workspace<State, Time>(x);
            find_velocity(w, x, t, "contact_lagrangian::operator()");
            // v and dL/dq straight into dxdt where it has their types (always without units; with
            // units a Deriv of velocity and force): else through the evaluator's typed buffers.
            constexpr bool direct = std::is_same<DQ, velocity_t>::value && std::is_same<DP, force_t>::value;
            velocity_t& v = select<direct>(dxdt.q, w.evaluator.velocity_buffer());
            force_t& lq = select<direct>(dxdt.p, w.evaluator.force_buffer());
            detail::copy_from_raw(w.v.data(), v);
            const auto lz = evaluator_t::rate_number(m_lagrangian.partials(
                x.q, static_cast<const velocity_t&>(v), x.s, t, lq, w.evaluator.momentum_buffer()));
            using value_type = value_t<State>;
            using rate_t = typename evaluator_t::rate_type;
            const rate_t rate = detail::element_from_raw<rate_t>(lz);
            if constexpr (!direct) {
                detail::for_each_component(assign{}, dxdt.q, v);
                detail::for_each_component(assign{}, dxdt.p, lq);
            }
            using op = typename detail::component_operations_t<DP>::template scale_sum2<value_type, rate_t>;
            contact_algebra::for_each3(dxdt.p, dxdt.p, x.p, op(value_type(1), rate));
            using DS = std::decay_t<decltype(dxdt.s)>;
            dxdt.s = DS(m_lagrangian.value(x.q, static_cast<const velocity_t&>(v), x.s, t));
        }
    }

    // L at (q, v, s, t) with v from p.
    template <class State, class Time>
    auto value(const State& x, const Time& t) const {
        static_assert(detail::check_contact_lagrangian<Lagrangian, State, Time>());
        auto& w = workspace<State, Time>(x);
        find_velocity(w, x, t, "contact_lagrangian::value");
        auto& v = w.evaluator.velocity_buffer();
        detail::copy_from_raw(w.v.data(), v);
        return m_lagrangian.value(x.q, static_cast<const std::decay_t<decltype(v)>&>(v), x.s, t);
    }

    // v with p = dL/dv(q, v, s, t), into v (sized like x.q; with units a velocity).
    template <class State, class Time, class Velocity>
    void velocity(const State& x, const Time& t, Velocity& v) const {
        static_assert(detail::check_contact_lagrangian<Lagrangian, State, Time>());
        auto& w = workspace<State, Time>(x);
        find_velocity(w, x, t, "contact_lagrangian::velocity");
        if constexpr (detail::lagrangian_types<State, Time>::with_units) {
            auto& typed = w.evaluator.velocity_buffer();
            detail::copy_from_raw(w.v.data(), typed);
            detail::for_each_component(assign{}, v, typed);
        } else {
            detail::copy_from_raw(w.v.data(), v);
        }
    }

private:
    // a = b element by element, converting a quantity to a's unit (a Deriv in other units).
    struct assign {
        template <class A, class B>
        void operator()(A& a, const B& b) const {
            a = A(b);
        }
    };
    template <bool Direct, class Given, class Buffer>
    static auto& select(Given& given, Buffer& buffer) {
        if constexpr (Direct)
            return given;
        else
            return buffer;
    }

    template <class State>
    using value_t = detail::plain_value_t<detail::scalar_of_t<std::decay_t<decltype(std::declval<State&>().q)>>>;

    template <class State, class Time>
    struct workspace_for {
        using value_type = value_t<State>;
        detail::lagrangian_evaluator<State, value_type, Time> evaluator;
        std::vector<value_type> q, p, v;
    };

    // The scratch of one state and time type, one per thread and not per object: a const system
    // is called from many threads at once (one stepper each), and odeint's steppers have no place
    // to hand it scratch. A thread allocates at its first call and when the size changes.
    template <class State, class Time>
    static workspace_for<State, Time>& workspace(const State& x) {
        thread_local workspace_for<State, Time> w;
        if (w.evaluator.size_like(x)) {
            const std::size_t n = w.evaluator.size();
            w.q.assign(n, 0);
            w.p.assign(n, 0);
            w.v.assign(n, 0);
        }
        return w;
    }

    template <class W, class State, class Time>
    void find_velocity(W& w, const State& x, const Time& t, const char* where) const {
        using value_type = typename W::value_type;
        detail::copy_to_raw(x.q, w.q.data());
        detail::copy_to_raw(x.p, w.p.data());
        w.v = w.p;
        const value_type z = value_type(detail::raw_value(x.s));
        const detail::newton_report report = w.evaluator.velocity(m_lagrangian, w.q.data(), w.p.data(), z, t, w.v.data());
        if (!report.ok())
            throw step_error(std::string("odeint_contact::") + where + ": v from p = dL/dv(q, v, s, t) at t = " +
                             detail::format(t) + ": " + report.describe());
    }

    Lagrangian m_lagrangian;
};

template <class Lagrangian>
contact_lagrangian<Lagrangian> make_contact_lagrangian(Lagrangian lagrangian) {
    return contact_lagrangian<Lagrangian>(std::move(lagrangian));
}

}  // namespace odeint_contact

#endif
