// SPDX-License-Identifier: BSL-1.0
// bench/adaptive: work-precision of fixed, step-doubling controlled and reversible adaptive
// contact steppers against odeint's controlled rkf78 and dopri5, and their long-time energy
// behaviour (the goals: doc/performance.md).
//
// Work-precision: the perturbed Kepler problem of the paper, H = |p|^2/2 - 1/|q| + f(t) s with
// f(t) = -0.05 sin(pi t), to T = 20, from the paper's orbit (e ~ 0.22) and from the apocentre of
// an e = 0.9 orbit (a = 1); error = max over q, p, s against rkf78 at 1e-15. Each method is swept
// over its tolerance (fixed: its step); the table gives error, gradient evaluations and CPU time
// per run, then each method's time at the errors 1e-6 ... 1e-10, interpolated log-log.
// --csv FILE also writes every point as problem,method,parameter,error,gradients,seconds (for
// doc/plots/adaptive_work_precision.gp). --only PROBLEM[:METHOD] keeps the runs whose problem
// (paper, e09) and method name start so; --unforced sets f = 0. --instructions runs each point
// once, untimed, inside measured_run, for callgrind: bench/adaptive_callgrind.py
// build/dev/bench/adaptive --instructions gives the instructions at equal error, the
// machine-independent stand-in for time. Long time (--long): unforced e = 0.9 Kepler, chi2, 200
// orbits: max |E - E0| and the time means of E - E0 over the first and the last tenth, for the
// fixed step, reversible_adaptive and the step-doubling controller at about the same number of
// steps. --observed: the error of the interpolated observations against that of the step ends
// (the largest over the run, and at T), at tolerances 1e-6 ... 1e-10 on both orbits.
// A plain program, never a test; timings mean something only in an optimised build.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "time_of.hpp"

namespace {

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

using coor = std::array<double, 2>;
using state = oc::contact_state<coor>;
constexpr double pi = 3.14159265358979323846;

long gradients = 0;          // gradient evaluations of the current run
std::FILE* csv = nullptr;    // --csv
const char* problem = "";    // its first column
double forcing = -0.05;      // g of f(t) = g sin(pi t); --unforced: 0
std::string only_problem, only_method;  // --only
bool instructions = false;   // --instructions

struct kepler_potential {
    double value(const coor& q, double) const { return -1.0 / std::hypot(q[0], q[1]); }
    void gradient(const coor& q, double t, coor& g) const { value_and_gradient(q, t, g); }
    double value_and_gradient(const coor& q, double, coor& g) const {
        ++gradients;
        const double r = std::hypot(q[0], q[1]);
        const double c = 1.0 / (r * r * r);
        g[0] = c * q[0];
        g[1] = c * q[1];
        return -1.0 / r;
    }
};
struct friction {
    double g;
    double operator()(double t) const { return g * std::sin(pi * t); }
};
auto kepler(double g) {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, kepler_potential{},
                                          oc::linear_action<friction>(friction{g}));
}

double distance(const state& a, const state& b) {
    return std::max({std::abs(a.q[0] - b.q[0]), std::abs(a.q[1] - b.q[1]), std::abs(a.p[0] - b.p[0]),
                     std::abs(a.p[1] - b.p[1]), std::abs(a.s - b.s)});
}

struct point {
    double parameter, error, gradients, seconds;
};
struct sweep {
    std::string name;
    std::vector<point> points;
};

constexpr double end_time = 20.0;

using run_function = std::function<void(state&, double)>;

// The one call that callgrind counts in --instructions mode.
__attribute__((noinline)) void measured_run(const run_function& run, state& x, double parameter) { run(x, parameter); }

// run(x, parameter) integrates x from 0 to end_time.
sweep measure(const std::string& name, const run_function& run, const std::vector<double>& parameters, const state& x0,
              const state& reference) {
    sweep s{name, {}};
    for (const double parameter : parameters) {
        state x = x0;
        gradients = 0;
        measured_run(run, x, parameter);
        const double g = double(gradients);
        const double seconds = instructions ? 0.0 : time_of([&] {
            state y = x0;
            run(y, parameter);
        });
        s.points.push_back({parameter, distance(x, reference), g, seconds});
        std::printf("%-22s %9.1e %10.3e %10.0f %10.3e\n", name.c_str(), parameter, s.points.back().error, g, seconds);
        if (csv)
            std::fprintf(csv, "%s,%s,%.6g,%.6e,%.0f,%.6e\n", problem, name.c_str(), parameter, s.points.back().error, g,
                         seconds);
    }
    return s;
}

