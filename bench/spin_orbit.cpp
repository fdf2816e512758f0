// SPDX-License-Identifier: BSL-1.0
// The basin map of the spin-orbit problem (example/spin_orbit.hpp, model (b)) as one contact system
// of M cells: the cost of a cell-step of the library's chi2 (through odeint::integrate_n_steps on
// contact_state<std::vector<double>>, with tidal_potential's value_and_kick) against a hand-written
// chi2 loop of the same method in plain doubles that fuses everything into one pass per step:
//   q += h p, |p|^2 | sin, cos of 2q - 2 phi; p = e p - (1 + e) h dV/dq; sum V | q += h p, |p|^2
// (h = dt/2, e = exp(-f dt); the orbit, Kepler's equation, solved once per step for V's
// coefficients and once for f, as the library's potential and action do). s is updated as the
// library does, so both compute the whole state. Goal: library / hand <= 1.1 per cell-step.
// M = 1e3, 1e4, 1e5; each benchmark iteration is one orbit (20 steps). openmp_chi2: the library's
// chi2 on contact_state<openmp_state<double>> at 1e5 cells with 1 and 2 threads (wall time; goal:
// 2 threads >= 1.7 times as fast as one). The counter cell_step is
// seconds per cell-step. After the runs the program prints the ratios (of the least times over
// --benchmark_repetitions).
//
// Build in Release (target spin_orbit_bench); run bench/spin_orbit_bench.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <boost/numeric/odeint.hpp>

#include <odeint_contact/state/openmp.hpp>

#include <omp.h>

#include "../example/spin_orbit.hpp"

