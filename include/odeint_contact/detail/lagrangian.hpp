// SPDX-License-Identifier: BSL-1.0
// The contact-Lagrangian concept (contact_lagrangian.hpp documents it for users): recognition of
// its members, the static_asserts that name what a Lagrangian lacks, and lagrangian_evaluator,
// which calls L, its partials and its second derivatives on plain numbers (detail/raw_numbers.hpp)
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

#include <odeint_contact/detail/concept_checks.hpp>
#include <odeint_contact/detail/newton.hpp>
#include <odeint_contact/detail/raw_numbers.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

// ---- the types L is called with ----------------------------------------------------------------

// With Boost.Units the velocity v = dq/dt, dL/dq = dp/dt and L = ds/dt have units of their own: a
// component C divided by the time, element by element, for a quantity, a std::array or a
// std::vector of quantities (Eigen objects hold no quantities). In plain numbers they are C
// itself, so v shares q's type and dL/dq p's, as without units. `supported` is false for a
// container of quantities of another kind, and for quantities with a plain time.
template <class C, class Time, bool = is_quantity<scalar_of_t<C>>::value>
struct per_time {
    using type = C;
    static constexpr bool supported = true;
};
template <class C, class Time>
struct per_time<C, Time, true> {
    using type = C;
    static constexpr bool supported = false;
};
template <class Unit, class Y, class Time>
struct per_time<boost::units::quantity<Unit, Y>, Time, true> {
    using type = decltype(std::declval<const boost::units::quantity<Unit, Y>&>() / std::declval<const Time&>());
    static constexpr bool supported = is_quantity<Time>::value;
};
template <class E, std::size_t N, class Time>
struct per_time<std::array<E, N>, Time, true> {
    using type = std::array<typename per_time<E, Time>::type, N>;
    static constexpr bool supported = per_time<E, Time>::supported;
};
template <class E, class A, class Time>
struct per_time<std::vector<E, A>, Time, true> {
    using element = typename per_time<E, Time>::type;
    using type = std::vector<element, typename std::allocator_traits<A>::template rebind_alloc<element>>;
    static constexpr bool supported = per_time<E, Time>::supported;
};
template <class C, class Time>
using per_time_t = typename per_time<C, Time>::type;

// The types of a contact Lagrangian's arguments and results on a state and a time type: q, v of
// velocity_type, z, t; dL/dq into force_type (p's per time), dL/dv into momentum_type; L of
// lagrangian_type (s per time, an energy), dL/dz of rate_type (per time). Without units
// everything but q, p, s and t is the plain number type.
template <class State, class Time>
struct lagrangian_types {
    using coordinate_type = std::decay_t<decltype(std::declval<State&>().q)>;
    using momentum_type = std::decay_t<decltype(std::declval<State&>().p)>;
    using action_type = std::decay_t<decltype(std::declval<State&>().s)>;
    using number_type = plain_value_t<scalar_of_t<coordinate_type>>;
    static constexpr bool with_units = is_quantity<scalar_of_t<coordinate_type>>::value ||
                                       is_quantity<scalar_of_t<momentum_type>>::value ||
                                       is_quantity<action_type>::value || is_quantity<Time>::value;
    using velocity_type = per_time_t<coordinate_type, Time>;
    using force_type = per_time_t<momentum_type, Time>;
    using lagrangian_type = std::conditional_t<with_units, per_time_t<action_type, Time>, number_type>;
    using rate_type =
        std::conditional_t<with_units, decltype(std::declval<const number_type&>() / std::declval<const Time&>()),
                           number_type>;
};

template <class T>
struct dimension_of {
    using type = void;
};
template <class Unit, class Y>
struct dimension_of<boost::units::quantity<Unit, Y>> {
    using type = typename boost::units::get_dimension<Unit>::type;
};

// Whether a result of type R can stand for a quantity of type Want: a number for a number; with
// units a quantity of Want's dimension (in any system: it is converted).
template <class R, class Want>
constexpr bool fits_result() {
    if constexpr (is_quantity<Want>::value)
        return is_quantity<R>::value &&
               std::is_same<typename dimension_of<R>::type, typename dimension_of<Want>::type>::value;
    else
        return std::is_convertible<R, Want>::value;
}

// ---- recognition --------------------------------------------------------------------------------