// The time (or the gradients) at `error`, log-log between the two points whose errors bracket
// it; 0 if none do.
double time_at(const sweep& s, double error, double point::*what = &point::seconds) {
    for (std::size_t i = 1; i < s.points.size(); ++i) {
        const point& a = s.points[i - 1];
        const point& b = s.points[i];
        if (!((a.error >= error && error >= b.error) || (b.error >= error && error >= a.error))) continue;
        const double w = std::log(a.error / error) / std::log(a.error / b.error);
        return std::exp(std::log(a.*what) + w * std::log(b.*what / a.*what));
    }
    return 0;
}

template <class Stepper>
auto controlled(Stepper stepper) {
    return [stepper](state& x, double tol) {
        const auto system = kepler(forcing);
        odeint::integrate_adaptive(odeint::make_controlled(tol, tol, stepper), system, x, 0.0, end_time, 0.01);
    };
}
// integrate_adaptive through make_dense_output: the steps also hold the interpolation error.
template <class Stepper>
auto dense(Stepper stepper) {
    return [stepper](state& x, double tol) {
        const auto system = kepler(forcing);
        odeint::integrate_adaptive(odeint::make_dense_output(tol, tol, stepper), system, x, 0.0, end_time, 0.01);
    };
}
// eps given directly (the tolerance constructor's calibration at the first step is rough for
// high orders at loose tolerances: see doc/adaptive.md).
template <class Stepper>
auto reversible(Stepper stepper, double alpha = 1.5) {
    return [stepper, alpha](state& x, double eps) {
        const auto system = kepler(forcing);
        odeint::integrate_adaptive(oc::reversible_adaptive<Stepper>(eps, oc::central_force_monitor<>(alpha), stepper),
                                   system, x, 0.0, end_time, 1.0);
    };
}
std::vector<double> halvings(double first, int n, double power = 0.5) {
    std::vector<double> v;
    for (int i = 0; i < n; ++i) v.push_back(first * std::pow(0.5, power * i));
    return v;
}
template <class Stepper>
auto fixed(Stepper stepper) {
    return [stepper](state& x, double steps) {
        const auto system = kepler(forcing);
        odeint::integrate_n_steps(stepper, system, x, 0.0, end_time / steps, static_cast<std::size_t>(steps));
    };
}

void work_precision(const char* title, const state& x0) {
    if (only_problem.compare(0, only_problem.size(), problem, 0, only_problem.size()) != 0) return;
    using kl8 = oc::chi<oc::tables::kahan_li8, state>;
    using kl6 = oc::chi<oc::tables::kahan_li6, state>;
    using yoshida6 = oc::chi<oc::tables::yoshida6, state>;
    using suzuki4 = oc::chi<oc::tables::suzuki4, state>;
    using chi2 = oc::chi2<state>;
    state reference = x0;
    odeint::integrate_adaptive(odeint::make_controlled(1e-15, 1e-15, odeint::runge_kutta_fehlberg78<state>()),
                               kepler(forcing), reference, 0.0, end_time, 0.001);
    std::printf("\n%s\n%-22s %9s %10s %10s %10s\n", title, "method", "tol/eps/n", "error", "gradients", "seconds");
    const std::vector<double> tols{1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11, 1e-12, 1e-13};
    std::vector<double> steps;
    for (const double n : halvings(1.0 / 60, 15)) steps.push_back(std::round(1 / n));
    struct method {
        const char* name;
        run_function run;
        std::vector<double> parameters;
    };
    const method methods[] = {
        {"reversible kl8", reversible(kl8()), halvings(0.5, 12)},
        {"reversible kl8 a1.25", reversible(kl8(), 1.25), halvings(0.3, 20, 0.25)},
        {"controlled kl8", controlled(kl8()), tols},
        {"dense kl8", dense(kl8()), tols},
        {"reversible kl6", reversible(kl6()), halvings(0.4, 12)},
        {"controlled kl6", controlled(kl6()), tols},
        {"reversible yoshida6", reversible(yoshida6()), halvings(0.2, 12)},
        {"reversible suzuki4", reversible(suzuki4()), halvings(0.1, 12)},
        {"controlled suzuki4", controlled(suzuki4()), tols},
        {"reversible chi2", reversible(chi2()), halvings(0.02, 10)},
        {"controlled chi2", controlled(chi2()), {1e-5, 1e-6, 1e-7, 1e-8, 1e-9}},
        {"fixed kl8", fixed(kl8()), steps},
        {"rkf78", controlled(odeint::runge_kutta_fehlberg78<state>()), tols},
        {"dopri5", controlled(odeint::runge_kutta_dopri5<state>()), tols},
    };
    std::vector<sweep> all;
    for (const method& m : methods)
        if (only_method.compare(0, only_method.size(), m.name, 0, only_method.size()) == 0)
            all.push_back(measure(m.name, m.run, m.parameters, x0, reference));
    std::printf("\ntime (s) at equal error, interpolated (0: not reached)\n%-22s", "method");
    const double errors[] = {1e-6, 1e-7, 1e-8, 1e-9, 1e-10};
    for (const double e : errors) std::printf(" %10.0e", e);
    std::printf("\n");
    for (const sweep& s : all) {
        std::printf("%-22s", s.name.c_str());
        for (const double e : errors) std::printf(" %10.3e", time_at(s, e));
        std::printf("\n");
    }
    std::printf("gradient evaluations at equal error, interpolated\n");
    for (const sweep& s : all) {
        std::printf("%-22s", s.name.c_str());
        for (const double e : errors) std::printf(" %10.0f", time_at(s, e, &point::gradients));
        std::printf("\n");
    }
}

