// SPDX-License-Identifier: BSL-1.0
// odeint's openmp_state as q and p (odeint_contact/state/openmp.hpp): every contact stepper and
// runge_kutta4 run on contact_state<openmp_state<double>> with 1 and 2 threads and agree with
// each other bit for bit, and with the same system on std::vector<double> bit for bit in q and p
// and to the reductions' order in s.
//
// Also: the kinetic flow's pass goes through the stepper's algebra (an algebra that counts its
// calls), and after a first step chi2 and cvi2 allocate nothing on openmp_state (this TU
// counts operator new, allocation_counter.hpp).
//
// Why bit for bit: with F = f s nothing in q and p depends on s (see test_eigen.cpp), the
// element-wise operations on a chunk are those of range_algebra on the whole vector, and the
// potential computes the same expressions; the library's sums over the chunks add the chunks'
// partial sums in chunk order whatever the number of threads.
#define BOOST_TEST_MODULE openmp
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

#include <boost/mpl/list.hpp>
#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>
#include <odeint_contact/state/openmp.hpp>

#include <omp.h>

#include "allocation_counter.hpp"
#include "stepper_templates.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
using chunked = odeint::openmp_state<double>;

namespace {

// A ring of anharmonic oscillators, V = sum_i k/2 (q_{i+1} - q_i)^2 + l/4 q_i^4, over the
// global element order. The openmp_state version visits its chunks in parallel and finds a
// neighbour across a chunk boundary in the adjacent chunk; both compute the same expressions.
struct anharmonic_ring {
    double k = 1.0;
    double l = 0.5;

    double site(double left, double x, double right) const {
        return k * ((x - left) - (right - x)) + l * x * x * x;
    }
    double energy(double x, double right) const {
        const double d = right - x;
        return 0.5 * k * d * d + 0.25 * l * x * x * x * x;
    }

    double value(const std::vector<double>& q, double) const {
        const std::size_t n = q.size();
        double v = 0;
        for (std::size_t i = 0; i < n; ++i) v += energy(q[i], q[(i + 1) % n]);
        return v;
    }
    void gradient(const std::vector<double>& q, double, std::vector<double>& g) const {
        const std::size_t n = q.size();
        for (std::size_t i = 0; i < n; ++i) g[i] = site(q[(i + n - 1) % n], q[i], q[(i + 1) % n]);
    }

    // Neighbours of element i of chunk c (chunks are non-empty).
    static double left_of(const chunked& q, std::size_t c, std::size_t i) {
        if (i > 0) return q[c][i - 1];
        const auto& prev = q[(c + q.size() - 1) % q.size()];
        return prev.back();
    }
    static double right_of(const chunked& q, std::size_t c, std::size_t i) {
        if (i + 1 < q[c].size()) return q[c][i + 1];
        return q[(c + 1) % q.size()].front();
    }
    // Summed in element order, like the std::vector version.
    double value(const chunked& q, double) const {
        double v = 0;
        for (std::size_t c = 0; c < q.size(); ++c)
            for (std::size_t i = 0; i < q[c].size(); ++i) v += energy(q[c][i], right_of(q, c, i));
        return v;
    }
    void gradient(const chunked& q, double, chunked& g) const {
        const auto chunks = static_cast<std::ptrdiff_t>(q.size());
#pragma omp parallel for schedule(static)
        for (std::ptrdiff_t cc = 0; cc < chunks; ++cc) {
            const auto c = static_cast<std::size_t>(cc);
            for (std::size_t i = 0; i < q[c].size(); ++i) g[c][i] = site(left_of(q, c, i), q[c][i], right_of(q, c, i));
        }
    }
};

using test_support::use_chi2;
using test_support::use_chi4;
using test_support::use_chi6;
using test_support::use_chi8;
using test_support::use_cvi2;
using test_support::use_runge_kutta4;
using steppers = boost::mpl::list<use_chi2, use_chi4, use_chi6, use_chi8, use_cvi2, use_runge_kutta4>;

constexpr std::size_t n = 1001;  // not a multiple of the chunk count: unequal chunks
constexpr std::size_t steps = 50;
constexpr double dt = 0.01;

oc::contact_state<std::vector<double>> initial_vector() {
    oc::contact_state<std::vector<double>> x{std::vector<double>(n), std::vector<double>(n), 0.125};
    for (std::size_t i = 0; i < n; ++i) {
        x.q[i] = 0.5 * std::sin(double(i) + 1);
        x.p[i] = 0.25 * std::cos(2 * double(i) + 1);
    }
    return x;
}

oc::contact_state<chunked> initial_chunked(std::size_t chunks) {
    const auto v = initial_vector();
    oc::contact_state<chunked> x{chunked(chunks), chunked(chunks), v.s};
    odeint::split(v.q, x.q);
    odeint::split(v.p, x.p);
    return x;
}

std::vector<double> joined(const chunked& c) {
    std::vector<double> v;
    odeint::unsplit(c, v);
    return v;
}

template <class Use, class State, class System>
void run(const System& system, State& x) {
    typename Use::template type<State> stepper;
    odeint::integrate_n_steps(stepper, system, x, 0.0, dt, steps);
}

}  // namespace

