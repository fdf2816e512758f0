// SPDX-License-Identifier: BSL-1.0
// paper_fixed_point_shift: the shifted equilibria of chi2 on the quadratic contact oscillator, as
// stated in "New directions for contact integrators", section 3.2.
//
// H = p^2/2 + q^2/2 - C + gamma s^2/2 with gamma = 1, C = 18 has the equilibria (0, 0, +-sqrt(2C/gamma))
// = (0, 0, +-6). The chi2 map keeps them on the invariant line q = p = 0 but moves them to
//     (0, 0, +-1/2 sqrt(8C/gamma + tau^2 C^2)),
// the north one still attracting, the south one still repelling (errata section 2: this holds for
// the splitting with A as one full step between two B half-steps). On q = p = 0 one step is the
// scalar map s -> 2u/(2 + gamma tau u) + tau C/2 with u = s + tau C/2, whose fixed points solve
// gamma u^2 - gamma tau C u - 2C = 0, i.e. s = u - tau C/2 = +-1/2 sqrt(8C/gamma + tau^2 C^2).
//
// For each step tau in 0.025, 0.05, ..., 1.5 the program finds both with the library's stepper:
//   - the attracting one by running chi2 from (q, p, s) = (1, 0, 0) over t in [0, 300] with
//     odeint::integrate_n_steps and an observer that watches the run settle;
//   - the repelling one, which no forward run can reach, as the root of chi2's step map on the
//     invariant line q = p = 0 (bisection between a point above it and one below it);
// and, for comparison, the attracting equilibrium cvi2 reaches from the same start (cvi2 does not
// shift it; it refuses steps with tau dF/ds / 2 >= 1, i.e. tau >= 1/3 near s = 6, where its
// discrete Legendre transform would reverse p).
//
// Output: fixed_point_shift.csv (tau, chi2 north, formula, chi2 south, cvi2 north) in the
// current directory, and a table on stdout. doc/plots/paper_fixed_point_shift.gp renders
// doc/figures/paper_fixed_point_shift.png.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <functional>
#include <limits>

#include <boost/numeric/odeint.hpp>

#include "paper_problems.hpp"

namespace {

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
using paper::oscillator_state;

constexpr double gamma_ = paper::oscillator_gamma;
constexpr double c = paper::oscillator_c;
constexpr double t_end = 300.0;
const double nan = std::numeric_limits<double>::quiet_NaN();

double formula(double tau) { return 0.5 * std::sqrt(8.0 * c / gamma_ + tau * tau * c * c); }

// Observes a run and keeps the size of its last step: a run has settled on an equilibrium when
// its last step moved it by no more than a few units in the last place.
struct settle_watch {
    oscillator_state last{};
    double last_move = nan;
    bool first = true;
    void operator()(const oscillator_state& x, double) {
        if (!first)
            last_move = std::max({std::abs(x.q - last.q), std::abs(x.p - last.p), std::abs(x.s - last.s)});
        last = x;
        first = false;
    }
};

// The attracting equilibrium a stepper settles on from (1, 0, 0), or NaN when the run fails
// (step_error) or has not settled by t = 300.
template <class Stepper>
double attracting(double tau) {
    const auto H = paper::oscillator_hamiltonian();
    oscillator_state x{1.0, 0.0, 0.0};
    settle_watch watch;
    try {
        odeint::integrate_n_steps(Stepper(), H, x, 0.0, tau, static_cast<std::size_t>(std::lround(t_end / tau)),
                                  std::ref(watch));
    } catch (const oc::step_error&) {
        return nan;
    }
    // 8 ulp of s: equilibria of about 6 to 15 are resolved to ~1e-14 (relative 1e-15) at best.
    const bool settled = watch.last_move <= 8 * std::numeric_limits<double>::epsilon() * std::abs(x.s) &&
                         std::abs(x.q) < 1e-12 && std::abs(x.p) < 1e-12;
    return settled ? x.s : nan;
}

// The repelling equilibrium: chi2's one-step map on q = p = 0 moves s up between the two
// equilibria (as the flow s' = C - gamma s^2/2 does) and down below the south one, where for
// large steps the exact action flow may even blow up to s = -infinity within the step (a
// step_error, which therefore counts as down). Walk down from -sqrt(2C/gamma) until the step
// moves s down, then bisect to the last bit.
double repelling(double tau) {
    const auto H = paper::oscillator_hamiltonian();
    oc::chi2<oscillator_state> stepper;
    const auto moves_up = [&](double s) {
        oscillator_state x{0.0, 0.0, s};
        try {
            stepper.do_step(H, x, 0.0, tau);
        } catch (const oc::step_error&) {
            return false;
        }
        return x.s > s;
    };
    double above = -std::sqrt(2.0 * c / gamma_);
    if (!moves_up(above)) return nan;
    double below = above - 0.5;
    while (moves_up(below)) {
        above = below;
        below -= 0.5;
    }
    while (true) {
        const double mid = 0.5 * (above + below);
        if (mid == above || mid == below) break;
        (moves_up(mid) ? above : below) = mid;
    }
    return 0.5 * (above + below);
}

}  // namespace

int main() {
    paper::csv_file csv("fixed_point_shift.csv", "tau,chi2_north,formula,chi2_south,cvi2_north");
    std::printf("Equilibria of the quadratic contact oscillator (gamma = %g, C = %g), continuous: +-%g\n", gamma_, c,
                std::sqrt(2.0 * c / gamma_));
    std::printf("%-6s %18s %18s %10s %10s %10s\n", "tau", "chi2 north", "1/2 sqrt(..)", "rel. diff", "south+form",
                "cvi2 north");
    double worst = 0.0;
    double cvi2_largest = 0.0;
    for (int k = 1; k <= 60; ++k) {
        const double tau = 0.025 * k;
        const double north = attracting<oc::chi2<oscillator_state>>(tau);
        const double south = repelling(tau);
        const double cvi2 = attracting<oc::cvi2<oscillator_state>>(tau);
        const double exact = formula(tau);
        if (!std::isnan(cvi2)) cvi2_largest = tau;
        const double rel = std::abs(north - exact) / exact;
        worst = std::max({worst, rel, std::abs(south + exact) / exact});
        std::fprintf(csv.get(), "%.3f,%.17g,%.17g,%.17g,%.17g\n", tau, north, exact, south, cvi2);
        if (k % 4 == 0 || k == 1)
            std::printf("%-6.3f %18.15f %18.15f %10.2e %10.2e %10.6f\n", tau, north, exact, rel, south + exact, cvi2);
    }
    std::printf("largest relative difference from the formula, both equilibria, all 60 steps: %.2e\n", worst);
    std::printf("cvi2 settles at +6 (no shift) from (1, 0, 0) for tau <= %.3f and fails beyond\n", cvi2_largest);
    return 0;
}
