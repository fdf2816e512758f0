// SPDX-License-Identifier: BSL-1.0
// Tolerance-driven contact integration (issue 25): controlled_contact and dense_output_contact
// through odeint's make_controlled / make_dense_output, and reversible_adaptive.
//  - every form in every integrate function, for chi, cvi and galerkin on separable, split and
//    Lagrangian systems, against an rkf78 reference, with the observer's times exact;
//  - the global error falls in proportion to the tolerance (log-log slope);
//  - a failed try_step leaves x and t unchanged, also under a throwing callback; an underflow
//    and bad input are our exceptions;
//  - with linear damping gamma s, L = q x p = L0 e^(-gamma t) to round-off under every policy;
//  - the dense output's order, measured;
//  - forward, reverse(), back: reversible_adaptive returns to the start to round-off.
#define BOOST_TEST_MODULE adaptive
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <vector>

#include <boost/mpl/list.hpp>
#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

namespace {

using coor = std::array<double, 2>;
using state = oc::contact_state<coor>;
constexpr double pi = 3.14159265358979323846;

// f(t) = g sin(pi t): the paper's perturbation, odd in t (so the problem is reversible).
struct sine_friction {
    double g;
    double operator()(double t) const { return g * std::sin(pi * t); }
};
auto kepler(double g = -0.05) {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::fused_kepler_potential{},
                                          oc::linear_action<sine_friction>(sine_friction{g}));
}
auto split_kepler(double g = -0.05) {
    return oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}),
                                      oc::potential_piece(test_support::fused_kepler_potential{}),
                                      oc::action_piece(oc::linear_action<sine_friction>(sine_friction{g})));
}
// L = |v|^2/2 + 1/|q| - f(t) z: the same problem as a contact Lagrangian.
struct kepler_lagrangian {
    double g = -0.05;
    double value(const coor& q, const coor& v, double z, double t) const {
        return 0.5 * (v[0] * v[0] + v[1] * v[1]) + 1.0 / std::hypot(q[0], q[1]) - g * std::sin(pi * t) * z;
    }
    double partials(const coor& q, const coor& v, double, double t, coor& dq, coor& dv) const {
        test_support::kepler_potential{}.force(q, dq);
        dq[0] = -dq[0];
        dq[1] = -dq[1];
        dv = v;
        return -g * std::sin(pi * t);
    }
};

// The paper's orbit (e ~ 0.22) and the e = 0.9 orbit (a = 1, apocentre start, period 2 pi).
state paper_start() { return {{0.0, std::sqrt(1.5)}, {0.8, 0.0}, 0.0}; }
state eccentric_start() { return {{1.9, 0.0}, {0.0, std::sqrt(0.1 / 1.9)}, 0.0}; }

double distance(const state& a, const state& b) {
    return std::max({std::abs(a.q[0] - b.q[0]), std::abs(a.q[1] - b.q[1]), std::abs(a.p[0] - b.p[0]),
                     std::abs(a.p[1] - b.p[1]), std::abs(a.s - b.s)});
}

template <class System>
state reference(const System& system, const state& x0, double t_end) {
    return test_support::rkf78_samples(system, x0, t_end, 1, 1e-13).back();
}

bool same_bits(const state& a, const state& b) { return std::memcmp(&a, &b, sizeof(state)) == 0; }

// ---- the cases: a stepper and a system --------------------------------------------------------
struct chi2_separable {
    using stepper = oc::chi2<state>;
    static auto system() { return kepler(); }
};
struct chi4_split {
    using stepper = oc::chi4<state>;
    static auto system() { return split_kepler(); }
};
struct cvi4_lagrangian {
    using stepper = oc::cvi4<state>;
    static auto system() { return oc::make_contact_lagrangian(kepler_lagrangian{}); }
};
struct galerkin_separable {
    using stepper = oc::galerkin_cvi4<state>;
    static auto system() { return kepler(); }
};
struct cvi2_separable {
    using stepper = oc::cvi2<state>;
    static auto system() { return kepler(); }
};
struct galerkin_lagrangian {
    using stepper = oc::galerkin_cvi4<state>;
    static auto system() { return oc::make_contact_lagrangian(kepler_lagrangian{}); }
};
// Every family on every kind of system it takes (chi: separable and split; cvi and galerkin:
// separable and Lagrangian), each pair once. chi<Table> and cvi<Table> are the bases of chi4 and
// cvi4; more tables would add compile time, not coverage (the other cases below use kahan_li8).
using cases = boost::mpl::list<chi2_separable, chi4_split, cvi2_separable, cvi4_lagrangian, galerkin_separable,
                               galerkin_lagrangian>;

