// SPDX-License-Identifier: BSL-1.0
// spin_orbit_capture: capture into the synchronous (1:1) spin-orbit resonance of a satellite
// whose moment of inertia varies, model (a) of example/spin_orbit.hpp (Bravetti, Seri,
// Vermeeren, Zadra, CMDA 132 (2020), section 5): e = 0.01, eps = 0.0075, Omega = 1,
// lambda = 1e-4, a = -0.001, mu = 0.001, from (theta, theta') = (2.7, 3), t <= 1e4, dt = pi/10
// (20 steps per orbit). chi2, chi<suzuki4> and runge_kutta4 at that step, odeint's rkf78 at
// tolerance 1e-13 as the reference. Printed: the spin rate averaged over the last 100 orbits,
// (theta(T) - theta(T - 200 pi))/(200 pi), and the capture time, the start of the first orbit
// after which the resonant angle 2(theta - t) no longer passes over an unstable equilibrium
// (an odd multiple of pi).
//
// Output (current directory):
//   spin_orbit_capture.csv  method, orbit k, t = 2 pi k, theta, theta' at every orbit (the
//                           stroboscopic section and the spin rate against t)
// doc/plots/spin_orbit_capture.gp renders doc/figures/spin_orbit_capture.png from it.
//
// For doc/derivations/compare_spin_orbit.py (the authors' notebook side by side):
//   spin_orbit_capture trajectory DT STEPS   t, q, p, s of chi2 after every step, with t advanced
//                                            as the notebook does (t + dt/2 + dt/2)
//   spin_orbit_capture sections E EPS LAMBDA P0 Q0 DOTS
//                                            theta' and theta at t = 2 pi k, k < DOTS, chi2 at
//                                            dt = pi/10, Omega = 1, a = mu = 0 (the notebook's
//                                            phase space sections)
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "spin_orbit.hpp"

