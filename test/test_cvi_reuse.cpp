// SPDX-License-Identifier: BSL-1.0
// A kept stepper never gives other numbers than a fresh one (issue 10, section 1), and the
// carried sample of cvi<Table> (initialize + do_step(system, x, sample, t, dt)) saves exactly
// one evaluation of V and dV/dq per step without changing a bit:
//  - the program of the issue: a stepper kept across two integrate_n_steps calls on two
//    Hamiltonians (whose by-value copies land at the same address) equals fresh steppers; before
//    the fix it gave q = -0.5201 instead of -0.5564;
//  - one stepper reused on a second trajectory from another start equals a fresh stepper;
//  - a potential changed in place between steps is seen by the next plain step;
//  - carried runs equal plain runs bit for bit, in place and out of place, for cvi2 and the
//    compositions (manual loops with t += dt, so both see the same times);
//  - cost: a plain step of m stages evaluates V and dV/dq m + 1 times, a carried step m times,
//    initialize once;
//  - a failed carried step leaves the state and the sample unchanged;
//  - no heap allocation per step on either path, with a std::vector state (a counting global
//    operator new in this executable).
#define BOOST_TEST_MODULE cvi_reuse
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <functional>
#include <new>
#include <tuple>
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

// The issue's spring: V = k q^2/2.
struct spring {
    double k;
    double value(double q, double) const { return k * q * q / 2; }
    void gradient(double q, double, double& g) const { g = k * q; }
};

auto spring_hamiltonian(double k) {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, spring{k}, oc::linear_action(0.1));
}

void require_identical(const scalar_state& a, const scalar_state& b) {
    BOOST_TEST(a.q == b.q);
    BOOST_TEST(a.p == b.p);
    BOOST_TEST(a.s == b.s);
}

void require_identical(const vec_state& a, const vec_state& b) {
    BOOST_REQUIRE_EQUAL(a.q.size(), b.q.size());
    for (std::size_t i = 0; i < a.q.size(); ++i) {
        BOOST_TEST(a.q[i] == b.q[i]);
        BOOST_TEST(a.p[i] == b.p[i]);
    }
    BOOST_TEST(a.s == b.s);
}

template <template <class...> class Stepper>
struct family {
    template <class State>
    using type = Stepper<State>;
};

using steppers = std::tuple<family<oc::cvi2>, family<oc::cvi4>, family<oc::cvi6>, family<oc::cvi8>,
                            family<oc::chi2>, family<oc::chi4>>;

BOOST_AUTO_TEST_CASE_TEMPLATE(the_issues_program_gives_a_fresh_steppers_numbers, F, steppers) {
    using stepper = typename F::template type<scalar_state>;
    stepper kept;
    scalar_state x{1.0, 0.0, 0.0};
    odeint::integrate_n_steps(std::ref(kept), spring_hamiltonian(1.0), x, 0.0, 0.1, 10);
    odeint::integrate_n_steps(std::ref(kept), spring_hamiltonian(4.0), x, 1.0, 0.1, 10);
    stepper first, second;
    scalar_state y{1.0, 0.0, 0.0};
    odeint::integrate_n_steps(first, spring_hamiltonian(1.0), y, 0.0, 0.1, 10);
    odeint::integrate_n_steps(second, spring_hamiltonian(4.0), y, 1.0, 0.1, 10);
    BOOST_TEST_MESSAGE("kept " << x.q << ", fresh " << y.q);
    require_identical(x, y);
}

// A time-dependent potential with counters, on a vector state.
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
const vec_state other_start{{-0.3, 0.8, 0.1}, {0.4, -0.2, 0.9}, -0.2};

BOOST_AUTO_TEST_CASE_TEMPLATE(a_second_trajectory_from_another_start, F, steppers) {
    using stepper = typename F::template type<vec_state>;
    const auto H = hamiltonian();
    stepper kept, fresh;
    vec_state a = start, b = other_start, b_ref = other_start;
    odeint::integrate_n_steps(kept, H, a, 0.0, 0.1, 20);
    // Same H, same times: only the state differs.
    odeint::integrate_n_steps(kept, H, b, 0.0, 0.1, 20);
    odeint::integrate_n_steps(fresh, H, b_ref, 0.0, 0.1, 20);
    require_identical(b, b_ref);
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

BOOST_AUTO_TEST_CASE(a_potential_changed_in_place_is_seen_by_the_next_step) {
    double k = 1.0;
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, adjustable_potential{&k},
                                                  oc::linear_action(0.2));
    oc::cvi2<vec_state> kept, fresh;
    vec_state x = start;
    kept.do_step(H, x, 0.0, 0.1);
    k = 3.0;
    vec_state y = x;
    kept.do_step(H, x, 0.1, 0.1);
    fresh.do_step(H, y, 0.1, 0.1);
    require_identical(x, y);
}

using cvis = std::tuple<family<oc::cvi2>, family<oc::cvi4>, family<oc::cvi6>, family<oc::cvi8>>;