template <class L, class Q, class V, class S, class T, class = void>
struct has_lagrangian_value : std::false_type {};
template <class L, class Q, class V, class S, class T>
struct has_lagrangian_value<L, Q, V, S, T,
                            std::void_t<decltype(std::declval<L>().value(
                                std::declval<const Q&>(), std::declval<const V&>(), std::declval<const S&>(),
                                std::declval<const T&>()))>> : std::true_type {
    using result = decltype(std::declval<L>().value(std::declval<const Q&>(), std::declval<const V&>(),
                                                    std::declval<const S&>(), std::declval<const T&>()));
};

template <class L, class Q, class V, class F, class P, class S, class T, class = void>
struct has_lagrangian_partials : std::false_type {};
template <class L, class Q, class V, class F, class P, class S, class T>
struct has_lagrangian_partials<L, Q, V, F, P, S, T,
                               std::void_t<decltype(std::declval<L>().partials(
                                   std::declval<const Q&>(), std::declval<const V&>(), std::declval<const S&>(),
                                   std::declval<const T&>(), std::declval<F&>(), std::declval<P&>()))>>
    : std::true_type {
    using result = decltype(std::declval<L>().partials(std::declval<const Q&>(), std::declval<const V&>(),
                                                       std::declval<const S&>(), std::declval<const T&>(),
                                                       std::declval<F&>(), std::declval<P&>()));
};

template <class Self, class Q, class V, class S, class T, class M, class = void>
struct has_lagrangian_hessian_on : std::false_type {};
template <class Self, class Q, class V, class S, class T, class M>
struct has_lagrangian_hessian_on<Self, Q, V, S, T, M,
                                 std::void_t<decltype(std::declval<Self>().hessian(
                                     std::declval<const Q&>(), std::declval<const V&>(), std::declval<const S&>(),
                                     std::declval<const T&>(), std::declval<M&>()))>> : std::true_type {};
template <class L, class Q, class V, class S, class T, class M>
using has_lagrangian_hessian = has_lagrangian_hessian_on<const L&, Q, V, S, T, M>;

template <class Self, class M, class = void>
struct has_mass_matrix_on : std::false_type {};
template <class Self, class M>
struct has_mass_matrix_on<Self, M, std::void_t<decltype(std::declval<Self>().mass_matrix(std::declval<M&>()))>>
    : std::true_type {};
template <class L, class M>
using has_mass_matrix = has_mass_matrix_on<const L&, M>;

// A system made by make_contact_lagrangian, recognised by what it has.
template <class System, class = void>
struct is_contact_lagrangian_system : std::false_type {};
template <class System>
struct is_contact_lagrangian_system<
    System, std::void_t<typename System::lagrangian_type, decltype(std::declval<const System&>().lagrangian())>>
    : std::true_type {};

template <class Has, class Want>
constexpr bool result_fits() {
    if constexpr (Has::value)
        return fits_result<typename Has::result, Want>();
    else
        return true;  // reported as missing
}

