// SPDX-License-Identifier: BSL-1.0
// odeint's mpi_state as q and p (odeint_contact/state/mpi.hpp), run by ctest under mpirun with 1, 2 and
// 4 ranks: every contact stepper (but galerkin_cvi4) and runge_kutta4 on the FPUT-beta ring of
// example/mpi/fput_chain.hpp, cut into the ranks' slices, against the same ring on a
// std::vector integrated on rank 0.
//
// Why q and p agree bit for bit with F = f s: nothing in q and p depends on s (the friction
// factors depend on f and the step only), the element-wise operations on a slice are those of
// range_algebra on the whole vector, and the potentials compute the same expressions (the halo
// brings the same neighbours). Only the sums (T, p . dT/dp, V) are added in another order: s
// differs by that. With F = gamma s^2/2, s feeds back into p and everything differs by it.
// After a first step chi2 and cvi2 allocate nothing on mpi_state (this TU counts operator new,
// allocation_counter.hpp): the library's sums gather into a buffer that grows once.
#define BOOST_TEST_MODULE mpi
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstddef>
#include <cstring>
#include <vector>

#include <boost/mpi/collectives/all_gather.hpp>
#include <boost/mpi/collectives/broadcast.hpp>
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>
#include <boost/mpl/list.hpp>
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/external/mpi/mpi.hpp>

#include <odeint_contact/odeint_contact.hpp>
#include <odeint_contact/state/mpi.hpp>

#include "allocation_counter.hpp"
#include "fput_chain.hpp"
#include "stepper_templates.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
using fput::slice;
using serial_state = oc::contact_state<std::vector<double>>;
using distributed_state = oc::contact_state<slice, slice, double>;

// MPI lives as long as the test program.
struct mpi_environment {
    boost::mpi::environment env;
};
BOOST_TEST_GLOBAL_FIXTURE(mpi_environment);

namespace {

using test_support::use_chi2;
using test_support::use_chi4;
using test_support::use_chi6;
using test_support::use_chi8;
using test_support::use_cvi2;
using test_support::use_cvi4;
using test_support::use_runge_kutta4;
using steppers = boost::mpl::list<use_chi2, use_chi4, use_chi6, use_chi8, use_cvi2, use_cvi4, use_runge_kutta4>;

// Not a multiple of 2 or 4: the slices differ in length by one.
constexpr std::size_t n = 1001;
constexpr std::size_t steps = 20;
constexpr double dt = 0.05;

serial_state initial_vector() {
    serial_state x{std::vector<double>(n), std::vector<double>(n), 0.125};
    for (std::size_t i = 0; i < n; ++i) {
        x.q[i] = 0.1 * std::sin(double(i) + 1);
        x.p[i] = 0.1 * std::cos(2 * double(i) + 1);
    }
    return x;
}

// Rank 0's vector cut into the slices; s is given on every rank.
distributed_state initial_distributed() {
    const boost::mpi::communicator world;
    const serial_state v = world.rank() == 0 ? initial_vector() : serial_state{};
    distributed_state x{slice(world), slice(world), 0.125};
    odeint::split(v.q, x.q);
    odeint::split(v.p, x.p);
    return x;
}

// The whole state on rank 0 (elsewhere empty vectors) and s.
serial_state gathered(const distributed_state& x) {
    const boost::mpi::communicator world;
    serial_state v{std::vector<double>(world.rank() == 0 ? n : 0), std::vector<double>(world.rank() == 0 ? n : 0), x.s};
    odeint::unsplit(x.q, v.q);
    odeint::unsplit(x.p, v.p);
    return v;
}

// Whether every rank holds these bits of s.
bool same_on_every_rank(double s) {
    const boost::mpi::communicator world;
    std::vector<double> all;
    boost::mpi::all_gather(world, s, all);
    for (double other : all)
        if (std::memcmp(&other, &s, sizeof s) != 0) return false;
    return true;
}

template <class Use, class State, class System>
void run(const System& system, State& x) {
    typename Use::template type<State> stepper;
    odeint::integrate_n_steps(stepper, system, x, 0.0, dt, steps);
}

double max_difference(const std::vector<double>& a, const std::vector<double>& b) {
    double d = 0;
    for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, std::abs(a[i] - b[i]));
    return d;
}

}  // namespace

