// SPDX-License-Identifier: BSL-1.0
// odeint_contact/adaptive/dense_output.hpp
//
// dense_output_contact<Stepper>: a contact stepper under step-doubling control (controlled.hpp)
// as an odeint DenseOutputStepper: odeint::make_dense_output(abs, rel[, max_dt], S()); observers
// get exactly the requested times, steps are never shortened for them. Between steps: the
// Hermite polynomial through the step's ends and step-doubling midpoint and those of the step
// before (values and contact vector field), degree 9, order min(9, p) (5 on the first step).
// Its error is held to the tolerance as a step's: a step whose interpolant is off from the
// degree-7 one through its newest four nodes by more is tried again shorter (not the first
// after initialize), and bounds the next. Interpolated states are for observers only. Cost: the
// controlled stepper's (3 base steps per try), 2 evaluations of H(x, dxdt, t) per tried step (3
// on the first), more steps where the interpolant needs them. When not to use it: as for
// controlled_contact (energy drifts over long runs). Failure: as controlled_contact; calc_state
// outside the last step extrapolates (odeint's does too). doc/adaptive.md.
#ifndef ODEINT_CONTACT_ADAPTIVE_DENSE_OUTPUT_HPP
#define ODEINT_CONTACT_ADAPTIVE_DENSE_OUTPUT_HPP

#include <array>
#include <cmath>
#include <string>
#include <utility>

#include <boost/numeric/odeint/stepper/generation/make_dense_output.hpp>
#include <boost/numeric/odeint/util/copy.hpp>

#include <odeint_contact/adaptive/controlled.hpp>

namespace odeint_contact {

template <class Stepper>
class dense_output_contact : public detail::adaptive_types<Stepper, boost::numeric::odeint::dense_output_stepper_tag> {
    using types = detail::adaptive_types<Stepper, boost::numeric::odeint::dense_output_stepper_tag>;

public:
    using typename types::algebra_type;
    using typename types::deriv_type;
    using typename types::operations_type;
    using typename types::state_type;
    using typename types::time_type;
    using typename types::value_type;
    using typename types::wrapped_deriv_type;
    using typename types::wrapped_state_type;
    using controlled_stepper_type = controlled_contact<Stepper>;
    using stepper_type = controlled_stepper_type;
    using resizer_type = typename Stepper::resizer_type;
    using dense_output_stepper_type = dense_output_contact;

    // The interpolant's order (local error O(h^(order + 1))) when the base stepper's is higher:
    // 5 on the first step after initialize, 9 from the second on.
    static constexpr unsigned short interpolation_order = 9;

    dense_output_contact(value_type abs_error, value_type rel_error, const Stepper& stepper = Stepper())
        : m_controlled(abs_error, rel_error, stepper) {}
    dense_output_contact(value_type abs_error, value_type rel_error, time_type max_dt,
                         const Stepper& stepper = Stepper())
        : m_controlled(abs_error, rel_error, max_dt, stepper) {}
    // As odeint's dense_output_runge_kutta: from a controlled stepper (its error checker chooses
    // the parts of (q, p, s) measured, controlled.hpp).
    explicit dense_output_contact(const controlled_stepper_type& controlled) : m_controlled(controlled) {}

    template <class StateType>
    void initialize(const StateType& x0, const time_type& t0, const time_type& dt0) {
        // dt0 = 0 is odeint's integrate_adaptive re-initialising at the end point.
        if (!detail::finite_times(t0, dt0))
            throw parameter_error(detail::times_message(t0, dt0, "dense_output_contact::initialize"));
        resize(x0);
        boost::numeric::odeint::copy(x0, current());
        m_t = t0;
        m_t_old = t0;
        m_t_older = t0;
        m_dt = dt0;
        m_have_deriv = false;
        m_steps = 0;
    }

