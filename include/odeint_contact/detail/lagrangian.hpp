// SPDX-License-Identifier: BSL-1.0
// The contact-Lagrangian concept (contact_lagrangian.hpp documents it for users): recognition of
// its members, the static_asserts that name what a Lagrangian lacks, and lagrangian_evaluator,
// which calls L, its partials and its second derivatives on plain numbers (detail/raw_numbers.hpp)
// and inverts the Legendre transform p = dL/dv for v. The steps and the odeint system function
// share it, so a Lagrangian is called the same way everywhere.
#ifndef ODEINT_CONTACT_DETAIL_LAGRANGIAN_HPP
#define ODEINT_CONTACT_DETAIL_LAGRANGIAN_HPP

#include <cmath>
#include <cstddef>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resize.hpp>
#include <boost/numeric/odeint/util/same_size.hpp>
#include <boost/numeric/odeint/util/state_wrapper.hpp>

#include <odeint_contact/detail/concept_checks.hpp>
#include <odeint_contact/detail/newton.hpp>
#include <odeint_contact/detail/raw_numbers.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

// ---- recognition --------------------------------------------------------------------------------

template <class L, class Q, class S, class T, class = void>
struct has_lagrangian_value : std::false_type {};
template <class L, class Q, class S, class T>
struct has_lagrangian_value<L, Q, S, T,
                            std::void_t<decltype(std::declval<L>().value(
                                std::declval<const Q&>(), std::declval<const Q&>(), std::declval<const S&>(),
                                std::declval<const T&>()))>> : std::true_type {};

template <class L, class Q, class P, class S, class T, class = void>
struct has_lagrangian_partials : std::false_type {};
template <class L, class Q, class P, class S, class T>
struct has_lagrangian_partials<L, Q, P, S, T,
                               std::void_t<decltype(std::declval<L>().partials(
                                   std::declval<const Q&>(), std::declval<const Q&>(), std::declval<const S&>(),
                                   std::declval<const T&>(), std::declval<P&>(), std::declval<P&>()))>>
    : std::true_type {};

template <class L, class Q, class S, class T, class M, class = void>
struct has_lagrangian_hessian : std::false_type {};
template <class L, class Q, class S, class T, class M>
struct has_lagrangian_hessian<L, Q, S, T, M,
                              std::void_t<decltype(std::declval<const L&>().hessian(
                                  std::declval<const Q&>(), std::declval<const Q&>(), std::declval<const S&>(),
                                  std::declval<const T&>(), std::declval<M&>()))>> : std::true_type {};

template <class L, class M, class = void>
struct has_mass_matrix : std::false_type {};
template <class L, class M>
struct has_mass_matrix<L, M, std::void_t<decltype(std::declval<const L&>().mass_matrix(std::declval<M&>()))>>
    : std::true_type {};

// A system made by make_contact_lagrangian, recognised by what it has.
template <class System, class = void>
struct is_contact_lagrangian_system : std::false_type {};
template <class System>
struct is_contact_lagrangian_system<
    System, std::void_t<typename System::lagrangian_type, decltype(std::declval<const System&>().lagrangian())>>
    : std::true_type {};

// The members a contact Lagrangian needs on the state's q, p, s and the time type. Returns whether
// all are there, so that callers leave the rest uninstantiated and our message stays the first
// error.
template <class Lagrangian, class State, class Time>
constexpr bool check_contact_lagrangian() {
    using Q = std::decay_t<decltype(std::declval<State&>().q)>;
    using P = std::decay_t<decltype(std::declval<State&>().p)>;
    using S = std::decay_t<decltype(std::declval<State&>().s)>;
    constexpr bool plain = !is_quantity<scalar_of_t<Q>>::value && !is_quantity<S>::value && !is_quantity<Time>::value;
    static_assert(plain,
                  "odeint_contact: a contact Lagrangian is called with q and v of the same type, so it works "
                  "on plain numbers only, not on Boost.Units quantities (use a separable Hamiltonian with "
                  "units, or strip the units at the boundary)");
    constexpr bool value = has_lagrangian_value<const Lagrangian&, Q, S, Time>::value;
    constexpr bool partials = has_lagrangian_partials<const Lagrangian&, Q, P, S, Time>::value;
    static_assert(value || has_lagrangian_value<Lagrangian&, Q, S, Time>::value,
                  "odeint_contact: a contact Lagrangian needs a member value(q, v, z, t) returning "
                  "L(q, v, z, t), with q and v of the state's coordinate type");
    static_assert(value || !has_lagrangian_value<Lagrangian&, Q, S, Time>::value,
                  "odeint_contact: the contact Lagrangian's value(q, v, z, t) must be const (the library "
                  "holds the Lagrangian as const)");
    static_assert(partials || has_lagrangian_partials<Lagrangian&, Q, P, S, Time>::value,
                  "odeint_contact: a contact Lagrangian needs a member partials(q, v, z, t, dq, dv) writing "
                  "dL/dq into dq and dL/dv into dv (both of the momentum's type) and returning dL/dz");
    static_assert(partials || !has_lagrangian_partials<Lagrangian&, Q, P, S, Time>::value,
                  "odeint_contact: the contact Lagrangian's partials(q, v, z, t, dq, dv) must be const "
                  "(the library holds the Lagrangian as const)");
    return plain && value && partials;
}