namespace {

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
using grid = oc::contact_state<std::vector<double>>;

const double pi = 3.14159265358979323846;
constexpr std::size_t per_orbit = 20;
const double dt = 2 * pi / per_orbit;

grid start(std::size_t m) {
    grid x;
    for (std::size_t i = 0; i < m; ++i) {
        x.q.push_back(-pi + 2 * pi * (double(i) + 0.5) / double(m));
        x.p.push_back(3 * double((i * 7919) % m) / double(m));
    }
    return x;
}

// Seconds per cell-step.
void count_cell_steps(benchmark::State& state, std::size_t m) {
    state.counters["cell_step"] =
        benchmark::Counter(double(m * per_orbit), benchmark::Counter::kIsIterationInvariantRate |
                                                      benchmark::Counter::kInvert);
}

void library_chi2(benchmark::State& state) {
    const std::size_t m = std::size_t(state.range(0));
    const auto H = spin_orbit::tidal({});
    oc::chi2<grid> chi2;
    grid x = start(m);
    double t = 0;
    for (auto _ : state) {
        t = odeint::integrate_n_steps(chi2, H, x, t, dt, per_orbit);
        benchmark::DoNotOptimize(x.q.data());
    }
    count_cell_steps(state, m);
}

// One orbit (per_orbit steps from t) of the fused hand-written chi2; returns the new t.
double hand_orbit(grid& x, double t, const spin_orbit::tidal_potential& potential,
                  const spin_orbit::tidal_damping& damping) {
    double* q = x.q.data();
    double* p = x.p.data();
    const std::size_t m = x.q.size();
    const double h = dt / 2;
    const double t0 = t;
    for (std::size_t n = 0; n < per_orbit; ++n) {
        const double mid = t + h;
        const spin_orbit::tidal_coefficients c = potential.coefficients(mid);
        const double e = std::exp(-damping(mid) * dt);
        const double b = (1 + e) * h;
        double p2_before = 0, p2_after = 0, v = 0;
        for (std::size_t i = 0; i < m; ++i) {
            p2_before += p[i] * p[i];
            const double y = q[i] + h * p[i];
            const double angle = 2 * y - c.angle;
            const double g = c.torque * std::sin(angle) - c.pull;
            v += -0.5 * c.torque * std::cos(angle) - c.pull * y;
            const double z = e * p[i] - b * g;
            p2_after += z * z;
            p[i] = z;
            q[i] = y + h * z;
        }
        // C: s += h |p|^2/2; B: s -= h V; A: s *= e; B: s -= h V; C: s += h |p'|^2/2.
        x.s = ((x.s + h * p2_before / 2 - h * v) * e - h * v) + h * p2_after / 2;
        t = t0 + double(n + 1) * dt;  // as integrate_n_steps
    }
    return t;
}

const spin_orbit::tidal_parameters parameters{};
const spin_orbit::tidal_potential potential(parameters);
const spin_orbit::tidal_damping damping{spin_orbit::kepler_orbit(parameters.e), parameters.K};

void hand_chi2(benchmark::State& state) {
    const std::size_t m = std::size_t(state.range(0));
    grid x = start(m);
    double t = 0;
    for (auto _ : state) {
        t = hand_orbit(x, t, potential, damping);
        benchmark::DoNotOptimize(x.q.data());
        benchmark::DoNotOptimize(x.s);
    }
    count_cell_steps(state, m);
}

// The grid on odeint's openmp_state (one chunk per thread): the potential kicks the chunks in
// parallel (odeint_contact/state/openmp.hpp: the user's potential parallelises its own loops), V summed
// per chunk and then in chunk order, so every thread count gives the same numbers.
struct tidal_openmp_potential : spin_orbit::tidal_potential {
    using spin_orbit::tidal_potential::tidal_potential;
    using chunks = odeint::openmp_state<double>;
    double value_and_kick(const chunks& q, double t, double a, double b, const chunks& p_in, chunks& p_out) const {
        const spin_orbit::tidal_coefficients c = coefficients(t);
        std::vector<double> parts(q.size());
#pragma omp parallel for schedule(static)
        for (std::ptrdiff_t k = 0; k < std::ptrdiff_t(q.size()); ++k) {
            const std::size_t j = std::size_t(k);
            double v = 0;
            for (std::size_t i = 0; i < q[j].size(); ++i) {
                double g;
                v += cell(c, q[j][i], g);
                p_out[j][i] = a * p_in[j][i] - b * g;
            }
            parts[j] = v;
        }
        double v = 0;
        for (double part : parts) v += part;
        return v;
    }
    double value_and_gradient(const chunks& q, double t, chunks& dVdq) const {
        const spin_orbit::tidal_coefficients c = coefficients(t);
        double v = 0;
        for (std::size_t j = 0; j < q.size(); ++j)
            for (std::size_t i = 0; i < q[j].size(); ++i) v += cell(c, q[j][i], dVdq[j][i]);
        return v;
    }
    double value(const chunks& q, double t) const {
        chunks g = q;
        return value_and_gradient(q, t, g);
    }
    void gradient(const chunks& q, double t, chunks& dVdq) const { value_and_gradient(q, t, dVdq); }
};

void openmp_chi2(benchmark::State& state) {
    using pstate = oc::contact_state<odeint::openmp_state<double>>;
    const std::size_t m = 100000;
    const int threads = int(state.range(0));
    omp_set_num_threads(threads);
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, tidal_openmp_potential(parameters),
                                                  oc::linear_action(damping));
    const grid v = start(m);
    pstate x{odeint::openmp_state<double>(2), odeint::openmp_state<double>(2), 0.0};
    odeint::split(v.q, x.q);
    odeint::split(v.p, x.p);
    oc::chi2<pstate> chi2;
    double t = 0;
    for (auto _ : state) {
        t = odeint::integrate_n_steps(chi2, H, x, t, dt, per_orbit);
        benchmark::DoNotOptimize(x.q[0].data());
    }
    count_cell_steps(state, m);
}

BENCHMARK(library_chi2)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK(hand_chi2)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);
// Wall time: the threads' CPU times add up.
BENCHMARK(openmp_chi2)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMicrosecond);

