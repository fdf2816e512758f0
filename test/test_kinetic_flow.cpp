// SPDX-License-Identifier: BSL-1.0
// The kinetic part's optional member flow(q, p, tau, q_out) (kinetic.hpp), which the chi steppers
// call instead of gradient, dot and value when a kinetic part has it:
//  - quadratic_kinetic's flow is the exact flow of T = |p|^2/(2m): q_out = q + tau p/m, and the
//    change of s is tau |p|^2/(2m), which is tau (p . dT/dp - T) by Euler's theorem; to a few
//    ulps of these values (computed in 50 digits) for masses other than 1, bit for bit equal to
//    the generic form from gradient and value for m = 1; in place as out of place; with
//    Boost.Units it returns an action and computes the plain-double numbers; its value T, times
//    a stored 1/(2m), is |p|^2/2 exactly for m = 1 and within rounding of |p|^2/(2m) otherwise;
//  - chi2 and chi4 call a kinetic part's flow k + 1 times per step and neither its value nor its
//    gradient, and take exactly the steps they take with the same kinetic part without flow
//    (T = |p|^4/4, which is not quadratic, so nothing rests on Euler's theorem); a flow that
//    returns a wrong change of s changes the steps (the engine does use what flow returns);
//  - the generic path (a kinetic part with value and gradient only) and quadratic_kinetic's flow
//    take the same steps: bit for bit for m = 1, to a few roundings for m = 1.7.
// And the potential's optional member value_and_kick(q, t, a, b, p_in, p_out)
// (separable_hamiltonian.hpp), which chi and plain cvi2 call where the action is affine in s:
//  - a step with it equals the step with the same potential without it to a few roundings, for
//    chi2, chi4 and cvi2, on std::array and std::vector, in place and out of place, with linear
//    and affine (forced) time-dependent actions; a kick with a wrong b fails that bound;
//  - chi2 and cvi2 keep order 2 with it on the damped oscillator against its exact solution.
// (test_cost.cpp counts its calls; test_errors.cpp throws from it.)
#define BOOST_TEST_MODULE kinetic_flow
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include <boost/mpl/list.hpp>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "order_harness.hpp"
#include "test_support.hpp"
#include "units_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

namespace {

using space = std::array<double, 3>;
using space_state = oc::contact_state<space>;
using mp = boost::multiprecision::cpp_bin_float_50;

constexpr double eps = std::numeric_limits<double>::epsilon();

const space q0{0.9, -0.4, 0.3};
const space p0{0.2, 0.6, -0.5};

// How often the steppers asked a kinetic part for what.
struct kinetic_counter {
    std::size_t value = 0;
    std::size_t gradient = 0;
    std::size_t flow = 0;
};

// quadratic_kinetic without its flow: the steppers take their generic path.
struct value_and_gradient_only {
    oc::quadratic_kinetic<> base;

    template <class P>
    auto value(const P& p) const {
        return base.value(p);
    }
    template <class P, class D>
    void gradient(const P& p, D& dTdp) const {
        base.gradient(p, dTdp);
    }
};

// T = |p|^4/4, dT/dp = |p|^2 p: a kinetic part that is not quadratic (p . dT/dp - T = 3T).
struct quartic_kinetic {
    kinetic_counter* counter = nullptr;

    template <class P>
    static double norm2(const P& p) {
        return p[0] * p[0] + p[1] * p[1] + p[2] * p[2];
    }
    template <class P>
    double value(const P& p) const {
        if (counter) ++counter->value;
        const double r = norm2(p);
        return r * r / 4;
    }
    template <class P, class D>
    void gradient(const P& p, D& dTdp) const {
        if (counter) ++counter->gradient;
        const double r = norm2(p);
        for (std::size_t i = 0; i < 3; ++i) dTdp[i] = r * p[i];
    }
};

// The same T with a flow that does what the steppers' generic path does, operation for
// operation; with error != 0 its change of s is off by error * tau.
struct quartic_kinetic_with_flow : quartic_kinetic {
    double error = 0.0;

