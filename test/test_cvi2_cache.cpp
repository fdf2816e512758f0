// cvi2 keeps the end values (q, t, V, grad V) of a step for the next one. These tests show that
// the cache is invisible in the results and visible only in the cost:
//  - correctness: one stepper over a run equals a fresh stepper per step, bit for bit, also when
//    the state is changed between steps, when one stepper alternates between two trajectories,
//    when dt changes, when the Hamiltonian (potential) changes, for the out-of-place do_step, and
//    after a failed step;
//  - cost: exactly one evaluation of V and one of grad V per step over a run, plus one of each at
//    the first step, with manual loops, integrate_n_steps and integrate_const (whose times
//    t0 + n dt differ from t + dt in the last bit); reset() costs one more;
//  - no heap allocation per step after the first, with a std::vector state (a counting global
//    operator new in this executable).
#define BOOST_TEST_MODULE cvi2_cache
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <functional>
#include <new>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"

// Every heap allocation in this executable goes through here; the test reads the counter
// around do_step calls.
namespace {
std::atomic<std::size_t> allocations{0};
}

void* operator new(std::size_t size) {
    ++allocations;
    if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
    throw std::bad_alloc();
}
// GCC pairs the replaced operator new with free() after inlining and warns; the pairing is
// exactly what this replacement intends (malloc in new, free in delete).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

namespace {

using vec = std::vector<double>;
using vec_state = oc::contact_state<vec>;
using scalar_state = oc::contact_state<double>;

// A time-dependent potential with counters: the cache must not hide t.
test_support::harmonic_potential<> counted_potential(test_support::eval_counter* counter) {
    test_support::harmonic_potential<> V;
    V.k0 = 1.3;
    V.eps = 0.4;
    V.omega = 2.0;
    V.counter = counter;
    return V;
}

auto hamiltonian(test_support::eval_counter* counter = nullptr) {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{1.4}, counted_potential(counter),
                                          oc::quadratic_action([](double t) { return 0.3 + 0.1 * std::cos(t); }));
}

const vec_state start{{0.9, -0.4, 0.2}, {0.1, 0.6, -0.3}, 0.5};

void require_identical(const vec_state& a, const vec_state& b) {
    BOOST_REQUIRE_EQUAL(a.q.size(), b.q.size());
    for (std::size_t i = 0; i < a.q.size(); ++i) {
        BOOST_TEST(a.q[i] == b.q[i]);
        BOOST_TEST(a.p[i] == b.p[i]);
    }
    BOOST_TEST(a.s == b.s);
}

// The result of one step by a stepper that has never seen anything.
template <class System>
vec_state fresh_step(const System& H, vec_state x, double t, double dt) {
    oc::cvi2<vec_state> stepper;
    stepper.do_step(H, x, t, dt);
    return x;
}

BOOST_AUTO_TEST_CASE(a_run_equals_fresh_steppers_bit_for_bit) {
    const auto H = hamiltonian();
    oc::cvi2<vec_state> stepper;
    vec_state x = start, y = start;
    double t = 0.0;
    const double dt = 0.1;
    for (int n = 0; n < 50; ++n) {
        stepper.do_step(H, x, t, dt);
        y = fresh_step(H, y, t, dt);
        t += dt;
    }
    require_identical(x, y);
}

BOOST_AUTO_TEST_CASE(changing_the_state_between_steps) {
    const auto H = hamiltonian();
    oc::cvi2<vec_state> stepper;
    vec_state x = start;
    stepper.do_step(H, x, 0.0, 0.1);
    // Change one coordinate by one ulp, then p and s only (these must not matter to the cache
    // key but must of course be used), then q back.
    x.q[2] = std::nextafter(x.q[2], 1.0);
    vec_state y = x;
    stepper.do_step(H, x, 0.1, 0.1);
    require_identical(x, fresh_step(H, y, 0.1, 0.1));
    x.p[0] += 0.25;
    x.s -= 0.125;
    y = x;
    stepper.do_step(H, x, 0.2, 0.1);
    require_identical(x, fresh_step(H, y, 0.2, 0.1));
}

BOOST_AUTO_TEST_CASE(changing_t_between_steps) {
    // Same q, another t (a restarted clock): V depends on t, so the start values are recomputed.
    const auto H = hamiltonian();
    oc::cvi2<vec_state> stepper;
    vec_state x = start;
    stepper.do_step(H, x, 0.0, 0.1);
    const vec_state y = x;
    stepper.do_step(H, x, 5.0, 0.1);
    require_identical(x, fresh_step(H, y, 5.0, 0.1));
}

BOOST_AUTO_TEST_CASE(one_stepper_on_two_trajectories) {
    const auto H = hamiltonian();
    oc::cvi2<vec_state> shared, own_a, own_b;
    vec_state a = start, b{{-0.3, 0.8, 0.1}, {0.4, -0.2, 0.9}, -0.2};
    vec_state a_ref = a, b_ref = b;
    double t = 0.0;
    for (int n = 0; n < 20; ++n) {
        shared.do_step(H, a, t, 0.1);
        shared.do_step(H, b, t, 0.1);  // same t, other q: must recompute
        own_a.do_step(H, a_ref, t, 0.1);
        own_b.do_step(H, b_ref, t, 0.1);
        t += 0.1;
    }
    require_identical(a, a_ref);
    require_identical(b, b_ref);
}