namespace {

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
using spin_orbit::pair;
using state = oc::contact_state<double>;

const double pi = 3.14159265358979323846;
const std::size_t per_orbit = 20;  // dt = 2 pi/20 = pi/10
const double dt = 2 * pi / per_orbit;
const std::size_t orbits = std::size_t(1e4 / (2 * pi));  // 1591 whole orbits within t <= 1e4

struct section {
    double theta, rate;
};

// [doc:spin_orbit_sections]
// The stroboscopic section t = 2 pi k of a fixed-step method: an observer that keeps every
// per_orbit-th state (integrate_n_steps calls it at t = 0 and after every step).
template <class Stepper, class System>
std::vector<section> sections(Stepper stepper, const System& H, state x) {
    std::vector<section> out;
    std::size_t calls = 0;
    odeint::integrate_n_steps(stepper, H, x, 0.0, dt, orbits * per_orbit, [&](const state& y, double) {
        if (calls++ % per_orbit == 0) out.push_back({y.q, y.p});
    });
    return out;
}
// [/doc:spin_orbit_sections]

// The adaptive reference: rkf78 at tolerance 1e-13 on (theta, theta'), sampled at t = 2 pi k.
std::vector<section> reference(const spin_orbit::varying_inertia_parameters& m, pair y) {
    std::vector<double> times;
    for (std::size_t k = 0; k <= orbits; ++k) times.push_back(2 * pi * double(k));
    std::vector<section> out;
    odeint::integrate_times(odeint::make_controlled(1e-13, 1e-13, odeint::runge_kutta_fehlberg78<pair>()),
                            spin_orbit::varying_inertia_field(m), y, times.begin(), times.end(), dt,
                            [&](const pair& z, double) { out.push_back({z[0], z[1]}); });
    return out;
}

// (theta(T) - theta(T - 100 orbits)) / (100 orbits).
double mean_rate(const std::vector<section>& s) {
    return (s.back().theta - s[s.size() - 101].theta) / (200 * pi);
}

// The orbit after the last passage of 2(theta - t) over an odd multiple of pi.
std::size_t capture_orbit(const std::vector<section>& s) {
    std::size_t capture = 0;
    auto band = [&](std::size_t k) { return std::floor((2 * (s[k].theta - 2 * pi * double(k)) + pi) / (2 * pi)); };
    for (std::size_t k = 1; k < s.size(); ++k)
        if (band(k) != band(k - 1)) capture = k;
    return capture;
}

int trajectory(double step, std::size_t steps) {
    const auto H = spin_orbit::varying_inertia({});
    oc::chi2<state> chi2;
    state x{2.7, 3.0, 0.0};
    double t = 0;
    std::printf("%.17g %.17g %.17g %.17g\n", t, x.q, x.p, x.s);
    for (std::size_t i = 0; i < steps; ++i) {
        chi2.do_step(H, x, t, step);
        t = (t + step / 2) + step / 2;
        std::printf("%.17g %.17g %.17g %.17g\n", t, x.q, x.p, x.s);
    }
    return 0;
}

int notebook_sections(double e, double eps, double lambda, double p0, double q0, std::size_t dots) {
    spin_orbit::varying_inertia_parameters m{e, eps, 1.0, lambda, 0.0, 0.0};
    const auto H = spin_orbit::varying_inertia(m);
    oc::chi2<state> chi2;
    state x{q0, p0, 0.0};
    const double step = pi / 10;
    double t = 0;
    for (std::size_t i = 0; i < (dots - 1) * 20 + 1; ++i) {
        if (i % 20 == 0) std::printf("%.17g %.17g\n", x.p, x.q);
        chi2.do_step(H, x, t, step);
        t = (t + step / 2) + step / 2;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 4 && std::string(argv[1]) == "trajectory")
        return trajectory(std::atof(argv[2]), std::size_t(std::atol(argv[3])));
    if (argc == 8 && std::string(argv[1]) == "sections")
        return notebook_sections(std::atof(argv[2]), std::atof(argv[3]), std::atof(argv[4]), std::atof(argv[5]),
                                 std::atof(argv[6]), std::size_t(std::atol(argv[7])));

    const spin_orbit::varying_inertia_parameters m{};  // the capture parameters above
    const auto H = spin_orbit::varying_inertia(m);
    const state start{2.7, 3.0, 0.0};
    struct run {
        const char* name;
        std::vector<section> s;
    };
    const std::vector<run> runs{
        {"chi2", sections(oc::chi2<state>(), H, start)},
        {"chi_suzuki4", sections(oc::chi<oc::tables::suzuki4, state>(), H, start)},
        {"runge_kutta4", sections(odeint::runge_kutta4<state>(), H, start)},
        {"rkf78_1e-13", reference(m, {start.q, start.p})},
    };
    std::FILE* out = std::fopen("spin_orbit_capture.csv", "w");
    if (!out) {
        std::fprintf(stderr, "spin_orbit_capture: cannot write spin_orbit_capture.csv\n");
        return 1;
    }
    std::fprintf(out, "method,k,t,theta,theta_dot\n");
    std::printf("t <= %.0f, dt = pi/10 (20 steps per orbit), from (theta, theta') = (2.7, 3)\n",
                2 * pi * double(orbits));
    std::printf("%-13s %-28s %s\n", "method", "spin rate, last 100 orbits", "capture (orbit, t)");
    for (const run& r : runs) {
        for (std::size_t k = 0; k < r.s.size(); ++k)
            std::fprintf(out, "%s,%zu,%.10g,%.10g,%.10g\n", r.name, k, 2 * pi * double(k), r.s[k].theta, r.s[k].rate);
        const std::size_t c = capture_orbit(r.s);
        std::printf("%-13s 1 %+.3e %15s %5zu, t = %.1f\n", r.name, mean_rate(r.s) - 1, "", c, 2 * pi * double(c));
    }
    std::fclose(out);
}
