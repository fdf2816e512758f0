// SPDX-License-Identifier: BSL-1.0
// Every stepper is an odeint Stepper, exactly: chi2, chi4, chi6, chi8, chi<kahan_li8>, cvi2, cvi4,
// cvi6, cvi8, cvi<kahan_li6> and galerkin_cvi4 on a separable Hamiltonian, and the base steps and
// one composition on the other kind of system each family takes (split Hamiltonian for chi,
// contact Lagrangian for cvi and galerkin; see `cases`):
// its typedefs, the two forms of do_step, and every odeint driver for plain steppers
// (integrate_const, _n_steps, _times, _adaptive and the const-step, n-step and times iterators and
// ranges, with and without time) runs it with the same results as a loop of do_step written by
// hand, the same observer times and calls, and the same observer times as runge_kutta4 on the
// same system and state objects. On the same system, runge_kutta4 and dopri5 (controlled and
// dense output) converge to where chi2 converges.
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
#include <tuple>
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

// ---- the cases: every stepper on every kind of system it takes ----------------------------------
//
// One problem in three forms, time-dependent in V and F so that a driver that hands a stepper
// wrong times shows in the state: H = |p|^2/2 + k(t)|q|^2/2 + f(t) s, k(t) = 1 + 0.2 sin(1.3 t),
// f(t) = 0.3 + 0.2 cos t; as a separable Hamiltonian, as a split Hamiltonian of three pieces and
// as the contact Lagrangian L = |v|^2/2 - k(t)|q|^2/2 - f(t) z.
struct friction {
    double operator()(double t) const { return 0.3 + 0.2 * std::cos(t); }
};
test_support::harmonic_potential<> potential() {
    test_support::harmonic_potential<> v;
    v.eps = 0.2;
    v.omega = 1.3;
    return v;
}
struct oscillator_lagrangian {
    double value(const coor& q, const coor& v, double z, double t) const {
        return 0.5 * (v[0] * v[0] + v[1] * v[1]) - potential().value(q, t) - friction{}(t) * z;
    }
    double partials(const coor& q, const coor& v, double, double t, coor& dq, coor& dv) const {
        potential().gradient(q, t, dq);
        dq[0] = -dq[0];
        dq[1] = -dq[1];
        dv = v;
        return -friction{}(t);
    }
};

struct separable {
    static auto system() {
        return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, potential(),
                                              oc::linear_action<friction>(friction{}));
    }
};
struct split {
    static auto system() {
        return oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}), oc::potential_piece(potential()),
                                          oc::action_piece(oc::linear_action<friction>(friction{})));
    }
};
struct lagrangian {
    static auto system() { return oc::make_contact_lagrangian(oscillator_lagrangian{}); }
};

template <class Stepper, class Kind, unsigned short Order>
struct contract_case : Kind {
    using stepper = Stepper;
    static constexpr unsigned short order = Order;
};

// Every stepper on a separable H. On the other kind of system each family takes (the split H for
// chi, the Lagrangian for cvi and galerkin_cvi4), the base step and one composition: chi6, chi8 and
// the user tables differ from chi4 and cvi4 there only in their weights, which the separable
// cases already run through every driver, and each further case costs compile time in both CI
// builds without reaching other code. The iterators see a stepper only through do_step, which
// the integrate functions hold to the hand loops on every kind of system: they run the
// separable cases.
using separable_cases = std::tuple<
    contract_case<stepper, separable, 2>, contract_case<oc::chi4<state>, separable, 4>,
    contract_case<oc::chi6<state>, separable, 6>, contract_case<oc::chi8<state>, separable, 8>,
    contract_case<oc::chi<oc::tables::kahan_li8, state>, separable, 8>, contract_case<oc::cvi2<state>, separable, 2>,
    contract_case<oc::cvi4<state>, separable, 4>, contract_case<oc::cvi6<state>, separable, 6>,
    contract_case<oc::cvi8<state>, separable, 8>, contract_case<oc::cvi<oc::tables::kahan_li6, state>, separable, 6>,
    contract_case<oc::galerkin_cvi4<state>, separable, 4>>;
using cases = decltype(std::tuple_cat(
    separable_cases{},
    std::tuple<contract_case<stepper, split, 2>, contract_case<oc::chi4<state>, split, 4>,
               contract_case<oc::cvi2<state>, lagrangian, 2>, contract_case<oc::cvi4<state>, lagrangian, 4>,
               contract_case<oc::galerkin_cvi4<state>, lagrangian, 4>>{}));

auto system() { return separable::system(); }

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

// The integration interval for the const-step drivers: 10 steps of 0.1 from 0.3; the end 1.35
// lies half a step beyond the tenth step, away from odeint's epsilon comparison of end times.
constexpr double t0 = 0.3, dt = 0.1, t_end = 1.35;
constexpr std::size_t n_steps = 10;
// Observation times for integrate_times: exact binary fractions, none a multiple of dt away from
// the previous one, so that every shortened last step is well above odeint's time epsilon.
const std::vector<double> obs_times{0.25, 0.5, 0.625, 1.0, 1.375};