// ---- long time ------------------------------------------------------------------------------
struct energy_watch {
    double e0 = 0, t_end = 0;
    double max_dev = 0, first = 0, first_t = 0, last = 0, last_t = 0;
    double t_prev = 0, dev_prev = 0;
    bool started = false;
    void operator()(const state& x, double t) {
        const double e = 0.5 * (x.p[0] * x.p[0] + x.p[1] * x.p[1]) - 1.0 / std::hypot(x.q[0], x.q[1]);
        if (!started) {
            e0 = e;
            started = true;
        }
        const double dev = e - e0;
        max_dev = std::max(max_dev, std::abs(dev));
        // time means by the left rule over the first and the last tenth
        const double dt = t - t_prev;
        if (t_prev < 0.1 * t_end) {
            first += dev_prev * dt;
            first_t += dt;
        }
        if (t_prev >= 0.9 * t_end) {
            last += dev_prev * dt;
            last_t += dt;
        }
        t_prev = t;
        dev_prev = dev;
    }
};

void long_time() {
    const auto system = kepler(0.0);
    const state x0{{1.9, 0.0}, {0.0, std::sqrt(0.1 / 1.9)}, 0.0};
    const double t_end = 200 * 2 * pi;
    std::printf("\nunforced e = 0.9 Kepler, chi2, 200 orbits: E - E0\n%-26s %10s %10s %12s %12s\n", "policy", "steps",
                "max|dE|", "mean first", "mean last");
    const auto report = [](const char* name, std::size_t steps, const energy_watch& w) {
        std::printf("%-26s %10zu %10.2e %12.3e %12.3e\n", name, steps, w.max_dev, w.first / w.first_t,
                    w.last / w.last_t);
    };
    {
        energy_watch w;
        w.t_end = t_end;
        state x = x0;
        const std::size_t n = 1000000;
        odeint::integrate_n_steps(oc::chi2<state>(), system, x, 0.0, t_end / double(n), n, std::ref(w));
        report("fixed dt = T/1e6", n, w);
    }
    {
        energy_watch w;
        w.t_end = t_end;
        state x = x0;
        const std::size_t n = odeint::integrate_adaptive(oc::reversible_adaptive<oc::chi2<state>>(0.0125), system, x,
                                                         0.0, t_end, 0.01, std::ref(w));
        report("reversible eps = 0.0125", n, w);
    }
    for (const double tol : {1e-7, 1e-8}) {
        energy_watch w;
        w.t_end = t_end;
        state x = x0;
        const std::size_t n = odeint::integrate_adaptive(odeint::make_controlled(tol, tol, oc::chi2<state>()), system,
                                                         x, 0.0, t_end, 0.01, std::ref(w));
        report(tol == 1e-7 ? "step doubling tol = 1e-7" : "step doubling tol = 1e-8", n, w);
    }
}

