// SPDX-License-Identifier: BSL-1.0
// Table 1 of "New directions for contact integrators" (Bravetti, Seri, Zadra), in C++: time per
// step of the contact integrators (chi2/4/6/8, cvi2; cvi4 and galerkin_cvi4 on Kepler only) against
// odeint's runge_kutta4 and an explicit midpoint rule,
// plus a hand-written CHI2 loop in plain doubles as the floor that abstraction cannot beat.
//
// Two problems (example/paper_problems.hpp):
//   oscillator: the quadratic contact oscillator of Table 1 (gamma = 1, C = 18), tau = 0.1,
//               t in [0, 500] = 5000 steps, from (q, p, s) = (1, 0, 0) inside the sphere H = 0,
//               where every method stays finite (from Figure 4's (-1, 0, -7) runge_kutta4 and
//               the midpoint rule overflow at this step, and overflowing arithmetic says nothing
//               about speed);
//   kepler:     the perturbed Kepler problem of Figure 1 (f(t) = -0.01 sin(pi t)), tau = 0.1,
//               its first 5000 steps.
// Every benchmark iteration integrates the 5000 steps with odeint::integrate_n_steps from the same
// initial state. The counter per_step is CPU seconds per step. After the runs the program prints
// the ratios the library promises (chi2 / hand loop, chi2 / runge_kutta4, cvi2 with the carried
// sample / chi2; the plain cvi2 do_step evaluates V at both ends, shown beside it) and the
// paper's Table 1 beside ours (whole run = per-step time x 5000).
//
// Build in Release: cmake -DCMAKE_BUILD_TYPE=Release ..., target table1; run bench/table1.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <boost/array.hpp>
#include <boost/fusion/container/generation/make_vector.hpp>
#include <boost/numeric/odeint.hpp>

#include "../example/paper_problems.hpp"
#include "../example/van_der_pol.hpp"

namespace {

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

constexpr std::size_t steps = 5000;
constexpr double dt = 0.1;

// The explicit midpoint rule k1 = f(x), k2 = f(x + dt/2 k1), x' = x + dt k2, as odeint's generic
// explicit Runge-Kutta stepper with its Butcher tableau.
// [doc:midpoint]
template <class State>
class explicit_midpoint : public odeint::explicit_generic_rk<2, 2, State> {
    using base = odeint::explicit_generic_rk<2, 2, State>;

public:
    explicit_midpoint()
        : base(boost::fusion::make_vector(boost::array<double, 1>{{0.5}}), boost::array<double, 2>{{0.0, 1.0}},
               boost::array<double, 2>{{0.0, 0.5}}) {}
};
// [/doc:midpoint]

struct oscillator {
    using state_type = paper::oscillator_state;
    static auto hamiltonian() { return paper::oscillator_hamiltonian(); }
    static state_type initial_state() { return {1.0, 0.0, 0.0}; }
};

struct kepler {
    using state_type = paper::kepler_state;
    static auto hamiltonian() { return paper::kepler_hamiltonian(-0.01); }
    static state_type initial_state() { return paper::kepler_initial_state(); }
};

// The same Hamiltonian as the library's pieces (make_split_hamiltonian). The chi steppers step a
// separable Hamiltonian as these pieces too (one base step), so split / separable differs from 1
// only by what the compiler makes of two instantiations. On these small states one badly shaped load can
// decide the ratio: bench/scan_forwarding.py lists loads that store-to-load forwarding cannot
// serve (doc/performance.md, "Small states"); read ratios from runs with
// --benchmark_enable_random_interleaving=true on a shared machine.
struct kepler_split {
    using state_type = paper::kepler_state;
    static auto hamiltonian() {
        return oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}),
                                          oc::potential_piece(paper::kepler_potential{}),
                                          oc::action_piece(oc::linear_action<paper::kepler_friction>(paper::kepler_friction{-0.01})));
    }
    static state_type initial_state() { return paper::kepler_initial_state(); }
};

