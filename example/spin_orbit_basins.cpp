// SPDX-License-Identifier: BSL-1.0
// spin_orbit_basins: basins of attraction of the spin-orbit resonances of model (b) of
// example/spin_orbit.hpp, a linear tidal torque on a Keplerian orbit (de Oliveira,
// arXiv:2307.12969; Hyperion as a toy: gamma = 0.89^2/3, e = 0.1, K = 1e-2). A grid of n x n
// starting points over theta in [-pi, pi], theta' in [0, 3] (cell centres) is integrated for a
// number of orbits, and each cell is labelled by its spin rate averaged over the last tenth of
// them, (theta(T) - theta(0.9 T))/(0.1 T): the resonance k:2 (spin rate k/2: 1:1, 3:2, 2:1, 1:2,
// ...) when it is within 0.01 of k/2, and "none" otherwise.
//
// The whole grid is ONE contact system: q and p are std::vector<double> of n^2 cells, and with F
// affine in s each cell's (q, p) evolves exactly as it would alone (s is shared and means
// nothing; test_spin_orbit checks this bit for bit). So a fixed-step chi integrates the grid at
// the library's large-N speed: the orbit (Kepler's equation) once per stage, then one sine and
// cosine per cell. The adaptive reference (odeint's rkf78) integrates cell by cell.
//
//   spin_orbit_basins [--grid N] [--orbits K] [--method M] [--steps S] [--tol T] [--shift D]
//                     [--out FILE]
//     N       cells per side (default 64)        K  orbits (default 500)
//     M       chi2 (default), suzuki4, kahan_li8, rk4 (S steps per orbit, default 20), or
//             rkf78 (adaptive, cell by cell, tolerance T, default 1e-13)
//     D       added to every starting theta (default 0): a reproducibility check
//     FILE    the labels as CSV (default spin_orbit_basins.csv): theta0, theta_dot0, rate, label
// Printed: the basin sizes, the CPU time and, for the fixed-step methods, the time per cell-step.
// doc/plots/spin_orbit_basins.gp renders doc/figures/spin_orbit_basins.png from the CSV.
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "spin_orbit.hpp"

namespace {

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
using grid = oc::contact_state<std::vector<double>>;
const double pi = 3.14159265358979323846;

struct options {
    std::size_t n = 64, orbits = 500, steps = 20;
    std::string method = "chi2", out = "spin_orbit_basins.csv";
    double tol = 1e-13, shift = 0;
};

// [doc:spin_orbit_grid]
// Every cell of the grid in one state, integrated by one fixed-step stepper for `orbits` orbits
// of `steps` steps; returns theta at 0.9 T and at T.
template <class Stepper>
std::vector<double> integrate_grid(Stepper stepper, const grid& start, const options& o,
                                   std::vector<double>& theta_late) {
    const auto H = spin_orbit::tidal({});  // gamma = 0.89^2/3, e = 0.1, K = 1e-2
    const double dt = 2 * pi / double(o.steps);
    const std::size_t late = o.orbits - o.orbits / 10;
    grid x = start;
    odeint::integrate_n_steps(stepper, H, x, 0.0, dt, late * o.steps);
    theta_late = x.q;
    odeint::integrate_n_steps(stepper, H, x, 2 * pi * double(late), dt, (o.orbits - late) * o.steps);
    return x.q;
}
// [/doc:spin_orbit_grid]

// The reference, cell by cell: rkf78 at tolerance tol on (theta, theta').
std::vector<double> integrate_cells(const grid& start, const options& o, std::vector<double>& theta_late) {
    const spin_orbit::tidal_field field(spin_orbit::tidal_parameters{});
    const std::size_t late = o.orbits - o.orbits / 10;
    std::vector<double> theta(start.q.size());
    theta_late.resize(start.q.size());
    for (std::size_t i = 0; i < start.q.size(); ++i) {
        // On std::vector: the same steps on std::array trip g++ 12's false -Wmaybe-uninitialized
        // inside odeint (copying runge_kutta_fehlberg78's scratch arrays).
        auto stepper = odeint::make_controlled(o.tol, o.tol, odeint::runge_kutta_fehlberg78<std::vector<double>>());
        std::vector<double> y{start.q[i], start.p[i]};
        odeint::integrate_adaptive(stepper, field, y, 0.0, 2 * pi * double(late), 0.01);
        theta_late[i] = y[0];
        odeint::integrate_adaptive(stepper, field, y, 2 * pi * double(late), 2 * pi * double(o.orbits), 0.01);
        theta[i] = y[0];
    }
    return theta;
}

std::string label(double rate) {
    const double k = std::round(2 * rate);
    if (std::abs(rate - k / 2) > 0.01) return "none";
    const long twice = std::lround(k);
    return twice % 2 == 0 ? std::to_string(twice / 2) + ":1" : std::to_string(twice) + ":2";
}

bool parse(int argc, char** argv, options& o) {
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string key = argv[i], value = argv[i + 1];
        if (key == "--grid") o.n = std::size_t(std::atol(value.c_str()));
        else if (key == "--orbits") o.orbits = std::size_t(std::atol(value.c_str()));
        else if (key == "--steps") o.steps = std::size_t(std::atol(value.c_str()));
        else if (key == "--method") o.method = value;
        else if (key == "--tol") o.tol = std::atof(value.c_str());
        else if (key == "--shift") o.shift = std::atof(value.c_str());
        else if (key == "--out") o.out = value;
        else return false;
    }
    return argc % 2 == 1 && o.n > 0 && o.orbits >= 10 && o.steps > 0;
}

}  // namespace

