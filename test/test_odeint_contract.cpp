// SPDX-License-Identifier: BSL-1.0
// chi2 is an odeint Stepper, exactly: its typedefs and tags, the two forms of do_step, and every
// odeint driver for plain steppers (integrate_const, _n_steps, _times, _adaptive and the
// iterators and ranges) runs it with the same results as a loop of do_step written by hand and
// the same observer times as runge_kutta4. On the same system, runge_kutta4 and dopri5
// (controlled and dense output) converge to where chi2 converges.
#define BOOST_TEST_MODULE odeint_contract
// odeint computes the time of step n as t0 + n dt, one expression. clang contracts such an
// expression into a fused multiply-add (-ffp-contract=on, its default) wherever it sees fit: in
// constant folding after inlining, say, with one stepper and not with another, so that the same
// odeint code hands one stepper 0.6000000000000001 and another 0.6. The comparisons below are
// exact (the times odeint reports, of chi2 against runge_kutta4 and against the hand loops'
// t0 + n dt), so contraction is turned off for this file, odeint's headers included: every
// instantiation then rounds t0 + n dt twice, as written and as g++ does on x86-64.
#if defined(__clang__)
#pragma clang fp contract(off)
#endif
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <functional>
#include <type_traits>
#include <utility>
#include <vector>

// odeint's end iterators leave their time members uninitialised, and make_*_range copies them
// into a std::pair; g++ 12 at -O2 reports that copy (-Wuninitialized) at odeint's own lines,
// whichever stepper is used. The end iterator's times are never read, so the warning is silenced
// for odeint's headers only. -Wmaybe-uninitialized is GCC's alone: clang rejects an unknown
// warning group (-Wunknown-warning-option, an error with -Werror).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/numeric/odeint.hpp>
// odeint.hpp brings only the const-step and adaptive iterators.
#include <boost/numeric/odeint/iterator/n_step_iterator.hpp>
#include <boost/numeric/odeint/iterator/n_step_time_iterator.hpp>
#include <boost/numeric/odeint/iterator/times_iterator.hpp>
#include <boost/numeric/odeint/iterator/times_time_iterator.hpp>
#pragma GCC diagnostic pop
#include <boost/range/algorithm/for_each.hpp>
#include <boost/ref.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

using coor = std::array<double, 2>;
using state = oc::contact_state<coor>;
using stepper = oc::chi2<state>;

// ---- the Stepper concept's types -------------------------------------------------------------
static_assert(std::is_same_v<stepper::state_type, state>);
static_assert(std::is_same_v<stepper::deriv_type, state>);
static_assert(std::is_same_v<stepper::value_type, double>);
static_assert(std::is_same_v<stepper::time_type, double>);
static_assert(std::is_same_v<stepper::algebra_type, oc::contact_algebra>);
static_assert(std::is_same_v<stepper::operations_type, odeint::default_operations>);
static_assert(std::is_same_v<stepper::resizer_type, odeint::initially_resizer>);
static_assert(std::is_same_v<stepper::stepper_category, odeint::stepper_tag>);
static_assert(std::is_same_v<stepper::order_type, unsigned short>);
static_assert(stepper::order_value == 2);
static_assert(oc::chi4<state>::order_value == 4 && oc::chi6<state>::order_value == 6 &&
              oc::chi8<state>::order_value == 8);
// What odeint's drivers actually look at: the traits and the category they dispatch on.
static_assert(std::is_same_v<odeint::traits::stepper_category<stepper>::type, odeint::stepper_tag>);
static_assert(std::is_same_v<odeint::traits::state_type<stepper>::type, state>);
static_assert(std::is_same_v<odeint::traits::time_type<stepper>::type, double>);
static_assert(std::is_same_v<odeint::base_tag<stepper::stepper_category>::type, odeint::stepper_tag>);
// The template parameters reach the typedefs.
using custom = oc::chi2<oc::contact_state<std::vector<float>>, float, oc::contact_state<std::vector<float>>, float,
                        oc::contact_algebra, odeint::default_operations, odeint::always_resizer>;
static_assert(std::is_same_v<custom::value_type, float> && std::is_same_v<custom::time_type, float>);
static_assert(std::is_same_v<custom::resizer_type, odeint::always_resizer>);

namespace {

// Time-dependent V and F, so that a driver that hands the stepper wrong times shows in the state.
auto system() {
    test_support::harmonic_potential<> v;
    v.eps = 0.2;
    v.omega = 1.3;
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, v,
                                          oc::linear_action([](double t) { return 0.3 + 0.2 * std::cos(t); }));
}
using system_type = decltype(system());