BOOST_AUTO_TEST_CASE(changing_dt_between_steps) {
    // V and grad V at (q, t) do not depend on dt: the cache stays valid and the results equal a
    // fresh stepper's.
    const auto H = hamiltonian();
    oc::cvi2<vec_state> stepper;
    vec_state x = start, y = start;
    double t = 0.0;
    for (double dt : {0.1, 0.05, 0.2, -0.07, 0.3}) {
        stepper.do_step(H, x, t, dt);
        y = fresh_step(H, y, t, dt);
        t += dt;
    }
    require_identical(x, y);
}

BOOST_AUTO_TEST_CASE(changing_the_hamiltonian_between_steps) {
    // Same q and t, another potential object (different stiffness): recomputed.
    test_support::eval_counter c1, c2;
    const auto H1 = hamiltonian(&c1);
    auto V2 = counted_potential(&c2);
    V2.k0 = 2.0;
    const auto H2 = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{1.4}, V2, oc::linear_action(0.2));
    oc::cvi2<vec_state> stepper;
    vec_state x = start;
    stepper.do_step(H1, x, 0.0, 0.1);
    const vec_state y = x;
    stepper.do_step(H2, x, 0.1, 0.1);
    require_identical(x, fresh_step(H2, y, 0.1, 0.1));
    BOOST_TEST(c2.gradient == 4u);  // 2 for the step above, 2 for fresh_step
}

BOOST_AUTO_TEST_CASE(out_of_place_steps) {
    const auto H = hamiltonian();
    oc::cvi2<vec_state> stepper;
    vec_state x = start, out = start, y = start;
    double t = 0.0;
    for (int n = 0; n < 10; ++n) {
        stepper.do_step(H, x, t, out, 0.1);
        y = fresh_step(H, y, t, 0.1);
        require_identical(out, y);
        x = out;
        t += 0.1;
    }
    // The same input again (out-of-place leaves it alone): the cache holds the end point, so the
    // step starts afresh and must give the same result as before.
    const vec_state input = x;
    vec_state out2 = start;
    stepper.do_step(H, input, t, out, 0.1);
    stepper.do_step(H, input, t, out2, 0.1);
    require_identical(out, out2);
}

// What the time tolerance of the cache does (cvi2.hpp, same_time): odeint's integrate functions
// step from t0 + n dt, and the cache holds V at t_{n-1} + dt, which can differ in the last bit.
// For a time-independent potential nothing changes; for a time-dependent one the run differs from
// re-evaluating at odeint's times only by the effect of that last bit of t.
template <class System>
double integrate_vs_uncached(const System& H) {
    const double dt = 0.1;
    const std::size_t steps = 200;
    oc::cvi2<vec_state> cached, uncached;
    vec_state x = start, y = start;
    odeint::integrate_n_steps(cached, H, x, 0.0, dt, steps);
    for (std::size_t n = 0; n < steps; ++n) {
        uncached.reset();
        uncached.do_step(H, y, 0.0 + static_cast<double>(n) * dt, dt);  // odeint's time formula
    }
    double worst = std::abs(x.s - y.s);
    for (std::size_t i = 0; i < x.q.size(); ++i)
        worst = std::max({worst, std::abs(x.q[i] - y.q[i]), std::abs(x.p[i] - y.p[i])});
    return worst;
}

BOOST_AUTO_TEST_CASE(time_tolerance_of_the_cache) {
    const auto autonomous = oc::make_separable_hamiltonian(
        oc::quadratic_kinetic<>{1.4}, test_support::harmonic_potential<>{}, oc::linear_action(0.3));
    BOOST_TEST(integrate_vs_uncached(autonomous) == 0.0);
    // A time shift of one ulp (2e-15 at t ~ 20) changes V = k(t) q^2/2 by |k'| * 2e-15 ~ 1e-15
    // in a step; 200 such perturbations of a damped, bounded trajectory stay below 1e-13. A cache
    // that reused V at a really different time (a whole step off) would be off by ~1e-2.
    const double difference = integrate_vs_uncached(hamiltonian());
    BOOST_TEST_MESSAGE("time-dependent V: cached run vs re-evaluated at odeint's times: " << difference);
    BOOST_TEST(difference <= 1e-13);
}

// Runs run(stepper, H, x) with a fresh stepper on a counted Hamiltonian; returns the evaluations
// of V and of grad V, which must be equal.
template <class Run>
std::size_t evaluations(const Run& run) {
    test_support::eval_counter count;
    const auto H = hamiltonian(&count);
    oc::cvi2<vec_state> stepper;
    vec_state x = start;
    run(stepper, H, x);
    BOOST_TEST(count.value == count.gradient);
    return count.value;
}