// Runs stepper (by value, as odeint does) through the four integrate functions from the paper's
// orbit over [0, 2] and checks the end against the reference and the observed times.
template <class Stepper, class System>
void check_integrate_functions(const Stepper& stepper, const System& system, const state& expected, double bound) {
    const state x0 = paper_start();
    const double t_end = 2.0;
    // integrate_adaptive: times increase and end at t_end.
    {
        state x = x0;
        std::vector<double> times;
        odeint::integrate_adaptive(stepper, system, x, 0.0, t_end, 0.5, [&](const state&, double t) { times.push_back(t); });
        BOOST_TEST(distance(x, expected) < bound);
        BOOST_TEST(times.back() == t_end);
        for (std::size_t i = 1; i < times.size(); ++i) BOOST_TEST(times[i] > times[i - 1]);
    }
    // integrate_const: observed at exactly k dt (odeint computes 0 + k * 0.25).
    {
        state x = x0;
        std::vector<double> times;
        state last;
        odeint::integrate_const(stepper, system, x, 0.0, t_end, 0.25, [&](const state& y, double t) {
            times.push_back(t);
            last = y;
        });
        BOOST_TEST(times.size() == 9u);
        for (std::size_t k = 0; k < times.size(); ++k) BOOST_TEST(times[k] == 0.25 * double(k));
        BOOST_TEST(distance(last, expected) < bound);
    }
    // integrate_n_steps: 8 observations of 0.25 after the start (with a dense-output stepper
    // odeint leaves x at the one before last, so the last observation is compared).
    {
        state x = x0;
        std::size_t calls = 0;
        state last;
        odeint::integrate_n_steps(stepper, system, x, 0.0, 0.25, 8, [&](const state& y, double t) {
            BOOST_TEST(t == 0.25 * double(calls));
            ++calls;
            last = y;
        });
        BOOST_TEST(calls == 9u);
        BOOST_TEST(distance(last, expected) < bound);
    }
    // integrate_times at uneven times.
    {
        state x = x0;
        const std::vector<double> at{0.0, 0.1, 0.7, 1.3, 1.9, 2.0};
        std::vector<double> times;
        state last;
        odeint::integrate_times(stepper, system, x, at.begin(), at.end(), 0.5, [&](const state& y, double t) {
            times.push_back(t);
            last = y;
        });
        BOOST_TEST(times == at);
        BOOST_TEST(distance(last, expected) < bound);
    }
}

}  // namespace

// Tolerance 1e-9 over [0, 2] (under half a period, ~4.5, of the paper's orbit): local errors of
// ~1e-9 per step add up to at most 9e-7 under step doubling and 2.7e-6 under reversible_adaptive,
// whose eps is calibrated at one point (measured over every case and integrate function); the
// bound 1e-5 leaves a factor 4, and with the first step 0.5 unchecked the error would be ~1e-2
// for chi2.
BOOST_AUTO_TEST_CASE_TEMPLATE(every_form_in_every_integrate_function, Case, cases) {
    using stepper_type = typename Case::stepper;
    const auto system = Case::system();
    const state expected = reference(system, paper_start(), 2.0);
    const double tol = 1e-9;
    const double bound = 1e-5;
    BOOST_TEST_CONTEXT("controlled") {
        check_integrate_functions(odeint::make_controlled(tol, tol, stepper_type()), system, expected, bound);
    }
    BOOST_TEST_CONTEXT("controlled, max_dt") {
        check_integrate_functions(odeint::make_controlled(tol, tol, 0.1, stepper_type()), system, expected, bound);
    }
    BOOST_TEST_CONTEXT("dense output") {
        check_integrate_functions(odeint::make_dense_output(tol, tol, stepper_type()), system, expected, bound);
    }
    BOOST_TEST_CONTEXT("dense output, max_dt") {
        check_integrate_functions(odeint::make_dense_output(tol, tol, 0.1, stepper_type()), system, expected, bound);
    }
    BOOST_TEST_CONTEXT("reversible") {
        check_integrate_functions(oc::reversible_adaptive<stepper_type>(tol, tol), system, expected, bound);
    }
}

// ---- tolerance proportionality ---------------------------------------------------------------
namespace {

// Errors at T = 2 pi (one e = 0.9 orbit with its pericentre passage, r = 0.1) for the tolerances
// 1e-4, 1e-5, ..., 1e-10.
// 1e-4, 1e-5, ..., 1e-10; with steps, the accepted steps of each.
template <class Run>
std::vector<double> errors_over_tolerances(const char* name, const Run& run, std::vector<double>* steps = nullptr) {
    const auto system = kepler();
    const double t_end = 2 * pi;
    const state expected = reference(system, eccentric_start(), t_end);
    std::vector<double> errors;
    for (int k = 4; k <= 10; ++k) {
        state x = eccentric_start();
        const std::size_t n = run(system, x, t_end, std::pow(10.0, -k));
        if (steps) steps->push_back(double(n));
        errors.push_back(distance(x, expected));
        BOOST_TEST_MESSAGE(name << " tol 1e-" << k << ": error " << errors.back() << ", " << n << " steps");
    }
    return errors;
}
// The least-squares slope of log(error) against log(tol) over the tolerances 1e-first ... 1e-last.
double fitted_slope(const std::vector<double>& errors, int first, int last) {
    double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int k = first; k <= last; ++k) {
        const double x = -k * std::log(10.0);
        const double y = std::log(errors[std::size_t(k - 4)]);
        n += 1;
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
    }
    return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

}  // namespace

