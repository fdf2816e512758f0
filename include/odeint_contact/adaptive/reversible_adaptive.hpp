// SPDX-License-Identifier: BSL-1.0
// odeint_contact/adaptive/reversible_adaptive.hpp
//
// reversible_adaptive<Stepper, Monitor>: variable steps that keep time symmetry (Hairer and
// Soederlind's explicit reversible step-density controller), as an odeint DenseOutputStepper.
// A monitor gives sigma(y) > 0 (the wanted step up to a factor) and log_rate = d(ln sigma)/dt;
// with G = -log_rate: rho_{n+1/2} = rho_n + (eps/2) G(y_n), h_n = eps / rho_{n+1/2},
// y_{n+1} = Phi_{h_n}(y_n), rho_{n+1} = rho_{n+1/2} + (eps/2) G(y_{n+1}). With a symmetric base
// stepper (every chi, cvi) this map of (y, rho) is time-reversible: energy errors stay bounded
// without drift over long runs; reverse() turns a run around. central_force_monitor: sigma =
// |q|^alpha (3/2 by default) from q and p, no gradient. Order: the base stepper's, in eps. Cost
// per step: one base step, one call of H(x, dxdt, t) (dense output), one of sigma and log_rate. eps is
// given, or calibrated at the first step by step doubling (controlled.hpp) for abs, rel: rough.
// Dense output: Hermite through the last five nodes (degree 9; fewer after initialize, reverse).
// The dt given to initialize caps the first step only. Failure: a bad sigma, eps, density or tolerance is our exception, state unchanged.
// Reference: E. Hairer, G. Soederlind, SIAM J. Sci. Comput. 26 (2005) 1838-1851; doc/adaptive.md.
#ifndef ODEINT_CONTACT_ADAPTIVE_REVERSIBLE_ADAPTIVE_HPP
#define ODEINT_CONTACT_ADAPTIVE_REVERSIBLE_ADAPTIVE_HPP

#include <array>
#include <cmath>
#include <string>
#include <utility>

#include <boost/numeric/odeint/stepper/stepper_categories.hpp>
#include <boost/numeric/odeint/util/copy.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>
#include <boost/numeric/odeint/util/state_wrapper.hpp>
#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <odeint_contact/adaptive/controlled.hpp>
#include <odeint_contact/detail/adaptive_support.hpp>
#include <odeint_contact/detail/step_failure.hpp>
#include <odeint_contact/errors.hpp>

namespace odeint_contact {

// sigma = |q|^alpha for a central force (Kepler: alpha = 3/2 makes the steps follow the orbital
// time scale r^(3/2)); log_rate = alpha (q . dq/dt) / |q|^2 with dq/dt = p / mass (a quadratic
// kinetic part |p|^2/(2 mass)).
template <class Value = double>
class central_force_monitor {
public:
    explicit central_force_monitor(Value alpha = Value(1.5), Value mass = Value(1)) : m_alpha(alpha), m_mass(mass) {
        if (!detail::is_finite(alpha))
            throw parameter_error("odeint_contact::central_force_monitor: alpha must be finite, got " +
                                  detail::format(alpha));
        if (!(detail::is_finite(mass) && mass > Value(0)))
            throw parameter_error("odeint_contact::central_force_monitor: mass must be positive and finite, got " +
                                  detail::format(mass));
    }
    template <class State, class Time>
    Value sigma(const State& x, const Time&) const {
        using std::pow;
        return pow(Value(detail::dot(x.q, x.q)), m_alpha / Value(2));
    }
    template <class State, class Time>
    Value log_rate(const State& x, const Time&) const {
        return m_alpha * Value(detail::dot(x.q, x.p)) / (m_mass * Value(detail::dot(x.q, x.q)));
    }

private:
    Value m_alpha;
    Value m_mass;
};

template <class Stepper, class Monitor = central_force_monitor<typename Stepper::value_type>>
class reversible_adaptive : public detail::adaptive_types<Stepper, boost::numeric::odeint::dense_output_stepper_tag> {
    using types = detail::adaptive_types<Stepper, boost::numeric::odeint::dense_output_stepper_tag>;
    static_assert(detail::is_monitor<Monitor, typename Stepper::state_type, typename Stepper::time_type>::value,
                  "reversible_adaptive: the monitor needs sigma(x, t) and log_rate(x, t), both returning a number "
                  "(doc/adaptive.md)");

public:
    using typename types::algebra_type;
    using typename types::deriv_type;
    using typename types::operations_type;
    using typename types::state_type;
    using typename types::time_type;
    using typename types::value_type;
    using typename types::wrapped_deriv_type;
    using typename types::wrapped_state_type;
    using stepper_type = Stepper;
    using monitor_type = Monitor;
    using resizer_type = typename Stepper::resizer_type;

