// SPDX-License-Identifier: BSL-1.0
// odeint_contact/adaptive/controlled.hpp
//
// controlled_contact<Stepper>: any contact stepper as an odeint ControlledStepper, so that
// odeint::make_controlled(abs, rel[, max_dt], oc::chi2<state>()) and integrate_adaptive work.
// Error by step doubling: one step of dt (y1) against two of dt/2 (y2), err = |y2 - y1|/(2^p - 1),
// weighed by contact_error_checker (odeint's default_error_checker part by part over q, p, s:
// with units, or some parts only; a_x = 1, a_dxdt = 0), the step resized by odeint's
// default_step_adjuster: abs and rel mean what they mean for controlled dopri5. The accepted
// state is y2, an exact contact map; the extrapolation, which is not, is never taken. Cost: 3
// base steps per try (the two halves are the accepted step), no derivative. When not to use it:
// long runs whose energy must stay bounded (step sizes chosen from past errors break time
// symmetry and let it drift; use fixed steps or reversible_adaptive.hpp). Failure: try_step
// returns fail (x, t untouched, dt reduced) also when the base step throws step_error; a step
// that underflows is step_error, invalid tolerances, max_dt or t, dt are parameter_error.
// doc/adaptive.md.
#ifndef ODEINT_CONTACT_ADAPTIVE_CONTROLLED_HPP
#define ODEINT_CONTACT_ADAPTIVE_CONTROLLED_HPP

#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

#include <boost/numeric/odeint/stepper/controlled_runge_kutta.hpp>
#include <boost/numeric/odeint/stepper/controlled_step_result.hpp>
#include <boost/numeric/odeint/stepper/generation/make_controlled.hpp>
#include <boost/numeric/odeint/stepper/stepper_categories.hpp>
#include <boost/numeric/odeint/algebra/default_operations.hpp>
#include <boost/numeric/odeint/util/copy.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>
#include <boost/numeric/odeint/util/state_wrapper.hpp>
#include <boost/numeric/odeint/util/unit_helper.hpp>
#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <odeint_contact/stepper/chi2.hpp>
#include <odeint_contact/state/contact_algebra.hpp>
#include <odeint_contact/stepper/chi4.hpp>
#include <odeint_contact/stepper/chi6.hpp>
#include <odeint_contact/stepper/chi8.hpp>
#include <odeint_contact/stepper/cvi2.hpp>
#include <odeint_contact/stepper/cvi4.hpp>
#include <odeint_contact/stepper/cvi6.hpp>
#include <odeint_contact/stepper/cvi8.hpp>
#include <odeint_contact/detail/adaptive_support.hpp>
#include <odeint_contact/detail/algebra/contact_algebra.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>
#include <odeint_contact/stepper/galerkin_cvi4.hpp>

namespace odeint_contact {

template <class Stepper> class dense_output_contact;

// The parts of (q, p, s) that the error estimate of the adaptive forms weighs; combine with |.
enum class error_components : unsigned char { q = 1, p = 2, s = 4, all = 7 };
constexpr error_components operator|(error_components a, error_components b) {
    return error_components(static_cast<unsigned char>(a) | static_cast<unsigned char>(b));
}
constexpr bool contains(error_components set, error_components part) {
    return (static_cast<unsigned char>(set) & static_cast<unsigned char>(part)) != 0;
}

// odeint's default_error_checker (same constructor, same weights: max_i |err_i| / (abs + rel
// (a_x |x_i| + a_dxdt |dt| |dx_i/dt|))) taken part by part over the chosen parts of (q, p, s), in
// each part's own unit: so that it works for states whose parts carry different units
// (Boost.Units), and a part that may pass through infinity (the p of a Lienard system,
// example/van_der_pol.cpp) can be left out.
template <class Value, class Algebra = contact_algebra, class Operations = boost::numeric::odeint::default_operations>
class contact_error_checker {
public:
    using value_type = Value;
    using algebra_type = Algebra;
    using operations_type = Operations;