// The hand loops: what each driver promises, written with do_step only, on one stepper object as
// a driver keeps it. odeint computes the time of step n as t0 + n dt (not by summing dt), and so
// do these loops; with to_t_end, one shortened step follows to t_end (integrate_adaptive with a
// plain stepper).
template <class Stepper, class System>
state hand_const(const System& H, std::vector<double>* times = nullptr, bool to_t_end = false) {
    Stepper stepper;
    state x = x0;
    for (std::size_t i = 0; i < n_steps; ++i) {
        const double t = t0 + static_cast<double>(i) * dt;
        if (times) times->push_back(t);
        stepper.do_step(H, x, t, dt);
    }
    const double last = t0 + static_cast<double>(n_steps) * dt;
    if (times) times->push_back(last);
    if (to_t_end) stepper.do_step(H, x, last, t_end - last);
    return x;
}

// integrate_times: from each observation time to the next in steps of dt, the last one shortened
// so that it lands on the observation time.
template <class Stepper, class System>
state hand_times(const System& H, const std::vector<double>& times) {
    Stepper stepper;
    state x = x0;
    for (std::size_t i = 0; i + 1 < times.size(); ++i) {
        double t = times[i];
        while (t < times[i + 1]) {
            const double h = std::min(dt, times[i + 1] - t);
            stepper.do_step(H, x, t, h);
            t += h;
        }
    }
    return x;
}

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

// The times an observer sees through every driver, with Stepper on the system object H and the
// one state object x (reset to x0 before each run).
template <class Stepper, class System>
std::vector<std::vector<double>> all_observed_times(const System& H, state& x) {
    std::vector<std::vector<double>> out;
    auto run = [&](auto&& integrate) {
        record r;
        x = x0;
        integrate(r.observer());
        out.push_back(r.times);
    };
    run([&](recorder o) { odeint::integrate_const(Stepper(), H, x, t0, t_end, dt, o); });
    // dt = 0.1 from 0 to 1: the end point sits exactly where odeint's epsilon comparison decides.
    run([&](recorder o) { odeint::integrate_const(Stepper(), H, x, 0.0, 1.0, dt, o); });
    run([&](recorder o) { odeint::integrate_n_steps(Stepper(), H, x, t0, dt, n_steps, o); });
    run([&](recorder o) { odeint::integrate_adaptive(Stepper(), H, x, t0, t_end, dt, o); });
    run([&](recorder o) { odeint::integrate_times(Stepper(), H, x, obs_times.begin(), obs_times.end(), dt, o); });
    run([&](recorder o) {
        boost::range::for_each(odeint::make_const_step_time_range(Stepper(), H, x, t0, t_end, dt),
                               [&](const std::pair<const state&, double>& xt) { o(xt.first, xt.second); });
    });
    return out;
}

}  // namespace

// ---- the contract, for every case ------------------------------------------------------------

BOOST_AUTO_TEST_CASE_TEMPLATE(order_is_reported, Case, cases) {
    using S = typename Case::stepper;
    static_assert(std::is_same_v<typename S::state_type, state> && std::is_same_v<typename S::time_type, double>);
    static_assert(std::is_same_v<typename odeint::traits::stepper_category<S>::type, odeint::stepper_tag>);
    static_assert(S::order_value == Case::order);
    BOOST_TEST(S().order() == Case::order);
}

