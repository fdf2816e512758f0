// The engine behind chi2, chi4, chi6 and chi8: a symmetric composition
//   S(dt) = S2(w_1 dt) S2(w_2 dt) ... S2(w_k dt)
// of the second-order contact splitting
//   S2(tau) = D(tau/2) C(tau/2) B(tau/2) A(tau) B(tau/2) C(tau/2) D(tau/2)
// with the exact sub-flows of errata section 1 (C: kinetic T, B: potential V, A: action F,
// D: time). A new method is a new coefficient table; nothing else.
//
// Cost per step with k stages: k evaluations of V and of dV/dq (both B half-flows of a stage see
// the same q and t, because A does not move q; k calls of value_and_gradient when the potential
// has it), k + 1 flows of T (the C half-flows of adjacent
// stages are fused: the flow of T is autonomous, so C(a) C(b) = C(a + b) exactly), each one
// call of the kinetic part's flow or, for a kinetic part without one, one evaluation of T and
// one of dT/dp.
// No heap allocation after the first step.
//
// Failure: the state handed to do_step is not written before the last flow that can fail (the
// A flow of the last stage) has succeeded, so a step_error leaves it unchanged.
#ifndef ODEINT_CONTACT_DETAIL_CHI_COMPOSITION_HPP
#define ODEINT_CONTACT_DETAIL_CHI_COMPOSITION_HPP

#include <array>
#include <cstddef>
#include <string>
#include <type_traits>

#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>
#include <boost/numeric/odeint/util/state_wrapper.hpp>
#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <odeint_contact/contact_state.hpp>
#include <odeint_contact/detail/concept_checks.hpp>
#include <odeint_contact/detail/step_failure.hpp>
#include <odeint_contact/detail/stepper_base.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>
#include <odeint_contact/separable_hamiltonian.hpp>

namespace odeint_contact {
namespace detail {

template <class Coefficients, class State, class Value, class Deriv, class Time, class Algebra,
          class Operations, class Resizer>
class chi_composition : public stepper_base<State, Value, Deriv, Time, Algebra, Operations, Resizer> {
    using base = stepper_base<State, Value, Deriv, Time, Algebra, Operations, Resizer>;
    static constexpr std::size_t stages = Coefficients::stages;

public:
    using typename base::algebra_type;
    using typename base::deriv_type;
    using typename base::order_type;
    using typename base::resizer_type;
    using typename base::state_type;
    using typename base::time_type;
    using typename base::wrapped_deriv_type;
    using typename base::wrapped_state_type;

    static constexpr order_type order_value = Coefficients::order;

    explicit chi_composition(const algebra_type& algebra = algebra_type()) : base(algebra) {
        const std::array<Value, stages> w = Coefficients::template weights<Value>();
        Value elapsed(0);
        for (std::size_t i = 0; i < stages; ++i) {
            m_weight[i] = w[i];
            m_half[i] = w[i] / 2;
            m_midpoint[i] = elapsed + m_half[i];
            elapsed += w[i];
            m_kinetic[i] = (i + 1 < stages) ? Value((w[i] + w[i + 1]) / 2) : m_half[i];
        }
    }

    order_type order() const { return order_value; }

    template <class System, class StateInOut>
    void do_step(System&& system, StateInOut& x, const time_type& t, const time_type& dt) {
        step(system, x, x, t, dt);
    }

    template <class System, class StateIn, class StateOut>
    void do_step(System&& system, const StateIn& in, const time_type& t, StateOut& out,
                 const time_type& dt) {
        step(system, in, out, t, dt);
    }

    template <class StateIn>
    void adjust_size(const StateIn& x) {
        resize_impl(x);
    }

private:
    template <class StateIn>
    bool resize_impl(const StateIn& x) {
        namespace odeint = boost::numeric::odeint;
        bool resized = odeint::adjust_size_by_resizeability(
            m_work, x, typename odeint::is_resizeable<state_type>::type());
        resized |= odeint::adjust_size_by_resizeability(
            m_deriv, x, typename odeint::is_resizeable<deriv_type>::type());
        return resized;
    }

    // The checks first, and the step only for a system that passes them: a user's mistake then
    // shows our static_assert as the first error, not what the step's body makes of it.
    template <class SystemArg, class StateIn, class StateOut>
    void step(SystemArg& system_arg, const StateIn& in, StateOut& out, const time_type& t,
              const time_type& dt) {
        using system_type = typename boost::numeric::odeint::unwrap_reference<std::remove_cv_t<SystemArg>>::type;
        if constexpr (valid_system<std::remove_cv_t<system_type>>()) {
            const system_type& system = system_arg;
            checked_step(system, in, out, t, dt);
        }
    }