// A controller of the local error per step gives a global error ~ tol^(p/(p+1)), the number of
// steps growing like tol^(-1/(p+1)): 0.8 for chi4, 0.89 for kahan_li8. Measured over 1e-4 ...
// 1e-10 (decades): 0.71, 1.16 (controlled chi4, kl8), 0.79, 0.79 (reversible chi4, kl8), and
// odeint's own controlled rkf78 0.81, dopri5 1.17 (theory 0.89, 0.83) on the same problem and
// measure; over 1e-6 ... 1e-10: 0.79, 1.18, 0.80, 0.88 (rkf78 0.99, dopri5 0.99). Single points
// scatter (the phase errors of the pericentre passage add or cancel: dopri5's local slopes go
// 0.94, 1.85, 1.15, 1.26, 0.70, 0.88). [0.6, 1.3] over the whole range and [0.7, 1.3] over
// 1e-6 ... hold all six and fail for a controller that ignores the tolerance (0) or
// over-resolves.
// The bend at the loose end (1e-4 ... 1e-6: controlled chi4 0.53, reversible kl8 0.35) is the
// problem's as much as ours: odeint's rkf78 bends there too (0.40, checked < 0.6); controlled
// chi4's error per step is a smaller part of the tolerance there (error / (steps tol) 0.23 at
// 1e-4, 1.2 from 1e-7 on: steps that span much of the orbit's change, rejections 15 for 36
// accepted steps). Ours at the loose end is within 0.1 of rkf78's slope or above it.
// The error falls with the tolerance at every step of the range, but for reversible kl8 at
// 1e-4 -> 1e-5 (5.9e-3 -> 2.3e-2): its eps is calibrated at the apocentre by step doubling,
// which accepts 2.0 and 2.5 there (longer than the forcing's period, 2) where it underestimates
// kahan_li8's error 5 to 65 times (doc/adaptive.md); from 1e-5 on it falls.
BOOST_AUTO_TEST_CASE(global_error_follows_the_tolerance) {
    using kl8 = oc::chi<oc::tables::kahan_li8, state>;
    using chi4 = oc::chi4<state>;
    using rkf78 = odeint::runge_kutta_fehlberg78<state>;
    using dopri5 = odeint::runge_kutta_dopri5<state>;
    const auto controlled = [](auto stepper) {
        return [stepper](const auto& system, state& x, double t_end, double tol) {
            return odeint::integrate_adaptive(odeint::make_controlled(tol, tol, stepper), system, x, 0.0, t_end, 0.1);
        };
    };
    const auto reversible = [](auto stepper) {
        return [stepper](const auto& system, state& x, double t_end, double tol) {
            return odeint::integrate_adaptive(
                oc::reversible_adaptive<decltype(stepper)>(tol, tol, oc::central_force_monitor<>(), stepper), system, x,
                0.0, t_end, 0.1);
        };
    };
    std::vector<double> chi4_steps;
    const std::vector<double> odeints[] = {errors_over_tolerances("rkf78", controlled(rkf78())),
                                           errors_over_tolerances("dopri5", controlled(dopri5()))};
    const std::vector<double> ours[] = {
        errors_over_tolerances("controlled chi4", controlled(chi4()), &chi4_steps),
        errors_over_tolerances("controlled kl8", controlled(kl8())),
        errors_over_tolerances("reversible chi4", reversible(chi4())),
        errors_over_tolerances("reversible kl8", reversible(kl8()))};
    const double rkf78_loose = fitted_slope(odeints[0], 4, 6);
    BOOST_TEST(rkf78_loose < 0.6);
    for (const auto& errors : odeints) {
        BOOST_TEST((fitted_slope(errors, 4, 10) > 0.6 && fitted_slope(errors, 4, 10) < 1.3));
        BOOST_TEST((fitted_slope(errors, 6, 10) > 0.7 && fitted_slope(errors, 6, 10) < 1.3));
    }
    for (std::size_t i = 0; i < 4; ++i) {
        const auto& errors = ours[i];
        const double whole = fitted_slope(errors, 4, 10);
        const double tight = fitted_slope(errors, 6, 10);
        const double loose = fitted_slope(errors, 4, 6);
        BOOST_TEST_MESSAGE("slopes: whole " << whole << ", 1e-6 ... " << tight << ", 1e-4 ... 1e-6 " << loose);
        BOOST_TEST((whole > 0.6 && whole < 1.3), "slope over 1e-4 ... 1e-10 " << whole);
        BOOST_TEST((tight > 0.7 && tight < 1.3), "slope over 1e-6 ... 1e-10 " << tight);
        BOOST_TEST(loose > rkf78_loose - 0.1);
        for (std::size_t k = i == 3 ? 2 : 1; k < errors.size(); ++k) BOOST_TEST(errors[k] < errors[k - 1]);
    }
    // controlled chi4's error at T per step and tolerance: 0.23 at 1e-4, 1.2 from 1e-7 on.
    std::vector<double> per_step;
    for (std::size_t k = 0; k < chi4_steps.size(); ++k)
        per_step.push_back(ours[0][k] / (chi4_steps[k] * std::pow(10.0, -int(k) - 4)));
    BOOST_TEST(per_step[0] < 0.3);
    for (std::size_t k = 3; k < per_step.size(); ++k) BOOST_TEST((per_step[k] > 1.0 && per_step[k] < 1.4));
}

// Why the bend is not the estimate's: at the apocentre, the step-doubling estimate against the
// true local error of the accepted half steps (rkf78 at 1e-15), for steps up to 0.73, the
// longest either stepper takes at 1e-4 on one orbit: true / estimate measured 1.00 ... 1.12
// (chi4), 0.82 ... 0.98 (kahan_li8 from h = 0.24; below, its error is round-off); [0.75, 1.25]
// holds both. Longer than the forcing's period (2) the estimate fails for kahan_li8: 5.2 times
// at h = 2.2, 65 at 2.8 (checked > 3 at 2.2), the steps at which reversible_adaptive's
// calibration lands for 1e-4 and 1e-5.
BOOST_AUTO_TEST_CASE(step_doubling_estimates_the_local_error_up_to_the_steps_taken) {
    const auto system = kepler();
    const state x0 = eccentric_start();
    const auto ratio = [&](auto stepper, double h) {
        state y1, mid, y2;
        stepper.do_step(system, x0, 0.0, y1, h);
        stepper.do_step(system, x0, 0.0, mid, h / 2);
        stepper.do_step(system, mid, h / 2, y2, h / 2);
        state exact = x0;
        odeint::integrate_adaptive(odeint::make_controlled(1e-15, 1e-15, odeint::runge_kutta_fehlberg78<state>()),
                                   system, exact, 0.0, h, h / 50);
        const double estimate = distance(y2, y1) / (std::ldexp(1.0, stepper.order()) - 1);
        return distance(y2, exact) / estimate;
    };
    for (const double h : {0.05, 0.2, 0.45, 0.73}) BOOST_TEST((ratio(oc::chi4<state>(), h) > 0.75 && ratio(oc::chi4<state>(), h) < 1.25));
    using kl8 = oc::chi<oc::tables::kahan_li8, state>;
    for (const double h : {0.24, 0.45, 0.73}) BOOST_TEST((ratio(kl8(), h) > 0.75 && ratio(kl8(), h) < 1.25));
    BOOST_TEST(ratio(kl8(), 2.2) > 3);
}