BOOST_AUTO_TEST_CASE_TEMPLATE(threads_and_chunks_do_not_change_the_result, Use, steppers) {
    const auto system = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, anharmonic_ring{},
                                                       oc::linear_action(0.3));
    auto reference = initial_vector();
    run<Use>(system, reference);

    omp_set_num_threads(1);
    auto serial = initial_chunked(4);
    run<Use>(system, serial);
    omp_set_num_threads(2);
    auto parallel = initial_chunked(4);
    run<Use>(system, parallel);

    // One thread or two: the same numbers, s included.
    BOOST_TEST(joined(parallel.q) == joined(serial.q), boost::test_tools::per_element());
    BOOST_TEST(joined(parallel.p) == joined(serial.p), boost::test_tools::per_element());
    BOOST_TEST(parallel.s == serial.s);
    // Against std::vector: q and p bit for bit; s differs by the sums' order only. Each step
    // forms a few sums of n = 1001 terms of size <= 1/16 (|p|^2, p . dT/dp), each differing by
    // at most n eps times the sum of |terms| (~60, ~1.5e-11 in all); over 50 steps (x 4 stages
    // for chi8) that is < 200 * 1.5e-11 = 3e-9, and exp(-f tau) < 1 only shrinks earlier
    // differences. A missing or doubled chunk would change s by O(1).
    BOOST_TEST(joined(parallel.q) == reference.q, boost::test_tools::per_element());
    BOOST_TEST(joined(parallel.p) == reference.p, boost::test_tools::per_element());
    BOOST_TEST(std::abs(parallel.s - reference.s) <= 3e-9);
    BOOST_TEST(std::abs(reference.s - 0.125) > 1e-2);  // s moved
}

// odeint's openmp_range_algebra on a plain std::vector, through contact_algebra_of: the
// steppers' element-wise passes run in parallel, with the operations of range_algebra element by
// element, and the parts keep their default algebra, so the result is the default's bit for bit.
template <class S, class A>
using chi2_with = oc::chi2<S, double, S, double, A>;
template <class S, class A>
using cvi4_with = oc::cvi4<S, double, S, double, A>;
template <class S, class A>
using runge_kutta4_with = odeint::runge_kutta4<S, double, S, double, A>;

template <template <class, class> class Stepper>
void check_openmp_range_algebra() {
    using state = oc::contact_state<std::vector<double>>;
    const auto system = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, anharmonic_ring{},
                                                       oc::linear_action(0.3));
    auto reference = initial_vector();
    Stepper<state, oc::contact_algebra> serial;
    odeint::integrate_n_steps(serial, system, reference, 0.0, dt, steps);
    omp_set_num_threads(2);
    auto x = initial_vector();
    Stepper<state, oc::contact_algebra_of<odeint::openmp_range_algebra>> parallel;
    odeint::integrate_n_steps(parallel, system, x, 0.0, dt, steps);
    BOOST_TEST(x.q == reference.q, boost::test_tools::per_element());
    BOOST_TEST(x.p == reference.p, boost::test_tools::per_element());
    BOOST_TEST(x.s == reference.s);
    BOOST_TEST(std::abs(reference.s - 0.125) > 1e-2);  // s moved
}

