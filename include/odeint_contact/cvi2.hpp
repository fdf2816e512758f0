// odeint_contact/cvi2.hpp
//
// cvi2: the second-order contact variational integrator (CVI) for separable contact
// Hamiltonians H = |p|^2/(2m) + V(q,t) + F(s,t), as an odeint Stepper.
//
// What it does: one step of size tau from (q_k, p_k, s_k, t_k) is the discrete Herglotz principle
// s_{k+1} - s_k = tau L_k for the trapezoidal discrete Lagrangian
//     L_k = (m/2)|Delta/tau|^2 - (V(q_k,t_k) + V(q_{k+1},t_{k+1}))/2 - (F(s_k,t_k) + F(s_{k+1},t_{k+1}))/2,
// Delta = q_{k+1} - q_k, t_{k+1} = t_k + tau, with the momenta of the discrete Legendre transforms
// p_k = -tau dL_k/dq_k / (1 + tau dL_k/ds_k) and p_{k+1} = tau dL_k/dq_{k+1} / (1 - tau dL_k/ds_{k+1})
// (errata section 3 of "New directions for contact integrators"). Solved for the new point, with
// h = tau/2 and the discrete momentum pi = m Delta/tau:
//     pi        = (1 - h F_s(s_k,t_k)) p_k - h grad V(q_k,t_k)
//     q_{k+1}   = q_k + tau pi/m
//     s_{k+1} + h F(s_{k+1},t_{k+1}) = r := s_k + tau [|pi|^2/(2m) - (V_k + V_{k+1})/2 - F(s_k,t_k)/2]
//     p_{k+1}   = (pi - h grad V(q_{k+1},t_{k+1})) / (1 + h F_s(s_{k+1},t_{k+1}))
// The scalar equation for s_{k+1} is solved by the action term (action.hpp, solve_implicit): in
// closed form for linear_action and quadratic_action.
// Order and cost: order 2 in q, p and s, also for time-dependent V and F. In a run of steps, one
// evaluation of V and of grad V per step (or one call of value_and_gradient; the end values of a
// step are the start values of the next; see "Cache" below), one flow of T (kinetic.flow), one of F, one of dF/ds, one
// solve_implicit (which also supplies 1 + h F_s at the root: see action.hpp).
// No heap allocation after the first step.
// What it keeps: every step is exactly a contact map, with conformal factor
// (1 - h F_s(s_k,t_k)) / (1 + h F_s(s_{k+1},t_{k+1})); for F = gamma s that is
// (1 - tau gamma/2)/(1 + tau gamma/2), the (1,1) Pade approximant of the exact e^{-gamma tau}.
// Why not the printed scheme: the paper's equations (6)-(9) mix F(s_k) and the trapezoidal
// average; taken literally they are first order in s and not contact (errata section 3).
// When not to use it: a kinetic term other than quadratic_kinetic (it does not compile; use chi2);
// steps with tau |F_s| / 2 near 1, where the Pade factor above is a poor copy of e^{-F_s tau}.
// Failure: do_step throws odeint_contact::step_error with the values and leaves the state
// unchanged when a discrete Legendre transform is singular or reverses p, i.e. unless
// 1 - h F_s(s_k,t_k) > 0 and 1 + h F_s(s_{k+1},t_{k+1}) > 0 (linear F: tau >= 2/|f|), and when
// s + h F(s, t_{k+1}) = r has no root on the branch that continues s = r from h = 0 (quadratic F:
// 1 + tau gamma r <= 0).
// Cache: the stepper keeps q_{k+1}, t_{k+1}, V and grad V there, and the address and type of the
// potential. A step whose q equals the kept q exactly, whose t equals the kept t up to the
// rounding of odeint's time bookkeeping (see same_time below), and whose potential is the same
// object reuses them; anything else recomputes, so changing the state, swapping trajectories or
// changing dt is always safe (V and grad V at (q,t) do not depend on dt). Call reset() after
// changing a potential's parameters in place between steps.
// References: Vermeeren, Bravetti, Seri, "Contact variational integrators", J. Phys. A 52 (2019);
// Bravetti, Seri, Zadra, "New directions for contact integrators", GSI 2021.
#ifndef ODEINT_CONTACT_CVI2_HPP
#define ODEINT_CONTACT_CVI2_HPP

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>
#include <boost/numeric/odeint/util/state_wrapper.hpp>
#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <odeint_contact/action.hpp>
#include <odeint_contact/contact_state.hpp>
#include <odeint_contact/detail/concept_checks.hpp>
#include <odeint_contact/detail/step_failure.hpp>
#include <odeint_contact/detail/stepper_base.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>
#include <odeint_contact/kinetic.hpp>
#include <odeint_contact/separable_hamiltonian.hpp>

