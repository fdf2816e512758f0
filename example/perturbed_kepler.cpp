// SPDX-License-Identifier: BSL-1.0
// perturbed_kepler: why a contact integrator matters, in one run.
//
// The Kepler problem with a periodic, time-dependent friction,
//     q'' + q/|q|^3 + f(t) q' = 0,   f(t) = -0.05 sin(pi t),
// is the contact Hamiltonian system H = |p|^2/2 - 1/|q| + f(t) s. This is the setting of Figure 2
// of Bravetti, Seri, Zadra, "New directions for contact integrators" (2021), as its code ran it
// (doc/theory.md, errata section 4): q0 = (0, sqrt(1.5)), p0 = (0.8, 0), s0 = 0, step 0.3,
// t in [0, 1000]. The same system object and state type go to odeint-contact's chi2 and to odeint's
// runge_kutta4 through odeint::integrate_const with an observer.
//
// Output: a table (range of |q|, the first time |q| leaves (0.05, 4), time per step) and the CSV
// file perturbed_kepler.csv in the current directory (columns t, then q1 q2 p1 p2 s |q| for chi2,
// then the same for rk4).
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <optional>
#include <vector>

#include <boost/math/constants/constants.hpp>
#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
using boost::math::double_constants::pi;

// [doc:usage]
using coor = std::array<double, 2>;
using state_type = oc::contact_state<coor>;  // aggregate {q, p, s}

// V(q, t) = -1/|q|. A potential supplies its value and its gradient.
struct kepler_potential {
    double value(const coor& q, double /*t*/) const { return -1.0 / std::hypot(q[0], q[1]); }
    void gradient(const coor& q, double /*t*/, coor& dVdq) const {
        const double r = std::hypot(q[0], q[1]);
        dVdq = {q[0] / (r * r * r), q[1] / (r * r * r)};
    }
};

// H = |p|^2/2 + V(q) + f(t) s with f(t) = -0.05 sin(pi t).
const auto H = oc::make_separable_hamiltonian(
    oc::quadratic_kinetic{}, kepler_potential{},
    oc::linear_action([](double t) { return -0.05 * std::sin(pi * t); }));

// An odeint observer that keeps every (t, x) of the integration.
struct orbit {
    std::vector<double> t;
    std::vector<state_type> x;
    void operator()(const state_type& xt, double tt) {
        t.push_back(tt);
        x.push_back(xt);
    }
};

const state_type x0{{0.0, std::sqrt(1.5)}, {0.8, 0.0}, 0.0};
const double tau = 0.3;
const double t_end = 1000.0;

// The same system H and the same state type for both steppers.
void integrate_both(orbit& by_chi2, orbit& by_rk4) {
    oc::chi2<state_type> chi2;
    state_type x = x0;
    odeint::integrate_const(chi2, H, x, 0.0, t_end, tau, std::ref(by_chi2));

    odeint::runge_kutta4<state_type> rk4;
    state_type y = x0;
    odeint::integrate_const(rk4, H, y, 0.0, t_end, tau, std::ref(by_rk4));
}
// [/doc:usage]

double radius(const state_type& x) { return std::hypot(x.q[0], x.q[1]); }

struct summary {
    double r_min = std::numeric_limits<double>::infinity();
    double r_max = 0.0;
    std::optional<double> escape;  // first t with |q| outside (0.05, 4)
};

summary summarise(const orbit& o) {
    summary result;
    for (std::size_t i = 0; i < o.t.size(); ++i) {
        const double r = radius(o.x[i]);
        // A NaN radius (an integration that has blown up) fails the test and counts as outside.
        if (!(r > 0.05 && r < 4.0)) {
            if (!result.escape) result.escape = o.t[i];
        }
        // fmin/fmax ignore NaN, so an orbit that blew up still reports how far it got.
        result.r_min = std::fmin(result.r_min, r);
        result.r_max = std::fmax(result.r_max, r);
    }
    return result;
}

// Wall-clock time per step: the whole integration without an observer, best of several runs
// (the minimum is the run least disturbed by the rest of the machine).
template <class Stepper>
double microseconds_per_step(Stepper stepper) {
    constexpr int runs = 20;
    double best = std::numeric_limits<double>::infinity();
    std::size_t steps = 0;
    for (int k = 0; k < runs; ++k) {
        state_type x = x0;
        const auto start = std::chrono::steady_clock::now();
        steps = odeint::integrate_const(stepper, H, x, 0.0, t_end, tau);
        const auto stop = std::chrono::steady_clock::now();
        // Keeps the optimiser from dropping an integration whose result is unused.
        volatile double sink = x.q[0];
        (void)sink;
        best = std::min(best, std::chrono::duration<double, std::micro>(stop - start).count());
    }
    return best / static_cast<double>(steps);
}

void write_csv(const char* name, const orbit& a, const orbit& b) {
    std::FILE* out = std::fopen(name, "w");
    if (!out) {
        std::perror(name);
        return;
    }
    std::fprintf(out, "t,chi2_q1,chi2_q2,chi2_p1,chi2_p2,chi2_s,chi2_r,rk4_q1,rk4_q2,rk4_p1,rk4_p2,rk4_s,rk4_r\n");
    for (std::size_t i = 0; i < std::min(a.t.size(), b.t.size()); ++i) {
        std::fprintf(out, "%.6g", a.t[i]);
        for (const state_type& x : {a.x[i], b.x[i]})
            std::fprintf(out, ",%.17g,%.17g,%.17g,%.17g,%.17g,%.17g", x.q[0], x.q[1], x.p[0], x.p[1], x.s,
                         radius(x));
        std::fprintf(out, "\n");
    }
    std::fclose(out);
}

int main() {
    orbit by_chi2, by_rk4;
    integrate_both(by_chi2, by_rk4);

    const char* csv = "perturbed_kepler.csv";
    write_csv(csv, by_chi2, by_rk4);

    std::printf("Perturbed Kepler problem, f(t) = -0.05 sin(pi t), step %.1f, t in [0, %.0f], %zu steps\n\n",
                tau, t_end, by_chi2.t.size() - 1);
    std::printf("%-6s %10s %12s %28s %12s\n", "method", "min |q|", "max |q|", "leaves 0.05 < |q| < 4 at t",
                "us / step");
    const auto row = [](const char* name, const orbit& o, double us) {
        const summary s = summarise(o);
        char escape[32] = "never";
        if (s.escape) std::snprintf(escape, sizeof escape, "%.1f", *s.escape);
        std::printf("%-6s %10.4f %12.4g %28s %12.3f\n", name, s.r_min, s.r_max, escape, us);
    };
    row("chi2", by_chi2, microseconds_per_step(oc::chi2<state_type>{}));
    row("rk4", by_rk4, microseconds_per_step(odeint::runge_kutta4<state_type>{}));
    std::printf("\nOrbits written to %s\n", csv);
}