// ---- evaluation on plain numbers ----------------------------------------------------------------

// Calls a Lagrangian on plain-number arrays of length n (the raw values of q, v and p), through
// state-typed buffers sized like the state. Also the Legendre transform v(q, p, z, t). Buffers are
// sized by size_like() and reused: no allocation while the size stays.
template <class State, class Value, class Time>
class lagrangian_evaluator {
public:
    using coordinate_type = std::decay_t<decltype(std::declval<State&>().q)>;
    using momentum_type = std::decay_t<decltype(std::declval<State&>().p)>;
    using action_type = std::decay_t<decltype(std::declval<State&>().s)>;
    using matrix_type = dense_matrix<Value>;
    template <class Lagrangian>
    static constexpr bool analytic_hessian =
        has_lagrangian_hessian<Lagrangian, coordinate_type, action_type, Time, matrix_type>::value;
    template <class Lagrangian>
    static constexpr bool constant_mass = has_mass_matrix<Lagrangian, matrix_type>::value;

    // Buffers like x's q and p; true when n changed.
    template <class StateIn>
    bool size_like(const StateIn& x) {
        namespace odeint = boost::numeric::odeint;
        if constexpr (odeint::is_resizeable<coordinate_type>::type::value) {
            for (auto* c : {&m_q.m_v, &m_v.m_v})
                if (!odeint::same_size(*c, x.q)) odeint::resize(*c, x.q);
        }
        if constexpr (odeint::is_resizeable<momentum_type>::type::value) {
            for (auto* c : {&m_dq.m_v, &m_dv.m_v})
                if (!odeint::same_size(*c, x.p)) odeint::resize(*c, x.p);
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
    // Sized scratch of the coordinate's and the momentum's type, for callers that call the
    // Lagrangian themselves (the system function).
    coordinate_type& coordinate_buffer() { return m_v.m_v; }
    momentum_type& momentum_buffer() { return m_dv.m_v; }

    // L at (q, v, z, t), and its partials into lq, lv, lz.
    template <class Lagrangian>
    Value value(const Lagrangian& L, const Value* q, const Value* v, const Value& z, const Time& t) {
        load(q, v);
        return Value(raw_value(L.value(static_cast<const coordinate_type&>(m_q.m_v),
                                       static_cast<const coordinate_type&>(m_v.m_v), element_from_raw<action_type>(z), t)));
    }
    template <class Lagrangian>
    Value value_and_partials(const Lagrangian& L, const Value* q, const Value* v, const Value& z, const Time& t,
                             Value* lq, Value* lv, Value& lz) {
        load(q, v);
        const coordinate_type& qc = m_q.m_v;
        const coordinate_type& vc = m_v.m_v;
        const action_type zc = element_from_raw<action_type>(z);
        const Value l = Value(raw_value(L.value(qc, vc, zc, t)));
        lz = Value(raw_value(L.partials(qc, vc, zc, t, m_dq.m_v, m_dv.m_v)));
        copy_to_raw(m_dq.m_v, lq);
        copy_to_raw(m_dv.m_v, lv);
        return l;
    }
    template <class Lagrangian>
    Value partials(const Lagrangian& L, const Value* q, const Value* v, const Value& z, const Time& t, Value* lq,
                   Value* lv) {
        load(q, v);
        const Value lz = Value(raw_value(L.partials(static_cast<const coordinate_type&>(m_q.m_v),
                                                    static_cast<const coordinate_type&>(m_v.m_v),
                                                    element_from_raw<action_type>(z), t, m_dq.m_v, m_dv.m_v)));
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
        L.hessian(static_cast<const coordinate_type&>(m_q.m_v), static_cast<const coordinate_type&>(m_v.m_v),
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
    boost::numeric::odeint::state_wrapper<coordinate_type> m_v{zero_component<coordinate_type>()};
    boost::numeric::odeint::state_wrapper<momentum_type> m_dq{zero_component<momentum_type>()};
    boost::numeric::odeint::state_wrapper<momentum_type> m_dv{zero_component<momentum_type>()};
    std::size_t m_n = static_cast<std::size_t>(-1);
    std::vector<Value> m_v0, m_p, m_lq, m_lv, m_lv_shift;
    newton_solver<Value> m_newton;
    matrix_type m_hessian, m_mass;
};

}  // namespace detail
}  // namespace odeint_contact

#endif