BOOST_AUTO_TEST_CASE_TEMPLATE(carried_sample_equals_the_plain_step_bit_for_bit, F, cvis) {
    using stepper = typename F::template type<vec_state>;
    const auto H = hamiltonian();
    stepper plain, carried, out_of_place;
    typename stepper::sample_type v, w_a, w_b;
    vec_state x = start, y = start, z = start, z_out = start;
    double t = 0.0;
    const double dt = 0.1;
    carried.initialize(H, y, t, v);
    out_of_place.initialize(H, z, t, w_a);
    for (int n = 0; n < 30; ++n) {
        plain.do_step(H, x, t, dt);
        carried.do_step(H, y, v, t, dt);
        // Out of place, the input and its sample stay as they were.
        const vec_state z_before = z;
        out_of_place.do_step(H, z, w_a, t, z_out, w_b, dt);
        require_identical(z, z_before);
        z = z_out;
        std::swap(w_a, w_b);
        t += dt;
    }
    require_identical(x, y);
    require_identical(x, z);
    // The sample left behind is V and dV/dq at the end point.
    typename stepper::sample_type fresh_sample;
    carried.initialize(H, y, t, fresh_sample);
    BOOST_TEST(v.value == fresh_sample.value);
    for (std::size_t i = 0; i < v.gradient.size(); ++i) BOOST_TEST(v.gradient[i] == fresh_sample.gradient[i]);
}

// Evaluations of V (and, equally many, of dV/dq) by run(stepper, H, x) on a counted Hamiltonian.
template <class Stepper, class Run>
std::size_t evaluations(const Run& run) {
    test_support::eval_counter count;
    const auto H = hamiltonian(&count);
    Stepper stepper;
    vec_state x = start;
    run(stepper, H, x);
    BOOST_TEST(count.value == count.gradient);
    return count.value;
}

BOOST_AUTO_TEST_CASE_TEMPLATE(cost_m_plus_one_plain_m_carried, F, cvis) {
    using stepper = typename F::template type<vec_state>;
    const std::size_t m = stepper::stages;
    const std::size_t steps = 20;
    const std::size_t plain = evaluations<stepper>([&](auto& s, const auto& H, vec_state& x) {
        for (std::size_t n = 0; n < steps; ++n) s.do_step(H, x, 0.1 * double(n), 0.1);
    });
    BOOST_TEST(plain == steps * (m + 1));
    // odeint's integrate functions use the plain do_step.
    const std::size_t integrated = evaluations<stepper>([&](auto& s, const auto& H, vec_state& x) {
        odeint::integrate_n_steps(s, H, x, 0.0, 0.1, steps);
    });
    BOOST_TEST(integrated == steps * (m + 1));
    const std::size_t carried = evaluations<stepper>([&](auto& s, const auto& H, vec_state& x) {
        typename stepper::sample_type v;
        s.initialize(H, x, 0.0, v);
        for (std::size_t n = 0; n < steps; ++n) s.do_step(H, x, v, 0.1 * double(n), 0.1);
    });
    BOOST_TEST(carried == steps * m + 1);
}

BOOST_AUTO_TEST_CASE(a_failed_carried_step_keeps_state_and_sample) {
    // 1 + dt f/2 = 1 - 16 dt: dt = 1/8 fails after evaluating the end; the retry with dt = 1/32
    // from the unchanged state and sample equals the plain step.
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, counted_potential(nullptr),
                                                  oc::linear_action(-32.0));
    oc::cvi2<vec_state> stepper;
    oc::cvi2<vec_state>::sample_type v;
    vec_state x = start;
    stepper.initialize(H, x, 0.0, v);
    const auto v_before = v;
    BOOST_CHECK_THROW(stepper.do_step(H, x, v, 0.0, 0.125), oc::step_error);
    require_identical(x, start);
    BOOST_TEST(v.value == v_before.value);
    for (std::size_t i = 0; i < v.gradient.size(); ++i) BOOST_TEST(v.gradient[i] == v_before.gradient[i]);
    stepper.do_step(H, x, v, 0.0, 1.0 / 32);
    vec_state y = start;
    oc::cvi2<vec_state>().do_step(H, y, 0.0, 1.0 / 32);
    require_identical(x, y);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(no_allocation_per_step, F, cvis) {
    using stepper_t = typename F::template type<vec_state>;
    const auto H = hamiltonian();
    stepper_t stepper;
    typename stepper_t::sample_type v, w;
    vec_state x = start;
    vec_state out = start;
    stepper.do_step(H, x, 0.0, 0.1);  // sizes the work vectors
    stepper.initialize(H, x, 0.1, v);
    stepper.do_step(H, x, v, 0.1, out, w, 0.1);  // sizes w
    const std::size_t before = allocations.load();
    double t = 0.1;
    for (int n = 0; n < 50; ++n, t += 0.1) stepper.do_step(H, x, t, 0.1);
    for (int n = 0; n < 50; ++n, t += 0.1) stepper.do_step(H, x, v, t, 0.1);
    for (int n = 0; n < 10; ++n, t += 0.1) {
        stepper.do_step(H, x, t, out, 0.1);
        stepper.do_step(H, out, v, t, x, w, 0.1);
    }
    const std::size_t after = allocations.load();
    BOOST_TEST(after - before == 0u);
    // The control: the counter does see allocations.
    const vec control(10, 1.0);
    BOOST_TEST(allocations.load() > after);
    BOOST_TEST(control.size() == 10u);
}

}  // namespace