namespace odeint_contact {
namespace detail {

template <class K>
struct is_quadratic_kinetic : std::false_type {};
template <class Mass>
struct is_quadratic_kinetic<quadratic_kinetic<Mass>> : std::true_type {};

template <class A, class Value, class S, class T, class = void>
struct has_solve_implicit : std::false_type {};
template <class A, class Value, class S, class T>
struct has_solve_implicit<A, Value, S, T,
                          std::void_t<decltype(std::declval<const A&>().template solve_implicit<Value>(
                              std::declval<const S&>(), std::declval<const T&>(), std::declval<const T&>()))>>
    : std::is_same<decltype(std::declval<const A&>().template solve_implicit<Value>(
                       std::declval<const S&>(), std::declval<const T&>(), std::declval<const T&>())),
                   action_solve<S>> {};

// One distinct address per type: with the potential's address it identifies the cached values'
// owner (two objects of different types can share an address, e.g. a member at offset 0).
template <class T>
inline constexpr char type_tag = 0;

// Element-wise exact equality through an odeint algebra's for_each2.
struct equal_elements {
    bool* equal;
    template <class A, class B>
    void operator()(const A& a, const B& b) const {
        if (!(a == b)) *equal = false;
    }
};

// odeint's integrate functions compute the n-th time as t0 + n*dt, not as t_{n-1} + dt, so the
// time of the next step and the cached t_{k+1} = t_k + dt can differ in the last bit (about a
// third of the steps for dt = 0.1 from t0 = 0). With t0 and dt of one sign, each of the three
// roundings involved is at most half an ulp of a number no larger in magnitude than t, so the
// two differ by at most 2.5 eps max(|a|, |b|); 4 eps keeps a margin. Larger differences (t0 and
// t of opposite signs, or a caller who moves t) only cost a recomputation. Reusing V at a time
// that differs from the requested one by this much changes the step by the same relative amount
// as the rounding of t itself.
template <class Time>
bool same_time(const Time& a, const Time& b) {
    if (a == b) return true;
    using std::abs;
    using plain = plain_value_t<Time>;
    const plain x = raw_value(a);
    const plain y = raw_value(b);
    const plain ax = abs(x);
    const plain ay = abs(y);
    const plain scale = ax > ay ? ax : ay;
    return plain(abs(x - y)) <= plain(4) * std::numeric_limits<plain>::epsilon() * scale;
}

}  // namespace detail

template <class State, class Value = double, class Deriv = State, class Time = Value,
          class Algebra = typename boost::numeric::odeint::algebra_dispatcher<State>::algebra_type,
          class Operations = typename boost::numeric::odeint::operations_dispatcher<State>::operations_type,
          class Resizer = boost::numeric::odeint::initially_resizer>
class cvi2 : public detail::stepper_base<State, Value, Deriv, Time, Algebra, Operations, Resizer> {
    using base = detail::stepper_base<State, Value, Deriv, Time, Algebra, Operations, Resizer>;

public:
    using typename base::algebra_type;
    using typename base::deriv_type;
    using typename base::order_type;
    using typename base::resizer_type;
    using typename base::state_type;
    using typename base::time_type;
    using stepper_type = cvi2;