    // One accepted step (as many tries as that takes); returns (previous time, current time).
    template <class System>
    std::pair<time_type, time_type> do_step(System system) {
        auto& sys = static_cast<typename boost::numeric::odeint::unwrap_reference<System>::type&>(system);
        if (!m_have_deriv) {
            sys(current(), deriv_current(), m_t);
            m_have_deriv = true;
        }
        using std::abs;
        time_type dt = m_dt;
        // The new step goes into the slots of the oldest nodes, which the last step's interpolant
        // then no longer has (a throwing system leaves the current state and time).
        if (m_steps > 1) m_steps = 1;
        for (;;) {
            time_type t = m_t;
            const unsigned next = (m_current + 1) % 3;
            while (m_controlled.attempt(sys, current(), t, m_x[next].m_v, dt) == boost::numeric::odeint::fail) {
            }
            boost::numeric::odeint::copy(m_controlled.m_mid.m_v, m_mid[m_mid_current ^ 1].m_v);
            sys(m_x[next].m_v, m_deriv[next].m_v, t);
            sys(m_mid[m_mid_current ^ 1].m_v, m_deriv_mid[m_mid_current ^ 1].m_v, m_t + (t - m_t) / value_type(2));
            const std::array<time_type, 3> times{m_t_older, m_t_old, m_t};
            m_t_older = m_t_old;
            m_t_old = m_t;
            m_t = t;
            m_dt = dt;
            m_current = next;
            m_mid_current ^= 1;
            ++m_steps;
            // The interpolant's error as a step's: over the tolerance, the step is tried again
            // shorter (the last step's interpolant is then the quintic, its older nodes taken);
            // else it bounds the next step. The first step after initialize is never tried again:
            // odeint's integrate_const initializes to end a run with one step at the end time.
            const value_type error = interpolation_error();
            if (!detail::is_finite(error)) break;
            const time_type h = m_t - m_t_old;
            const time_type limit = h * interpolation_step_factor(error);
            if (error <= value_type(1) || m_steps == 1) {
                if (abs(detail::time_value(m_dt)) > abs(detail::time_value(limit))) m_dt = limit;
                break;
            }
            m_current = (m_current + 2) % 3;
            m_mid_current ^= 1;
            m_steps = 1;
            m_t_older = times[0];
            m_t_old = times[1];
            m_t = times[2];
            if (m_t + limit == m_t)
                throw step_error(detail::underflow_message(m_t, h, error, std::string("interpolation error"),
                                                           "dense_output_contact::do_step"));
            dt = limit;
        }
        return std::make_pair(m_t_old, m_t);
    }

    // The interpolant of the last step at t (between previous_time() and current_time()).
    template <class StateOut>
    void calc_state(const time_type& t, StateOut& x) const {
        const time_type h = m_t - m_t_old;
        if (h == time_type(0)) {  // before the first step
            boost::numeric::odeint::copy(current(), x);
            return;
        }
        const value_type theta = (t - m_t_old) / h;
        algebra_type& algebra = const_cast<algebra_type&>(m_controlled.m_stepper.algebra());
        const state_type& mid = m_mid[m_mid_current].m_v;
        const deriv_type& deriv_mid = m_deriv_mid[m_mid_current].m_v;
        if (m_steps < 2) {
            detail::hermite3<operations_type>(algebra, x, {value_type(0), value_type(0.5), value_type(1)}, theta, h,
                                              old(), mid, current(), deriv_old(), deriv_mid, deriv_current());
            return;
        }
        // with the last step's start and midpoint too: degree 9
        std::array<value_type, 5> value{}, slope{};
        hermite_weights5(theta, value, slope);
        combine5(algebra, x, value, slope, h);
    }

    const state_type& current_state() const { return current(); }
    time_type current_time() const { return m_t; }
    const state_type& previous_state() const { return old(); }
    time_type previous_time() const { return m_t_old; }
    time_type current_time_step() const { return m_dt; }

    template <class StateType>
    void adjust_size(const StateType& x) {
        resize(x);
        m_controlled.adjust_size(x);
    }

    controlled_stepper_type& controlled_stepper() { return m_controlled; }
    const controlled_stepper_type& controlled_stepper() const { return m_controlled; }

private:
    // The nodes of the degree-9 interpolant in units of the last step h from its start: the step
    // before's start and midpoint, the last step's start, midpoint and end.
    std::array<value_type, 5> nodes5() const {
        const value_type a = (m_t_old - m_t_older) / (m_t - m_t_old);
        return {-a, -a / value_type(2), value_type(0), value_type(0.5), value_type(1)};
    }
    void hermite_weights5(const value_type& theta, std::array<value_type, 5>& value,
                          std::array<value_type, 5>& slope) const {
        detail::hermite_weights<5, value_type>(nodes5(), theta, value, slope);
    }
    template <class StateOut>
    void combine5(algebra_type& algebra, StateOut& x, const std::array<value_type, 5>& value,
                  const std::array<value_type, 5>& slope, const time_type& h) const {
        const unsigned older = (m_current + 1) % 3;
        detail::hermite_combination5<operations_type, state_type, deriv_type>(
            algebra, x, value, slope, h,
            {&m_x[older].m_v, &m_mid[m_mid_current ^ 1].m_v, &old(), &m_mid[m_mid_current].m_v, &current()},
            {&m_deriv[older].m_v, &m_deriv_mid[m_mid_current ^ 1].m_v, &deriv_old(),
             &m_deriv_mid[m_mid_current].m_v, &deriv_current()});
    }

