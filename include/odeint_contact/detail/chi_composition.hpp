// SPDX-License-Identifier: BSL-1.0
// The chi base step for the composition engine (composition.hpp): a symmetric composition
//   S(dt) = S2(w_1 dt) S2(w_2 dt) ... S2(w_k dt)
// of the second-order contact splitting
//   S2(tau) = D(tau/2) C(tau/2) B(tau/2) A(tau) B(tau/2) C(tau/2) D(tau/2)
// with the exact sub-flows of doc/theory.md ("The exact sub-flows"; C: kinetic T, B: potential
// V, A: action F, D: time).
//
// Cost per step with k stages: k evaluations of V and of dV/dq (both B half-flows of a stage see
// the same q and t, because A does not move q; k calls of value_and_gradient when the potential
// has it; k calls of value_and_kick, and none of value_and_gradient, when the potential has that
// and the action is affine in s), k + 1 flows of T (the C half-flows of adjacent
// stages are fused: the flow of T is autonomous, so C(a) C(b) = C(a + b) exactly), each one
// call of the kinetic part's flow or, for a kinetic part without one, one evaluation of T and
// one of dT/dp.
// No heap allocation after the first step.
//
// Failure: the stages work in the engine's spare state (dynamically sized q and p, swapped in on
// success) or, in place on fixed-size q and p, in the caller's state, which the engine saved and
// restores on any exception (composition.hpp); out of place on fixed-size q and p the input is
// only read. So any exception (an action flow, the check of the new s, a user's part) leaves
// the caller's state unchanged.
#ifndef ODEINT_CONTACT_DETAIL_CHI_COMPOSITION_HPP
#define ODEINT_CONTACT_DETAIL_CHI_COMPOSITION_HPP

#include <array>
#include <cstddef>
#include <string>
#include <type_traits>

#include <boost/numeric/odeint/algebra/default_operations.hpp>
#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/state_wrapper.hpp>

#include <odeint_contact/detail/composition.hpp>
#include <odeint_contact/detail/contact_algebra.hpp>
#include <odeint_contact/detail/concept_checks.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

// FlowResult is action_flow of action.hpp, which detail/ does not include.
template <std::size_t Stages, template <class, class> class FlowResult, class State, class Value, class Deriv,
          class Time, class Algebra, class Operations, class Errors>
class chi2_step {
    static constexpr std::size_t stages = Stages;
    using state_type = State;
    using deriv_type = Deriv;
    using time_type = Time;
    using action_t = std::decay_t<decltype(std::declval<state_type&>().s)>;
    using coordinate_type = std::decay_t<decltype(std::declval<state_type&>().q)>;
    using momentum_type = std::decay_t<decltype(std::declval<state_type&>().p)>;

    // Whether a stage runs B A B as one call of the potential's value_and_kick: it has one, and
    // the action's flow factor is known before V is (F affine in s).
    template <class System>
    static constexpr bool kicks() {
        return has_value_and_kick_on<const typename System::potential_type&, coordinate_type, time_type, Value,
                                     time_type, momentum_type>::value &&
               is_affine_in_s<typename System::action_type>::value;
    }

public:
    using errors = Errors;

    explicit chi2_step(const std::array<Value, stages>& w) : m_times(w) {}

    template <class System>
    static constexpr bool check() {
        constexpr bool parts = has_hamiltonian_parts<System>::value;
        static_assert(parts,
                      "odeint_contact: contact Hamiltonian integrators split the system into exact "
                      "flows; pass a Hamiltonian made by make_separable_hamiltonian(kinetic, "
                      "potential, action) or make_split_hamiltonian(pieces...)");
        if constexpr (parts) {
            if constexpr (check_units<state_type, deriv_type, time_type>() &&
                          check_hamiltonian_parts<typename System::kinetic_type, typename System::potential_type,
                                                  typename System::action_type, state_type, deriv_type, time_type>())
                return check_action_flow<typename System::action_type, Value, action_t, time_type, FlowResult>() &&
                       check_value_and_kick<typename System::potential_type, coordinate_type, time_type, Value,
                                            time_type, momentum_type>();
            else
                return false;
        } else {
            return false;
        }
    }