    static constexpr order_type order_value = 2;

    explicit cvi2(const algebra_type& algebra = algebra_type()) : base(algebra) {}

    order_type order() const { return order_value; }

    template <class System, class StateInOut>
    void do_step(System&& system, StateInOut& x, const time_type& t, const time_type& dt) {
        step(system, x, x, t, dt);
    }

    template <class System, class StateIn, class StateOut>
    void do_step(System&& system, const StateIn& in, const time_type& t, StateOut& out, const time_type& dt) {
        step(system, in, out, t, dt);
    }

    template <class StateIn>
    void adjust_size(const StateIn& x) {
        if (resize_impl(x)) m_cached = false;
    }

    // Forget the cached end values of the last step: the next step evaluates V and grad V anew.
    void reset() { m_cached = false; }

private:
    using coordinate_type = std::decay_t<decltype(std::declval<state_type&>().q)>;
    using momentum_type = std::decay_t<decltype(std::declval<state_type&>().p)>;
    using force_type = std::decay_t<decltype(std::declval<deriv_type&>().p)>;
    // ds/dt = p.dT/dp - H is an energy, so the derivative's s type is the type of V.
    using energy_type = std::decay_t<decltype(std::declval<deriv_type&>().s)>;

    template <class StateIn>
    bool resize_impl(const StateIn& x) {
        namespace odeint = boost::numeric::odeint;
        using q_resizeable = typename odeint::is_resizeable<coordinate_type>::type;
        using p_resizeable = typename odeint::is_resizeable<momentum_type>::type;
        bool resized = false;
        for (auto& q : m_q) resized |= odeint::adjust_size_by_resizeability(q, x.q, q_resizeable());
        for (auto& f : m_force) resized |= odeint::adjust_size_by_resizeability(f, x.p, p_resizeable());
        resized |= odeint::adjust_size_by_resizeability(m_momentum, x.p, p_resizeable());
        return resized;
    }

    template <class Kinetic, class Potential, class Action>
    static constexpr bool check_cvi2_parts() {
        constexpr bool quadratic = detail::is_quadratic_kinetic<Kinetic>::value;
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
                      "type (an energy), where cvi2 keeps it between steps");
        using action_t = std::decay_t<decltype(std::declval<state_type&>().s)>;
        constexpr bool solve = detail::has_solve_implicit<Action, Value, action_t, time_type>::value;
        static_assert(solve,
                      "odeint_contact::cvi2: the action term needs a member template "
                      "solve_implicit<Value>(r, half_dt, t) returning action_solve<S>, the root of "
                      "s + half_dt F(s,t) = r that continues s = r (see action.hpp)");
        return quadratic && energy && solve;
    }

    template <class Potential>
    bool cache_matches(const coordinate_type& q, const time_type& t, const Potential& potential) {
        if (!m_cached || m_potential_address != static_cast<const void*>(std::addressof(potential)) ||
            m_potential_type != static_cast<const void*>(&detail::type_tag<Potential>) ||
            !detail::same_time(t, m_time[m_start]))
            return false;
        bool equal = true;
        this->m_algebra.for_each2(m_q[m_start].m_v, q, detail::equal_elements{&equal});
        return equal;
    }

    std::string failure_prefix(const time_type& t, const time_type& dt) const {
        return "odeint_contact::cvi2::do_step: step from t = " + detail::format(t) + " with dt = " +
               detail::format(dt) + " failed: ";
    }

    // The checks first, and the step only for a system that passes them: a user's mistake then
    // shows our static_assert as the first error, not what the step's body makes of it.
    template <class SystemArg, class StateIn, class StateOut>
    void step(SystemArg& system_arg, const StateIn& in, StateOut& out, const time_type& t, const time_type& dt) {
        using system_type = typename boost::numeric::odeint::unwrap_reference<std::remove_cv_t<SystemArg>>::type;
        if constexpr (valid_system<std::remove_cv_t<system_type>>()) {
            const system_type& system = system_arg;
            checked_step(system, in, out, t, dt);
        }
    }