// ---- failure ------------------------------------------------------------------------------------
namespace {
struct injected_fault {};
// Kepler's potential that throws on its throw_at-th call.
struct faulty_potential : test_support::kepler_potential {
    int* calls;
    int throw_at;
    void gradient(const coor& q, double t, coor& dVdq) const {
        if (++*calls == throw_at) throw injected_fault{};
        test_support::kepler_potential::gradient(q, t, dVdq);
    }
};
}  // namespace

BOOST_AUTO_TEST_CASE(a_failed_try_step_leaves_x_and_t_unchanged) {
    auto controlled = odeint::make_controlled(1e-10, 1e-10, oc::chi2<state>());
    const auto system = kepler();
    // Too long a step near pericentre: fail, x and t bit for bit, dt smaller.
    state x = eccentric_start();
    x.q = {0.1, 0.0};
    x.p = {0.0, std::sqrt(19.0)};
    const state x0 = x;
    double t = 0.25;
    double dt = 0.5;
    BOOST_TEST(controlled.try_step(system, x, t, dt) == odeint::fail);
    BOOST_TEST(same_bits(x, x0));
    BOOST_TEST(t == 0.25);
    BOOST_TEST((dt > 0 && dt < 0.5));
    // Out of place: in untouched as well.
    state out;
    dt = 0.5;
    BOOST_TEST(controlled.try_step(system, x, t, out, dt) == odeint::fail);
    BOOST_TEST(same_bits(x, x0));
    BOOST_TEST(t == 0.25);
    // A throwing gradient, at each of the calls of a try (3 chi2 steps): it propagates, x and t stay.
    int calls = 0;
    for (int n = 1; n <= 3; ++n) {
        calls = 0;
        const auto faulty = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, faulty_potential{{}, &calls, n},
                                                           oc::linear_action<sine_friction>(sine_friction{-0.05}));
        auto c = odeint::make_controlled(1e-10, 1e-10, oc::chi2<state>());
        dt = 1e-3;
        BOOST_CHECK_THROW(c.try_step(faulty, x, t, dt), injected_fault);
        BOOST_TEST(same_bits(x, x0));
        BOOST_TEST(t == 0.25);
        BOOST_TEST(dt == 1e-3);
    }
    BOOST_TEST(calls == 3);
    // Dense output (6 gradients in a first step that is accepted at once: the system at the
    // start, 3 chi2 steps, the system at the end and at the midpoint) and reversible (3: the
    // system, the step, the system at its end): a throw at any of them keeps the current state
    // and time.
    for (int n = 1; n <= 6; ++n) {
        calls = 0;
        const auto faulty = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, faulty_potential{{}, &calls, n},
                                                           oc::linear_action<sine_friction>(sine_friction{-0.05}));
        auto dense = odeint::make_dense_output(1.0, 1.0, oc::chi2<state>());
        dense.initialize(x0, 0.25, 1e-3);
        BOOST_CHECK_THROW(dense.do_step(faulty), injected_fault);
        BOOST_TEST(same_bits(dense.current_state(), x0));
        BOOST_TEST(dense.current_time() == 0.25);
        if (n > 3) continue;
        calls = 0;
        oc::reversible_adaptive<oc::chi2<state>> reversible(1e-3);
        reversible.initialize(x0, 0.25, 1.0);
        BOOST_CHECK_THROW(reversible.do_step(faulty), injected_fault);
        BOOST_TEST(same_bits(reversible.current_state(), x0));
        BOOST_TEST(reversible.current_time() == 0.25);
    }
}

// A quadratic action's flow that blows up within the step is a fail with a smaller step, not an
// exception; a state no step can leave (s = NaN) ends in our step_error when dt underflows.
BOOST_AUTO_TEST_CASE(step_errors_shrink_the_step_and_an_underflow_throws) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                                  oc::quadratic_action(1.0));
    using scalar_state = oc::contact_state<double>;
    auto controlled = odeint::make_controlled(1e-8, 1e-8, oc::chi2<scalar_state>());
    scalar_state x{0.1, 0.1, -4.0};  // A flows s' = 2s/(2 + dt s): blows up for dt >= 0.5
    double t = 0, dt = 1.0;
    BOOST_TEST(controlled.try_step(H, x, t, dt) == odeint::fail);
    BOOST_TEST(dt < 1.0);
    BOOST_TEST(x.s == -4.0);
    scalar_state bad{0.1, 0.1, std::numeric_limits<double>::quiet_NaN()};
    const scalar_state bad0 = bad;
    t = 0;
    dt = 0.1;
    const auto run = [&] {
        while (true) controlled.try_step(H, bad, t, dt);
    };
    BOOST_CHECK_EXCEPTION(run(), oc::step_error, [](const oc::step_error& e) {
        BOOST_TEST_MESSAGE(e.what());
        return std::string(e.what()).find("underflows") != std::string::npos;
    });
    BOOST_TEST(std::isnan(bad.s));
    BOOST_TEST(bad.q == bad0.q);
    BOOST_TEST(t == 0.0);
}

