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
//   spin_orbit_capture curves                the notebook's sections (lambda = 0.001 ... 0.2, its
//                                            starting points): how far chi2's 600 section points
//                                            lie from the set that rkf78 at 1e-13 traces, and
//                                            from rkf78's own k-th section point
//   spin_orbit_capture attractors            with the capture run's damping: where each method's
//                                            section map ends, against rkf78 at 1e-13
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

// The adaptive reference: rkf78 at tolerance 1e-13 on (theta, theta'), sampled at t = 2 pi k for
// k < count. On std::vector: on std::array, g++ 12 at -O2 reports a false -Wmaybe-uninitialized
// where odeint copies runge_kutta_fehlberg78's scratch arrays.
std::vector<section> reference(const spin_orbit::varying_inertia_parameters& m, pair start, std::size_t count) {
    std::vector<double> times;
    for (std::size_t k = 0; k < count; ++k) times.push_back(2 * pi * double(k));
    std::vector<section> out;
    std::vector<double> y(start.begin(), start.end());
    odeint::integrate_times(
        odeint::make_controlled(1e-13, 1e-13, odeint::runge_kutta_fehlberg78<std::vector<double>>()),
        spin_orbit::varying_inertia_field(m), y, times.begin(), times.end(), dt,
        [&](const std::vector<double>& z, double) { out.push_back({z[0], z[1]}); });
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

// The notebook's starting points (theta' at theta = 0, t = 0) for its four values of lambda.
struct notebook_figure {
    double lambda;
    std::vector<double> starts;
};
const std::vector<notebook_figure>& notebook_figures() {
    static const std::vector<notebook_figure> figures{
        {0.001, {1.137, 1.121, 1.1209, 1.112, 1.0, 0.96, 0.91, 0.876375, 0.86}},
        {0.01, {1.135, 1.1106, 0.98, 0.93, 0.9, 0.878, 0.86838, 0.845}},
        {0.1, {1.029, 0.8, 0.82, 0.84, 0.9, 0.92, 0.79235, 0.773}},
        {0.2, {0.917, 0.81, 0.795, 0.785, 0.765, 0.73, 0.7147, 0.7}},
    };
    return figures;
}

// The distance from x to the segment [a, b] in the (theta, theta') plane.
double segment_distance(const section& x, const section& a, const section& b) {
    const double ux = b.theta - a.theta, uy = b.rate - a.rate, vx = x.theta - a.theta, vy = x.rate - a.rate;
    const double length2 = ux * ux + uy * uy;
    const double u = length2 > 0 ? std::fmax(0.0, std::fmin(1.0, (ux * vx + uy * vy) / length2)) : 0.0;
    return std::hypot(vx - u * ux, vy - u * uy);
}

// theta taken to [0, 2 pi): at t = 2 pi k the potential is 2 pi-periodic... in 2 theta, so the
// section lives on the cylinder theta mod pi; mod 2 pi keeps both copies of each curve apart
// as the notebook's figures draw them.
section on_cylinder(section x) {
    x.theta -= 2 * pi * std::floor(x.theta / (2 * pi));
    return x;
}

// `count` sections of a fixed-step method with `steps` steps per orbit.
template <class Stepper, class System>
std::vector<section> sections_from(Stepper stepper, const System& H, state x, std::size_t steps,
                                   std::size_t count) {
    std::vector<section> out;
    const double step = 2 * pi / double(steps);
    std::size_t calls = 0;
    odeint::integrate_n_steps(stepper, H, x, 0.0, step, (count - 1) * steps, [&](const state& y, double) {
        if (calls++ % steps == 0) out.push_back({y.q, y.p});
    });
    return out;
}

// The largest distance from a method's section points to the curve the reference traces: for
// each point, the distance to the chords from its nearest reference point to that point's two
// nearest reference neighbours (on a smooth curve sampled densely these are the curve's
// neighbours, and a chord is within spacing^2 x curvature of the curve; the reference has 10
// times as many points as the method).
double distance_to_curve(const std::vector<section>& ours, const std::vector<section>& reference) {
    std::vector<section> cylinder;
    for (const section& r : reference) cylinder.push_back(on_cylinder(r));
    double largest = 0;
    for (const section& x : ours) {
        const section o = on_cylinder(x);
        std::size_t near[3] = {0, 0, 0};
        double d[3] = {INFINITY, INFINITY, INFINITY};
        for (std::size_t j = 0; j < cylinder.size(); ++j) {
            const double e = std::hypot(o.theta - cylinder[j].theta, o.rate - cylinder[j].rate);
            for (int i = 0; i < 3; ++i)
                if (e < d[i]) {
                    for (int l = 2; l > i; --l) d[l] = d[l - 1], near[l] = near[l - 1];
                    d[i] = e, near[i] = j;
                    break;
                }
        }
        largest = std::fmax(largest, std::fmin(segment_distance(o, cylinder[near[0]], cylinder[near[1]]),
                                               segment_distance(o, cylinder[near[0]], cylinder[near[2]])));
    }
    return largest;
}

// The notebook's sections against rkf78 at 1e-13: how far each method's 600 points lie from the
// reference's curve (6000 points), for chi2 at the notebook's step, chi2 at half of it and
// chi<suzuki4> at it; and chi2's largest distance to the reference's own k-th point.
int curves() {
    const std::size_t shown = 600, traced = 6000;
    std::printf("%-7s %-9s %-11s %-11s %-13s %s\n", "lambda", "theta'_0", "chi2 pi/10", "chi2 pi/20",
                "suzuki4 pi/10", "chi2 pi/10, same k");
    for (const notebook_figure& figure : notebook_figures()) {
        spin_orbit::varying_inertia_parameters m{0.01, 0.0075, 1.0, figure.lambda, 0.0, 0.0};
        const auto H = spin_orbit::varying_inertia(m);
        for (double p0 : figure.starts) {
            const std::vector<section> reference = ::reference(m, pair{0.0, p0}, traced);
            const state start{0.0, p0, 0.0};
            const auto chi2 = sections_from(oc::chi2<state>(), H, start, per_orbit, shown);
            const auto half = sections_from(oc::chi2<state>(), H, start, 2 * per_orbit, shown);
            const auto suzuki4 = sections_from(oc::chi<oc::tables::suzuki4, state>(), H, start, per_orbit, shown);
            double same_k = 0;
            for (std::size_t k = 0; k < chi2.size(); ++k)
                same_k = std::fmax(same_k, std::hypot(chi2[k].theta - reference[k].theta, chi2[k].rate - reference[k].rate));
            std::printf("%-7g %-9g %-11.2e %-11.2e %-13.2e %.2e\n", figure.lambda, p0,
                        distance_to_curve(chi2, reference), distance_to_curve(half, reference),
                        distance_to_curve(suzuki4, reference), same_k);
        }
    }
    return 0;
}

// With damping (a = -0.001, mu = 0.001, the capture run's) the section map contracts areas by
// e^{2 pi a} per orbit and has attractors. From the capture run's start, for lambda = 1e-4 and
// the notebook's four values, over 6000 orbits (37 relaxation times 1/|a|): each method's
// resonance (the spin rate over the last 100 orbits, rounded to a half) and the distance of its
// last section point from the reference's (theta mod pi: V depends on 2 theta, so theta and
// theta + pi are the same orientation of the body).
int attractors() {
    const std::size_t count = 6000;
    struct end_point {
        section last;
        double rate;
    };
    auto resonance = [](const std::vector<section>& s) {
        return end_point{s.back(), (s.back().theta - s[s.size() - 101].theta) / (200 * pi)};
    };
    std::printf("%-7s %-22s %-22s %-22s %-22s %s\n", "lambda", "rkf78 1e-13: rate", "chi2 pi/10", "chi2 pi/20",
                "suzuki4 pi/10", "rk4 pi/10");
    for (double lambda : {1e-4, 0.001, 0.01, 0.1, 0.2}) {
        spin_orbit::varying_inertia_parameters m{};
        m.lambda = lambda;
        const auto H = spin_orbit::varying_inertia(m);
        const end_point reference = resonance(::reference(m, pair{2.7, 3.0}, count));
        auto run = [&](auto stepper, std::size_t steps) {
            const end_point e = resonance(sections_from(stepper, H, state{2.7, 3.0, 0.0}, steps, count));
            char text[64];
            std::snprintf(text, sizeof text, "%.1f: %.2e", std::round(2 * e.rate) / 2,
                          std::hypot(std::remainder(e.last.theta - reference.last.theta, pi),
                                     e.last.rate - reference.last.rate));
            return std::string(text);
        };
        std::printf("%-7g %-22.1f %-22s %-22s %-22s %s\n", lambda, std::round(2 * reference.rate) / 2,
                    run(oc::chi2<state>(), per_orbit).c_str(), run(oc::chi2<state>(), 2 * per_orbit).c_str(),
                    run(oc::chi<oc::tables::suzuki4, state>(), per_orbit).c_str(),
                    run(odeint::runge_kutta4<state>(), per_orbit).c_str());
    }
    return 0;
}

int main(int argc, char** argv) {
    if (argc == 2 && std::string(argv[1]) == "curves") return curves();
    if (argc == 2 && std::string(argv[1]) == "attractors") return attractors();
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
        {"rkf78_1e-13", reference(m, {start.q, start.p}, orbits + 1)},
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