    template <class System>
    static constexpr bool valid_system() {
        constexpr bool separable = detail::is_separable_hamiltonian<System>::value;
        static_assert(separable,
                      "odeint_contact: contact variational integrators need the parts of H; pass a "
                      "Hamiltonian made by make_separable_hamiltonian(kinetic, potential, action)");
        if constexpr (separable) {
            using kinetic_t = typename System::kinetic_type;
            using potential_t = typename System::potential_type;
            using action_term_t = typename System::action_type;
            if constexpr (detail::check_units<state_type, deriv_type, time_type>() &&
                          detail::check_hamiltonian_parts<kinetic_t, potential_t, action_term_t, state_type,
                                                          deriv_type, time_type>())
                return check_cvi2_parts<kinetic_t, potential_t, action_term_t>();
            else
                return false;
        } else {
            return false;
        }
    }

    template <class System, class StateIn, class StateOut>
    void checked_step(const System& system, const StateIn& in, StateOut& out, const time_type& t,
                      const time_type& dt) {
        using kinetic_t = typename System::kinetic_type;
        using potential_t = typename System::potential_type;
        using action_term_t = typename System::action_type;
        if (!detail::is_finite(t) || !detail::is_finite(dt))
            throw parameter_error("odeint_contact::cvi2::do_step: t and dt must be finite, got t = " +
                                  detail::format(t) + ", dt = " + detail::format(dt));

        if (m_resizer.adjust_size(in, [this](const auto& x) { return this->resize_impl(x); }))
            m_cached = false;

        const kinetic_t& kinetic = system.kinetic();
        const potential_t& potential = system.potential();
        const action_term_t& action = system.action();
        auto& algebra = this->m_algebra;
        using copy = typename Operations::template scale_sum1<Value>;
        using scale_sum2 = typename Operations::template scale_sum2<Value, time_type>;
        using action_t = std::decay_t<decltype(in.s)>;

        const time_type t1 = t + dt;
        const time_type h = dt / Value(2);
        const std::size_t k = m_start;
        const std::size_t next = 1 - k;

        // The discrete Legendre transform at q_k, p_k = (m Delta/tau + h grad V_k) / a, is regular
        // only for a = 1 + tau dL/ds_k = 1 - h F_s(s_k) != 0, and it continues the identity of
        // tau = 0 only while a > 0; a <= 0 would scale p by a non-positive factor (the exact
        // flow's factor exp(-int F_s dt) never is): the step is too long for the damping.
        // F and dF/ds at (s_k, t_k) side by side: an inlined coefficient f(t_k) is then computed
        // once for both.
        const auto action_start = action.value(in.s, t);
        const Value a = Value(1) - Value(detail::to_value(h * action.derivative(in.s, t)));
        if (!(a > 0) || !detail::is_finite(a))
            throw step_error(failure_prefix(t, dt) + "1 - (dt/2) dF/ds(s, t) = " + detail::format(a) +
                             " must be positive (dF/ds = " + detail::format(action.derivative(in.s, t)) +
                             ", s = " + detail::format(in.s) +
                             "): the step is too long for the damping; the state is unchanged");

        // Start values: from the previous step when it ended where this one starts.
        if (!cache_matches(in.q, t, potential)) {
            m_cached = false;  // slot k is being overwritten; stays invalid if V throws
            m_energy[k] = detail::potential_value_and_gradient(potential, in.q, t, m_force[k].m_v);
            algebra.for_each2(m_q[k].m_v, in.q, copy(Value(1)));
            m_time[k] = t;
            m_potential_address = std::addressof(potential);
            m_potential_type = &detail::type_tag<potential_t>;
            m_cached = true;
        }

        // The discrete Legendre transform at q_k, solved for pi = m Delta/tau, then
        // q_{k+1} = q_k + tau pi/m and tau (m/2)|Delta/tau|^2 = tau T(pi): exactly the flow of T
        // over tau from (q_k, pi), whose change of s, tau (pi . dT/dp - T), is tau T for the
        // quadratic T. quadratic_kinetic's flow has tau/m and tau/(2m) off the path from pi.
        auto& pi = m_momentum.m_v;
        algebra.for_each3(pi, in.p, m_force[k].m_v, scale_sum2(a, time_type(-h)));
        const auto dt_T = kinetic.flow(in.q, pi, dt, m_q[next].m_v);

        // End values, kept in slot `next` for the next step. Until the step succeeds the cache
        // still describes slot k, which is the unchanged input: a retry with another dt reuses it.
        m_energy[next] = detail::potential_value_and_gradient(potential, m_q[next].m_v, t1, m_force[next].m_v);

        // s_{k+1} + h F(s_{k+1}, t_{k+1}) = r. The terms known at the start are summed first,
        // then tau T(pi), and V_{k+1} last: it comes latest, after q_{k+1} and the potential.
        const action_t r_start = action_t(in.s - h * (m_energy[k] + action_start));
        const action_t r = action_t((r_start + dt_T) - h * m_energy[next]);
        const action_solve<action_t> root = detail::with_step_context<step_error>(
            "cvi2", t, dt, [] { return "in the implicit action equation"; },
            [&] { return action.template solve_implicit<Value>(r, h, t1); });
        // The discrete Legendre transform at q_{k+1}: b = 1 + h F_s(s_{k+1}, t_{k+1}), the slope
        // of the implicit equation at the root, from the solver when it supplies it. On the
        // root's branch b > 0 in exact arithmetic, checked here after rounding and for user
        // action terms.
        const Value b = root.slope ? Value(*root.slope)
                                   : Value(1) + Value(detail::to_value(h * action.derivative(root.s, t1)));
        if (!(b > 0) || !detail::is_finite(b))
            throw step_error(failure_prefix(t, dt) + "the new momentum divides by 1 + (dt/2) dF/ds(s_new) = " +
                             detail::format(b) + ", which must be positive (s_new = " +
                             detail::format(root.s) + "); the state is unchanged");

        // Nothing can fail from here on: write the caller's state. pi - h grad V_{k+1} does not
        // wait for b (pi is not needed any more).
        algebra.for_each3(pi, pi, m_force[next].m_v, scale_sum2(Value(1), time_type(-h)));
        algebra.for_each2(out.p, pi, copy(Value(1) / b));
        algebra.for_each2(out.q, m_q[next].m_v, copy(Value(1)));
        out.s = root.s;
        m_time[next] = t1;
        m_start = next;
    }

    resizer_type m_resizer;
    // Two slots for q, grad V, V and t: slot m_start holds the start of the next step (the end of
    // the last), the other receives the end of the step being taken.
    std::array<boost::numeric::odeint::state_wrapper<coordinate_type>, 2> m_q{
        {{detail::zero_component<coordinate_type>()}, {detail::zero_component<coordinate_type>()}}};
    std::array<boost::numeric::odeint::state_wrapper<force_type>, 2> m_force{
        {{detail::zero_component<force_type>()}, {detail::zero_component<force_type>()}}};
    std::array<energy_type, 2> m_energy{};
    std::array<time_type, 2> m_time{};
    std::size_t m_start = 0;
    bool m_cached = false;
    const void* m_potential_address = nullptr;
    const void* m_potential_type = nullptr;
    boost::numeric::odeint::state_wrapper<momentum_type> m_momentum{
        detail::zero_component<momentum_type>()};  // pi = m Delta/tau
};

}  // namespace odeint_contact

#endif