    template <class Q, class P, class QOut>
    double flow(const Q& q, const P& p, double tau, QOut& q_out) const {
        if (counter) ++counter->flow;
        const double r = norm2(p);
        space g;
        for (std::size_t i = 0; i < 3; ++i) g[i] = r * p[i];
        for (std::size_t i = 0; i < 3; ++i) q_out[i] = q[i] + tau * g[i];
        const double dot = p[0] * g[0] + p[1] * g[1] + p[2] * g[2];
        return tau * (dot - r * r / 4) + error * tau;
    }
};

// A time-dependent anharmonic V and a time-dependent linear F, so that every sub-flow matters.
// f is a function pointer, not a captureless lambda: see the README on g++ 12's false
// -Wmaybe-uninitialized for empty function objects copied with the system.
double damping(double t) { return 0.3 + 0.1 * t; }

template <class Kinetic>
auto system_with(const Kinetic& kinetic) {
    test_support::anharmonic_potential V;
    V.a = 0.5;
    V.eps = 0.2;
    return oc::make_separable_hamiltonian(kinetic, V, oc::linear_action(&damping));
}

double max_difference(const space_state& a, const space_state& b) {
    return std::max({test_support::max_abs_difference(a.q, b.q), test_support::max_abs_difference(a.p, b.p),
                     std::abs(a.s - b.s)});
}

double scale_of(const space_state& x) {
    double m = std::abs(x.s);
    for (std::size_t i = 0; i < 3; ++i) m = std::max({m, std::abs(x.q[i]), std::abs(x.p[i])});
    return m;
}

// n steps of tau from t = 0.
template <class Stepper, class System>
space_state run(const System& H, std::size_t n, double tau) {
    Stepper stepper;
    space_state x{q0, p0, 0.25};
    odeint::integrate_n_steps(stepper, H, x, 0.0, tau, n);
    return x;
}

}  // namespace

// For m = 1 both forms compute tau p and |p|^2 / 2 exactly scaled, so they agree bit for bit:
// dT/dp = 1 * p = p, and tau (|p|^2 - |p|^2/2) = (tau/2) |p|^2 because halving is exact.
BOOST_AUTO_TEST_CASE(quadratic_flow_for_unit_mass_equals_gradient_and_value) {
    const oc::quadratic_kinetic<> k;
    for (double tau : {0.1, -0.37, 1.3}) {
        space q_out{}, g{};
        const double ds = k.flow(q0, p0, tau, q_out);
        k.gradient(p0, g);
        const double dot = p0[0] * g[0] + p0[1] * g[1] + p0[2] * g[2];
        BOOST_TEST(ds == tau * (dot - k.value(p0)));
        for (std::size_t i = 0; i < 3; ++i) BOOST_TEST(q_out[i] == q0[i] + tau * g[i]);
    }
}

// Against the exact values, computed in 50 digits from the same doubles. Error bounds: the
// increment (tau/m) p takes three roundings (1/m, tau/m, times p), 1.5 eps relative, and the sum
// with q one more, eps/2 of |q_out|; so |error| <= 2 eps (|q| + |tau p/m|). The change of s
// takes six roundings of positive numbers (1/(2m), tau/(2m), three squares summed in two
// additions, the last product): 3 eps relative, bounded by 4 eps.
BOOST_AUTO_TEST_CASE(quadratic_flow_is_exact_to_rounding_for_any_mass) {
    for (double m : {1.7, 0.3, 1e-3, 13.0}) {
        const oc::quadratic_kinetic<> k{m};
        for (double tau : {0.1, -0.37, 1.3}) {
            space q_out{};
            const double ds = k.flow(q0, p0, tau, q_out);
            mp norm2 = 0;
            for (std::size_t i = 0; i < 3; ++i) {
                const mp increment = mp(tau) * mp(p0[i]) / mp(m);
                const mp exact = mp(q0[i]) + increment;
                const double bound = 2 * eps * (std::abs(q0[i]) + std::abs(static_cast<double>(increment)));
                BOOST_TEST(std::abs(static_cast<double>(mp(q_out[i]) - exact)) <= bound,
                           "m = " << m << ", tau = " << tau << ", q[" << i << "]");
                norm2 += mp(p0[i]) * mp(p0[i]);
            }
            const mp exact_ds = mp(tau) * norm2 / (2 * mp(m));
            BOOST_TEST(std::abs(static_cast<double>(mp(ds) - exact_ds)) <= 4 * eps * std::abs(static_cast<double>(exact_ds)),
                       "m = " << m << ", tau = " << tau << ": ds");
        }
    }
}