    contact_error_checker(value_type abs_error, value_type rel_error, value_type a_x = value_type(1),
                          value_type a_dxdt = value_type(0), error_components parts = error_components::all)
        : m_abs(detail::checked_tolerance(abs_error, "abs_error", "contact_error_checker")),
          m_rel(detail::checked_tolerance(rel_error, "rel_error", "contact_error_checker")), m_a_x(a_x),
          m_a_dxdt(a_dxdt), m_parts(parts) {
        if (!contains(parts, error_components::all))
            throw parameter_error("odeint_contact::contact_error_checker: no part of (q, p, s) is measured");
    }
    contact_error_checker(value_type abs_error, value_type rel_error, error_components parts)
        : contact_error_checker(abs_error, rel_error, value_type(1), value_type(0), parts) {}

    // x_err is overwritten with the weighted errors of the chosen parts.
    template <class State, class Deriv, class Err, class Time>
    value_type error(algebra_type& algebra, const State& x_old, const Deriv& dxdt_old, Err& x_err, Time dt) const {
        using boost::numeric::odeint::get_unit_value;
        using std::abs;
        const typename operations_type::template rel_error<value_type> weigh(
            m_abs, m_rel, m_a_x, m_a_dxdt * abs(value_type(get_unit_value(dt))));
        value_type error(0);
        const auto part = [&](error_components which, auto& err, const auto& old, const auto& deriv) {
            if (!contains(m_parts, which)) return;
            algebra.for_each3(err, old, deriv, weigh);
            value_type e;
            if constexpr (detail::is_scalar_v<std::decay_t<decltype(err)>>) {
                e = abs(value_type(get_unit_value(err)));
            } else {
                e = value_type(get_unit_value(detail::component_norm_inf(err)));
            }
            if (!(e <= error)) error = e;  // a NaN wins: the step fails
        };
        part(error_components::q, x_err.q, x_old.q, dxdt_old.q);
        part(error_components::p, x_err.p, x_old.p, dxdt_old.p);
        part(error_components::s, x_err.s, x_old.s, dxdt_old.s);
        return error;
    }
    template <class State, class Deriv, class Err, class Time>
    value_type error(const State& x_old, const Deriv& dxdt_old, Err& x_err, Time dt) const {
        algebra_type algebra;
        return error(algebra, x_old, dxdt_old, x_err, dt);
    }

    error_components parts() const { return m_parts; }

private:
    value_type m_abs, m_rel, m_a_x, m_a_dxdt;
    error_components m_parts;
};

template <class Stepper,
          class ErrorChecker = contact_error_checker<typename Stepper::value_type, typename Stepper::algebra_type,
                                                     typename Stepper::operations_type>,
          class StepAdjuster =
              boost::numeric::odeint::default_step_adjuster<typename Stepper::value_type, typename Stepper::time_type>,
          class Resizer = typename Stepper::resizer_type>
class controlled_contact : public detail::adaptive_types<Stepper, boost::numeric::odeint::controlled_stepper_tag> {
    using types = detail::adaptive_types<Stepper, boost::numeric::odeint::controlled_stepper_tag>;

public:
    using typename types::operations_type;
    using typename types::state_type;
    using typename types::time_type;
    using typename types::value_type;
    using typename types::wrapped_state_type;
    using stepper_type = Stepper;
    using resizer_type = Resizer;
    using error_checker_type = ErrorChecker;
    using step_adjuster_type = StepAdjuster;
    using controlled_stepper_type = controlled_contact;

    // odeint's make_controlled(abs, rel, stepper) and make_controlled(abs, rel, max_dt, stepper).
    controlled_contact(value_type abs_error, value_type rel_error, const stepper_type& stepper = stepper_type())
        : controlled_contact(abs_error, rel_error, time_type(0), stepper, false) {}
    controlled_contact(value_type abs_error, value_type rel_error, time_type max_dt,
                       const stepper_type& stepper = stepper_type())
        : controlled_contact(abs_error, rel_error, max_dt, stepper, true) {}
    // As odeint's controlled_runge_kutta: an error checker (contact_error_checker(abs, rel,
    // error_components::q | error_components::s) to leave p out), a step adjuster (with max_dt).
    explicit controlled_contact(const error_checker_type& error_checker,
                                const step_adjuster_type& step_adjuster = step_adjuster_type(),
                                const stepper_type& stepper = stepper_type())
        : m_stepper(stepper), m_error_checker(error_checker), m_step_adjuster(step_adjuster),
          m_max_dt(m_step_adjuster.get_max_dt()) {}

