// SPDX-License-Identifier: BSL-1.0
// lagrangian_evaluator, which calls a contact Lagrangian (its concept: concepts/lagrangian.hpp), its
// partials and its second derivatives on plain numbers (detail/algebra/raw_numbers.hpp)
// and inverts the Legendre transform p = dL/dv for v. The steps and the odeint system function
// share it, so a Lagrangian is called the same way everywhere.
#ifndef ODEINT_CONTACT_DETAIL_LAGRANGIAN_HPP
#define ODEINT_CONTACT_DETAIL_LAGRANGIAN_HPP

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resize.hpp>
#include <boost/numeric/odeint/util/same_size.hpp>
#include <boost/numeric/odeint/util/state_wrapper.hpp>
#include <boost/units/get_dimension.hpp>

#include <odeint_contact/concepts/lagrangian.hpp>
#include <odeint_contact/concepts/step.hpp>
#include <odeint_contact/detail/concept_checks.hpp>
#include <odeint_contact/detail/numerics/newton.hpp>
#include <odeint_contact/detail/algebra/raw_numbers.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

// ---- evaluation on plain numbers ----------------------------------------------------------------

// Calls a Lagrangian on plain-number arrays of length n (the raw values of q, v and p), through
// typed buffers sized like the state (v of q's type per time, dL/dq of p's per time: the same
// types without units). With Boost.Units every raw value is in the unit of its type, and these
// types are the state's units and their quotients by the time's: the raw numbers then obey the
// same equations as the quantities (v = dq/dt in raw numbers is raw q over raw t, tau dL/dq adds
// to p, ...), which the steps rely on. Also the Legendre transform v(q, p, z, t). Buffers are
// sized by size_like() and reused: no allocation while the size stays.
template <class State, class Value, class Time>
class lagrangian_evaluator {
    using types = lagrangian_types<State, Time>;

public:
    using coordinate_type = typename types::coordinate_type;
    using velocity_type = typename types::velocity_type;
    using momentum_type = typename types::momentum_type;
    using force_type = typename types::force_type;
    using action_type = typename types::action_type;
    using lagrangian_type = typename types::lagrangian_type;
    using rate_type = typename types::rate_type;
    using matrix_type = dense_matrix<Value>;
    template <class Lagrangian>
    static constexpr bool analytic_hessian =
        has_lagrangian_hessian<Lagrangian, coordinate_type, velocity_type, action_type, Time, matrix_type>::value;
    template <class Lagrangian>
    static constexpr bool constant_mass = has_mass_matrix<Lagrangian, matrix_type>::value;

    // Buffers like x's q and p; true when n changed.
    template <class StateIn>
    bool size_like(const StateIn& x) {
        namespace odeint = boost::numeric::odeint;
        if constexpr (odeint::is_resizeable<coordinate_type>::type::value) {
            if (!odeint::same_size(m_q.m_v, x.q)) odeint::resize(m_q.m_v, x.q);
            if (!odeint::same_size(m_v.m_v, x.q)) odeint::resize(m_v.m_v, x.q);
        }
        if constexpr (odeint::is_resizeable<momentum_type>::type::value) {
            if (!odeint::same_size(m_dq.m_v, x.p)) odeint::resize(m_dq.m_v, x.p);
            if (!odeint::same_size(m_dv.m_v, x.p)) odeint::resize(m_dv.m_v, x.p);
        }
        const std::size_t n = raw_size(x.q);
        if (n == m_n) return false;
        m_n = n;
        for (auto* v : {&m_v0, &m_p, &m_lq, &m_lv, &m_lv_shift}) v->assign(n, Value(0));
        m_newton.resize(n);
        m_hessian.resize(2 * n + 1);
        m_mass.resize(n);
        return true;
    }

    std::size_t size() const { return m_n; }
    // Sized scratch of the velocity's, dL/dq's and the momentum's type, for callers that call the
    // Lagrangian themselves (the system function).
    velocity_type& velocity_buffer() { return m_v.m_v; }
    force_type& force_buffer() { return m_dq.m_v; }
    momentum_type& momentum_buffer() { return m_dv.m_v; }

