// SPDX-License-Identifier: BSL-1.0
// The cvi2 base step for a separable H = |p|^2/(2m) + V(q,t) + F(s,t), for the composition engine
// (composition.hpp): the discrete Herglotz principle for the trapezoidal discrete Lagrangian, in
// closed form but for one scalar equation for s (the action's solve_implicit). Stage i of weight
// g_i is that step over g_i dt; V and grad V at a stage's end are the next stage's start (and,
// with a carried sample, the next step's). The scheme, with the paper's eqs. (6)-(9) corrected:
// doc/variational.md.
#ifndef ODEINT_CONTACT_DETAIL_STEPS_CVI2_SEPARABLE_HPP
#define ODEINT_CONTACT_DETAIL_STEPS_CVI2_SEPARABLE_HPP

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/algebra/default_operations.hpp>
#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resize.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>
#include <boost/numeric/odeint/util/same_size.hpp>
#include <boost/numeric/odeint/util/state_wrapper.hpp>

#include <odeint_contact/concepts/action.hpp>
#include <odeint_contact/concepts/potential.hpp>
#include <odeint_contact/detail/algebra/contact_algebra.hpp>
#include <odeint_contact/detail/concept_checks.hpp>
#include <odeint_contact/detail/lagrangian.hpp>
#include <odeint_contact/detail/piece_kernels.hpp>
#include <odeint_contact/detail/stage_times.hpp>
#include <odeint_contact/detail/step_failure.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>
#include <odeint_contact/system/action.hpp>
#include <odeint_contact/system/kinetic.hpp>
#include <odeint_contact/system/potential_sample.hpp>
#include <odeint_contact/system/separable_hamiltonian.hpp>

namespace odeint_contact {
namespace detail {

template <std::size_t Stages, class State, class Value, class Deriv, class Time, class Algebra, class Operations>
class cvi2_step {
public:
    using errors = library_errors;
    // The trapezoidal discrete Lagrangian's step: symmetric, of order 2.
    static constexpr unsigned order = 2;

private:
    static constexpr std::size_t stages = Stages;
    using state_type = State;
    using deriv_type = Deriv;
    using time_type = Time;
    using coordinate_type = std::decay_t<decltype(std::declval<state_type&>().q)>;
    using momentum_type = std::decay_t<decltype(std::declval<state_type&>().p)>;
    using action_t = std::decay_t<decltype(std::declval<state_type&>().s)>;

public:
    using force_type = std::decay_t<decltype(std::declval<deriv_type&>().p)>;
    // ds/dt = p.dT/dp - H is an energy, so the derivative's s type is the type of V.
    using energy_type = std::decay_t<decltype(std::declval<deriv_type&>().s)>;
    using sample_type = potential_sample<energy_type, force_type>;

    explicit cvi2_step(const std::array<Value, stages>& w) : m_weight(w), m_begin(stage_begins(w)) {}

    template <class System>
    static constexpr bool check() {
        if constexpr (check_variational_parts<System>()) {
            using kinetic_t = typename System::kinetic_type;
            using potential_t = typename System::potential_type;
            using action_term_t = typename System::action_type;
            if constexpr (check_units<state_type, deriv_type, time_type>() &&
                          check_hamiltonian_parts<kinetic_t, potential_t, action_term_t, state_type, deriv_type,
                                                  time_type>())
                return check_cvi2_parts<kinetic_t, potential_t, action_term_t>();
            else
                return false;
        } else {
            return false;
        }
    }

    template <class Kinetic, class Potential, class Action>
    static constexpr bool check_cvi2_parts() {
        constexpr bool quadratic = is_quadratic_kinetic<Kinetic>::value;
        static_assert(quadratic,
                      "odeint_contact::cvi2: the variational integrator is derived from the discrete "
                      "Lagrangian (m/2)|Delta/tau|^2 - ..., the Legendre transform of T = |p|^2/(2m); it "
                      "supports quadratic_kinetic (any mass) only. Use chi2 for another kinetic term");
        constexpr bool energy = std::is_convertible<decltype(std::declval<const Potential&>().value(
                                                        std::declval<const coordinate_type&>(),
                                                        std::declval<const time_type&>())),
                                                    energy_type>::value;
        static_assert(energy,
                      "odeint_contact::cvi2: V(q,t) must be convertible to the s part of the derivative "
                      "type (an energy), where cvi2 keeps it between stages");
        constexpr bool solve = has_solve_implicit<Action, Value, action_t, time_type>::value;
        static_assert(solve,
                      "odeint_contact::cvi2: the action term needs a member template "
                      "solve_implicit<Value>(r, half_dt, t) returning action_solve<S>, the root of "
                      "s + half_dt F(s,t) = r that continues s = r (see action.hpp)");
        return quadratic && energy && solve &&
               check_value_and_kick<Potential, coordinate_type, time_type, Value, time_type, momentum_type>();
    }