    // In place: on success x and t advance and dt is the proposal for the next step; on fail x
    // and t are untouched and dt is smaller.
    template <class System, class StateInOut>
    boost::numeric::odeint::controlled_step_result try_step(System system, StateInOut& x, time_type& t, time_type& dt) {
        m_xnew_resizer.adjust_size(x, [&](const auto& y) { return resize(m_xnew, y); });
        const auto result = attempt(system, x, t, m_xnew.m_v, dt);
        if (result == boost::numeric::odeint::success) boost::numeric::odeint::copy(m_xnew.m_v, x);
        return result;
    }

    // Out of place: in is never written; out may be written also on fail.
    template <class System, class StateIn, class StateOut>
    std::enable_if_t<!std::is_same<StateIn, time_type>::value, boost::numeric::odeint::controlled_step_result>
    try_step(System system, const StateIn& in, time_type& t, StateOut& out, time_type& dt) {
        return attempt(system, in, t, out, dt);
    }

    template <class StateIn>
    void adjust_size(const StateIn& x) {
        resize_buffers(x);
        resize(m_xnew, x);
        m_stepper.adjust_size(x);
    }

    stepper_type& stepper() { return m_stepper; }
    const stepper_type& stepper() const { return m_stepper; }
    // The order of the accepted state (the base stepper's) and of the error estimate's exponent
    // in dt (a local error, p + 1).
    unsigned short stepper_order() const { return m_stepper.order(); }
    unsigned short error_order() const { return static_cast<unsigned short>(m_stepper.order() + 1); }
    time_type max_dt() const { return m_max_dt; }
    const error_checker_type& error_checker() const { return m_error_checker; }

private:
    template <class S> friend class dense_output_contact;

    controlled_contact(value_type abs_error, value_type rel_error, time_type max_dt, const stepper_type& stepper,
                       bool with_max_dt)
        : m_stepper(stepper),
          m_error_checker(detail::checked_tolerance(abs_error, "abs_error", "controlled_contact"),
                          detail::checked_tolerance(rel_error, "rel_error", "controlled_contact"), value_type(1),
                          value_type(0)),
          m_step_adjuster(with_max_dt ? detail::checked_max_dt(max_dt, "controlled_contact") : time_type(0)),
          m_max_dt(with_max_dt ? max_dt : time_type(0)) {}

    template <class StateIn>
    bool resize_buffers(const StateIn& x) {
        bool resized = resize(m_big, x);
        resized = resize(m_mid, x) || resized;
        return resize(m_err, x) || resized;
    }
    template <class Wrapped, class StateIn>
    static bool resize(Wrapped& w, const StateIn& x) {
        return boost::numeric::odeint::adjust_size_by_resizeability(
            w, x, typename boost::numeric::odeint::is_resizeable<state_type>::type());
    }