// T = |p|^2 * (1/(2m)) with the reciprocal stored: exactly |p|^2/2 for m = 1 (halving is exact),
// and for other masses within five roundings (1/(2m), three squares summed in two additions, the
// product) of the exact value, 2.5 eps relative, bounded by 3 eps.
BOOST_AUTO_TEST_CASE(quadratic_value_is_T_to_rounding) {
    const double norm2 = p0[0] * p0[0] + p0[1] * p0[1] + p0[2] * p0[2];
    BOOST_TEST(oc::quadratic_kinetic<>{}.value(p0) == norm2 / 2);
    for (double m : {1.7, 0.3, 1e-3, 13.0}) {
        const mp exact = (mp(p0[0]) * mp(p0[0]) + mp(p0[1]) * mp(p0[1]) + mp(p0[2]) * mp(p0[2])) / (2 * mp(m));
        const double T = oc::quadratic_kinetic<>{m}.value(p0);
        BOOST_TEST(std::abs(static_cast<double>(mp(T) - exact)) <= 3 * eps * static_cast<double>(exact), "m = " << m);
    }
}

// q_out may be q itself: the update reads each q[i] before writing it.
BOOST_AUTO_TEST_CASE(quadratic_flow_in_place_equals_out_of_place) {
    const oc::quadratic_kinetic<> k{1.7};
    space out{};
    const double ds_out = k.flow(q0, p0, 0.3, out);
    space q = q0;
    const double ds_in = k.flow(q, p0, 0.3, q);
    BOOST_TEST(ds_in == ds_out);
    BOOST_TEST(q == out, boost::test_tools::per_element());
}

// With SI units the flow moves a length and returns an action (J s); a quantity wraps a double
// and carries its unit in the type only, so the numbers are those of plain doubles.
BOOST_AUTO_TEST_CASE(quadratic_flow_with_units_returns_an_action) {
    namespace si = boost::units::si;
    using namespace test_support::si_units;
    const oc::quadratic_kinetic<quantity<si::mass>> k{1.7 * si::kilogram};
    const length q = 0.9 * si::meter;
    const momentum p = -0.4 * si::kilogram * si::meter / si::second;
    const utime tau = 0.3 * si::second;
    length q_out;
    const auto ds = k.flow(q, p, tau, q_out);
    static_assert(std::is_same_v<std::decay_t<decltype(ds)>, action>, "the change of s is an action");
    double plain_q_out = 0.0;
    const double plain_ds = oc::quadratic_kinetic<>{1.7}.flow(0.9, -0.4, 0.3, plain_q_out);
    BOOST_TEST(q_out.value() == plain_q_out);
    BOOST_TEST(ds.value() == plain_ds);
}

// The steppers call a kinetic part's flow k + 1 times per step (k stages, adjacent C half-flows
// fused) and neither value nor gradient; and its results go where the generic path's go: the
// steps are identical, bit for bit (the flow above does the generic path's operations).
template <class Stepper>
void check_flow_is_used(std::size_t stages) {
    kinetic_counter with, without;
    quartic_kinetic_with_flow k;
    k.counter = &with;
    const std::size_t n = 20;
    const double tau = 0.05;
    const space_state a = run<Stepper>(system_with(k), n, tau);
    const space_state b = run<Stepper>(system_with(quartic_kinetic{&without}), n, tau);
    BOOST_TEST(with.flow == n * (stages + 1));
    BOOST_TEST(with.value == 0u);
    BOOST_TEST(with.gradient == 0u);
    BOOST_TEST(without.flow == 0u);
    BOOST_TEST(without.value == n * (stages + 1));
    BOOST_TEST(without.gradient == n * (stages + 1));
    BOOST_TEST(max_difference(a, b) == 0.0);
    // Negative control: an error of 1e-6 in the change of s per flow of T shows in s.
    k.error = 1e-6;
    const space_state c = run<Stepper>(system_with(k), n, tau);
    BOOST_TEST(std::abs(c.s - b.s) > 1e-7);
}

BOOST_AUTO_TEST_CASE(chi2_uses_the_kinetic_flow) { check_flow_is_used<oc::chi2<space_state>>(1); }
BOOST_AUTO_TEST_CASE(chi4_uses_the_kinetic_flow) { check_flow_is_used<oc::chi4<space_state>>(3); }