    // L and dL/dz as the steps' numbers: with units converted to lagrangian_type and rate_type
    // first (a user's L in another unit system), then their raw values.
    template <class R>
    static Value lagrangian_number(const R& l) {
        if constexpr (is_quantity<lagrangian_type>::value)
            return Value(lagrangian_type(l).value());
        else
            return Value(raw_value(l));
    }
    template <class R>
    static Value rate_number(const R& lz) {
        if constexpr (is_quantity<rate_type>::value)
            return Value(rate_type(lz).value());
        else
            return Value(raw_value(lz));
    }

    // L at (q, v, z, t), and its partials into lq, lv, lz.
    template <class Lagrangian>
    Value value(const Lagrangian& L, const Value* q, const Value* v, const Value& z, const Time& t) {
        load(q, v);
        return lagrangian_number(L.value(static_cast<const coordinate_type&>(m_q.m_v),
                                         static_cast<const velocity_type&>(m_v.m_v), element_from_raw<action_type>(z), t));
    }
    template <class Lagrangian>
    Value value_and_partials(const Lagrangian& L, const Value* q, const Value* v, const Value& z, const Time& t,
                             Value* lq, Value* lv, Value& lz) {
        load(q, v);
        const coordinate_type& qc = m_q.m_v;
        const velocity_type& vc = m_v.m_v;
        const action_type zc = element_from_raw<action_type>(z);
        const Value l = lagrangian_number(L.value(qc, vc, zc, t));
        lz = rate_number(L.partials(qc, vc, zc, t, m_dq.m_v, m_dv.m_v));
        copy_to_raw(m_dq.m_v, lq);
        copy_to_raw(m_dv.m_v, lv);
        return l;
    }
    template <class Lagrangian>
    Value partials(const Lagrangian& L, const Value* q, const Value* v, const Value& z, const Time& t, Value* lq,
                   Value* lv) {
        load(q, v);
        const Value lz = rate_number(L.partials(static_cast<const coordinate_type&>(m_q.m_v),
                                                static_cast<const velocity_type&>(m_v.m_v),
                                                element_from_raw<action_type>(z), t, m_dq.m_v, m_dv.m_v));
        copy_to_raw(m_dq.m_v, lq);
        copy_to_raw(m_dv.m_v, lv);
        return lz;
    }

    // The user's second derivatives in the order (q_1..q_n, v_1..v_n, z), H zeroed first.
    template <class Lagrangian>
    void hessian(const Lagrangian& L, const Value* q, const Value* v, const Value& z, const Time& t, matrix_type& H) {
        static_assert(analytic_hessian<Lagrangian>, "odeint_contact: internal: hessian() without the Lagrangian's hessian");
        load(q, v);
        H.resize(2 * m_n + 1);
        H.set_zero();
        L.hessian(static_cast<const coordinate_type&>(m_q.m_v), static_cast<const velocity_type&>(m_v.m_v),
                  element_from_raw<action_type>(z), t, H);
    }

    // v with dL/dv(q, v, z, t) = p; v holds the predictor on entry. With a declared constant mass
    // matrix M, dL/dv(q, v) = M v + dL/dv(q, 0): one evaluation of the partials and one n x n
    // solve. Otherwise Newton's method on dL/dv(q, v) - p with the Jacobian d^2L/dv^2 from the
    // Lagrangian's hessian or a central difference of the partials (2n evaluations, relative
    // accuracy about eps^(2/3): linear convergence at that rate, i.e. no more updates in double).
    template <class Lagrangian>
    newton_report velocity(const Lagrangian& L, const Value* q, const Value* p, const Value& z, const Time& t,
                           Value* v) {
        const std::size_t n = m_n;
        for (std::size_t i = 0; i < n; ++i) m_p[i] = p[i];
        if constexpr (constant_mass<Lagrangian>) {
            newton_report report;
            for (std::size_t i = 0; i < n; ++i) m_v0[i] = Value(0);
            partials(L, q, m_v0.data(), z, t, m_lq.data(), m_lv.data());
            m_mass.resize(n);
            m_mass.set_zero();
            L.mass_matrix(m_mass);
            for (std::size_t i = 0; i < n; ++i) m_lv[i] = m_p[i] - m_lv[i];
            report.evaluations = 1;
            if (!lu_solve_in_place(m_mass, m_lv)) {
                report.status = newton_status::singular;
                return report;
            }
            for (std::size_t i = 0; i < n; ++i) {
                if (!finite_number(m_lv[i])) {
                    report.status = newton_status::not_finite;
                    return report;
                }
                v[i] = m_lv[i];
            }
            report.status = newton_status::converged;
            return report;
        } else {
            using std::abs;
            auto& x = m_v0;
            Value scale(0);
            for (std::size_t i = 0; i < n; ++i) {
                x[i] = v[i];
                if (abs(v[i]) > scale) scale = abs(v[i]);
            }
            const newton_report report = m_newton.solve(
                x,
                [&](const std::vector<Value>& w, std::vector<Value>& r) {
                    partials(L, q, w.data(), z, t, m_lq.data(), r.data());
                    for (std::size_t i = 0; i < n; ++i) r[i] -= m_p[i];
                },
                [&](const std::vector<Value>& w, matrix_type& J) {
                    if constexpr (analytic_hessian<Lagrangian>) {
                        hessian(L, q, w.data(), z, t, m_hessian);
                        for (std::size_t i = 0; i < n; ++i)
                            for (std::size_t j = 0; j < n; ++j) J(i, j) = m_hessian(n + i, n + j);
                    } else {
                        difference_velocity_jacobian(L, q, w, z, t, scale, J);
                    }
                },
                scale);
            if (report.ok())
                for (std::size_t i = 0; i < n; ++i) v[i] = x[i];
            return report;
        }
    }

private:
    void load(const Value* q, const Value* v) {
        copy_from_raw(q, m_q.m_v);
        copy_from_raw(v, m_v.m_v);
    }