    // One try from in to out; the midpoint stays in m_mid (dense output reads it on success).
    template <class System, class StateIn, class StateOut>
    boost::numeric::odeint::controlled_step_result attempt(System& system, const StateIn& in, time_type& t,
                                                           StateOut& out, time_type& dt) {
        using std::abs;
        using boost::numeric::odeint::fail;
        if (!detail::finite_times(t, dt) || dt == time_type(0))
            throw parameter_error(detail::adaptive_times_message(t, dt, "controlled_contact::try_step"));
        m_resizer.adjust_size(in, [&](const auto& y) { return this->resize_buffers(y); });
        using boost::numeric::odeint::get_unit_value;
        if (m_max_dt != time_type(0) && abs(get_unit_value(dt)) > get_unit_value(m_max_dt)) {
            dt = dt > time_type(0) ? m_max_dt : -m_max_dt;
            return fail;
        }
        value_type error = std::numeric_limits<value_type>::infinity();
        std::string failure;
        try {
            auto& sys = static_cast<typename boost::numeric::odeint::unwrap_reference<System>::type&>(system);
            const time_type half = dt / value_type(2);
            m_stepper.do_step(sys, in, t, m_big.m_v, dt);
            m_stepper.do_step(sys, in, t, m_mid.m_v, half);
            m_stepper.do_step(sys, m_mid.m_v, t + half, out, half);
            // err = (y2 - y1) / (2^p - 1), then odeint's weighted max norm against in.
            const value_type scale = value_type(1) / (std::ldexp(value_type(1), m_stepper.order()) - value_type(1));
            m_stepper.algebra().for_each3(
                m_err.m_v, out, m_big.m_v,
                typename operations_type::template scale_sum2<value_type, value_type>(scale, -scale));
            error = m_error_checker.error(m_stepper.algebra(), in, in, m_err.m_v, dt);
        } catch (const step_error& e) {
            failure = e.what();  // a flow that does not exist over the step: a smaller one may
        }
        using std::isfinite;
        if (!(error <= value_type(1))) {
            const value_type bounded = isfinite(error) ? error : std::numeric_limits<value_type>::max();
            const time_type smaller = m_step_adjuster.decrease_step(dt, bounded, m_stepper.order());
            if (t + smaller == t || !(abs(get_unit_value(smaller)) < abs(get_unit_value(dt))))
                throw step_error(detail::underflow_message(t, dt, error, failure, "controlled_contact::try_step"));
            dt = smaller;
            return fail;
        }
        t += dt;
        dt = m_step_adjuster.increase_step(dt, error, error_order());
        return boost::numeric::odeint::success;
    }

    stepper_type m_stepper;
    error_checker_type m_error_checker;
    step_adjuster_type m_step_adjuster;
    time_type m_max_dt;
    resizer_type m_resizer;
    resizer_type m_xnew_resizer;
    wrapped_state_type m_big;
    wrapped_state_type m_mid;
    wrapped_state_type m_err;
    wrapped_state_type m_xnew;
};

}  // namespace odeint_contact

// make_controlled(abs, rel[, max_dt], S()) for every contact stepper: odeint asks get_controller
// (dense_output.hpp answers get_dense_output alike). A class template partial specialisation per
// stepper template (chi2 ... cvi8 are aliases of chi and cvi); the list is spelled once, here.
#define ODEINT_CONTACT_DETAIL_SPECIALISE_TABLE(trait, form, name)                                               \
    template <class Table, class State, class Value, class Deriv, class Time, class Algebra, class Operations,    \
              class Resizer>                                                                                    \
    struct trait<odeint_contact::name<Table, State, Value, Deriv, Time, Algebra, Operations, Resizer>> {        \
        using type = form<odeint_contact::name<Table, State, Value, Deriv, Time, Algebra, Operations, Resizer>>; \
    };
#define ODEINT_CONTACT_DETAIL_SPECIALISE(trait, form, name)                                                     \
    template <class State, class Value, class Deriv, class Time, class Algebra, class Operations, class Resizer> \
    struct trait<odeint_contact::name<State, Value, Deriv, Time, Algebra, Operations, Resizer>> {               \
        using type = form<odeint_contact::name<State, Value, Deriv, Time, Algebra, Operations, Resizer>>;        \
    };
#define ODEINT_CONTACT_DETAIL_SPECIALISE_ALL(trait, form)      \
    ODEINT_CONTACT_DETAIL_SPECIALISE_TABLE(trait, form, chi)   \
    ODEINT_CONTACT_DETAIL_SPECIALISE_TABLE(trait, form, cvi)   \
    ODEINT_CONTACT_DETAIL_SPECIALISE(trait, form, galerkin_cvi4)

namespace boost {
namespace numeric {
namespace odeint {
ODEINT_CONTACT_DETAIL_SPECIALISE_ALL(get_controller, odeint_contact::controlled_contact)
}  // namespace odeint
}  // namespace numeric
}  // namespace boost

#endif
