// SPDX-License-Identifier: BSL-1.0
// odeint_contact/system/contact_lagrangian.hpp
//
// make_contact_lagrangian(L): a contact Lagrangian L(q, v, z, t) as a system for cvi2, cvi<Table>
// and galerkin_cvi4, and as an odeint system on (q, p, s): v from p = dL/dv, then q' = v,
// p' = dL/dq + p dL/dz, s' = L. L provides value(q, v, z, t) and partials(q, v, z, t, dq, dv)
// (returning dL/dz), optionally hessian(q, v, z, t, H) and mass_matrix(M); all const
// (concepts/lagrangian.hpp).
// Order and cost: cvi2 2 (cvi<Table>: Table::order), galerkin_cvi4 4; Newton on n + 1 or 2n
// unknowns, a dense LU per update, Jacobians from hessian or differences: meant for small n. No
// allocation per step; a const system may be called from many threads at once. Exactly contact.
// When not to use it: H = |p|^2/(2m) + V + F (make_separable_hamiltonian: closed forms, several
// times cheaper); large n; tau |dL/dz|/2 near 1. Failure: step_error (Newton, the Legendre
// transform), parameter_error (also dt = 0); state unchanged.
// Details: doc/variational.md#any-contact-lagrangian-make_contact_lagrangian, doc/concepts.md.
// References: Vermeeren, Bravetti, Seri, J. Phys. A 52 (2019); Bravetti et al., GSI 2021, Prop. 1.
#ifndef ODEINT_CONTACT_SYSTEM_CONTACT_LAGRANGIAN_HPP
#define ODEINT_CONTACT_SYSTEM_CONTACT_LAGRANGIAN_HPP

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <odeint_contact/state/contact_state.hpp>
#include <odeint_contact/detail/checks.hpp>
#include <odeint_contact/detail/lagrangian.hpp>
#include <odeint_contact/detail/algebra/raw_numbers.hpp>
#include <odeint_contact/detail/step_failure.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>
#include <odeint_contact/system/hessian_matrix.hpp>

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
            throw step_error(detail::message_prefix(where) + "v from p = dL/dv(q, v, s, t) at t = " +
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