const state x0{{1.0, -0.5}, {0.25, 0.75}, 0.125};

bool same_bits(const state& a, const state& b) {
    return std::memcmp(a.q.data(), b.q.data(), sizeof a.q) == 0 &&
           std::memcmp(a.p.data(), b.p.data(), sizeof a.p) == 0 && std::memcmp(&a.s, &b.s, sizeof a.s) == 0;
}

double distance(const state& a, const state& b) {
    return std::max({test_support::max_abs_difference(a.q, b.q), test_support::max_abs_difference(a.p, b.p),
                     test_support::max_abs_difference(a.s, b.s)});
}

// Records what an observer sees.
struct recorder {
    std::vector<double>* times;
    std::vector<state>* states;
    void operator()(const state& x, double t) const {
        times->push_back(t);
        states->push_back(x);
    }
};

struct record {
    std::vector<double> times;
    std::vector<state> states;
    recorder observer() { return {&times, &states}; }
};

// The hand loops: what each driver promises, written with do_step only. odeint computes the time
// of step n as t0 + n dt (not by summing dt), and so do these loops.
state hand_const(double t0, double dt, std::size_t n, std::vector<double>* times = nullptr) {
    const auto H = system();
    stepper chi;
    state x = x0;
    for (std::size_t i = 0; i < n; ++i) {
        const double t = t0 + static_cast<double>(i) * dt;
        if (times) times->push_back(t);
        chi.do_step(H, x, t, dt);
    }
    if (times) times->push_back(t0 + static_cast<double>(n) * dt);
    return x;
}

// integrate_times: from each observation time to the next in steps of dt, the last one shortened
// so that it lands on the observation time.
state hand_times(const std::vector<double>& times, double dt) {
    const auto H = system();
    stepper chi;
    state x = x0;
    for (std::size_t i = 0; i + 1 < times.size(); ++i) {
        double t = times[i];
        while (t < times[i + 1]) {
            const double h = std::min(dt, times[i + 1] - t);
            chi.do_step(H, x, t, h);
            t += h;
        }
    }
    return x;
}

// The integration interval for the const-step drivers: 10 steps of 0.1 from 0.3; the end 1.35
// lies half a step beyond the tenth step, away from odeint's epsilon comparison of end times.
constexpr double t0 = 0.3, dt = 0.1, t_end = 1.35;
constexpr std::size_t n_steps = 10;
// Observation times for integrate_times: exact binary fractions, none a multiple of dt away from
// the previous one, so that every shortened last step is well above odeint's time epsilon.
const std::vector<double> obs_times{0.25, 0.5, 0.625, 1.0, 1.375};

}  // namespace

BOOST_AUTO_TEST_CASE(order_is_reported) {
    BOOST_TEST(stepper().order() == 2);
    BOOST_TEST(oc::chi4<state>().order() == 4);
    BOOST_TEST(oc::chi6<state>().order() == 6);
    BOOST_TEST(oc::chi8<state>().order() == 8);
}

// Same arithmetic in both forms, so the results must be identical bit for bit; the out-of-place
// form must not touch its input.
BOOST_AUTO_TEST_CASE(in_place_and_out_of_place_do_step_agree) {
    const auto H = system();
    stepper a, b;
    state x = x0, y = x0;
    for (int i = 0; i < 5; ++i) {
        const double t = 0.1 * i;
        a.do_step(H, x, t, 0.1);
        const state before = y;
        state out{};
        b.do_step(H, y, t, out, 0.1);
        BOOST_TEST(same_bits(y, before));
        y = out;
        BOOST_TEST(same_bits(x, y));
    }
    BOOST_TEST(distance(x, x0) > 0.1);  // it moved
}

BOOST_AUTO_TEST_CASE(adjust_size_prepares_a_resizeable_state) {
    using vstate = oc::contact_state<std::vector<double>>;
    const auto H = system();
    oc::chi2<vstate> a, b;
    vstate x{{1.0, -0.5, 0.2}, {0.25, 0.75, 0.0}, 0.125};
    vstate y = x;
    a.do_step(H, x, 0.0, 0.1);  // sizes itself on the first step
    b.adjust_size(y);           // or on request
    b.do_step(H, y, 0.0, 0.1);
    BOOST_TEST(x.q == y.q);
    BOOST_TEST(x.p == y.p);
    BOOST_TEST(x.s == y.s);
}