    // Central differences of dL/dv in v_j, step eps^(1/3) max(|v_j|, scale) (1 where both are 0).
    template <class Lagrangian>
    void difference_velocity_jacobian(const Lagrangian& L, const Value* q, const std::vector<Value>& w, const Value& z,
                                      const Time& t, const Value& scale, matrix_type& J) {
        using std::abs;
        using std::cbrt;
        const std::size_t n = m_n;
        auto& shifted = m_lv_shift;
        for (std::size_t j = 0; j < n; ++j) {
            Value size = abs(w[j]) > scale ? abs(w[j]) : scale;
            if (!(size > 0)) size = Value(1);
            const Value h = cbrt(std::numeric_limits<Value>::epsilon()) * size;
            for (std::size_t i = 0; i < n; ++i) shifted[i] = w[i];
            shifted[j] = w[j] + h;
            partials(L, q, shifted.data(), z, t, m_lq.data(), m_lv.data());
            for (std::size_t i = 0; i < n; ++i) J(i, j) = m_lv[i];
            shifted[j] = w[j] - h;
            partials(L, q, shifted.data(), z, t, m_lq.data(), m_lv.data());
            for (std::size_t i = 0; i < n; ++i) J(i, j) = (J(i, j) - m_lv[i]) / (h + h);
        }
    }

    // Zeroed where the size is fixed: a fixed-size Eigen vector is otherwise uninitialised.
    boost::numeric::odeint::state_wrapper<coordinate_type> m_q{zero_component<coordinate_type>()};
    boost::numeric::odeint::state_wrapper<velocity_type> m_v{zero_component<velocity_type>()};
    boost::numeric::odeint::state_wrapper<force_type> m_dq{zero_component<force_type>()};
    boost::numeric::odeint::state_wrapper<momentum_type> m_dv{zero_component<momentum_type>()};
    std::size_t m_n = static_cast<std::size_t>(-1);
    std::vector<Value> m_v0, m_p, m_lq, m_lv, m_lv_shift;
    newton_solver<Value> m_newton;
    matrix_type m_hessian, m_mass;
};

// The variational steps (cvi, galerkin_cvi4) take the parts of a separable H, or a contact
// Lagrangian (whose concept is checked here; Separable::check checks the parts).
template <class System>
constexpr bool check_variational_parts() {
    constexpr bool parts = has_hamiltonian_parts<System>::value;
    static_assert(parts,
                  "odeint_contact: contact variational integrators need the parts of H; pass a "
                  "Hamiltonian made by make_separable_hamiltonian(kinetic, potential, action), or a "
                  "contact Lagrangian made by make_contact_lagrangian(L)");
    return parts;
}

template <class System, class Separable, class State, class Time>
constexpr bool check_separable_or_lagrangian() {
    if constexpr (is_contact_lagrangian_system<System>::value)
        return check_contact_lagrangian<typename System::lagrangian_type, State, Time>();
    else
        return Separable::template check<System>();
}

}  // namespace detail
}  // namespace odeint_contact

#endif