BOOST_AUTO_TEST_CASE(bad_input_is_a_parameter_error) {
    using stepper = oc::chi2<state>;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    for (const double bad : {0.0, -1e-8, nan, inf}) {
        BOOST_CHECK_THROW(odeint::make_controlled(bad, 1e-8, stepper()), oc::parameter_error);
        BOOST_CHECK_THROW(odeint::make_controlled(1e-8, bad, stepper()), oc::parameter_error);
        BOOST_CHECK_THROW(odeint::make_controlled(1e-8, 1e-8, bad, stepper()), oc::parameter_error);
        BOOST_CHECK_THROW(odeint::make_dense_output(bad, 1e-8, stepper()), oc::parameter_error);
        BOOST_CHECK_THROW(odeint::make_dense_output(1e-8, 1e-8, bad, stepper()), oc::parameter_error);
        BOOST_CHECK_THROW(oc::reversible_adaptive<stepper>{bad}, oc::parameter_error);
        BOOST_CHECK_THROW(oc::reversible_adaptive<stepper>(1e-8, bad), oc::parameter_error);
    }
    auto controlled = odeint::make_controlled(1e-8, 1e-8, stepper());
    state x = paper_start();
    double t = 0, dt = 0;
    BOOST_CHECK_THROW(controlled.try_step(kepler(), x, t, dt), oc::parameter_error);
    dt = nan;
    BOOST_CHECK_THROW(controlled.try_step(kepler(), x, t, dt), oc::parameter_error);
    // A monitor whose sigma is not positive: at initialize, parameter_error; after a step, step_error.
    struct signed_monitor {
        double sigma(const state& y, double) const { return y.q[0]; }
        double log_rate(const state&, double) const { return 0; }
    };
    oc::reversible_adaptive<stepper, signed_monitor> reversible(0.1);
    for (const double q0 : {0.0, -1.0, nan})
        BOOST_CHECK_THROW(reversible.initialize(state{{q0, 1.0}, {0.0, 0.0}, 0.0}, 0.0, 0.1), oc::parameter_error);
    // A log_rate that is not finite: the density it kicks would be, the first half kick refuses.
    struct nan_rate_monitor {
        double sigma(const state&, double) const { return 1; }
        double log_rate(const state&, double) const { return std::numeric_limits<double>::quiet_NaN(); }
    };
    oc::reversible_adaptive<stepper, nan_rate_monitor> nan_rate(0.1);
    BOOST_CHECK_THROW(nan_rate.initialize(paper_start(), 0.0, 0.1), oc::error);
    // From q = (0.05, 0) moving left at speed 1 the step 0.1 sigma = 0.005 ... reaches q[0] <= 0.
    state y{{0.05, 1.0}, {-1.0, 0.0}, 0.0};
    reversible = oc::reversible_adaptive<stepper, signed_monitor>(10.0);
    reversible.initialize(y, 0.0, 1.0);
    const auto system = kepler(0.0);
    BOOST_CHECK_THROW(
        {
            for (int i = 0; i < 100; ++i) {
                y = reversible.current_state();
                reversible.do_step(system);
            }
        },
        oc::step_error);
    BOOST_TEST(reversible.current_state().q[0] > 0.0);
}

// contact_error_checker: odeint's default_error_checker's number over all of (q, p, s), and only
// the chosen parts otherwise (a p through infinity, as in example/van_der_pol.cpp, left out).
BOOST_AUTO_TEST_CASE(the_error_norm_weighs_the_chosen_parts) {
    using checker = oc::contact_error_checker<double>;
    const state x{{1.0, -2.0}, {0.5, 4.0}, -3.0};
    const state err{{1e-9, -3e-9}, {2e-8, -1e-10}, 5e-9};
    const auto weighted_at = [&](const auto& c, state e) {
        oc::contact_algebra algebra;
        return c.error(algebra, x, x, e, 0.1);
    };
    const auto weighted = [&](const auto& c) { return weighted_at(c, err); };
    const odeint::default_error_checker<double, oc::contact_algebra, odeint::default_operations> odeint_checker(
        1e-8, 1e-8, 1, 0);
    // the same operations on the same numbers: equal to the last bit
    BOOST_TEST(weighted(checker(1e-8, 1e-8)) == weighted(odeint_checker));
    // |e_p1| / (1e-8 (1 + 0.5)) against |e_q2| / (1e-8 (1 + 2)) and |e_s| / (1e-8 (1 + 3)), to
    // round-off in the last digits of the divisions
    BOOST_TEST(weighted(checker(1e-8, 1e-8)) == 2e-8 / 1.5e-8, boost::test_tools::tolerance(1e-14));
    const auto q_and_s = oc::error_components::q | oc::error_components::s;
    BOOST_TEST(weighted(checker(1e-8, 1e-8, q_and_s)) == 5e-9 / 4e-8, boost::test_tools::tolerance(1e-14));
    BOOST_TEST(weighted(checker(1e-8, 1e-8, oc::error_components::q)) == 3e-9 / 3e-8,
               boost::test_tools::tolerance(1e-14));
    // a p near a pole: its error fails the step when measured, not otherwise
    state pole = err;
    pole.p[0] = 1e300;
    BOOST_TEST(weighted_at(checker(1e-8, 1e-8), pole) > 1.0);
    BOOST_TEST(weighted_at(checker(1e-8, 1e-8, q_and_s), pole) < 1.0);
    BOOST_CHECK_THROW(checker(1e-8, 1e-8, oc::error_components{}), oc::parameter_error);
    BOOST_CHECK_THROW(checker(0.0, 1e-8, q_and_s), oc::parameter_error);
    // through the controlled and the dense-output forms
    const oc::controlled_contact<oc::chi2<state>> controlled(checker(1e-8, 1e-8, q_and_s));
    BOOST_TEST((controlled.error_checker().parts() == q_and_s));
    state y = paper_start();
    odeint::integrate_adaptive(oc::dense_output_contact<oc::chi2<state>>(controlled), kepler(), y, 0.0, 1.0, 0.1);
    BOOST_TEST(distance(y, reference(kepler(), paper_start(), 1.0)) < 1e-5);  // as in every_form_...
}

