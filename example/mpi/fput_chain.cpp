// SPDX-License-Identifier: BSL-1.0
// fput_chain: a damped FPUT-beta ring of a million sites and more, distributed over MPI ranks.
//
// H = sum_i p_i^2/2 + sum_i U(q_{i+1} - q_i) + gamma s,  U(d) = d^2/2 + beta d^4/4 (periodic),
// i.e. every site feels its two neighbours' springs and a friction -gamma p. The state is
// contact_state<mpi_state<std::vector<double>>, ..., double>: q and p cut into contiguous slices
// by odeint::split, s replicated; the potential (fput_chain.hpp) exchanges one neighbour with
// each adjacent rank per evaluation. chi2 integrates it with odeint's integrate_n_steps.
//
//   mpirun -np 4 fput_chain [--sites N] [--steps K] [--dt h] [--check]
//
// prints the mechanical energy T + V before and after and the wall time per step. With --check,
// rank 0 integrates the same ring on a std::vector and compares: q and p must agree bit for bit
// (nothing in them depends on the order of a sum) and s to 1e-12 of the sums it takes in; the exit
// code is 1
// otherwise. ctest runs it so on 1, 2 and 4 ranks. doc/mpi.md runs it on a cluster.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <boost/mpi/collectives/broadcast.hpp>
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>
#include <boost/mpi/timer.hpp>
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/external/mpi/mpi.hpp>

#include <odeint_contact/odeint_contact.hpp>
#include <odeint_contact/state/mpi.hpp>

#include "fput_chain.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

// [doc:types]
using serial_state = oc::contact_state<std::vector<double>>;
// fput::slice is odeint::mpi_state<std::vector<double>>.
using distributed_state = oc::contact_state<fput::slice, fput::slice, double>;
// [/doc:types]

namespace {

struct options {
    std::size_t sites = 1000000;
    std::size_t steps = 100;
    double dt = 0.05;
    bool check = false;
};

options parse(int argc, char** argv) {
    options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool has_value = i + 1 < argc;
        if (a == "--sites" && has_value)
            o.sites = std::stoul(argv[++i]);
        else if (a == "--steps" && has_value)
            o.steps = std::stoul(argv[++i]);
        else if (a == "--dt" && has_value)
            o.dt = std::stod(argv[++i]);
        else if (a == "--check")
            o.check = true;
        else
            throw std::invalid_argument("usage: fput_chain [--sites N] [--steps K] [--dt h] [--check]; got " + a);
    }
    return o;
}

// Reproducible "thermal" initial data, a function of the site index alone (splitmix64), so that
// the state does not depend on how it is cut.
double noise(std::uint64_t i) {
    std::uint64_t z = i + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return double(z >> 11) / double(1ULL << 53) - 0.5;  // uniform in [-0.5, 0.5)
}

serial_state initial(std::size_t n) {
    serial_state x{std::vector<double>(n), std::vector<double>(n), 0.0};
    for (std::size_t i = 0; i < n; ++i) {
        x.q[i] = 0.5 * noise(2 * i);
        x.p[i] = 0.5 * noise(2 * i + 1);
    }
    return x;
}

constexpr double gamma_friction = 0.1;

}  // namespace

int main(int argc, char** argv) {
    boost::mpi::environment env(argc, argv);
    const boost::mpi::communicator world;
    const bool root = world.rank() == 0;
    options o;
    try {
        o = parse(argc, argv);
    } catch (const std::exception& e) {
        if (root) std::fprintf(stderr, "%s\n", e.what());
        return 2;
    }
    if (o.sites < std::size_t(world.size())) {
        if (root) std::fprintf(stderr, "fput_chain: fewer sites (%zu) than ranks (%d)\n", o.sites, world.size());
        return 2;
    }

    // [doc:setup]
    const auto system = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, fput::distributed_chain{},
                                                       oc::linear_action(gamma_friction));
    // The whole ring exists on rank 0 only, to be cut into slices (and for --check).
    const serial_state x0 = root ? initial(o.sites) : serial_state{};
    distributed_state x{fput::slice(world), fput::slice(world), x0.s};
    odeint::split(x0.q, x.q);
    odeint::split(x0.p, x.p);
    // [/doc:setup]

    // T + V: collectives, so every rank evaluates them.
    const auto energy = [&](const distributed_state& y) {
        return system.kinetic().value(y.p) + system.potential().value(y.q, 0.0);
    };
    const double e0 = energy(x);

    oc::chi2<distributed_state> stepper;
    world.barrier();
    const boost::mpi::timer clock;
    odeint::integrate_n_steps(stepper, system, x, 0.0, o.dt, o.steps);
    world.barrier();
    const double seconds = clock.elapsed();
    const double e1 = energy(x);
    if (root)
        std::printf("ranks %d  sites %zu  steps %zu  dt %g\nT + V: %.12g -> %.12g  s = %.12g\n"
                    "wall time per step: %.3g s  (%.3g site-steps per second)\n",
                    world.size(), o.sites, o.steps, o.dt, e0, e1, x.s, seconds / double(o.steps),
                    double(o.sites) * double(o.steps) / seconds);

    if (!o.check) return 0;
    serial_state gathered{std::vector<double>(root ? o.sites : 0), std::vector<double>(root ? o.sites : 0), x.s};
    odeint::unsplit(x.q, gathered.q);
    odeint::unsplit(x.p, gathered.p);
    int failed = 0;
    if (root) {
        const auto serial_system = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, fput::chain{},
                                                                  oc::linear_action(gamma_friction));
        serial_state reference = x0;
        oc::chi2<serial_state> serial_stepper;
        const boost::mpi::timer serial_clock;
        odeint::integrate_n_steps(serial_stepper, serial_system, reference, 0.0, o.dt, o.steps);
        const double serial_seconds = serial_clock.elapsed();
        std::size_t differ = 0;
        for (std::size_t i = 0; i < o.sites; ++i)
            differ += (gathered.q[i] != reference.q[i]) + (gathered.p[i] != reference.p[i]);
        // s differs by the order of the sums' additions only. Over the run s takes in
        // dt (T + V) per step, about t (T + V)_0 (the friction only lowers T + V), and a sum of
        // a million terms added in another order differs by about sqrt(n) eps ~ 1e-13 of its
        // size (the ulps of the running sum, a random walk): 1e-12 of t (T + V)_0 is ten times
        // that. A lost or doubled slice changes s by about t (T + V)_0 / ranks.
        const double ds = std::abs(gathered.s - reference.s);
        const double bound = 1e-12 * double(o.steps) * o.dt * std::abs(e0);
        failed = differ != 0 || !(ds <= bound);
        std::printf("serial run (std::vector, rank 0): %.3g s per step\n"
                    "check against the serial run: %zu of %zu q and p values differ, |s - s_serial| = %.3g "
                    "(bound %.3g): %s\n",
                    serial_seconds / double(o.steps), differ, 2 * o.sites, ds, bound, failed ? "FAILED" : "ok");
    }
    boost::mpi::broadcast(world, failed, 0);
    return failed;
}