// Same arithmetic in both forms, so the results must be identical bit for bit; the out-of-place
// form must not touch its input.
BOOST_AUTO_TEST_CASE_TEMPLATE(in_place_and_out_of_place_do_step_agree, Case, cases) {
    const auto H = Case::system();
    typename Case::stepper a, b;
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

// Every integrate function is a loop of do_step: the same bits, the hand loop's times exactly,
// one observer call per time (the first at t0), and the documented number of steps.
BOOST_AUTO_TEST_CASE_TEMPLATE(integrate_functions_are_loops_of_do_step, Case, cases) {
    using S = typename Case::stepper;
    const auto H = Case::system();
    std::vector<double> times;
    const state expected = hand_const<S>(H, &times);
    BOOST_TEST_REQUIRE(times.size() == n_steps + 1);
    {
        record r;
        state x = x0;
        const std::size_t steps = odeint::integrate_const(S(), H, x, t0, t_end, dt, r.observer());
        BOOST_TEST(steps == n_steps);
        BOOST_TEST(same_bits(x, expected));
        BOOST_TEST(r.times == times, boost::test_tools::per_element());
        BOOST_TEST(same_bits(r.states.back(), expected));
    }
    {
        record r;
        state x = x0;
        const double t = odeint::integrate_n_steps(S(), H, x, t0, dt, n_steps, r.observer());
        BOOST_TEST(t == times.back());
        BOOST_TEST(same_bits(x, expected));
        BOOST_TEST(r.times == times, boost::test_tools::per_element());
    }
    // For a plain stepper integrate_adaptive is integrate_const plus one shortened step to t_end.
    {
        record r;
        state x = x0;
        const std::size_t steps = odeint::integrate_adaptive(S(), H, x, t0, t_end, dt, r.observer());
        BOOST_TEST(steps == n_steps + 1);
        BOOST_TEST(same_bits(x, hand_const<S>(H, nullptr, true)));
        BOOST_TEST(r.times.size() == n_steps + 2);
        BOOST_TEST(r.times.back() == t_end);
    }
    {
        record r;
        state x = x0;
        odeint::integrate_times(S(), H, x, obs_times.begin(), obs_times.end(), dt, r.observer());
        BOOST_TEST(same_bits(x, hand_times<S>(H, obs_times)));
        BOOST_TEST(r.times == obs_times, boost::test_tools::per_element());
        // The state at each observation time is the hand loop's state up to that time.
        for (std::size_t i = 0; i < obs_times.size(); ++i) {
            const std::vector<double> prefix(obs_times.begin(), obs_times.begin() + static_cast<std::ptrdiff_t>(i) + 1);
            BOOST_TEST(same_bits(r.states[i], hand_times<S>(H, prefix)), "observation " << i);
        }
    }
}

// The const-step, n-step and times iterators and ranges step like integrate_const, _n_steps and
// _times. (odeint's adaptive iterators take controlled and dense-output steppers only:
// test_adaptive runs them.)
BOOST_AUTO_TEST_CASE_TEMPLATE(iterators_and_ranges_step_like_the_integrate_functions, Case, separable_cases) {
    using S = typename Case::stepper;
    const auto H = Case::system();
    std::vector<double> times;
    const state expected = hand_const<S>(H, &times);
    check_iterator_forms(
        expected, times,
        [&](state& x) {
            return std::make_pair(odeint::make_const_step_iterator_begin(S(), H, x, t0, t_end, dt),
                                  odeint::make_const_step_iterator_end(S(), H, x));
        },
        [&](state& x) { return odeint::make_const_step_range(S(), H, x, t0, t_end, dt); },
        [&](state& x) { return odeint::make_const_step_time_range(S(), H, x, t0, t_end, dt); });
    check_iterator_forms(
        expected, times,
        [&](state& x) {
            return std::make_pair(odeint::make_n_step_iterator_begin(S(), H, x, t0, dt, n_steps),
                                  odeint::make_n_step_iterator_end(S(), H, x));
        },
        [&](state& x) { return odeint::make_n_step_range(S(), H, x, t0, dt, n_steps); },
        [&](state& x) { return odeint::make_n_step_time_range(S(), H, x, t0, dt, n_steps); });
    const auto first = obs_times.begin(), last = obs_times.end();
    check_iterator_forms(
        hand_times<S>(H, obs_times), obs_times,
        [&](state& x) {
            return std::make_pair(odeint::make_times_iterator_begin(S(), H, x, first, last, dt),
                                  odeint::make_times_iterator_end<std::vector<double>::const_iterator>(S(), H, x));
        },
        [&](state& x) { return odeint::make_times_range(S(), H, x, first, last, dt); },
        [&](state& x) { return odeint::make_times_time_range(S(), H, x, first, last, dt); });
}

// odeint's runge_kutta4 on the same system object and the same state object: the observer sees
// the same times through every driver, and from where the stepper left x, rk4 continues on H to
// within the two methods' errors of the stepper itself.
BOOST_AUTO_TEST_CASE_TEMPLATE(runge_kutta4_on_the_same_objects, Case, cases) {
    using S = typename Case::stepper;
    const auto H = Case::system();
    state x = x0;
    const auto ours = all_observed_times<S>(H, x);
    const auto rk4 = all_observed_times<odeint::runge_kutta4<state>>(H, x);
    BOOST_TEST_REQUIRE(ours.size() == rk4.size());
    for (std::size_t i = 0; i < ours.size(); ++i) {
        BOOST_TEST(!ours[i].empty());
        BOOST_TEST(ours[i] == rk4[i], boost::test_tools::per_element());
    }
    x = x0;
    odeint::integrate_n_steps(S(), H, x, 0.0, 0.01, 100);
    state y = x;
    odeint::integrate_n_steps(S(), H, x, 1.0, 0.01, 100);
    odeint::integrate_n_steps(odeint::runge_kutta4<state>(), H, y, 1.0, 0.01, 100);
    // dt = 0.01 over [1, 2]: rk4's error ~1e-10, a second-order stepper's ~1e-5 (0.09 dt^2 on
    // this problem, test chi2_and_runge_kutta4_converge_to_dopri5); 1e-4 covers every case, a
    // stepper or a system evaluated at a wrong time is off by O(dt) ~ 1e-2.
    BOOST_TEST(distance(x, y) < 1e-4);
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

// ---- systems and steppers by reference --------------------------------------------------------

BOOST_AUTO_TEST_CASE(systems_and_steppers_by_reference) {
    const auto H = system();
    const state expected = hand_const<stepper>(H);
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