// ---- exactness under every step-size policy -------------------------------------------------
// H = |p|^2/2 - 1/|q| + gamma s: L = q x p obeys L' = -gamma L. chi's flows keep it exactly (the
// drift and the central kick leave L, the action flow scales p by e^(-gamma tau)), so every
// accepted step, of whatever size, has L = L0 e^(-gamma t) to round-off: each step rounds L by a
// few ulps, a random walk over the ~1e4 steps here stays below 1e-13 (measured 3e-14); 1e-12
// leaves room, and a policy that broke the composition (an extrapolated state, a cut stage)
// would show at the tolerance, 1e-6 and more.
BOOST_AUTO_TEST_CASE(angular_momentum_decays_exactly_under_every_policy) {
    const double gamma = 0.1;
    const auto system = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::fused_kepler_potential{},
                                                       oc::linear_action(gamma));
    const state x0 = eccentric_start();
    const double L0 = x0.q[0] * x0.p[1] - x0.q[1] * x0.p[0];
    double worst = 0;
    std::size_t observed = 0;
    const auto observer = [&](const state& x, double t) {
        const double L = x.q[0] * x.p[1] - x.q[1] * x.p[0];
        worst = std::max(worst, std::abs(L / (L0 * std::exp(-gamma * t)) - 1));
        ++observed;
    };
    using kl8 = oc::chi<oc::tables::kahan_li8, state>;
    const double t_end = 2 * pi;
    state x = x0;
    odeint::integrate_adaptive(odeint::make_controlled(1e-6, 1e-6, oc::chi2<state>()), system, x, 0.0, t_end, 0.1, observer);
    x = x0;
    odeint::integrate_adaptive(odeint::make_controlled(1e-10, 1e-10, kl8()), system, x, 0.0, t_end, 0.1, observer);
    x = x0;
    odeint::integrate_adaptive(odeint::make_dense_output(1e-8, 1e-8, kl8()), system, x, 0.0, t_end, 0.1, observer);
    x = x0;
    odeint::integrate_adaptive(oc::reversible_adaptive<oc::chi2<state>>(0.01), system, x, 0.0, t_end, 0.1, observer);
    x = x0;
    odeint::integrate_adaptive(oc::reversible_adaptive<kl8>(1e-10, 1e-10), system, x, 0.0, t_end, 0.1, observer);
    BOOST_TEST_MESSAGE("worst relative deviation of L " << worst << " over " << observed << " steps");
    BOOST_TEST(observed > 500u);
    BOOST_TEST(worst < 1e-12);
}

// ---- dense output ---------------------------------------------------------------------------------
namespace {
using scalar_state = oc::contact_state<double>;

using kahan_li8_scalar = oc::chi<oc::tables::kahan_li8, scalar_state>;
// Steps of exactly h: max_dt = h and loose tolerances so that each is accepted as it is.
auto dense_of_step(double h) { return odeint::make_dense_output(1.0, 1.0, h, kahan_li8_scalar()); }
// sigma = 1: steps of eps.
struct constant_monitor {
    double sigma(const scalar_state&, double) const { return 1; }
    double log_rate(const scalar_state&, double) const { return 0; }
};
auto reversible_of_step(double h) { return oc::reversible_adaptive<kahan_li8_scalar, constant_monitor>(h); }

// The damped oscillator from its exact state at 0 with chi<kahan_li8>, `steps` steps of h from
// make(h) (a stepper whose steps are exactly h, made exact sums by the h chosen): the interpolant's error at
// `where` h into the last step, and the last node's error, against the exact solution, for h
// halving from h_first while above h_last. The order observed over them.
template <class Make>
double dense_output_order(const Make& make, unsigned steps, double where, double h_first, double h_last) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                                  oc::linear_action(0.3));
    const test_support::damped_oscillator exact{0.3, 1.0, 1.0};
    const scalar_state x0{1.0, 0.5, 0.2};
    const auto error = [](const scalar_state& x, const scalar_state& e) {
        return std::max({std::abs(x.q - e.q), std::abs(x.p - e.p), std::abs(x.s - e.s)});
    };
    std::vector<double> errors;
    for (double h = h_first; h > h_last; h /= 2) {
        auto dense = make(h);
        dense.initialize(x0, 0.0, h);
        std::pair<double, double> step;
        for (unsigned i = 0; i < steps; ++i) step = dense.do_step(H);
        BOOST_TEST(step.first == double(steps - 1) * h);
        BOOST_TEST(step.second == double(steps) * h);
        scalar_state x;
        dense.calc_state(step.first + where * h, x);
        errors.push_back(error(x, exact(x0, step.first + where * h)));
        BOOST_TEST_MESSAGE("h " << h << " error " << errors.back() << " node "
                                << error(dense.current_state(), exact(x0, step.second)));
        // At the ends the interpolant is the accepted states themselves, bit for bit.
        dense.calc_state(step.second, x);
        BOOST_TEST(x.q == dense.current_state().q);
        BOOST_TEST(x.s == dense.current_state().s);
    }
    const double order = std::log2(errors.front() / errors.back()) / double(errors.size() - 1);
    BOOST_TEST_MESSAGE("at " << where << " h: observed order " << order);
    return order;
}
}  // namespace