BOOST_AUTO_TEST_CASE_TEMPLATE(ranks_agree_with_the_serial_run, Use, steppers) {
    const boost::mpi::communicator world;
    const auto serial_system =
        oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, fput::chain{}, oc::linear_action(0.3));
    const auto distributed_system =
        oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, fput::distributed_chain{}, oc::linear_action(0.3));

    auto x = initial_distributed();
    run<Use>(distributed_system, x);
    BOOST_TEST(same_on_every_rank(x.s));
    const serial_state result = gathered(x);
    if (world.rank() == 0) {
        auto reference = initial_vector();
        run<Use>(serial_system, reference);
        BOOST_TEST(result.q == reference.q, boost::test_tools::per_element());
        BOOST_TEST(result.p == reference.p, boost::test_tools::per_element());
        // s differs by the order of the sums' additions only. Each sum (T, p . dT/dp, V) has
        // n = 1001 terms, p_i^2/2 <= 0.005 and bond energies <= 0.021, and is about 2.5; adding
        // them in another order changes it by about sqrt(n) eps 2.5 = 9e-15 (a random walk of
        // roundings; the worst case, all in one direction, is n eps 2.5 = 3e-13). s takes each
        // sum times the sub-step it spans, about 3 sums per unit of sub-step, and the sub-steps
        // of the 20 steps of 0.05 add up to sum |w_i| = 1 (chi2) ... 14.3 (chi8): |ds| ~ 4e-13
        // for chi8, and 1e-12, the bound the library promises, holds with room (measured: below
        // 3e-15 on 2 and 4 ranks). exp(-f tau) < 1 only shrinks earlier differences. A lost or
        // doubled slice changes s by O(0.1).
        BOOST_TEST(std::abs(result.s - reference.s) <= 1e-12);
        BOOST_TEST(std::abs(reference.s - 0.125) > 1e-2);  // s moved
        if (world.size() == 1) BOOST_TEST(result.s == reference.s);  // nothing was reordered
    }
}

// With F = gamma s^2/2 the friction factor depends on s, so the rounding of the reordered sums
// reaches q and p too: everything agrees to round-off. One stepper of each kind (the splitting,
// the variational step, odeint's): the compositions differ from them only in their tables.
using one_of_each_kind = boost::mpl::list<use_chi2, use_cvi2, use_runge_kutta4>;

BOOST_AUTO_TEST_CASE_TEMPLATE(s_feeding_back_into_p_agrees_to_round_off, Use, one_of_each_kind) {
    const boost::mpi::communicator world;
    const auto serial_system =
        oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, fput::chain{}, oc::quadratic_action(0.5));
    const auto distributed_system = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, fput::distributed_chain{},
                                                                   oc::quadratic_action(0.5));

    auto x = initial_distributed();
    run<Use>(distributed_system, x);
    BOOST_TEST(same_on_every_rank(x.s));
    const serial_state result = gathered(x);
    if (world.rank() == 0) {
        auto reference = initial_vector();
        run<Use>(serial_system, reference);
        // s as above; q and p move by |p| dt gamma ds per step, far below s's own difference.
        BOOST_TEST(std::abs(result.s - reference.s) <= 1e-12);
        BOOST_TEST(max_difference(result.q, reference.q) <= 1e-12);
        BOOST_TEST(max_difference(result.p, reference.p) <= 1e-12);
        BOOST_TEST(std::abs(reference.s - 0.125) > 1e-2);
    }
}

// odeint's controlled runge_kutta_dopri5: the error norm is a maximum over the ranks
// (mpi_nested_algebra), the same on every rank and independent of the cut, so every rank takes
// the same steps, and as many as the serial run.
BOOST_AUTO_TEST_CASE(controlled_steps_agree_on_every_rank) {
    const boost::mpi::communicator world;
    const auto serial_system =
        oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, fput::chain{}, oc::linear_action(0.3));
    const auto distributed_system =
        oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, fput::distributed_chain{}, oc::linear_action(0.3));
    auto x = initial_distributed();
    auto stepper = odeint::make_controlled(1e-9, 1e-9, odeint::runge_kutta_dopri5<distributed_state>());
    const std::size_t taken = odeint::integrate_adaptive(stepper, distributed_system, x, 0.0, 1.0, dt);
    std::vector<std::size_t> all;
    boost::mpi::all_gather(world, taken, all);
    for (std::size_t other : all) BOOST_TEST(other == taken);
    BOOST_TEST(same_on_every_rank(x.s));
    const serial_state result = gathered(x);
    if (world.rank() == 0) {
        auto reference = initial_vector();
        auto serial_stepper = odeint::make_controlled(1e-9, 1e-9, odeint::runge_kutta_dopri5<serial_state>());
        BOOST_TEST(odeint::integrate_adaptive(serial_stepper, serial_system, reference, 0.0, 1.0, dt) == taken);
        // s enters the error norm: its reordered sums may move a step size by an ulp or so, and
        // q and p then by round-off (still far below the 1e-9 tolerance); s as in the first test.
        BOOST_TEST(max_difference(result.q, reference.q) <= 1e-12);
        BOOST_TEST(max_difference(result.p, reference.p) <= 1e-12);
        BOOST_TEST(std::abs(result.s - reference.s) <= 1e-12);
    }
}