BOOST_AUTO_TEST_CASE(openmp_range_algebra_on_a_vector_equals_the_default) {
    check_openmp_range_algebra<chi2_with>();
    check_openmp_range_algebra<cvi4_with>();
    check_openmp_range_algebra<runge_kutta4_with>();
}

// The library's sum over an openmp_state equals the serial sum over its chunks in chunk order.
BOOST_AUTO_TEST_CASE(dot_adds_chunks_in_order) {
    omp_set_num_threads(2);
    const auto x = initial_chunked(7);
    double expected = 0;
    for (const auto& chunk : x.p)
        expected = expected + oc::component_traits<std::vector<double>>::dot(chunk, chunk);
    BOOST_TEST(oc::component_traits<chunked>::dot(x.p, x.p) == expected);
    BOOST_TEST(expected > 1.0);
}

// An algebra that counts its element-wise calls and does them as contact_algebra does. The
// library does not know it, so it gets the separate reductions and ops that write their first
// operand only (contact_algebra.hpp).
struct counting_algebra {
    static inline std::size_t calls = 0;
#define COUNTING_FOR_EACH(N)                                                    \
    template <class... A>                                                       \
    static void for_each##N(A&&... a) {                                         \
        ++calls;                                                                \
        oc::contact_algebra::for_each##N(std::forward<A>(a)...);                \
    }
    COUNTING_FOR_EACH(1)
    COUNTING_FOR_EACH(2)
    COUNTING_FOR_EACH(3)
    COUNTING_FOR_EACH(4)
    COUNTING_FOR_EACH(5)
    COUNTING_FOR_EACH(6)
#undef COUNTING_FOR_EACH
    template <class S>
    static auto norm_inf(const S& x) {
        return oc::contact_algebra::norm_inf(x);
    }
};

// quadratic_kinetic with the kinetic concept's flow(q, p, tau, q_out) only: its pass goes
// through the library's default algebra, not the stepper's.
struct flow_without_algebra {
    oc::quadratic_kinetic<> k;
    template <class P>
    double value(const P& p) const {
        return k.value(p);
    }
    template <class P, class D>
    void gradient(const P& p, D& d) const {
        k.gradient(p, d);
    }
    template <class Q, class P, class T, class QOut>
    double flow(const Q& q, const P& p, const T& tau, QOut& q_out) const {
        return k.flow(q, p, tau, q_out);
    }
};

// Steps of Stepper<state, counting_algebra> from the initial vector, and the calls of the
// algebra they made after a first step (which sizes the buffers).
template <template <class, class> class Stepper, class System>
std::size_t counted_calls(const System& system, oc::contact_state<std::vector<double>>& x) {
    using state = oc::contact_state<std::vector<double>>;
    Stepper<state, counting_algebra> stepper;
    stepper.do_step(system, x, 0.0, dt);
    counting_algebra::calls = 0;
    for (std::size_t i = 1; i < steps; ++i) stepper.do_step(system, x, double(i) * dt, dt);
    return counting_algebra::calls;
}

template <class S, class A>
using cvi2_with = oc::cvi2<S, double, S, double, A>;

BOOST_AUTO_TEST_CASE(the_kinetic_flow_runs_through_the_steppers_algebra) {
    using state = oc::contact_state<std::vector<double>>;
    // m = 1.7: tau/m and tau/(2m) are not exact, as for any mass but 1
    const oc::quadratic_kinetic<> kinetic{1.7};
    const auto system = oc::make_separable_hamiltonian(kinetic, anharmonic_ring{}, oc::linear_action(0.3));
    const auto plain = oc::make_separable_hamiltonian(flow_without_algebra{kinetic}, anharmonic_ring{},
                                                      oc::linear_action(0.3));
    const std::size_t counted = steps - 1;

    // cvi2: a plain step's passes over q and p are the kick to pi, the flow of T and the new p,
    // all three through the stepper's algebra (with contact_algebra the first two are one pass).
    auto reference = initial_vector();
    odeint::integrate_n_steps(oc::cvi2<state>{}, system, reference, 0.0, dt, steps);
    auto x = initial_vector();
    BOOST_TEST(counted_calls<cvi2_with>(system, x) == 3 * counted);
    BOOST_TEST(x.q == reference.q, boost::test_tools::per_element());
    BOOST_TEST(x.p == reference.p, boost::test_tools::per_element());
    BOOST_TEST(x.s == reference.s);

    // chi2: quadratic_kinetic's two flows of T per step go through the stepper's algebra, those
    // of a kinetic part with the concept's flow only do not; the steps are the same.
    reference = initial_vector();
    odeint::integrate_n_steps(oc::chi2<state>{}, system, reference, 0.0, dt, steps);
    x = initial_vector();
    auto y = initial_vector();
    const std::size_t with = counted_calls<chi2_with>(system, x);
    const std::size_t without = counted_calls<chi2_with>(plain, y);
    BOOST_TEST(with == without + 2 * counted);
    BOOST_TEST(x.q == reference.q, boost::test_tools::per_element());
    BOOST_TEST(x.p == reference.p, boost::test_tools::per_element());
    BOOST_TEST(x.s == reference.s);
    BOOST_TEST(y.q == reference.q, boost::test_tools::per_element());
    BOOST_TEST(y.s == reference.s);
    BOOST_TEST(std::abs(reference.s - 0.125) > 1e-2);  // s moved
}