    template <class StateIn>
    bool resize(const StateIn& x) {
        namespace odeint = boost::numeric::odeint;
        bool resized = odeint::adjust_size_by_resizeability(
            m_work, x, typename odeint::is_resizeable<state_type>::type());
        resized |= odeint::adjust_size_by_resizeability(
            m_deriv, x, typename odeint::is_resizeable<deriv_type>::type());
        return resized;
    }

    template <class Alg, class System, class StateIn>
    void begin(Alg&, const System&, const StateIn&, const time_type&, const time_type&) {
        m_part_stage = no_part;
    }

    template <class Alg, class System, class StateIn, class StateOut>
    void stage(Alg& algebra, const System& system, std::size_t i, const StateIn& in, StateOut& out,
               const time_type& t, const time_type& dt, const char* name) {
        const auto& kinetic = system.kinetic();
        const auto& potential = system.potential();
        const auto& action = system.action();
        action_t& s = m_s;
        // Where the stages keep q and p: in `out` itself where the engine protects it (its spare
        // state, swapped in on success, or the caller's state of an in-place step, saved and
        // restored on failure), so that a step touches the input and the result only, 4 arrays
        // of the size of q, as a loop that keeps its input until it has succeeded must (a fifth,
        // the work state's q, cost chi2 an array's worth of cache misses per step at N = 1e6 on
        // a 32 MB cache: bench/ring --steps under cachegrind); else in the work state. The
        // input is read before it is overwritten: q by the first flow of T, p by the first kick.
        constexpr bool same_types = has_state_parts_v<State, StateOut>;
        const bool to_out = out_is_protected<State>(in, out);
        auto& work_q = pick_if<same_types>(to_out, out.q, m_work.m_v.q);
        auto& work_p = pick_if<same_types>(to_out, out.p, m_work.m_v.p);
        // C over the first half stage, from the input; s is carried in m_s until the step has
        // succeeded.
        if (i == 0) m_s = in.s + kinetic_flow(algebra, kinetic, in.q, in.p, time_type(m_times.half[0] * dt), work_q);
        {
            const time_type ti = t + m_times.midpoint[i] * dt;
            const time_type h = m_times.half[i] * dt;
            const auto& p_in = (i == 0) ? in.p : work_p;
            auto& p_out = (i + 1 == stages) ? out.p : work_p;
            const time_type tau = m_times.weight[i] * dt;
            if constexpr (kicks<System>()) {
                // B(h) A B(h) on p is lambda (p - h dV) - h dV = lambda p - (1 + lambda) h dV, and for
                // F affine in s the factor lambda of A does not depend on s: taken from the flow
                // first, the potential does the whole of it in its own pass (value_and_kick), with
                // dV computed where p is moved and no gradient buffer. s follows as below. A user's
                // value_and_kick may throw after writing part of p_out: the engine restores.
                m_part_stage = i;  // where a step_error of the flow comes from (see part_context)
                const Value lambda = action.template flow<Value>(action_t{}, ti, tau).factor;
                m_part_stage = no_part;
                const auto v = detail::potential_value_and_kick(potential, work_q, ti, lambda,
                                                                time_type((Value(1) + lambda) * h), p_in, p_out);
                m_part_stage = i;
                const auto a = action.template flow<Value>(action_t(s - h * v), ti, tau);
                m_part_stage = no_part;
                s = a.s - h * v;
            } else {
                auto& deriv = m_deriv.m_v;
                using scale_sum2 = typename Operations::template scale_sum2<Value, time_type>;
                // B(h): dV/dq and V at the stage's q and midpoint time, shared by both half-flows.
                const auto v = detail::potential_value_and_gradient(potential, work_q, ti, deriv.p);
                // A(w_i dt), exact; the only flow that can fail.
                m_part_stage = i;  // where a step_error of the flow comes from (see part_context)
                const auto a = action.template flow<Value>(action_t(s - h * v), ti, tau);
                m_part_stage = no_part;
                // B(h) A B(h): lambda (p - h dV) - h dV, in one pass over p with odeint's default
                // operations (bench/ring), else with the stepper's in two.
                if constexpr (std::is_same<Operations, boost::numeric::odeint::default_operations>::value) {
                    algebra.for_each3(p_out, p_in, deriv.p, scale_kick_scale<Value, time_type>{a.factor, -h});
                } else {
                    algebra.for_each3(p_out, p_in, deriv.p, scale_sum2(Value(1), -h));
                    algebra.for_each3(p_out, p_out, deriv.p, scale_sum2(a.factor, -h));
                }
                s = a.s - h * v;
            }
            // C over this half stage and the next one's, fused.
            auto& q_out = (i + 1 == stages) ? out.q : work_q;
            s += kinetic_flow(algebra, kinetic, work_q, p_out, time_type(m_times.fused[i] * dt), q_out);
        }
        if (i + 1 == stages) {
            // The result must be finite; one check per step. s accumulates tau T(p) for every p
            // of the step and h V(q) for every q that enters a B flow, so a NaN or inf reached
            // by V, T or the action flow's factor on the way, and an overflow of p (T = |p|^2/2m)
            // or of q (V at q), shows in s. Not caught: a NaN in q for a potential that does not
            // look at q (V = 0). The composition engine restores an in-place input.
            if (!is_finite(s))
                throw typename Errors::step(step_failure_prefix(name, t, dt) + ": the new action s = " + format(action_t(s)) +
                                 " is not finite: V, T or the action flow became infinite or NaN within the "
                                 "step (a singular potential, an overflow, a step too long for the damping); "
                                 "the state is unchanged");
            out.s = s;
        }
    }