    // Whether a plain cvi2 step (one stage, no carried sample) moves p in the potential's own
    // passes (detail/piece_kernels.hpp).
    template <class System>
    static constexpr bool kicks() {
        return stages == 1 &&
               cvi2_kicks_in_own_pass<typename System::potential_type, typename System::action_type, coordinate_type,
                                      time_type, Value, momentum_type>();
    }

    template <class StateIn>
    bool resize(const StateIn& x) {
        namespace odeint = boost::numeric::odeint;
        using q_resizeable = typename odeint::is_resizeable<coordinate_type>::type;
        using p_resizeable = typename odeint::is_resizeable<momentum_type>::type;
        bool resized = false;
        resized |= odeint::adjust_size_by_resizeability(m_force, x.p, p_resizeable());
        // q and p between stages; cvi2's one stage writes straight into the result.
        if constexpr (stages > 1) {
            resized |= odeint::adjust_size_by_resizeability(m_q, x.q, q_resizeable());
            resized |= odeint::adjust_size_by_resizeability(m_p, x.p, p_resizeable());
        }
        return resized;
    }

    // Gives a sample the size of x's momenta (a force has the shape of p).
    template <class StateIn>
    static void size_sample(sample_type& sample, const StateIn& x) {
        namespace odeint = boost::numeric::odeint;
        if constexpr (odeint::is_resizeable<force_type>::type::value) {
            if (!odeint::same_size(sample.gradient, x.p)) odeint::resize(sample.gradient, x.p);
        }
    }

    // V and grad V at the start of the step: evaluated here, or the caller's sample.
    // With value_and_kick, the stage evaluates them itself, in its first kick.
    template <class Alg, class System, class StateIn>
    void begin(Alg&, const System& system, const StateIn& in, const time_type& t, const time_type&) {
        m_part_stage = no_part;
        m_start_value = &m_energy[0];
        m_start_force = &m_force.m_v;
        m_next = 1;
        m_kick = kicks<System>();
        if constexpr (!kicks<System>())
            m_energy[0] = detail::potential_value_and_gradient(system.potential(), in.q, t, m_force.m_v);
    }

    template <class Alg, class System, class StateIn>
    void begin(Alg&, const System&, const StateIn&, const time_type&, const time_type&,
               const sample_type& sample_in, sample_type&) {
        m_part_stage = no_part;
        m_kick = false;
        m_start_value = &sample_in.value;
        m_start_force = &sample_in.gradient;
        m_next = 0;
    }

    template <class Alg>
    void end(Alg&) {}

    // Where the action part's step_error came from (see steps/chi_stage.hpp's part_context).
    template <class System>
    std::string part_context(const System&, const time_type&) const {
        if (m_part_stage == no_part) return {};
        return (stages > 1 ? "in stage " + std::to_string(m_part_stage + 1) + " of " + std::to_string(stages) + ", "
                           : std::string()) +
               "in the implicit action equation";
    }

    // Only after the whole step has succeeded: the end values become the caller's sample. A
    // dynamically sized gradient is swapped in (O(1)): the sample's old buffer, read by the
    // first stage and no longer needed, becomes the slot the next step writes.
    template <class Alg>
    void end(Alg& algebra, const sample_type&, sample_type& sample_out) {
        sample_out.value = *m_start_value;
        auto& gradient = m_force.m_v;
        if constexpr (boost::numeric::odeint::is_resizeable<force_type>::type::value) {
            using std::swap;
            swap(sample_out.gradient, gradient);
        } else {
            using copy = typename Operations::template scale_sum1<Value>;
            algebra.for_each2(sample_out.gradient, gradient, copy(Value(1)));
        }
    }