// quadratic_kinetic's flow against the steppers' generic path (its value and gradient): for
// m = 1 the same numbers (first test case), so whole runs agree bit for bit.
BOOST_AUTO_TEST_CASE(unit_mass_flow_and_generic_path_take_identical_runs) {
    const std::size_t n = 200;
    const double tau = 0.05;
    const auto with_flow = system_with(oc::quadratic_kinetic<>{});
    const auto generic = system_with(value_and_gradient_only{oc::quadratic_kinetic<>{}});
    BOOST_TEST(max_difference(run<oc::chi2<space_state>>(with_flow, n, tau),
                              run<oc::chi2<space_state>>(generic, n, tau)) == 0.0);
    BOOST_TEST(max_difference(run<oc::chi4<space_state>>(with_flow, n, tau),
                              run<oc::chi4<space_state>>(generic, n, tau)) == 0.0);
}

// For m = 1.7 the two paths round differently ((tau/m) p against tau (p/m); tau T against
// tau (p . p/m - T), which cancels half of p . p/m): a few roundings of numbers no larger than
// the state's scale per flow of T, carried through the later sub-flows of the step. One step
// from each of several states, bound 8 eps * scale: two roundings for each of chi4's 4 flows
// (chi2 has 2); measured about 1. Any mathematical difference (half of the increment, T in
// place of p . dT/dp - T) is of size tau |p|^2/m ~ 1e-2.
BOOST_AUTO_TEST_CASE(flow_and_generic_path_agree_to_rounding_for_any_mass) {
    const auto with_flow = system_with(oc::quadratic_kinetic<>{1.7});
    const auto generic = system_with(value_and_gradient_only{oc::quadratic_kinetic<>{1.7}});
    oc::chi2<space_state> chi2;
    oc::chi4<space_state> chi4;
    space_state x{q0, p0, 0.25};
    double worst = 0.0;
    for (int k = 0; k < 50; ++k) {
        const double t = 0.05 * k;
        space_state a = x, b = x, c = x, d = x;
        chi2.do_step(with_flow, a, t, 0.05);
        chi2.do_step(generic, b, t, 0.05);
        chi4.do_step(with_flow, c, t, 0.05);
        chi4.do_step(generic, d, t, 0.05);
        const double scale = std::max(scale_of(x), scale_of(a));
        worst = std::max({worst, max_difference(a, b) / (eps * scale), max_difference(c, d) / (eps * scale)});
        BOOST_TEST(max_difference(a, b) <= 8 * eps * scale, "chi2, step " << k);
        BOOST_TEST(max_difference(c, d) <= 8 * eps * scale, "chi4, step " << k);
        x = a;
    }
    BOOST_TEST_MESSAGE("largest one-step difference, flow against generic path: " << worst << " eps * scale");
}

// ---- the potential's value_and_kick ----------------------------------------------------------

namespace {

using line_state = oc::contact_state<std::vector<double>>;

// anharmonic_potential (V = k(t)|q|^2/2 + a|q|^4/4) with value_and_kick, p_out = a p_in - b dV/dq
// with dV/dq formed as gradient forms it; b_factor != 1 is a wrong b (the negative control).
struct kicking_anharmonic : test_support::anharmonic_potential {
    double b_factor = 1.0;
    template <class Q, class P>
    double value_and_kick(const Q& q, double t, double a_, double b, const P& p_in, P& p_out) const {
        const double c = stiffness(t) + a * squared_norm(q);
        for (std::size_t i = 0; i < std::size(q); ++i) p_out[i] = a_ * p_in[i] - (b_factor * b) * (c * q[i]);
        return value(q, t);
    }
};

double forcing(double t) { return 0.2 - 0.3 * t; }

template <class Potential>
auto potential_system(const Potential& V, bool forced) {
    // One type for both actions: affine_action with c = 0 is linear_action bit for bit.
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, V,
                                          oc::affine_action(&damping, forced ? &forcing : +[](double) { return 0.0; }));
}

template <class State>
State start_state() {
    State x;
    x.q = {q0[0], q0[1], q0[2]};
    x.p = {p0[0], p0[1], p0[2]};
    x.s = 0.25;
    return x;
}

template <class State>
double difference(const State& a, const State& b) {
    return std::max({test_support::max_abs_difference(a.q, b.q), test_support::max_abs_difference(a.p, b.p),
                     std::abs(a.s - b.s)});
}

template <class State>
double magnitude(const State& x) {
    double m = std::abs(x.s);
    for (std::size_t i = 0; i < 3; ++i) m = std::max({m, std::abs(x.q[i]), std::abs(x.p[i])});
    return m;
}