// ---- the integrate functions --------------------------------------------------------------

BOOST_AUTO_TEST_CASE(integrate_const_is_a_loop_of_do_step) {
    std::vector<double> hand_times_seen;
    const state expected = hand_const(t0, dt, n_steps, &hand_times_seen);
    record r;
    state x = x0;
    const std::size_t steps = odeint::integrate_const(stepper(), system(), x, t0, t_end, dt, r.observer());
    BOOST_TEST(steps == n_steps);
    BOOST_TEST(same_bits(x, expected));
    BOOST_TEST(r.times == hand_times_seen, boost::test_tools::per_element());
    BOOST_TEST(same_bits(r.states.back(), expected));
}

BOOST_AUTO_TEST_CASE(integrate_n_steps_is_a_loop_of_do_step) {
    std::vector<double> hand_times_seen;
    const state expected = hand_const(t0, dt, n_steps, &hand_times_seen);
    record r;
    state x = x0;
    const double t = odeint::integrate_n_steps(stepper(), system(), x, t0, dt, n_steps, r.observer());
    BOOST_TEST(t == hand_times_seen.back());
    BOOST_TEST(same_bits(x, expected));
    BOOST_TEST(r.times == hand_times_seen, boost::test_tools::per_element());
}

// For a plain stepper integrate_adaptive is integrate_const plus one shortened step to t_end.
BOOST_AUTO_TEST_CASE(integrate_adaptive_is_a_loop_of_do_step_ending_on_time) {
    state expected = hand_const(t0, dt, n_steps);
    const double last = t0 + dt * n_steps;
    stepper().do_step(system(), expected, last, t_end - last);
    record r;
    state x = x0;
    const std::size_t steps = odeint::integrate_adaptive(stepper(), system(), x, t0, t_end, dt, r.observer());
    BOOST_TEST(steps == n_steps + 1);
    BOOST_TEST(same_bits(x, expected));
    BOOST_TEST(r.times.back() == t_end);
}

BOOST_AUTO_TEST_CASE(integrate_times_is_a_loop_of_do_step) {
    const state expected = hand_times(obs_times, dt);
    record r;
    state x = x0;
    odeint::integrate_times(stepper(), system(), x, obs_times.begin(), obs_times.end(), dt, r.observer());
    BOOST_TEST(same_bits(x, expected));
    BOOST_TEST(r.times == obs_times, boost::test_tools::per_element());
    // The state at each observation time is the hand loop's state up to that time.
    for (std::size_t i = 0; i < obs_times.size(); ++i) {
        const std::vector<double> prefix(obs_times.begin(), obs_times.begin() + static_cast<std::ptrdiff_t>(i) + 1);
        BOOST_TEST(same_bits(r.states[i], hand_times(prefix, dt)), "observation " << i);
    }
}

// ---- iterators and ranges ---------------------------------------------------------------------