    template <class Alg, class System, class StateIn, class StateOut>
    ODEINT_CONTACT_DETAIL_HOT void stage(Alg& algebra, const System& system, std::size_t i, const StateIn& in, StateOut& out,
               const time_type& t_step, const time_type& dt_step, const char* name) {
        if constexpr (kicks<System>()) {
            if (m_kick) {
                kicked_step(algebra, system, in, out, t_step, dt_step, name);
                return;
            }
        }
        const auto& kinetic = system.kinetic();
        const auto& potential = system.potential();
        const auto& action = system.action();

        // This stage spans dt = g_i dt_step from t; one stage (cvi2) is exactly the step.
        const bool first = (i == 0);
        const bool last = (i + 1 == stages);
        const time_type t = first ? t_step : time_type(t_step + m_begin[i] * dt_step);
        const time_type dt = (stages == 1) ? dt_step : time_type(m_weight[i] * dt_step);
        const time_type t1 = last ? time_type(t_step + dt_step) : time_type(t_step + m_begin[i + 1] * dt_step);
        const time_type h = dt / Value(2);
        const auto& q_in = first ? in.q : m_q.m_v;
        const auto& p_in = first ? in.p : m_p.m_v;
        const action_t s_in = first ? action_t(in.s) : m_s;
        const energy_type& v_start = *m_start_value;
        const force_type& force_start = *m_start_force;
        const std::size_t next = m_next;

        // The discrete Legendre transform at q_k, p_k = (m Delta/tau + h grad V_k) / a, is regular
        // only for a = 1 + tau dL/ds_k = 1 - h F_s(s_k) != 0, and it continues the identity of
        // tau = 0 only while a > 0; a <= 0 would scale p by a non-positive factor (the exact
        // flow's factor exp(-int F_s dt) never is): the step is too long for the damping.
        // F and dF/ds at (s_k, t_k) side by side: an inlined coefficient f(t_k) is then computed
        // once for both.
        const auto action_start = action.value(s_in, t);
        const Value a = Value(1) - Value(detail::to_value(h * action.derivative(s_in, t)));
        if (!(a > 0) || !detail::is_finite(a))
            throw_start_factor(failure_prefix(name, i, t_step, dt_step), a, action.derivative(s_in, t), s_in);

        // The discrete Legendre transform at q_k, solved for pi = m Delta/tau, then
        // q_{k+1} = q_k + tau pi/m and tau (m/2)|Delta/tau|^2 = tau T(pi): exactly the flow of T
        // over tau from (q_k, pi), whose change of s, tau (pi . dT/dp - T), is tau T for the
        // quadratic T. quadratic_kinetic's flow has tau/m and tau/(2m) off the path from pi.
        // q_{k+1} and pi go straight where the stage's result belongs (the engine's destination
        // in the last stage), and the new p overwrites pi there: per stage p, grad V_k and q are read and pi and q_{k+1}
        // written in one pass, then pi and grad V_{k+1} read and p_{k+1} written.
        constexpr bool fused = std::is_same<Operations, boost::numeric::odeint::default_operations>::value;
        using scale_sum2 = typename Operations::template scale_sum2<Value, time_type>;
        using copy = typename Operations::template scale_sum1<Value>;
        // The last stage writes the engine's destination (composition.hpp), the others the
        // step's buffers.
        auto& q_next = (stages == 1 || last) ? out.q : m_q.m_v;
        auto& p_next = (stages == 1 || last) ? out.p : m_p.m_v;
        const auto dt_T = [&] {
            if constexpr (fused) {
                return kinetic.kicked_flow(algebra, q_in, p_in, a, time_type(-h), force_start, dt, q_next, p_next);
            } else {
                algebra.for_each3(p_next, p_in, force_start, scale_sum2(a, time_type(-h)));
                return kinetic.flow(algebra, q_in, p_next, dt, q_next);
            }
        }();

        // End values, in the slot the next stage starts from.
        m_energy[next] = detail::potential_value_and_gradient(potential, q_next, t1, m_force.m_v);

        // s_{k+1} + h F(s_{k+1}, t_{k+1}) = r. The terms known at the start are summed first,
        // then tau T(pi), and V_{k+1} last: it comes latest, after q_{k+1} and the potential.
        const action_t r_start = action_t(s_in - h * (v_start + action_start));
        const action_t r = action_t((r_start + dt_T) - h * m_energy[next]);
        m_part_stage = i;  // where a step_error of the solve comes from (see part_context)
        const action_solve<action_t> root = action.template solve_implicit<Value>(r, h, t1);
        m_part_stage = no_part;
        // The discrete Legendre transform at q_{k+1}: b = 1 + h F_s(s_{k+1}, t_{k+1}), the slope
        // of the implicit equation at the root, from the solver when it supplies it. On the
        // root's branch b > 0 in exact arithmetic, checked here after rounding and for user
        // action terms.
        const Value b = root.slope ? Value(*root.slope)
                                   : Value(1) + Value(detail::to_value(h * action.derivative(root.s, t1)));
        if (!(b > 0) || !detail::is_finite(b))
            throw_end_factor(failure_prefix(name, i, t_step, dt_step), b, root.s);

        // (pi - h grad V_{k+1}) / b: one pass with odeint's default operations (bench/ring), the
        // same operations element by element; with other operations two.
        if constexpr (fused) {
            algebra.for_each3(p_next, p_next, m_force.m_v,
                              detail::scale_kick<Value, time_type>{Value(1) / b, time_type(-h)});
        } else {
            algebra.for_each3(p_next, p_next, m_force.m_v, scale_sum2(Value(1), time_type(-h)));
            algebra.for_each2(p_next, p_next, copy(Value(1) / b));
        }
        if (stages == 1 || last) {
            out.s = root.s;
        } else {
            m_s = root.s;
        }
        m_start_value = &m_energy[next];
        m_start_force = &m_force.m_v;
        m_next = 1 - next;
    }

private:
    // The plain cvi2 step with the potential's value_and_kick (see kicks()): the formulas of
    // stage() in three passes instead of four, and no gradient buffer,
    //   pi      = a p_k - h grad V_k            value_and_kick at (q_k, t_k), also V_k
    //   q_{k+1} = q_k + tau pi/m, tau T(pi)     the kinetic part's flow
    //   p_{k+1} = pi/b - (h/b) grad V_{k+1}     value_and_kick at (q_{k+1}, t_{k+1}), also V_{k+1}
    // with b = 1 + h F_s(., t_{k+1}) taken before s_{k+1} is known (F affine in s), then s_{k+1}
    // from the implicit equation as in stage(). 9 arrays streamed instead of 12 (doc/methods.md).
    template <class Alg, class System, class StateIn, class StateOut>
    void kicked_step(Alg& algebra, const System& system, const StateIn& in, StateOut& out, const time_type& t,
                     const time_type& dt, const char* name) {
        const auto& kinetic = system.kinetic();
        const auto& potential = system.potential();
        const auto& action = system.action();
        const time_type t1 = time_type(t + dt);
        const time_type h = dt / Value(2);
        const action_t s_in = action_t(in.s);
        const auto action_start = action.value(s_in, t);
        const Value a = Value(1) - Value(detail::to_value(h * action.derivative(s_in, t)));
        if (!(a > 0) || !detail::is_finite(a))
            throw_start_factor(failure_prefix(name, 0, t, dt), a, action.derivative(s_in, t), s_in);
        // F_s does not depend on s: at s_k it is F_s at the unknown s_{k+1}.
        const Value b = Value(1) + Value(detail::to_value(h * action.derivative(s_in, t1)));

        auto& q_next = out.q;
        auto& p_next = out.p;

        const energy_type v_start = detail::potential_value_and_kick(potential, in.q, t, a, h, in.p, p_next);
        const auto dt_T = kinetic.flow(algebra, in.q, p_next, dt, q_next);
        const action_t r_start = action_t(s_in - h * (v_start + action_start));
        if (!(b > 0) || !detail::is_finite(b)) {
            // Say what stage() says: the action's own message when s + h F(s) = r has no root on
            // its branch (for linear F exactly when b <= 0), else that p would be divided by b.
            const action_t r = action_t((r_start + dt_T) - h * energy_type(potential.value(q_next, t1)));
            m_part_stage = 0;
            const action_solve<action_t> root = action.template solve_implicit<Value>(r, h, t1);
            m_part_stage = no_part;
            throw_end_factor(failure_prefix(name, 0, t, dt), b, root.s);
        }
        const energy_type v_end =
            detail::potential_value_and_kick(potential, q_next, t1, Value(1) / b, time_type(h / b), p_next, p_next);
        const action_t r = action_t((r_start + dt_T) - h * v_end);
        m_part_stage = 0;
        const action_solve<action_t> root = action.template solve_implicit<Value>(r, h, t1);
        m_part_stage = no_part;
        // b was taken at s_k, trusting affine_in_s, a user's declaration: the slope at the root,
        // which stage() divides by, is the solver's own (or one dF/ds), and one comparison
        // proves p equal to stage()'s (to rounding) or reports the declaration false.
        const Value b_root = root.slope ? Value(*root.slope)
                                        : Value(1) + Value(detail::to_value(h * action.derivative(root.s, t1)));
        using std::abs;
        if (!(abs(b_root - b) <= Value(8) * std::numeric_limits<Value>::epsilon() * abs(b)))
            throw parameter_error(failure_prefix(name, 0, t, dt) + "the action declares affine_in_s (dF/ds does not "
                                  "depend on s), but 1 + (dt/2) dF/ds is " + detail::format(b) + " at s = " +
                                  detail::format(s_in) + " and " + detail::format(b_root) + " at s = " +
                                  detail::format(root.s) + ". Declare affine_in_s only for an action F = f(t) s + "
                                  "c(t); without it the step is right, one pass over p slower; the state is unchanged");
        out.s = root.s;
    }