// ---- observed between steps -------------------------------------------------------------------
// The error at observation times t = 0.5, 1, ..., 20 (integrate_const, interpolated between steps)
// against the errors of the step ends of integrate_adaptive (largest over the run, at T), with the gradient
// evaluations of each, on the e = 0.9 orbit and the paper's.
void observed(const char* title, const state& x0) {
    using kl8 = oc::chi<oc::tables::kahan_li8, state>;
    const auto system = kepler(forcing);
    const double every = 0.5;
    std::vector<state> reference;
    state x = x0;
    odeint::integrate_const(odeint::make_controlled(1e-15, 1e-15, odeint::runge_kutta_fehlberg78<state>()), system,
                            x, 0.0, end_time, every, [&](const state& y, double) { reference.push_back(y); });
    std::printf("\n%s, chi<kahan_li8>: max error at the observation times every %g (integrate_const); of the step "
                "ends of integrate_adaptive, the largest over the run and at T; gradient evaluations of each\n",
                title, every);
    const auto report = [&](const char* name, double parameter, auto make) {
        double worst = 0, worst_t = 0;
        std::size_t k = 0;
        state y = x0;
        gradients = 0;
        odeint::integrate_const(make(), system, y, 0.0, end_time, every, [&](const state& z, double t) {
            const double e = distance(z, reference[k++]);
            if (e > worst) {
                worst = e;
                worst_t = t;
            }
        });
        const long observed_gradients = gradients;
        y = x0;
        gradients = 0;
        std::vector<double> times;
        std::vector<state> ends;
        odeint::integrate_adaptive(make(), system, y, 0.0, end_time, every, [&](const state& z, double t) {
            times.push_back(t);
            ends.push_back(z);
        });
        const long end_gradients = gradients;
        // the largest error of the step ends over the run, against rkf78 at those times
        double worst_end = 0;
        std::size_t i = 0;
        state r = x0;
        odeint::integrate_times(odeint::make_controlled(1e-15, 1e-15, odeint::runge_kutta_fehlberg78<state>()), system,
                                r, times.begin(), times.end(), 0.01,
                                [&](const state& z, double) { worst_end = std::max(worst_end, distance(ends[i++], z)); });
        std::printf("%-24s %7.0e %10.2e %5.1f %8ld %10.2e %10.2e %8ld\n", name, parameter, worst, worst_t,
                    observed_gradients, worst_end, distance(y, reference.back()), end_gradients);
    };
    std::printf("%-24s %7s %10s %5s %8s %10s %10s %8s\n", "method", "tol/eps", "observed", "at t", "grads", "ends, max",
                "end at T", "grads");
    for (const double tol : {1e-6, 1e-7, 1e-8, 1e-9, 1e-10})
        report("dense output", tol, [tol] { return odeint::make_dense_output(tol, tol, kl8()); });
    report("dense output, max_dt 0.1", 1e-10, [] { return odeint::make_dense_output(1e-10, 1e-10, 0.1, kl8()); });
    report("reversible", 0.1, [] { return oc::reversible_adaptive<kl8>(0.1); });
    report("reversible, |q|^1.25", 0.15,
           [] { return oc::reversible_adaptive<kl8>(0.15, oc::central_force_monitor<>(1.25)); });
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::strcmp(argv[1], "--long") == 0) {
        long_time();
        return 0;
    }
    if (argc > 1 && std::strcmp(argv[1], "--observed") == 0) {
        observed("e = 0.9", state{{1.9, 0.0}, {0.0, std::sqrt(0.1 / 1.9)}, 0.0});
        observed("paper's orbit", state{{0.0, std::sqrt(1.5)}, {0.8, 0.0}, 0.0});
        return 0;
    }
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--instructions") == 0) {
            instructions = true;
        } else if (std::strcmp(argv[i], "--unforced") == 0) {
            forcing = 0.0;
        } else if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
            const std::string only = argv[++i];
            const auto colon = only.find(':');
            only_problem = only.substr(0, colon);
            if (colon != std::string::npos) only_method = only.substr(colon + 1);
        } else if (std::strcmp(argv[i], "--csv") == 0 && i + 1 < argc) {
            csv = std::fopen(argv[++i], "w");
            if (!csv) return 1;
            std::fprintf(csv, "problem,method,parameter,error,gradients,seconds\n");
        } else {
            std::fprintf(stderr, "usage: adaptive [--long | --observed | [--csv FILE] [--only PROBLEM[:METHOD]] [--instructions] [--unforced]]\n");
            return 2;
        }
    }
    problem = "paper";
    work_precision("paper's orbit (e ~ 0.22), T = 20", state{{0.0, std::sqrt(1.5)}, {0.8, 0.0}, 0.0});
    problem = "e09";
    work_precision("e = 0.9 from apocentre, T = 20", state{{1.9, 0.0}, {0.0, std::sqrt(0.1 / 1.9)}, 0.0});
    if (csv) std::fclose(csv);
    return 0;
}