// The largest one-step difference, in eps * scale, between the steps with and without
// value_and_kick from 40 states along a trajectory (tau = 0.05, t up to 2); in place and out of
// place, which must agree bit for bit with each other.
template <class Stepper>
double worst_kick_difference(const kicking_anharmonic& kicking, bool forced) {
    using state = typename Stepper::state_type;
    test_support::anharmonic_potential plain;
    plain.a = kicking.a;
    plain.eps = kicking.eps;
    const auto with = potential_system(kicking, forced);
    const auto without = potential_system(plain, forced);
    Stepper a_stepper, b_stepper;
    state x = start_state<state>();
    double worst = 0.0;
    for (int k = 0; k < 40; ++k) {
        const double t = 0.05 * k;
        state a = x, b = x, c = x;
        a_stepper.do_step(with, a, t, 0.05);
        b_stepper.do_step(without, b, t, 0.05);
        a_stepper.do_step(with, x, t, c, 0.05);
        BOOST_TEST(difference(a, c) == 0.0, "in place and out of place, step " << k);
        worst = std::max(worst, difference(a, b) / (eps * std::max(magnitude(x), magnitude(b))));
        x = b;
    }
    return worst;
}

using kick_steppers = boost::mpl::list<oc::chi2<space_state>, oc::chi4<space_state>, oc::cvi2<space_state>,
                                       oc::chi2<line_state>, oc::chi4<line_state>, oc::cvi2<line_state>>;

}  // namespace

// With and without value_and_kick the steps compute the same numbers in a different order:
// chi forms lambda p - ((1 + lambda) h) dV where it formed lambda (p - h dV) - h dV (one rounding
// of each term, of numbers no larger than |p| + 2h|dV| <~ the state's scale here), cvi2 divides
// (pi - h dV) by b as pi/b - (h/b) dV (its first kick, drift and s are the same operations).
// Each stage's difference of a few roundings in p reaches q and s through the next flow of T
// (times tau/2) and the later stages (chi4: 3 stages, factors |lambda| ~ 1); bound 8 eps * scale,
// as for the kinetic flow above, measured below 2. A wrong b, off by 1e-6, moves p by
// 1e-6 h |dV| ~ 1e-8 and fails it by far.
BOOST_AUTO_TEST_CASE_TEMPLATE(value_and_kick_steps_equal_the_plain_steps_to_rounding, Stepper, kick_steppers) {
    kicking_anharmonic V;
    V.a = 0.5;
    V.eps = 0.2;
    for (const bool forced : {false, true}) {
        const double worst = worst_kick_difference<Stepper>(V, forced);
        BOOST_TEST_MESSAGE("largest one-step difference with value_and_kick" << (forced ? " (forced)" : "") << ": "
                                                                             << worst << " eps * scale");
        BOOST_TEST(worst <= 8.0, (forced ? "affine action" : "linear action"));
    }
    V.b_factor = 1.0 + 1e-6;
    BOOST_TEST(worst_kick_difference<Stepper>(V, true) > 1e3);
}

// Order 2 with value_and_kick, as without (test_orders.cpp): the damped
// oscillator H = p^2/2 + q^2/2 + gamma s, damped and anti-damped, against its exact solution; the
// maximum error over t in [0, 5] at dt = 0.1/2^j, j = 0..5. Both methods are symmetric, so
// successive log2 ratios differ from 2 by O(dt0^2) ~ 1e-2 and [1.95, 2.05] holds from the first;
// the finest errors stay far above round-off.
BOOST_AUTO_TEST_CASE(value_and_kick_keeps_order_two) {
    using scalar_state = oc::contact_state<double>;
    const scalar_state x0{1.0, 0.5, 0.2};
    const double dt0 = 0.1;
    for (const double gamma : {0.5, -0.3}) {
        test_support::eval_counter counter;
        test_support::kicking_harmonic_potential<> V;
        V.counter = &counter;
        const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, V, oc::linear_action(gamma));
        const test_support::damped_oscillator exact{gamma, 1.0, 1.0};
        const auto reference = [&](std::size_t k) { return exact(x0, double(k) * dt0); };
        const test_support::order_band order_two{1.95, 2.05, 1e-8};
        std::ostringstream name;
        name << "gamma = " << gamma;
        test_support::check_orders<oc::chi2<scalar_state>>(name.str(), order_two, H, x0, dt0, 50, 1, 5, reference);
        test_support::check_orders<oc::cvi2<scalar_state>>(name.str(), order_two, H, x0, dt0, 50, 1, 5, reference);
        BOOST_TEST(counter.value_and_kick > 0u);
        BOOST_TEST(counter.value_and_gradient == 0u);
    }
}