    // eps given: h = eps sigma (roughly).
    explicit reversible_adaptive(value_type epsilon, const Monitor& monitor = Monitor(),
                                 const Stepper& stepper = Stepper())
        : m_stepper(stepper), m_monitor(monitor),
          m_eps(detail::checked_tolerance(epsilon, "epsilon", "reversible_adaptive")) {}
    // eps calibrated at the first step: the step that step doubling accepts at y0 for abs, rel
    // (controlled_contact) becomes the first step.
    reversible_adaptive(value_type abs_error, value_type rel_error, const Monitor& monitor = Monitor(),
                        const Stepper& stepper = Stepper())
        : m_stepper(stepper), m_monitor(monitor),
          m_abs(detail::checked_tolerance(abs_error, "abs_error", "reversible_adaptive")),
          m_rel(detail::checked_tolerance(rel_error, "rel_error", "reversible_adaptive")) {}

    template <class StateType>
    void initialize(const StateType& x0, const time_type& t0, const time_type& dt0) {
        // dt0 = 0 is odeint's integrate_adaptive re-initialising at the end point: no cap then.
        if (!detail::finite_times(t0, dt0))
            throw parameter_error(detail::times_message(t0, dt0, "reversible_adaptive::initialize"));
        const value_type sigma = checked_sigma<parameter_error>(x0, t0, "reversible_adaptive::initialize");
        resize(x0);
        boost::numeric::odeint::copy(x0, node(0));
        m_t[m_head] = t0;
        m_rho = value_type(1) / sigma;
        if (dt0 != time_type(0)) m_forward = dt0 > time_type(0);
        m_cap = dt0 < time_type(0) ? -dt0 : dt0;
        m_nodes = 1;
        m_have_deriv = false;
        if (m_eps > value_type(0)) {
            plan("reversible_adaptive::initialize");
        } else {
            // the calibration's first trial: dt0, or 1 in the unit of time
            const time_type one = detail::to_time<time_type>(value_type(1));
            m_dt = dt0 != time_type(0) ? dt0 : m_forward ? one : -one;
        }
    }

    // Turns the run around at the current state, keeping the density: the next steps retrace
    // the last ones (to round-off, with a symmetric base stepper).
    void reverse() {
        m_forward = !m_forward;
        m_cap = time_type(0);
        m_nodes = 1;
        if (m_eps > value_type(0)) plan("reversible_adaptive::reverse");
        else m_dt = -m_dt;
    }

    template <class System>
    std::pair<time_type, time_type> do_step(System system) {
        auto& sys = static_cast<typename boost::numeric::odeint::unwrap_reference<System>::type&>(system);
        if (!(m_eps > value_type(0))) calibrate(sys);
        const char* where = "reversible_adaptive::do_step";
        const time_type t = m_t[m_head];
        if (!m_have_deriv) {
            sys(node(0), deriv(0), t);
            m_have_deriv = true;
        }
        // rho_{n+1/2} and h_n were planned when y_n was reached (or by initialize, reverse).
        const time_type h = m_dt;
        m_stepper.do_step(sys, node(0), t, m_next.m_v, h);
        const time_type t_new = t + h;
        // Everything that can fail before anything is kept. G(y_{n+1}) is evaluated once for
        // both of its half kicks: rho_{n+1} and rho_{n+3/2}.
        const value_type kick = half_kick(m_next.m_v, t_new, where);
        const value_type rho_new = m_rho_half + kick;
        const auto [rho_half_new, h_new] = step_from(rho_new + kick, t_new, where);
        sys(m_next.m_v, m_next_deriv.m_v, t_new);
        m_head = (m_head + 1) % ring;
        std::swap(m_x[m_head], m_next);
        std::swap(m_f[m_head], m_next_deriv);
        m_t[m_head] = t_new;
        m_rho = rho_new;
        m_rho_half = rho_half_new;
        m_dt = h_new;
        m_cap = time_type(0);
        if (m_nodes < ring) ++m_nodes;
        return std::make_pair(t, t_new);
    }