// The members a contact Lagrangian needs on the state's q, p, s and the time type, and with
// Boost.Units a coherent state. Returns whether all is well, so that callers leave the rest
// uninstantiated and our message stays the first error.
template <class Lagrangian, class State, class Time>
constexpr bool check_contact_lagrangian_members() {
    using types = lagrangian_types<State, Time>;
    using Q = typename types::coordinate_type;
    using P = typename types::momentum_type;
    using S = typename types::action_type;
    using V = typename types::velocity_type;
    using F = typename types::force_type;
    constexpr bool all_quantities = is_quantity<scalar_of_t<Q>>::value && is_quantity<scalar_of_t<P>>::value &&
                                    is_quantity<S>::value && is_quantity<Time>::value;
    constexpr bool units_ok = !types::with_units || all_quantities;
    static_assert(units_ok,
                  "odeint_contact: a contact Lagrangian with Boost.Units needs q, p, s and the time all "
                  "quantities (the stepper's Time parameter a time quantity, e.g. cvi2<state, double, "
                  "deriv, quantity<si::time>>)");
    constexpr bool containers = !all_quantities || (per_time<Q, Time>::supported && per_time<P, Time>::supported);
    static_assert(containers,
                  "odeint_contact: with Boost.Units a contact Lagrangian takes q and p as a quantity, a "
                  "std::array or a std::vector of quantities (v = dq/dt is formed element by element)");
    constexpr bool coherent = [] {
        if constexpr (all_quantities)
            return std::is_same<scalar_of_t<P>,
                                decltype(std::declval<const S&>() / std::declval<const scalar_of_t<Q>&>())>::value;
        else
            return true;
    }();
    static_assert(coherent,
                  "odeint_contact: with Boost.Units the momentum p of a contact Lagrangian must be in the unit "
                  "of s/q (kg m/s for s in J s and q in m): the steps mix p with dL/dv and with s/q");
    constexpr bool well_typed = units_ok && containers && coherent;
    using value_on = has_lagrangian_value<const Lagrangian&, Q, V, S, Time>;
    using partials_on = has_lagrangian_partials<const Lagrangian&, Q, V, F, P, S, Time>;
    constexpr bool value = value_on::value;
    constexpr bool partials = partials_on::value;
    static_assert(!well_typed || value || has_lagrangian_value<Lagrangian&, Q, V, S, Time>::value,
                  "odeint_contact: a contact Lagrangian needs a member value(q, v, z, t) returning "
                  "L(q, v, z, t), with q of the state's coordinate type and v of its type per time (the "
                  "same type without units)");
    static_assert(!well_typed || value || !has_lagrangian_value<Lagrangian&, Q, V, S, Time>::value,
                  "odeint_contact: the contact Lagrangian's value(q, v, z, t) must be const (the library "
                  "holds the Lagrangian as const)");
    static_assert(!well_typed || partials || has_lagrangian_partials<Lagrangian&, Q, V, F, P, S, Time>::value,
                  "odeint_contact: a contact Lagrangian needs a member partials(q, v, z, t, dq, dv) writing "
                  "dL/dq into dq and dL/dv into dv (of the momentum's type; dq per time with units) and "
                  "returning dL/dz");
    static_assert(!well_typed || partials || !has_lagrangian_partials<Lagrangian&, Q, V, F, P, S, Time>::value,
                  "odeint_contact: the contact Lagrangian's partials(q, v, z, t, dq, dv) must be const "
                  "(the library holds the Lagrangian as const)");
    constexpr bool value_unit = result_fits<value_on, typename types::lagrangian_type>();
    static_assert(!well_typed || value_unit,
                  "odeint_contact: the contact Lagrangian's value(q, v, z, t) must return L as a number, or "
                  "with Boost.Units as a quantity of the unit of s per time (an energy for s in J s)");
    constexpr bool rate_unit = result_fits<partials_on, typename types::rate_type>();
    static_assert(!well_typed || rate_unit,
                  "odeint_contact: the contact Lagrangian's partials(q, v, z, t, dq, dv) must return dL/dz as "
                  "a number, or with Boost.Units as a quantity of the unit of 1/time");
    // The optional hessian and mass_matrix: one that only a non-const Lagrangian could call would
    // be skipped without a word (difference Jacobians instead).
    using M = dense_matrix<plain_value_t<S>>;
    constexpr bool hessian = has_lagrangian_hessian_on<const Lagrangian&, Q, V, S, Time, M>::value ||
                             !has_lagrangian_hessian_on<Lagrangian&, Q, V, S, Time, M>::value;
    static_assert(hessian, "odeint_contact: the contact Lagrangian's hessian(q, v, z, t, H) must be a const member "
                           "function (the library holds the Lagrangian as const; as it is, it would never be "
                           "called)");
    constexpr bool mass = has_mass_matrix_on<const Lagrangian&, M>::value || !has_mass_matrix_on<Lagrangian&, M>::value;
    static_assert(mass, "odeint_contact: the contact Lagrangian's mass_matrix(M) must be a const member function (the "
                        "library holds the Lagrangian as const; as it is, it would never be called)");
    return well_typed && value && partials && value_unit && rate_unit && hessian && mass;
}

// The above, for a state whose q and p the Newton solves can copy to the host; our message first
// for one they cannot.
template <class Lagrangian, class State, class Time>
constexpr bool check_contact_lagrangian() {
    using Q = std::decay_t<decltype(std::declval<State&>().q)>;
    using P = std::decay_t<decltype(std::declval<State&>().p)>;
    constexpr bool host = has_host_elements<Q>::value && has_host_elements<P>::value;
    static_assert(host,
                  "odeint_contact: the steps of a contact Lagrangian solve for v on plain copies of q and p "
                  "(Newton's method, dense n x n systems); a Thrust device_vector or another type whose "
                  "elements the host cannot read is not supported. Use a Hamiltonian with chi or cvi");
    if constexpr (host)
        return check_contact_lagrangian_members<Lagrangian, State, Time>();
    else
        return false;
}

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

}  // namespace detail
}  // namespace odeint_contact

#endif