    // The last step's interpolant's error, estimated as its distance from the Hermite polynomial
    // through its newest nodes but one (degree 7 through 4 nodes against degree 9 through 5; on
    // the first step, the cubic through the ends against the quintic), at a quarter and three
    // quarters of the step, weighed as the step's error (1: the tolerance).
    value_type interpolation_error() {
        const time_type h = m_t - m_t_old;
        algebra_type& algebra = m_controlled.m_stepper.algebra();
        value_type error(0);
        for (const value_type theta : {value_type(0.25), value_type(0.75)}) {
            if (m_steps > 1) {
                const std::array<value_type, 5> c = nodes5();
                std::array<value_type, 5> value{}, slope{};
                std::array<value_type, 4> value_low{}, slope_low{};
                hermite_weights5(theta, value, slope);
                detail::hermite_weights<4, value_type>({c[1], c[2], c[3], c[4]}, theta, value_low, slope_low);
                for (unsigned i = 0; i < 4; ++i) {
                    value[i + 1] -= value_low[i];
                    slope[i + 1] -= slope_low[i];
                }
                combine5(algebra, m_difference.m_v, value, slope, h);
            } else {
                std::array<value_type, 3> value{}, slope{};
                std::array<value_type, 2> value_low{}, slope_low{};
                detail::hermite_weights<3, value_type>({value_type(0), value_type(0.5), value_type(1)}, theta, value,
                                                       slope);
                detail::hermite_weights<2, value_type>({value_type(0), value_type(1)}, theta, value_low, slope_low);
                value[0] -= value_low[0];
                slope[0] -= slope_low[0];
                value[2] -= value_low[1];
                slope[2] -= slope_low[1];
                detail::hermite_combination3<operations_type>(algebra, m_difference.m_v, value, slope, h, old(),
                                                              m_mid[m_mid_current].m_v, current(), deriv_old(),
                                                              m_deriv_mid[m_mid_current].m_v, deriv_current());
            }
            const value_type e = m_controlled.m_error_checker.error(algebra, current(), current(), m_difference.m_v, h);
            if (!(e <= error)) error = e;
        }
        return error;
    }
    // The step after one whose interpolation error is `error`, in units of it: the rule of
    // controlled steps for the lower interpolant's local error, O(h^8) (O(h^4) on the first step),
    // within odeint's default_step_adjuster's bounds (1/5 ... 5).
    value_type interpolation_step_factor(const value_type& error) const {
        using std::pow;
        const value_type exponent = value_type(-1) / value_type(m_steps > 1 ? 8 : 4);
        value_type factor = error > value_type(0) ? value_type(0.9) * pow(error, exponent) : value_type(5);
        if (factor < value_type(0.2)) factor = value_type(0.2);
        if (factor > value_type(5)) factor = value_type(5);
        return factor;
    }

    template <class StateType>
    void resize(const StateType& x) {
        using boost::numeric::odeint::adjust_size_by_resizeability;
        using resizeable = typename boost::numeric::odeint::is_resizeable<state_type>::type;
        for (auto* w : {&m_x[0], &m_x[1], &m_x[2], &m_mid[0], &m_mid[1], &m_difference})
            adjust_size_by_resizeability(*w, x, resizeable());
        using deriv_resizeable = typename boost::numeric::odeint::is_resizeable<deriv_type>::type;
        for (auto* w : {&m_deriv[0], &m_deriv[1], &m_deriv[2], &m_deriv_mid[0], &m_deriv_mid[1]})
            adjust_size_by_resizeability(*w, x, deriv_resizeable());
    }
    state_type& current() { return m_x[m_current].m_v; }
    const state_type& current() const { return m_x[m_current].m_v; }
    const state_type& old() const { return m_x[(m_current + 2) % 3].m_v; }
    deriv_type& deriv_current() { return m_deriv[m_current].m_v; }
    const deriv_type& deriv_current() const { return m_deriv[m_current].m_v; }
    const deriv_type& deriv_old() const { return m_deriv[(m_current + 2) % 3].m_v; }

    controlled_stepper_type m_controlled;
    // the step ends t_{n-1}, t_n, t_{n+1} (current at m_current, the one before it before) and the
    // midpoints of the last two steps, with their vector fields
    std::array<wrapped_state_type, 3> m_x;
    std::array<wrapped_deriv_type, 3> m_deriv;
    std::array<wrapped_state_type, 2> m_mid;
    std::array<wrapped_deriv_type, 2> m_deriv_mid;
    wrapped_state_type m_difference;  // of two interpolants, for interpolation_error
    unsigned m_current = 0;
    unsigned m_mid_current = 0;
    unsigned m_steps = 0;  // since initialize: the interpolant uses the step before from the second on
    bool m_have_deriv = false;
    time_type m_t{};
    time_type m_t_old{};
    time_type m_t_older{};
    time_type m_dt{};
};

}  // namespace odeint_contact

// make_dense_output(abs, rel[, max_dt], S()) for every contact stepper (list in controlled.hpp).
namespace boost {
namespace numeric {
namespace odeint {
ODEINT_CONTACT_DETAIL_SPECIALISE_ALL(get_dense_output, odeint_contact::dense_output_contact)
}  // namespace odeint
}  // namespace numeric
}  // namespace boost

#endif