    // The Hermite interpolant of the last step at t.
    template <class StateOut>
    void calc_state(const time_type& t, StateOut& x) const {
        algebra_type algebra = m_stepper.algebra();
        if (m_nodes == 1) {
            boost::numeric::odeint::copy(node(0), x);
            return;
        }
        const time_type h = m_t[m_head] - m_t[index(1)];
        if (m_nodes == 2) {
            std::array<value_type, 2> value{}, slope{};
            detail::hermite_weights<2, value_type>({value_type(0), value_type(1)}, (t - m_t[index(1)]) / h, value, slope);
            algebra.for_each5(x, node(1), node(0), deriv(1), deriv(0),
                              typename operations_type::template scale_sum4<value_type, value_type, time_type, time_type>(
                                  value[0], value[1], h * slope[0], h * slope[1]));
            return;
        }
        if (m_nodes == ring) {  // the last five nodes: degree 9
            std::array<value_type, 5> c{};
            for (unsigned i = 0; i < 5; ++i) c[i] = value_type((m_t[index(4 - i)] - m_t[index(1)]) / h);
            detail::hermite5<operations_type, state_type, deriv_type>(
                algebra, x, c, value_type((t - m_t[index(1)]) / h), h,
                {&node(4), &node(3), &node(2), &node(1), &node(0)}, {&deriv(4), &deriv(3), &deriv(2), &deriv(1), &deriv(0)});
            return;
        }
        const value_type back = (m_t[index(2)] - m_t[index(1)]) / h;
        detail::hermite3<operations_type>(algebra, x, {back, value_type(0), value_type(1)},
                                          value_type((t - m_t[index(1)]) / h), h, node(2), node(1), node(0), deriv(2),
                                          deriv(1), deriv(0));
    }

    const state_type& current_state() const { return node(0); }
    time_type current_time() const { return m_t[m_head]; }
    const state_type& previous_state() const { return node(m_nodes > 1 ? 1 : 0); }
    time_type previous_time() const { return m_t[m_nodes > 1 ? index(1) : m_head]; }
    time_type current_time_step() const { return m_dt; }
    // eps (0 until a tolerance-built stepper has taken its first step) and the density rho_n.
    value_type epsilon() const { return m_eps; }
    value_type density() const { return m_rho; }

    template <class StateType>
    void adjust_size(const StateType& x) {
        resize(x);
        m_stepper.adjust_size(x);
    }

    stepper_type& stepper() { return m_stepper; }
    const stepper_type& stepper() const { return m_stepper; }
    const monitor_type& monitor() const { return m_monitor; }

private:
    unsigned index(unsigned back) const { return (m_head + ring - back) % ring; }
    state_type& node(unsigned back) { return m_x[index(back)].m_v; }
    const state_type& node(unsigned back) const { return m_x[index(back)].m_v; }
    deriv_type& deriv(unsigned back) { return m_f[index(back)].m_v; }
    const deriv_type& deriv(unsigned back) const { return m_f[index(back)].m_v; }

    template <class StateType>
    void resize(const StateType& x) {
        using boost::numeric::odeint::adjust_size_by_resizeability;
        using resizeable = typename boost::numeric::odeint::is_resizeable<state_type>::type;
        using deriv_resizeable = typename boost::numeric::odeint::is_resizeable<deriv_type>::type;
        for (auto& w : m_x) adjust_size_by_resizeability(w, x, resizeable());
        adjust_size_by_resizeability(m_next, x, resizeable());
        for (auto& w : m_f) adjust_size_by_resizeability(w, x, deriv_resizeable());
        adjust_size_by_resizeability(m_next_deriv, x, deriv_resizeable());
    }