// Keeps the cell_step counter of every run (the least over repetitions), for the ratios printed at the end.
class ratio_reporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override {
        for (const Run& run : runs) {
            const auto it = run.counters.find("cell_step");
            if (it == run.counters.end() || run.run_type != Run::RT_Iteration) continue;
            // The least over repetitions: what a shared machine's other load did not inflate.
            const auto [at, fresh] = per_cell_step.emplace(run.run_name.str(), it->second.value);
            if (!fresh) at->second = std::min(at->second, it->second.value);
        }
        ConsoleReporter::ReportRuns(runs);
    }
    std::map<std::string, double> per_cell_step;
};

}  // namespace

int main(int argc, char** argv) {
    // The two compute the same method: after 10 orbits of 1000 cells (q, p) agree to round-off.
    {
        const auto H = spin_orbit::tidal(parameters);
        grid x = start(1000), y = x;
        odeint::integrate_n_steps(oc::chi2<grid>(), H, x, 0.0, dt, 10 * per_orbit);
        double t = 0;
        for (int k = 0; k < 10; ++k) t = hand_orbit(y, t, potential, damping);
        double dq = 0, dp = 0;
        for (std::size_t i = 0; i < x.q.size(); ++i) {
            dq = std::max(dq, std::abs(x.q[i] - y.q[i]));
            dp = std::max(dp, std::abs(x.p[i] - y.p[i]));
        }
        std::printf("library and hand-written chi2 after 10 orbits of 1000 cells: max |dq| = %.3g, max |dp| = %.3g\n",
                    dq, dp);
        // And the grid on openmp_state with 2 threads, the same steps.
        omp_set_num_threads(2);
        using pstate = oc::contact_state<odeint::openmp_state<double>>;
        const auto Hp = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, tidal_openmp_potential(parameters),
                                                       oc::linear_action(damping));
        const grid v = start(1000);
        pstate z{odeint::openmp_state<double>(2), odeint::openmp_state<double>(2), 0.0};
        odeint::split(v.q, z.q);
        odeint::split(v.p, z.p);
        odeint::integrate_n_steps(oc::chi2<pstate>(), Hp, z, 0.0, dt, 10 * per_orbit);
        grid w = v;
        odeint::unsplit(z.q, w.q);
        odeint::unsplit(z.p, w.p);
        dq = dp = 0;
        for (std::size_t i = 0; i < x.q.size(); ++i) {
            dq = std::max(dq, std::abs(x.q[i] - w.q[i]));
            dp = std::max(dp, std::abs(x.p[i] - w.p[i]));
        }
        std::printf("library chi2 on std::vector and on openmp_state (2 threads): max |dq| = %.3g, max |dp| = %.3g\n",
                    dq, dp);
    }
    benchmark::Initialize(&argc, argv);
    ratio_reporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    std::printf("\nper cell-step: library chi2 / hand-written chi2 (goal <= 1.10)\n");
    for (const char* m : {"1000", "10000", "100000"}) {
        const auto lib = reporter.per_cell_step.find(std::string("library_chi2/") + m);
        const auto hand = reporter.per_cell_step.find(std::string("hand_chi2/") + m);
        if (lib != reporter.per_cell_step.end() && hand != reporter.per_cell_step.end())
            std::printf("  M = %-6s library %.3g ns, hand %.3g ns, ratio %.3f\n", m, 1e9 * lib->second,
                        1e9 * hand->second, lib->second / hand->second);
    }
    const auto one = reporter.per_cell_step.find("openmp_chi2/1/real_time");
    const auto two = reporter.per_cell_step.find("openmp_chi2/2/real_time");
    if (one != reporter.per_cell_step.end() && two != reporter.per_cell_step.end())
        std::printf("OpenMP, 1e5 cells on openmp_state (2 chunks), wall time per cell-step: 1 thread %.3g ns, "
                    "2 threads %.3g ns, speed-up %.2f (goal >= 1.7)\n",
                    1e9 * one->second, 1e9 * two->second, one->second / two->second);
}