BOOST_AUTO_TEST_CASE(cost_one_evaluation_per_step_in_a_run) {
    const std::size_t steps = 100;
    BOOST_TEST(evaluations([&](auto& stepper, const auto& H, vec_state& x) {
                   for (std::size_t n = 0; n < steps; ++n) stepper.do_step(H, x, 0.1 * double(n), 0.1);
               }) == steps + 1);
    // odeint's integrate functions compute t0 + n dt, which differs from t + dt in the last bit
    // for a third of the steps with dt = 0.1: the cache must still hit. (odeint copies the
    // system; the counter pointer is copied along.)
    BOOST_TEST(evaluations([&](auto& stepper, const auto& H, vec_state& x) {
                   odeint::integrate_n_steps(stepper, H, x, 0.0, 0.1, steps);
               }) == steps + 1);
    BOOST_TEST(evaluations([&](auto& stepper, const auto& H, vec_state& x) {
                   odeint::integrate_n_steps(stepper, H, x, 0.3, 0.07, steps);  // t0 != 0
               }) == steps + 1);
    BOOST_TEST(evaluations([&](auto& stepper, const auto& H, vec_state& x) {
                   odeint::integrate_n_steps(stepper, std::cref(H), x, 0.0, 0.1, steps);  // no copy of H
               }) == steps + 1);
    std::size_t done = 0;
    const std::size_t cost = evaluations([&](auto& stepper, const auto& H, vec_state& x) {
        done = odeint::integrate_const(stepper, H, x, 0.0, 10.0, 0.1);
    });
    BOOST_TEST(done >= 99u);
    BOOST_TEST(cost == done + 1);
    // reset() drops the cache: the next step evaluates the start again.
    BOOST_TEST(evaluations([](auto& stepper, const auto& H, vec_state& x) {
                   stepper.do_step(H, x, 0.0, 0.1);
                   stepper.do_step(H, x, 0.1, 0.1);
                   stepper.reset();
                   stepper.do_step(H, x, 0.2, 0.1);
               }) == 5u);
}

// V = k |q|^2/2 with k read through a pointer, so that it can change in place between steps.
struct adjustable_potential {
    const double* k;
    double value(const vec& q, double) const {
        double sum = 0.0;
        for (double x : q) sum += x * x;
        return *k * sum / 2;
    }
    void gradient(const vec& q, double, vec& dVdq) const {
        for (std::size_t i = 0; i < q.size(); ++i) dVdq[i] = *k * q[i];
    }
};

BOOST_AUTO_TEST_CASE(reset_after_changing_a_potential_in_place) {
    // The documented limit of the cache: it identifies the potential by its address and type, so
    // a parameter changed in place needs reset(). After reset() the step is a fresh stepper's.
    double k = 1.0;
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, adjustable_potential{&k},
                                                  oc::linear_action(0.2));
    oc::cvi2<vec_state> stepper;
    vec_state x = start;
    stepper.do_step(H, x, 0.0, 0.1);
    k = 3.0;
    stepper.reset();
    const vec_state y = x;
    stepper.do_step(H, x, 0.1, 0.1);
    require_identical(x, fresh_step(H, y, 0.1, 0.1));
}

BOOST_AUTO_TEST_CASE(a_failed_step_keeps_the_start_values) {
    // 1 + dt f/2 = 1 - 16 dt: dt = 1/8 fails after evaluating both ends; the retry with dt = 1/32
    // from the unchanged state reuses the start values (one more V and grad V, at the new end)
    // and equals a fresh stepper's step.
    test_support::eval_counter count;
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, counted_potential(&count),
                                                  oc::linear_action(-32.0));
    oc::cvi2<vec_state> stepper;
    vec_state x = start;
    BOOST_CHECK_THROW(stepper.do_step(H, x, 0.0, 0.125), oc::step_error);
    require_identical(x, start);
    stepper.do_step(H, x, 0.0, 1.0 / 32);
    BOOST_TEST(count.value == 3u);
    BOOST_TEST(count.gradient == 3u);
    require_identical(x, fresh_step(H, start, 0.0, 1.0 / 32));
}

BOOST_AUTO_TEST_CASE(no_allocation_per_step) {
    const auto H = hamiltonian();
    oc::cvi2<vec_state> stepper;
    vec_state x = start;
    vec_state out = start;
    stepper.do_step(H, x, 0.0, 0.1);  // sizes the work vectors
    const std::size_t before = allocations.load();
    double t = 0.1;
    for (int n = 0; n < 100; ++n, t += 0.1) stepper.do_step(H, x, t, 0.1);
    // Also when every step misses the cache (state changed in between) and out of place.
    for (int n = 0; n < 10; ++n) {
        x.q[0] += 1e-3;
        stepper.do_step(H, x, t, out, 0.1);
    }
    const std::size_t after = allocations.load();
    BOOST_TEST(after - before == 0u);
    // The control: the counter does see allocations.
    const vec v(10, 1.0);
    BOOST_TEST(allocations.load() > after);
    BOOST_TEST(v.size() == 10u);
}

}  // namespace