    // A bad sigma at the initial state is the caller's parameter_error, after a step a step_error.
    template <class Error = step_error, class StateType>
    value_type checked_sigma(const StateType& x, const time_type& t, const char* where) const {
        const value_type sigma = m_monitor.sigma(x, t);
        if (!(detail::is_finite(sigma) && sigma > value_type(0)))
            throw Error(detail::message_prefix(where) + "the monitor's sigma must be positive and "
                                  "finite, got " + detail::format(sigma) + " at t = " + detail::format(t));
        return sigma;
    }

    // (eps/2) G along the direction of the run, G = -log_rate.
    template <class StateType>
    value_type half_kick(const StateType& x, const time_type& t, const char* where) const {
        checked_sigma(x, t, where);
        const value_type rate = m_monitor.log_rate(x, t);
        if (!detail::is_finite(rate))
            throw step_error(detail::message_prefix(where) + "the monitor's log_rate is not finite (" +
                             detail::format(rate) + ") at t = " + detail::format(t));
        const value_type g = m_forward ? -rate : rate;
        return m_eps / value_type(2) * g;
    }

    // rho_{n+1/2} and h_n from the current node, kept for the next do_step.
    void plan(const char* where) {
        const auto [rho_half, h] = step_from(m_rho + half_kick(node(0), m_t[m_head], where), m_t[m_head], where);
        m_rho_half = rho_half;
        m_dt = h;
    }

    // The step from time t with density rho_{n+1/2}, checked.
    std::pair<value_type, time_type> step_from(const value_type& rho_half, const time_type& t,
                                               const char* where) const {
        if (!(detail::is_finite(rho_half) && rho_half > value_type(0)))
            throw step_error(detail::message_prefix(where) + "the step density " + detail::format(rho_half) +
                             " at t = " + detail::format(t) + " is not positive: epsilon = " + detail::format(m_eps) +
                             " is too large for this monitor");
        time_type h = detail::to_time<time_type>(m_eps / rho_half);
        if (m_cap > time_type(0) && m_cap < h) h = m_cap;
        if (!(detail::is_finite(t + h) && t + h != t))
            throw step_error(detail::message_prefix(where) + "the step " + detail::format(h) +
                             " at t = " + detail::format(t) + " underflows or overflows");
        return {rho_half, m_forward ? h : -h};
    }

    // The step step doubling accepts at the first node, grown while it is accepted with room.
    template <class System>
    void calibrate(System& sys) {
        using std::abs;
        controlled_contact<Stepper> controlled(m_abs, m_rel, m_stepper);
        time_type dt = m_dt;
        time_type accepted(0);
        for (int i = 0; i < 64; ++i) {
            time_type t = m_t[m_head];
            const time_type trial = dt;
            if (controlled.try_step(sys, node(0), t, m_next.m_v, dt) == boost::numeric::odeint::success) {
                accepted = trial;
                if (!(abs(detail::time_value(dt)) > abs(detail::time_value(trial)))) break;
            } else if (accepted != time_type(0)) {
                break;
            }
        }
        if (accepted == time_type(0))
            throw step_error("odeint_contact::reversible_adaptive::do_step: no first step meets the tolerances");
        m_eps = value_type(abs(detail::time_value(accepted))) * m_rho;
        m_cap = time_type(0);
        plan("reversible_adaptive::do_step");
    }

    stepper_type m_stepper;
    monitor_type m_monitor;
    value_type m_eps{0};
    value_type m_abs{0};
    value_type m_rel{0};
    // the last `ring` nodes (m_head the newest), for the interpolant
    static constexpr unsigned ring = 5;
    std::array<wrapped_state_type, ring> m_x;
    std::array<wrapped_deriv_type, ring> m_f;
    wrapped_state_type m_next;
    wrapped_deriv_type m_next_deriv;
    std::array<time_type, ring> m_t{};
    unsigned m_head = 0;
    unsigned m_nodes = 0;
    bool m_have_deriv = false;
    bool m_forward = true;
    value_type m_rho{1};
    value_type m_rho_half{1};
    time_type m_cap{0};
    time_type m_dt{0};
};

}  // namespace odeint_contact

#endif