// On the first step: the quintic through the step's ends and midpoint, off by O(h^6), the nodes'
// errors being O(h^9). Above h = 0.2 the nodes' error still shows (observed orders 7 ... 7.7);
// over h = 0.2 ... 0.025 the error falls from 3e-10 to 1e-15 (successive orders 6.6, 5.6, 5.5 as
// the sixth derivative's value at the error's point moves), by 2^5.96 and 2^6.12 per halving on
// the whole: [5.6, 6.4] holds that and fails for a quartic (5) or an interpolant of order 6 (7).
BOOST_AUTO_TEST_CASE(dense_output_has_order_5) {
    for (const double where : {0.3, 0.8}) {
        const double order = dense_output_order(dense_of_step, 1, where, 0.2, 0.02);
        BOOST_TEST((order > 5.6 && order < 6.4));
    }
}

// From the second step on the interpolant also passes through the step before's start and
// midpoint: degree 9, local error O(h^10). The error at 0.3 h and 0.8 h into the second step:
// 8.2e-8, 1.1e-10, 9.8e-14 at 0.8 h for h = 0.8, 0.4, 0.2, 4 to 80 times the nodes' error (so
// it is the interpolant's); observed orders 9.86 and 9.84 (below h = 0.2 round-off). [9.2, 10.8]
// fails for the quintic of the first step (6) and for degree 7 (8) or 11 (12).
BOOST_AUTO_TEST_CASE(dense_output_uses_the_step_before) {
    for (const double where : {0.3, 0.8}) {
        const double order = dense_output_order(dense_of_step, 2, where, 0.8, 0.19);
        BOOST_TEST((order > 9.2 && order < 10.8));
    }
}

// Between steps the interpolant's error is held to the tolerance as a step's local error is: a
// step whose degree-9 interpolant is off from the degree-7 one through its newest four nodes by
// more than the tolerance (weighed as the step's error, at a quarter and three quarters of the
// step) is tried again shorter, and the next step is bounded by the rule of controlled steps for
// that estimate. e = 0.9 and the paper's orbit to T = 20, chi<kahan_li8>: from the second step on
// (the first, of the dt given to initialize, is never tried again: odeint's integrate_const ends
// a run with one step after initialize), the interpolant at tenths of each step against the exact
// flow from the step's start, in units of 3 tol (abs + rel |x| with |x| < 2: the tolerance that
// holds the step's end). Measured at 1e-6, 1e-8, 1e-10: 4.4, 1.8, 0.47 (e = 0.9) and 1.7, 0.81,
// 0.27 (paper's orbit); the excess over 1 where the steps are 0.8 long: the next step follows
// this one's estimate, the tenths lie between the quarter points, and the step's own local error
// adds. Without the limit: 7.9e3, 2.5e4, 3.3e4 and 1.6e3, 3.4e3, 6.4e3 (steps of 0.7 near the
// apocentre at 1e-10, 2.2 radians of the forcing sin(pi t)). The bound 10 leaves a factor 2.3.
BOOST_AUTO_TEST_CASE(dense_output_keeps_the_interpolation_error_within_the_tolerance) {
    using kl8 = oc::chi<oc::tables::kahan_li8, state>;
    const auto system = kepler();
    const auto flow = [&](const state& x0, double t0, double t1) {
        state x = x0;
        odeint::integrate_adaptive(odeint::make_controlled(1e-14, 1e-14, odeint::runge_kutta_fehlberg78<state>()),
                                   system, x, t0, t1, (t1 - t0) / 20);
        return x;
    };
    for (const state& x0 : {eccentric_start(), paper_start()}) {
        for (const double tol : {1e-6, 1e-8, 1e-10}) {
            auto dense = odeint::make_dense_output(tol, tol, kl8());
            dense.initialize(x0, 0.0, 0.5);
            double worst = 0;
            for (int steps = 1; dense.current_time() < 20.0; ++steps) {
                const state start = dense.current_state();
                const auto [t0, t1] = dense.do_step(system);
                if (steps == 1) continue;
                for (int k = 1; k < 10; ++k) {
                    const double t = t0 + 0.1 * k * (t1 - t0);
                    state x;
                    dense.calc_state(t, x);
                    worst = std::max(worst, distance(x, flow(start, t0, t)) / (3 * tol));
                }
            }
            BOOST_TEST_MESSAGE("tol " << tol << ": interpolation error " << worst << " x 3 tol");
            BOOST_TEST(worst < 10);
        }
    }
}

// reversible_adaptive from its fifth node on: the Hermite polynomial through the last five nodes,
// degree 9, local error O(h^10). Five steps of h (sigma = 1), the error at 0.3 h and 0.8 h into
// the last: 2.4e-7, 6.2e-10, 7.6e-13 at 0.8 h for h = 0.5, 0.25, 0.125, 10 to 24 times the
// nodes' error; successive orders 8.6 and 9.7 (8.5, 9.7 at 0.3 h) as the nodes lie on one side,
// 9.06 and 9.12 over the whole. [8.5, 10.8] fails for the quintic through three nodes (6) and
// for degree 7 (8).
BOOST_AUTO_TEST_CASE(reversible_adaptive_interpolates_through_five_nodes) {
    for (const double where : {0.3, 0.8}) {
        const double order = dense_output_order(reversible_of_step, 5, where, 0.5, 0.1);
        BOOST_TEST((order > 8.5 && order < 10.8));
    }
}