// A non-finite value in one rank's slice only: the library's checks see it through the global
// sums, so every rank throws the same step_error, restores its slice, and stays in step (the
// next steps agree with the serial run).
using failing_steppers = boost::mpl::list<use_chi4, use_cvi2>;

BOOST_AUTO_TEST_CASE_TEMPLATE(a_failure_on_one_rank_is_a_failure_on_every_rank, Use, failing_steppers) {
    const boost::mpi::communicator world;
    const auto system =
        oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, fput::distributed_chain{}, oc::linear_action(0.3));
    typename Use::template type<distributed_state> stepper;

    auto x = initial_distributed();
    const bool last = world.rank() == world.size() - 1;
    const double kept = x.p()[0];
    if (last) x.p()[0] = std::nan("");
    const std::vector<double> q_before = x.q(), p_before = x.p();
    const double s_before = x.s;
    bool threw = false;
    try {
        stepper.do_step(system, x, 0.0, dt);
    } catch (const oc::step_error&) {
        threw = true;
    }
    BOOST_TEST(threw);
    // Unchanged, the NaN included (compared bit for bit).
    BOOST_TEST(std::memcmp(x.q().data(), q_before.data(), q_before.size() * sizeof(double)) == 0);
    BOOST_TEST(std::memcmp(x.p().data(), p_before.data(), p_before.size() * sizeof(double)) == 0);
    BOOST_TEST(x.s == s_before);

    // The ranks are still in step: repaired, the state steps on like the serial run.
    if (last) x.p()[0] = kept;
    for (std::size_t k = 0; k < steps; ++k) stepper.do_step(system, x, double(k) * dt, dt);
    BOOST_TEST(same_on_every_rank(x.s));
    const serial_state result = gathered(x);
    if (world.rank() == 0) {
        const auto serial_system =
            oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, fput::chain{}, oc::linear_action(0.3));
        auto reference = initial_vector();
        typename Use::template type<serial_state> serial_stepper;
        for (std::size_t k = 0; k < steps; ++k) serial_stepper.do_step(serial_system, reference, double(k) * dt, dt);
        BOOST_TEST(result.q == reference.q, boost::test_tools::per_element());
        BOOST_TEST(result.p == reference.p, boost::test_tools::per_element());
        BOOST_TEST(std::abs(result.s - reference.s) <= 1e-12);  // as in the first test
    }
}

// The library's sum over an mpi_state is the sum of the ranks' partial sums in rank order, on
// every rank the same.
BOOST_AUTO_TEST_CASE(dot_adds_the_ranks_partial_sums_in_rank_order) {
    const boost::mpi::communicator world;
    const auto x = initial_distributed();
    const double local = oc::component_traits<std::vector<double>>::dot(x.p(), x.p());
    std::vector<double> parts;
    boost::mpi::all_gather(world, local, parts);
    double expected = parts[0];
    for (std::size_t r = 1; r < parts.size(); ++r) expected = expected + parts[r];
    const double sum = oc::component_traits<slice>::dot(x.p, x.p);
    BOOST_TEST(sum == expected);
    BOOST_TEST(same_on_every_rank(sum));
    BOOST_TEST(expected > 1.0);
}

// After a first step (which sizes the buffers and all_reduce_sum's) chi2 and cvi2 allocate
// nothing on mpi_state: in place, out of place, and cvi2 with a carried sample. Each rank counts
// its own allocations.
BOOST_AUTO_TEST_CASE(no_allocation_per_step_on_mpi_state) {
    const auto system =
        oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, fput::distributed_chain{}, oc::linear_action(0.3));
    auto x = initial_distributed();
    auto y = initial_distributed();
    oc::chi2<distributed_state> chi2;
    BOOST_TEST(allocations_of_steps(chi2, system, x, y, dt) == 0u);
    oc::cvi2<distributed_state> cvi2;
    BOOST_TEST(allocations_of_steps(cvi2, system, x, y, dt) == 0u);
    BOOST_TEST(allocations_of_carried_steps(cvi2, system, x, dt) == 0u);
    BOOST_TEST(same_on_every_rank(x.s));
}