    template <class Alg>
    void end(Alg&) {}

    // Where the action part's step_error came from, for the engine to put in front of the part's
    // own message; empty when it came from elsewhere. A recorded stage index rather than a try
    // block around the flow: the try block made GCC stop inlining the flow and doubled the time
    // of a chi2 step on the oscillator (bench/table1, 17 -> 32 ns).
    std::string part_context(const time_type& dt) const {
        if (m_part_stage == no_part) return {};
        return "in stage " + std::to_string(m_part_stage + 1) + " of " + std::to_string(stages) +
               " (whose action flow spans " + format(time_type(m_times.weight[m_part_stage] * dt)) + ")";
    }

private:
    // The flow of T over tau from (q, p): writes q_out = q + tau dT/dp and returns the change
    // of s, tau (p . dT/dp - T). The kinetic part's own flow when it has one (kinetic.hpp).
    template <class Alg, class Kinetic, class QIn, class P, class QOut>
    auto kinetic_flow(Alg& algebra, const Kinetic& kinetic, const QIn& q, const P& p, const time_type& tau,
                      QOut& q_out) {
        if constexpr (has_kinetic_flow_with<Kinetic, Alg, QIn, P, time_type, QOut>::value) {
            return kinetic.flow(algebra, q, p, tau, q_out);
        } else if constexpr (has_kinetic_flow<Kinetic, QIn, P, time_type, QOut>::value) {
            return kinetic.flow(q, p, tau, q_out);
        } else {
            using scale_sum2 = typename Operations::template scale_sum2<Value, time_type>;
            auto& dTdp = m_deriv.m_v.q;
            kinetic.gradient(p, dTdp);
            const auto ds = tau * (dot(p, dTdp) - kinetic.value(p));
            algebra.for_each3(q_out, q, dTdp, scale_sum2(Value(1), tau));
            return ds;
        }
    }

    stage_times<Value, stages> m_times;
    boost::numeric::odeint::state_wrapper<state_type> m_work;
    boost::numeric::odeint::state_wrapper<deriv_type> m_deriv;
    action_t m_s{};
    static constexpr std::size_t no_part = std::size_t(-1);
    std::size_t m_part_stage = no_part;  // the stage whose action flow is running
};

}  // namespace detail
}  // namespace odeint_contact

#endif