namespace {

// Each family of iterators comes in three forms: begin/end iterators over states, a range over
// states, and a range over (state, time) pairs. Each form, given a state x to advance, must leave
// x where the hand loop does, visit every observation, and report the hand loop's times.
template <class Iterators, class Range, class TimeRange>
void check_iterator_forms(const state& expected, const std::vector<double>& times, Iterators iterators,
                          Range range, TimeRange time_range) {
    {
        state x = x0;
        std::size_t seen = 0;
        const auto [first, last] = iterators(x);
        std::for_each(first, last, [&](const state&) { ++seen; });
        BOOST_TEST(seen == times.size());
        BOOST_TEST(same_bits(x, expected));
    }
    {
        state x = x0;
        std::size_t seen = 0;
        boost::range::for_each(range(x), [&](const state&) { ++seen; });
        BOOST_TEST(seen == times.size());
        BOOST_TEST(same_bits(x, expected));
    }
    {
        state x = x0;
        std::vector<double> range_times;
        boost::range::for_each(time_range(x),
                               [&](const std::pair<const state&, double>& xt) { range_times.push_back(xt.second); });
        BOOST_TEST(range_times == times, boost::test_tools::per_element());
        BOOST_TEST(same_bits(x, expected));
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(const_step_iterators_and_ranges_step_like_integrate_const) {
    std::vector<double> times;
    const state expected = hand_const(t0, dt, n_steps, &times);
    const auto H = system();
    check_iterator_forms(
        expected, times,
        [&](state& x) {
            return std::make_pair(odeint::make_const_step_iterator_begin(stepper(), H, x, t0, t_end, dt),
                                  odeint::make_const_step_iterator_end(stepper(), H, x));
        },
        [&](state& x) { return odeint::make_const_step_range(stepper(), H, x, t0, t_end, dt); },
        [&](state& x) { return odeint::make_const_step_time_range(stepper(), H, x, t0, t_end, dt); });
}

BOOST_AUTO_TEST_CASE(n_step_iterators_and_ranges_step_like_integrate_n_steps) {
    std::vector<double> times;
    const state expected = hand_const(t0, dt, n_steps, &times);
    const auto H = system();
    check_iterator_forms(
        expected, times,
        [&](state& x) {
            return std::make_pair(odeint::make_n_step_iterator_begin(stepper(), H, x, t0, dt, n_steps),
                                  odeint::make_n_step_iterator_end(stepper(), H, x));
        },
        [&](state& x) { return odeint::make_n_step_range(stepper(), H, x, t0, dt, n_steps); },
        [&](state& x) { return odeint::make_n_step_time_range(stepper(), H, x, t0, dt, n_steps); });
}

BOOST_AUTO_TEST_CASE(times_iterators_and_ranges_step_like_integrate_times) {
    const state expected = hand_times(obs_times, dt);
    const auto H = system();
    const auto first = obs_times.begin(), last = obs_times.end();
    check_iterator_forms(
        expected, obs_times,
        [&](state& x) {
            return std::make_pair(odeint::make_times_iterator_begin(stepper(), H, x, first, last, dt),
                                  odeint::make_times_iterator_end<std::vector<double>::const_iterator>(stepper(), H, x));
        },
        [&](state& x) { return odeint::make_times_range(stepper(), H, x, first, last, dt); },
        [&](state& x) { return odeint::make_times_time_range(stepper(), H, x, first, last, dt); });
}

// ---- the observer sees the same times with chi2 as with runge_kutta4 ------------------------

template <class Stepper>
std::vector<std::vector<double>> all_observed_times() {
    const auto H = system();
    std::vector<std::vector<double>> out;
    auto run = [&](auto&& integrate) {
        record r;
        state x = x0;
        integrate(x, r.observer());
        out.push_back(r.times);
    };
    run([&](state& x, recorder o) { odeint::integrate_const(Stepper(), H, x, t0, t_end, dt, o); });
    // dt = 0.1 from 0 to 1: the end point sits exactly where odeint's epsilon comparison decides.
    run([&](state& x, recorder o) { odeint::integrate_const(Stepper(), H, x, 0.0, 1.0, dt, o); });
    run([&](state& x, recorder o) { odeint::integrate_n_steps(Stepper(), H, x, t0, dt, n_steps, o); });
    run([&](state& x, recorder o) { odeint::integrate_adaptive(Stepper(), H, x, t0, t_end, dt, o); });
    run([&](state& x, recorder o) {
        odeint::integrate_times(Stepper(), H, x, obs_times.begin(), obs_times.end(), dt, o);
    });
    run([&](state& x, recorder o) {
        boost::range::for_each(odeint::make_const_step_time_range(Stepper(), H, x, t0, t_end, dt),
                               [&](const std::pair<const state&, double>& xt) { o(xt.first, xt.second); });
    });
    return out;
}

BOOST_AUTO_TEST_CASE(observer_times_are_those_of_runge_kutta4) {
    const auto chi = all_observed_times<stepper>();
    const auto rk4 = all_observed_times<odeint::runge_kutta4<state>>();
    BOOST_TEST_REQUIRE(chi.size() == rk4.size());
    for (std::size_t i = 0; i < chi.size(); ++i) {
        BOOST_TEST(!chi[i].empty());
        BOOST_TEST(chi[i] == rk4[i], boost::test_tools::per_element());
    }
}

// ---- systems and steppers by reference --------------------------------------------------------

BOOST_AUTO_TEST_CASE(systems_and_steppers_by_reference) {
    const state expected = hand_const(t0, dt, n_steps);
    const auto H = system();
    {
        state x = x0;
        odeint::integrate_n_steps(stepper(), std::ref(H), x, t0, dt, n_steps);
        BOOST_TEST(same_bits(x, expected));
    }
    {
        state x = x0;
        odeint::integrate_n_steps(stepper(), boost::ref(H), x, t0, dt, n_steps);
        BOOST_TEST(same_bits(x, expected));
    }
    {
        state x = x0;
        stepper chi;
        odeint::integrate_n_steps(std::ref(chi), std::cref(H), x, t0, dt, n_steps);
        BOOST_TEST(same_bits(x, expected));
    }
    {
        state x = x0, y = x0;
        stepper chi;
        chi.do_step(std::ref(H), x, 0.0, dt);
        chi.do_step(boost::cref(H), y, 0.0, dt);
        state z = x0;
        chi.do_step(H, z, 0.0, dt);
        BOOST_TEST(same_bits(x, z));
        BOOST_TEST(same_bits(y, z));
    }
}

// ---- agreement with odeint's general steppers as tau -> 0 -------------------------------------

namespace {

constexpr double t_final = 2.0;

// The reference: controlled dopri5 at tolerance 1e-13. Its own error is checked below against
// dense-output dopri5 (a different step sequence) and a tighter run.
state dopri5_reference(double tol) {
    state x = x0;
    odeint::integrate_adaptive(odeint::make_controlled(tol, tol, odeint::runge_kutta_dopri5<state>()), system(), x,
                               0.0, t_final, 0.01);
    return x;
}

template <class Stepper>
std::vector<double> errors_against(const state& reference, const std::vector<std::size_t>& steps) {
    std::vector<double> e;
    for (const std::size_t n : steps) {
        state x = x0;
        odeint::integrate_n_steps(Stepper(), system(), x, 0.0, t_final / static_cast<double>(n), n);
        e.push_back(distance(x, reference));
    }
    return e;
}

}  // namespace

BOOST_AUTO_TEST_CASE(dopri5_controlled_and_dense_agree) {
    const state controlled = dopri5_reference(1e-13);
    state dense = x0;
    odeint::integrate_const(odeint::make_dense_output(1e-13, 1e-13, odeint::runge_kutta_dopri5<state>()), system(),
                            dense, 0.0, t_final, 0.25);
    const state tighter = dopri5_reference(1e-14);
    BOOST_TEST_MESSAGE("dopri5: |controlled - dense| = " << distance(controlled, dense)
                                                          << ", |1e-13 - 1e-14| = " << distance(controlled, tighter));
    // Three step sequences, two tolerances: their spread estimates the reference error (measured
    // 9e-15 and 6e-14). The bound 1e-12 keeps the reference 300x below the smallest error
    // measured against it below (rk4, 3.5e-10), so it cannot bend a measured order.
    BOOST_TEST(distance(controlled, dense) < 1e-12);
    BOOST_TEST(distance(controlled, tighter) < 1e-12);
}

BOOST_AUTO_TEST_CASE(chi2_and_runge_kutta4_converge_to_dopri5) {
    const state reference = dopri5_reference(1e-13);
    const std::vector<std::size_t> steps{20, 40, 80, 160, 320};
    const auto chi = errors_against<stepper>(reference, steps);
    const auto rk4 = errors_against<odeint::runge_kutta4<state>>(reference, {20, 40, 80, 160});
    for (std::size_t i = 0; i < chi.size(); ++i) {
        const double tau = t_final / static_cast<double>(steps[i]);
        BOOST_TEST_MESSAGE("chi2 tau = " << tau << ": error " << chi[i] << ", error/tau^2 = " << chi[i] / (tau * tau));
    }
    for (const double e : rk4) BOOST_TEST_MESSAGE("rk4 error " << e);
    // Measured: chi2's error/tau^2 = 0.09106, 0.09100, 0.09099, 0.09099, 0.09099 for tau = 0.1
    // ... 0.00625 (orders 2.00), rk4's orders 3.96, 3.98, 3.99. The tolerances allow the next
    // term of each expansion, not a different order.
    for (const double order : test_support::observed_orders(chi)) BOOST_TEST(std::abs(order - 2.0) < 0.05);
    for (const double order : test_support::observed_orders(rk4)) BOOST_TEST(std::abs(order - 4.0) < 0.1);
    // The bound, for this problem on [0, 2]: |chi2(tau) - exact| <= 0.1 tau^2 for tau <= 0.1
    // (the constant is 0.091 and flat, so 0.1 is the measured constant with 10% to spare).
    for (std::size_t i = 0; i < chi.size(); ++i) {
        const double tau = t_final / static_cast<double>(steps[i]);
        BOOST_TEST(chi[i] <= 0.1 * tau * tau);
    }
}