    template <class System>
    static constexpr bool valid_system() {
        constexpr bool separable = is_separable_hamiltonian<System>::value;
        static_assert(separable,
                      "odeint_contact: contact Hamiltonian integrators split the system into exact "
                      "flows; pass a Hamiltonian made by make_separable_hamiltonian(kinetic, "
                      "potential, action)");
        if constexpr (separable) {
            if constexpr (check_units<state_type, deriv_type, time_type>() &&
                          check_hamiltonian_parts<typename System::kinetic_type, typename System::potential_type,
                                                  typename System::action_type, state_type, deriv_type, time_type>())
                return check_action_flow<typename System::action_type, Value,
                                         std::decay_t<decltype(std::declval<state_type&>().s)>, time_type,
                                         action_flow>();
            else
                return false;
        } else {
            return false;
        }
    }

    template <class System, class StateIn, class StateOut>
    void checked_step(const System& system, const StateIn& in, StateOut& out, const time_type& t,
                      const time_type& dt) {
        namespace odeint = boost::numeric::odeint;
        if (!is_finite(t) || !is_finite(dt))
            throw parameter_error(std::string("odeint_contact::") + Coefficients::name +
                                  "::do_step: t and dt must be finite, got t = " + detail::format(t) +
                                  ", dt = " + detail::format(dt));

        m_resizer.adjust_size(in, [this](const auto& x) { return this->resize_impl(x); });

        const auto& kinetic = system.kinetic();
        const auto& potential = system.potential();
        const auto& action = system.action();
        auto& work = m_work.m_v;
        auto& deriv = m_deriv.m_v;
        auto& algebra = this->m_algebra;
        using scale_sum2 = typename Operations::template scale_sum2<Value, time_type>;

        // C over the first half stage, from the input: q goes to the work state, s is carried
        // in a local until the step has succeeded.
        using action_t = std::decay_t<decltype(in.s)>;
        action_t s = in.s + kinetic_flow(kinetic, in.q, in.p, time_type(m_half[0] * dt), work.q);

        for (std::size_t i = 0; i < stages; ++i) {
            const time_type ti = t + m_midpoint[i] * dt;
            const time_type h = m_half[i] * dt;
            // B(h): dV/dq and V at the stage's q and midpoint time, shared by both half-flows.
            const auto v = detail::potential_value_and_gradient(potential, work.q, ti, deriv.p);
            // B(h) first: p - h dV does not need the action flow, so it stays off the critical
            // path through the flow's factor (a division for quadratic F).
            const auto& p_in = (i == 0) ? in.p : work.p;
            algebra.for_each3(work.p, p_in, deriv.p, scale_sum2(Value(1), -h));
            // A(w_i dt), exact; the only flow that can fail.
            const time_type tau = m_weight[i] * dt;
            const auto a = detail::with_step_context<step_error>(
                Coefficients::name, t, dt,
                [&] {
                    return "in stage " + std::to_string(i + 1) + " of " + std::to_string(stages) +
                           " (whose action flow spans " + detail::format(tau) + ")";
                },
                [&] { return action.template flow<Value>(action_t(s - h * v), ti, tau); });
            // A then B(h): lambda (p - h dV) - h dV.
            auto& p_out = (i + 1 == stages) ? out.p : work.p;
            algebra.for_each3(p_out, work.p, deriv.p, scale_sum2(a.factor, -h));
            s = a.s - h * v;
            // C over this half stage and the next one's, fused.
            auto& q_out = (i + 1 == stages) ? out.q : work.q;
            s += kinetic_flow(kinetic, work.q, p_out, time_type(m_kinetic[i] * dt), q_out);
        }
        out.s = s;
    }

    // The flow of T over tau from (q, p): writes q_out = q + tau dT/dp and returns the change
    // of s, tau (p . dT/dp - T). The kinetic part's own flow when it has one (kinetic.hpp).
    template <class Kinetic, class QIn, class P, class QOut>
    auto kinetic_flow(const Kinetic& kinetic, const QIn& q, const P& p, const time_type& tau, QOut& q_out) {
        if constexpr (has_kinetic_flow<Kinetic, QIn, P, time_type, QOut>::value) {
            return kinetic.flow(q, p, tau, q_out);
        } else {
            using scale_sum2 = typename Operations::template scale_sum2<Value, time_type>;
            auto& dTdp = m_deriv.m_v.q;
            kinetic.gradient(p, dTdp);
            const auto ds = tau * (dot(p, dTdp) - kinetic.value(p));
            this->m_algebra.for_each3(q_out, q, dTdp, scale_sum2(Value(1), tau));
            return ds;
        }
    }

    std::array<Value, stages> m_weight;    // w_i
    std::array<Value, stages> m_half;      // w_i / 2
    std::array<Value, stages> m_midpoint;  // time of stage i's V and F: w_1 + ... + w_{i-1} + w_i/2
    std::array<Value, stages> m_kinetic;   // fused C after stage i: (w_i + w_{i+1})/2, last w_k/2
    resizer_type m_resizer;
    wrapped_state_type m_work;
    wrapped_deriv_type m_deriv;
};

}  // namespace detail
}  // namespace odeint_contact

#endif