    // The discrete Legendre transforms' factors a = 1 - h F_s(s_k) and b = 1 + h F_s(s_{k+1}) must
    // be positive (see stage()).
    template <class Derivative>
    [[noreturn]] static void throw_start_factor(const std::string& prefix, const Value& a, const Derivative& fs,
                                                const action_t& s) {
        throw step_error(prefix + "1 - (dt/2) dF/ds(s, t) = " + detail::format(a) + " must be positive (dF/ds = " +
                         detail::format(fs) + ", s = " + detail::format(s) +
                         "): the step is too long for the damping; the state is unchanged");
    }
    [[noreturn]] static void throw_end_factor(const std::string& prefix, const Value& b, const action_t& s_new) {
        throw step_error(prefix + "the new momentum divides by 1 + (dt/2) dF/ds(s_new) = " + detail::format(b) +
                         ", which must be positive (s_new = " + detail::format(s_new) + "); the state is unchanged");
    }

    static std::string failure_prefix(const char* name, std::size_t i, const time_type& t, const time_type& dt) {
        std::string prefix = detail::step_failure_prefix(name, t, dt);
        if (stages > 1) prefix += " in stage " + std::to_string(i + 1) + " of " + std::to_string(stages);
        return prefix + ": ";
    }

    std::array<Value, stages> m_weight;  // g_i
    std::array<Value, stages> m_begin;   // start of stage i: g_1 + ... + g_{i-1}
    // V in two slots, the start of the current stage and the end it computes; grad V in one:
    // the start's is read only by the first pass, before the end's is written (a carried
    // sample's is the caller's, swapped with this one after the step).
    boost::numeric::odeint::state_wrapper<force_type> m_force{detail::zero_component<force_type>()};
    std::array<energy_type, 2> m_energy{};
    std::size_t m_next = 1;
    const energy_type* m_start_value = nullptr;
    const force_type* m_start_force = nullptr;
    // q and p at the end of a stage but the last (pi = m Delta/tau on its way to p)
    boost::numeric::odeint::state_wrapper<coordinate_type> m_q{detail::zero_component<coordinate_type>()};
    boost::numeric::odeint::state_wrapper<momentum_type> m_p{detail::zero_component<momentum_type>()};
    action_t m_s{};
    bool m_kick = false;  // this step is kicked_step (set by begin)
    static constexpr std::size_t no_part = std::size_t(-1);
    std::size_t m_part_stage = no_part;  // the stage whose implicit solve is running
};

}  // namespace detail
}  // namespace odeint_contact

#endif