// After a first step (which sizes the buffers) chi2 and cvi2 allocate nothing on openmp_state:
// in place, out of place, and cvi2 with a carried sample.
BOOST_AUTO_TEST_CASE(no_allocation_per_step_on_openmp_state) {
    using pstate = oc::contact_state<chunked>;
    omp_set_num_threads(2);
    const auto system = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, anharmonic_ring{},
                                                       oc::linear_action(0.3));
    auto x = initial_chunked(4);
    auto y = initial_chunked(4);
    oc::chi2<pstate> chi2;
    BOOST_TEST(allocations_of_steps(chi2, system, x, y, dt) == 0u);
    oc::cvi2<pstate> cvi2;
    BOOST_TEST(allocations_of_steps(cvi2, system, x, y, dt) == 0u);
    BOOST_TEST(allocations_of_carried_steps(cvi2, system, x, dt) == 0u);
    BOOST_TEST(std::isfinite(x.s));
}

// The system function's passes over q and p (dT/dp, and dp/dt from dV/dq and p) go through the
// algebra the Hamiltonian was given, make_separable_hamiltonian<Algebra>, with the same result
// bit for bit; so runge_kutta4 with openmp_range_algebra on both runs every pass in parallel.
BOOST_AUTO_TEST_CASE(the_system_function_runs_through_its_algebra) {
    using state = oc::contact_state<std::vector<double>>;
    using parallel_algebra = oc::contact_algebra_of<odeint::openmp_range_algebra>;
    const oc::quadratic_kinetic<> kinetic{1.7};
    const auto serial = oc::make_separable_hamiltonian(kinetic, anharmonic_ring{}, oc::linear_action(0.3));
    const auto counted = oc::make_separable_hamiltonian<counting_algebra>(kinetic, anharmonic_ring{},
                                                                          oc::linear_action(0.3));
    const auto parallel = oc::make_separable_hamiltonian<parallel_algebra>(kinetic, anharmonic_ring{},
                                                                           oc::linear_action(0.3));
    const auto x = initial_vector();
    state a = x, b = x, c = x;
    serial(x, a, 0.5);
    counting_algebra::calls = 0;
    counted(x, b, 0.5);
    BOOST_TEST(counting_algebra::calls == 2u);
    omp_set_num_threads(2);
    parallel(x, c, 0.5);
    for (const state* d : {&b, &c}) {
        BOOST_TEST(d->q == a.q, boost::test_tools::per_element());
        BOOST_TEST(d->p == a.p, boost::test_tools::per_element());
        BOOST_TEST(d->s == a.s);
    }

    // 10 steps: a parallel region per pass costs thread wake-ups on a loaded machine
    auto reference = initial_vector();
    odeint::integrate_n_steps(odeint::runge_kutta4<state>{}, serial, reference, 0.0, dt, 10);
    auto y = initial_vector();
    odeint::integrate_n_steps(odeint::runge_kutta4<state, double, state, double, parallel_algebra>{}, parallel, y,
                              0.0, dt, 10);
    BOOST_TEST(y.q == reference.q, boost::test_tools::per_element());
    BOOST_TEST(y.p == reference.p, boost::test_tools::per_element());
    BOOST_TEST(y.s == reference.s);
}