// The forced Van der Pol oscillator (example/van_der_pol.hpp) on t in [0, 20]: the split
// Hamiltonian's chi steppers against runge_kutta_dopri5 at equal accuracy, the step and tolerance
// pairs read off example/van_der_pol's error-vs-cost output (max error of q and s over [0, 20]):
//   chi2 at dt = 0.0125 (error 1.7e-3)             vs dopri5 at tolerance 1e-4 (2.5e-3);
//   chi<kahan_li6> at dt = 0.05 (error 4.1e-8)     vs dopri5 at tolerance 1e-8 (7.6e-8).
// The counter per_run is CPU seconds for the whole interval.
template <class Stepper>
void vdp_split(benchmark::State& state, double step) {
    const auto H = van_der_pol::hamiltonian();
    const auto n = std::size_t(20.0 / step + 0.5);
    for (auto _ : state) {
        van_der_pol::state x{1.5, -3.0, 0.4};
        odeint::integrate_n_steps(Stepper(), H, x, 0.0, step, n);
        benchmark::DoNotOptimize(x);
    }
    state.counters["per_run"] = benchmark::Counter(1.0, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void vdp_chi2(benchmark::State& state) { vdp_split<oc::chi2<van_der_pol::state>>(state, 0.0125); }
void vdp_kahan_li6(benchmark::State& state) {
    vdp_split<oc::chi<oc::tables::kahan_li6, van_der_pol::state>>(state, 0.05);
}

void vdp_dopri5(benchmark::State& state, double tolerance) {
    for (auto _ : state) {
        van_der_pol::pair x{1.5, 0.4};
        odeint::integrate_adaptive(odeint::make_dense_output(tolerance, tolerance,
                                                             odeint::runge_kutta_dopri5<van_der_pol::pair>()),
                                   van_der_pol::field{}, x, 0.0, 20.0, 0.1);
        benchmark::DoNotOptimize(x);
    }
    state.counters["per_run"] = benchmark::Counter(1.0, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void set_per_step(benchmark::State& state) {
    state.counters["per_step"] =
        benchmark::Counter(double(steps), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

template <class Problem, template <class> class Stepper>
void library_stepper(benchmark::State& state) {
    const auto H = Problem::hamiltonian();
    Stepper<typename Problem::state_type> stepper;
    for (auto _ : state) {
        auto x = Problem::initial_state();
        odeint::integrate_n_steps(std::ref(stepper), H, x, 0.0, dt, steps);
        benchmark::DoNotOptimize(x);
    }
    set_per_step(state);
}

// cvi2 with the sample carried from step to step (one V and dV/dq per step; integrate_n_steps
// calls the plain do_step, which evaluates both ends).
template <class Problem>
void carried_cvi2(benchmark::State& state) {
    const auto H = Problem::hamiltonian();
    oc::cvi2<typename Problem::state_type> stepper;
    typename oc::cvi2<typename Problem::state_type>::sample_type v;
    for (auto _ : state) {
        auto x = Problem::initial_state();
        stepper.initialize(H, x, 0.0, v);
        double t = 0.0;
        for (std::size_t n = 0; n < steps; ++n, t += dt) stepper.do_step(H, x, v, t, dt);
        benchmark::DoNotOptimize(x);
    }
    set_per_step(state);
}

template <class State>
using rk4 = odeint::runge_kutta4<State>;
template <class State>
using chi2 = oc::chi2<State>;
template <class State>
using chi4 = oc::chi4<State>;
template <class State>
using chi6 = oc::chi6<State>;
template <class State>
using chi8 = oc::chi8<State>;
template <class State>
using cvi2 = oc::cvi2<State>;
template <class State>
using cvi4 = oc::cvi4<State>;
template <class State>
using galerkin_cvi4 = oc::galerkin_cvi4<State>;

// The chi2 step written out in plain doubles: C(h) B(h) A(tau) B(h) C(h), h = tau/2, V and F at
// the midpoint time, with the same calls of the same potential as the library makes (one V and
// one dV/dq per step; for Kepler one value_and_gradient), so that the difference measures the
// library's overhead only. For the oscillator, `bab` applies B(h) A(tau) B(h) to (p, s) given V
// and dV/dq and returns false when the action flow blows up.
template <class BAB>
void oscillator_plain_chi2(benchmark::State& state, BAB bab) {
    const paper::oscillator_potential potential{paper::oscillator_c};
    const double h = dt / 2;
    for (auto _ : state) {
        const auto x0 = oscillator::initial_state();
        double q = x0.q, p = x0.p, s = x0.s;
        for (std::size_t n = 0; n < steps; ++n) {
            const double tm = double(n) * dt + h;
            s += h * (p * p / 2);
            q += h * p;
            double dv;
            potential.gradient(q, tm, dv);
            const double v = potential.value(q, tm);
            if (!bab(p, s, v, dv)) state.SkipWithError("the quadratic action flow blew up");
            s += h * (p * p / 2);
            q += h * p;
        }
        benchmark::DoNotOptimize(q);
        benchmark::DoNotOptimize(p);
        benchmark::DoNotOptimize(s);
    }
    set_per_step(state);
}

void oscillator_hand_chi2(benchmark::State& state) {
    const double gamma = paper::oscillator_gamma;
    const double h = dt / 2;
    oscillator_plain_chi2(state, [=](double& p, double& s, double v, double dv) {
        p -= h * dv;
        s -= h * v;
        const double d = 2 + gamma * dt * s;
        if (!(d > 0)) return false;
        const double ratio = 2 / d;
        s *= ratio;
        p *= ratio * ratio;
        p -= h * dv;
        s -= h * v;
        return true;
    });
}

// Not the library's arithmetic: the same step with its sums regrouped for the shortest chain of
// dependent operations from one step's p to the next one's, which is what bounds a step when V
// is as cheap as here. The library passes s - h V to the action flow, which forms 2 + gamma tau
// (s - h V) (two more dependent operations after V than below, where (2 + gamma tau s) is ready
// before V and gamma tau h V is subtracted last). The best regrouping we found, not a proven
// bound: a reference point for how fast this step can be on this machine and compiler.
void oscillator_shortest_chi2(benchmark::State& state) {
    const double gamma_tau = paper::oscillator_gamma * dt;
    const double h = dt / 2;
    const double gamma_tau_h = gamma_tau * h;
    oscillator_plain_chi2(state, [=](double& p, double& s, double v, double dv) {
        const double d = (2 + gamma_tau * s) - gamma_tau_h * v;
        if (!(d > 0)) return false;
        const double ratio = 2 / d;
        s = ratio * (s - h * v) - h * v;
        p = (ratio * ratio) * (p - h * dv) - h * dv;
        return true;
    });
}

void kepler_hand_chi2(benchmark::State& state) {
    const paper::kepler_potential potential;
    const paper::kepler_friction f{-0.01};
    const double h = dt / 2;
    for (auto _ : state) {
        const auto x0 = kepler::initial_state();
        std::array<double, 2> q = x0.q, p = x0.p, dv;
        double s = x0.s;
        for (std::size_t n = 0; n < steps; ++n) {
            const double tm = double(n) * dt + h;
            s += h * ((p[0] * p[0] + p[1] * p[1]) / 2);
            q[0] += h * p[0];
            q[1] += h * p[1];
            const double v = potential.value_and_gradient(q, tm, dv);
            s -= h * v;
            const double e = std::exp(-f(tm) * dt);
            s *= e;
            p[0] = e * (p[0] - h * dv[0]) - h * dv[0];
            p[1] = e * (p[1] - h * dv[1]) - h * dv[1];
            s -= h * v;
            s += h * ((p[0] * p[0] + p[1] * p[1]) / 2);
            q[0] += h * p[0];
            q[1] += h * p[1];
        }
        benchmark::DoNotOptimize(q);
        benchmark::DoNotOptimize(p);
        benchmark::DoNotOptimize(s);
    }
    set_per_step(state);
}

// The console output plus, at the end, the ratios and the paper's Table 1 beside ours.
class table1_reporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override {
        ConsoleReporter::ReportRuns(runs);
        // With --benchmark_report_aggregates_only only the aggregates arrive: take their median.
        for (const Run& run : runs) {
            auto it = run.counters.find("per_step");
            if (it == run.counters.end()) it = run.counters.find("per_run");
            if (run.error_occurred || it == run.counters.end()) continue;
            if (run.run_type == Run::RT_Iteration)
                m_per_step[run.run_name.function_name].push_back(it->second.value);
            else if (run.aggregate_name == "median")
                m_median[run.run_name.function_name] = it->second.value;
        }
    }

    void Finalize() override {
        ConsoleReporter::Finalize();
        std::FILE* out = stdout;
        std::fprintf(out, "\nRatios of CPU time per step (median over repetitions), this run:\n");
        for (const char* problem : {"oscillator", "kepler"}) {
            ratio(out, problem, "chi2", "hand_chi2", "chi2 / hand-written loop", 1.25);
            ratio(out, problem, "chi2", "rk4", "chi2 / runge_kutta4", 0.5);
            ratio(out, problem, "cvi2_carried", "chi2", "cvi2 (carried sample) / chi2", 1.25);
            ratio(out, problem, "cvi2", "chi2", "cvi2 (plain do_step) / chi2", 0.0);
        }
        std::fprintf(out, "Split Hamiltonian of the library's pieces against the separable path (goal <= 1.05):\n");
        for (const char* m : {"chi2", "chi4", "chi8"})
            ratio(out, "kepler", (std::string("split_") + m).c_str(), m, (std::string(m) + " split / separable").c_str(), 1.05);
        std::fprintf(out, "Van der Pol on [0, 20], split pieces / runge_kutta_dopri5 at equal accuracy (time per run):\n");
        ratio(out, "vdp", "chi2_dt0.0125", "dopri5_tol1e-4", "chi2 / dopri5, error ~2e-3", 0.0);
        ratio(out, "vdp", "kahan_li6_dt0.05", "dopri5_tol1e-8", "chi6 (K-L) / dopri5, ~6e-8", 0.0);
        std::fprintf(out, "Fourth order, per step (no target: the implicit method costs more per step):\n");
        ratio(out, "kepler", "galerkin_cvi4", "chi4", "galerkin_cvi4 / chi4", 0.0);
        ratio(out, "kepler", "galerkin_cvi4", "cvi4", "galerkin_cvi4 / cvi4", 0.0);
        std::fprintf(out, "Reference, not the library: the shortest chi2 step found, in plain doubles:\n");
        ratio(out, "oscillator", "shortest_chi2", "rk4", "shortest chi2 / rk4", 0.0);
        std::fprintf(out, "\nTable 1 (oscillator, tau = 0.1, t in [0, 500]): seconds for the whole run\n");
        std::fprintf(out, "%-10s %14s %14s %14s\n", "method", "paper (Python)", "this library", "paper / ours");
        const struct {
            const char* label;
            const char* name;
            double paper;
        } rows[] = {{"CHI2", "chi2", 0.0986}, {"CVI2", "cvi2_carried", 0.0724}, {"RK4", "rk4", 0.1375}, {"Midpoint", "midpoint", 0.0363}};
        for (const auto& row : rows) {
            const double ours = per_step(std::string("oscillator/") + row.name) * double(steps);
            if (std::isnan(ours)) continue;
            std::fprintf(out, "%-10s %14.4f %14.3e %14.0f\n", row.label, row.paper, ours, row.paper / ours);
        }
    }

private:
    double per_step(const std::string& name) const {
        const auto median = m_median.find(name);
        if (median != m_median.end()) return median->second;
        const auto it = m_per_step.find(name);
        if (it == m_per_step.end()) return std::nan("");
        std::vector<double> v = it->second;
        std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
        return v[v.size() / 2];
    }

    // target <= 0: a reference ratio, printed without a verdict.
    void ratio(std::FILE* out, const std::string& problem, const char* a, const char* b, const char* label,
               double target) const {
        const double ta = per_step(problem + "/" + a), tb = per_step(problem + "/" + b);
        if (std::isnan(ta) || std::isnan(tb)) return;
        const double r = ta / tb;
        if (target > 0)
            std::fprintf(out, "  %-11s %-26s %6.3f  (target <= %.2f: %s)\n", problem.c_str(), label, r, target,
                         r <= target ? "met" : "MISSED");
        else
            std::fprintf(out, "  %-11s %-26s %6.3f\n", problem.c_str(), label, r);
    }

    std::map<std::string, std::vector<double>> m_per_step;
    std::map<std::string, double> m_median;
};

}  // namespace

BENCHMARK(oscillator_hand_chi2)->Name("oscillator/hand_chi2");
BENCHMARK(oscillator_shortest_chi2)->Name("oscillator/shortest_chi2");
BENCHMARK(library_stepper<oscillator, chi2>)->Name("oscillator/chi2");
BENCHMARK(library_stepper<oscillator, chi4>)->Name("oscillator/chi4");
BENCHMARK(library_stepper<oscillator, chi6>)->Name("oscillator/chi6");
BENCHMARK(library_stepper<oscillator, chi8>)->Name("oscillator/chi8");
BENCHMARK(library_stepper<oscillator, cvi2>)->Name("oscillator/cvi2");
BENCHMARK(carried_cvi2<oscillator>)->Name("oscillator/cvi2_carried");
BENCHMARK(library_stepper<oscillator, rk4>)->Name("oscillator/rk4");
BENCHMARK(library_stepper<oscillator, explicit_midpoint>)->Name("oscillator/midpoint");
BENCHMARK(vdp_chi2)->Name("vdp/chi2_dt0.0125");
BENCHMARK_CAPTURE(vdp_dopri5, tol1e4, 1e-4)->Name("vdp/dopri5_tol1e-4");
BENCHMARK(vdp_kahan_li6)->Name("vdp/kahan_li6_dt0.05");
BENCHMARK_CAPTURE(vdp_dopri5, tol1e8, 1e-8)->Name("vdp/dopri5_tol1e-8");
BENCHMARK(kepler_hand_chi2)->Name("kepler/hand_chi2");
BENCHMARK(library_stepper<kepler_split, chi2>)->Name("kepler/split_chi2");
BENCHMARK(library_stepper<kepler_split, chi4>)->Name("kepler/split_chi4");
BENCHMARK(library_stepper<kepler_split, chi8>)->Name("kepler/split_chi8");
BENCHMARK(library_stepper<kepler, chi2>)->Name("kepler/chi2");
BENCHMARK(library_stepper<kepler, chi4>)->Name("kepler/chi4");
BENCHMARK(library_stepper<kepler, chi6>)->Name("kepler/chi6");
BENCHMARK(library_stepper<kepler, chi8>)->Name("kepler/chi8");
BENCHMARK(library_stepper<kepler, cvi2>)->Name("kepler/cvi2");
BENCHMARK(library_stepper<kepler, cvi4>)->Name("kepler/cvi4");
BENCHMARK(library_stepper<kepler, galerkin_cvi4>)->Name("kepler/galerkin_cvi4");
BENCHMARK(carried_cvi2<kepler>)->Name("kepler/cvi2_carried");
BENCHMARK(library_stepper<kepler, rk4>)->Name("kepler/rk4");
BENCHMARK(library_stepper<kepler, explicit_midpoint>)->Name("kepler/midpoint");

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    table1_reporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();
    return 0;
}