int main(int argc, char** argv) {
    options o;
    if (!parse(argc, argv, o)) {
        std::fprintf(stderr, "usage: spin_orbit_basins [--grid N] [--orbits K>=10] [--method chi2|suzuki4|kahan_li8|"
                             "rk4|rkf78] [--steps S] [--tol T] [--shift D] [--out FILE]\n");
        return 2;
    }
    grid start;
    for (std::size_t j = 0; j < o.n; ++j)
        for (std::size_t i = 0; i < o.n; ++i) {
            start.q.push_back(-pi + (double(i) + 0.5) * 2 * pi / double(o.n) + o.shift);
            start.p.push_back((double(j) + 0.5) * 3 / double(o.n));
        }
    std::vector<double> late, theta;
    const std::clock_t begin = std::clock();
    if (o.method == "chi2") theta = integrate_grid(oc::chi2<grid>(), start, o, late);
    else if (o.method == "suzuki4") theta = integrate_grid(oc::chi<oc::tables::suzuki4, grid>(), start, o, late);
    else if (o.method == "kahan_li8") theta = integrate_grid(oc::chi<oc::tables::kahan_li8, grid>(), start, o, late);
    else if (o.method == "rk4") theta = integrate_grid(odeint::runge_kutta4<grid>(), start, o, late);
    else if (o.method == "rkf78") theta = integrate_cells(start, o, late);
    else {
        std::fprintf(stderr, "spin_orbit_basins: unknown method %s\n", o.method.c_str());
        return 2;
    }
    const double seconds = double(std::clock() - begin) / CLOCKS_PER_SEC;

    std::FILE* out = std::fopen(o.out.c_str(), "w");
    if (!out) {
        std::fprintf(stderr, "spin_orbit_basins: cannot write %s\n", o.out.c_str());
        return 1;
    }
    std::fprintf(out, "theta0,theta_dot0,rate,label\n");
    std::map<std::string, std::size_t> sizes;
    const double window = 2 * pi * double(o.orbits / 10);
    for (std::size_t i = 0; i < theta.size(); ++i) {
        const double rate = (theta[i] - late[i]) / window;
        const std::string l = label(rate);
        ++sizes[l];
        std::fprintf(out, "%.17g,%.17g,%.10g,%s\n", start.q[i], start.p[i], rate, l.c_str());
    }
    std::fclose(out);
    std::printf("%zu x %zu cells, %zu orbits, %s", o.n, o.n, o.orbits, o.method.c_str());
    if (o.method == "rkf78") std::printf(" at tolerance %g", o.tol);
    else std::printf(" at %zu steps per orbit", o.steps);
    std::printf(": %.3f s CPU", seconds);
    if (o.method != "rkf78")
        std::printf(", %.3g ns per cell-step", 1e9 * seconds / double(theta.size() * o.orbits * o.steps));
    std::printf("\nbasin sizes:");
    for (const auto& [l, count] : sizes) std::printf("  %s %.4f", l.c_str(), double(count) / double(theta.size()));
    std::printf("\n");
}