// ---- time reversibility ---------------------------------------------------------------------------
// The paper's perturbed Kepler problem from the e = 0.9 orbit's apocentre, the steps varying by a
// factor 30 and more: forward past the pericentre (t = pi) to t = 4 with reversible_adaptive,
// reverse(), as many steps back: the start again to round-off and t = 0 (measured 7e-14 with
// chi2, 5e-13 with kahan_li8; 1e-11 allows for the pericentre passage amplifying rounding errors
// by ~1e2), where step doubling there and back misses by 2e-5 (checked > 1e-10).
BOOST_AUTO_TEST_CASE(forward_then_back_returns_to_the_start) {
    const auto system = kepler(-0.05);
    const state x0 = eccentric_start();
    for (int method = 0; method < 2; ++method) {
        double error = 0, t_back = 0, min_step = 1, max_step = 0;
        const auto run = [&](auto reversible) {
            reversible.initialize(x0, 0.0, 1.0);
            int steps = 0;
            for (; reversible.current_time() < 4.0; ++steps) {
                const auto [a, b] = reversible.do_step(system);
                min_step = std::min(min_step, b - a);
                max_step = std::max(max_step, b - a);
            }
            BOOST_TEST_MESSAGE(steps << " steps forward to t = " << reversible.current_time());
            reversible.reverse();
            for (int i = 0; i < steps; ++i) reversible.do_step(system);
            error = distance(reversible.current_state(), x0);
            t_back = reversible.current_time();
        };
        if (method == 0) run(oc::reversible_adaptive<oc::chi2<state>>(0.01));
        else run(oc::reversible_adaptive<oc::chi<oc::tables::kahan_li8, state>>(0.05));
        BOOST_TEST_MESSAGE("method " << method << ": back at distance " << error << ", t = " << t_back << ", steps "
                                     << min_step << " ... " << max_step);
        BOOST_TEST(max_step > 10 * min_step);
        BOOST_TEST(error < 1e-11);
        BOOST_TEST(std::abs(t_back) < 1e-11);
    }
    // Step doubling is not reversible: the same run back with integrate_adaptive misses.
    state x = x0;
    odeint::integrate_adaptive(odeint::make_controlled(1e-8, 1e-8, oc::chi2<state>()), system, x, 0.0, 4.0, 0.1);
    odeint::integrate_adaptive(odeint::make_controlled(1e-8, 1e-8, oc::chi2<state>()), system, x, 4.0, 0.0, -0.1);
    BOOST_TEST_MESSAGE("step doubling back at distance " << distance(x, x0));
    BOOST_TEST(distance(x, x0) > 1e-10);
}

// ---- long-time energy -------------------------------------------------------------------------
// Unforced e = 0.9 Kepler, chi2, 50 orbits: the time mean of E - E0 over the last tenth against
// the first. Reversible steps keep it (no drift: bench/adaptive --long measures -3.931e-5 and
// -3.932e-5 over 200 orbits; 5 % allows for the tenths' different phases of the orbit); step
// doubling drifts (-1.3e-4 to -2.4e-3 over 200 orbits; more than 3 times over 50 is checked).
BOOST_AUTO_TEST_CASE(reversible_steps_keep_the_energy_step_doubling_drifts) {
    const auto system = kepler(0.0);
    const double t_end = 50 * 2 * pi;
    const auto means = [&](auto stepper) {
        double e0 = 0, t_prev = 0, dev_prev = 0, first = 0, first_t = 0, last = 0, last_t = 0;
        bool started = false;
        state x = eccentric_start();
        odeint::integrate_adaptive(stepper, system, x, 0.0, t_end, 0.01, [&](const state& y, double t) {
            const double e = 0.5 * (y.p[0] * y.p[0] + y.p[1] * y.p[1]) - 1.0 / std::hypot(y.q[0], y.q[1]);
            if (!started) e0 = e;
            started = true;
            const double dt = t - t_prev;
            if (t_prev < 0.1 * t_end) {
                first += dev_prev * dt;
                first_t += dt;
            }
            if (t_prev >= 0.9 * t_end) {
                last += dev_prev * dt;
                last_t += dt;
            }
            t_prev = t;
            dev_prev = e - e0;
        });
        return std::make_pair(first / first_t, last / last_t);
    };
    const auto [rev_first, rev_last] = means(oc::reversible_adaptive<oc::chi2<state>>(0.025));
    const auto [sd_first, sd_last] = means(odeint::make_controlled(1e-7, 1e-7, oc::chi2<state>()));
    BOOST_TEST_MESSAGE("reversible: " << rev_first << " -> " << rev_last << "; step doubling: " << sd_first << " -> "
                                      << sd_last);
    BOOST_TEST(std::abs(rev_last - rev_first) < 0.05 * std::abs(rev_first));
    BOOST_TEST(std::abs(sd_last) > 3 * std::abs(sd_first));
}

// The cost the header states: one evaluation of sigma and of log_rate per step (at the new node,
// both half kicks from it), one more at initialize and at reverse(). Counts, not timings.
BOOST_AUTO_TEST_CASE(reversible_adaptive_evaluates_the_monitor_once_per_step) {
    struct counting_monitor {
        oc::central_force_monitor<> monitor;
        int* sigmas;
        int* rates;
        double sigma(const state& x, double t) const { return ++*sigmas, monitor.sigma(x, t); }
        double log_rate(const state& x, double t) const { return ++*rates, monitor.log_rate(x, t); }
    };
    int sigmas = 0, rates = 0;
    const auto system = kepler(-0.05);
    oc::reversible_adaptive<oc::chi2<state>, counting_monitor> reversible(0.01, counting_monitor{oc::central_force_monitor<>(), &sigmas, &rates});
    reversible.initialize(eccentric_start(), 0.0, 1.0);
    // initialize: sigma for rho_0, then sigma (checked) and log_rate for rho_{1/2}.
    BOOST_TEST(sigmas == 2);
    BOOST_TEST(rates == 1);
    for (int i = 0; i < 10; ++i) reversible.do_step(system);
    BOOST_TEST(sigmas == 12);
    BOOST_TEST(rates == 11);
    reversible.reverse();
    BOOST_TEST(sigmas == 13);
    BOOST_TEST(rates == 12);
}
