// SPDX-License-Identifier: BSL-1.0
// paper_fig2_kepler: Figure 2 of "New directions for contact integrators" - the perturbed Kepler
// problem with a stronger perturbation and a large step.
//
// H = |p|^2/2 - 1/|q| + f(t) s with f(t) = -0.05 sin(pi t) (errata section 4), q0 = (0, sqrt(1.5)),
// p0 = (0.8, 0), s0 = 0, step 0.3, t in [0, 1000] (3333 steps) with chi2, cvi2, chi6 and odeint's
// runge_kutta4, each through odeint::integrate_n_steps with an observer. runge_kutta4 escapes
// before t = 1000; the three contact methods stay on the same bounded annulus.
//
// Output (current directory):
//   fig2_<method>.csv    t, q1, q2, |q| at every step, up to |q| = 10
//   fig2_summary.gp      the numbers below as gnuplot variables, for the plot's labels
// and on stdout the |q| range, escape time and precession rate of each method.
// doc/plots/paper_fig2_kepler.gp renders doc/figures/paper_fig2_kepler.png from them.
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>

#include <boost/numeric/odeint.hpp>

#include "paper_problems.hpp"

namespace {

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
using paper::kepler_state;

constexpr double g = -0.05;
constexpr double dt = 0.3;
constexpr std::size_t steps = 3333;  // t in [0, 999.9]

class recorder {
public:
    explicit recorder(const std::string& method) : m_file("fig2_" + method + ".csv", "t,q1,q2,r") {}

    void operator()(const kepler_state& x, double t) {
        m_watch(x, t);
        const double r = paper::radius(x);
        if (r < paper::kepler_watch::escape_radius)
            std::fprintf(m_file.get(), "%.1f,%.6f,%.6f,%.6f\n", t, x.q[0], x.q[1], r);
    }

    const paper::kepler_watch& watch() const { return m_watch; }

private:
    paper::csv_file m_file;
    paper::kepler_watch m_watch;
};

template <class Stepper>
void run(std::FILE* gp, const char* method, Stepper stepper) {
    const auto H = paper::kepler_hamiltonian(g);
    kepler_state x = paper::kepler_initial_state();
    recorder observer(method);
    odeint::integrate_n_steps(stepper, H, x, 0.0, dt, steps, std::ref(observer));
    const paper::kepler_watch& w = observer.watch();
    std::printf("%-13s %6.3f %6.3f %14.1f %14.1f %14.3e\n", method, w.rmin(), w.rmax(), w.escape_time(),
                w.positive_energy_time(), w.precession_rate());
    std::fprintf(gp, "%s_escape = %.1f\n%s_rmin = %.4f\n%s_rmax = %.4f\n", method,
                 std::isnan(w.escape_time()) ? -1.0 : w.escape_time(), method, w.rmin(), method, w.rmax());
}

}  // namespace

int main() {
    paper::csv_file gp("fig2_summary.gp", "# written by paper_fig2_kepler");
    std::printf("Perturbed Kepler, f(t) = %g sin(pi t), dt = %g, %zu steps\n", g, dt, steps);
    std::printf("%-13s %6s %6s %14s %14s %14s\n", "method", "min|q|", "max|q|", "|q| > 10 at t", "E > 0 at t",
                "precession");
    run(gp.get(), "chi2", oc::chi2<kepler_state>());
    run(gp.get(), "cvi2", oc::cvi2<kepler_state>());
    run(gp.get(), "chi6", oc::chi6<kepler_state>());
    run(gp.get(), "rk4", odeint::runge_kutta4<kepler_state>());
    std::printf("(precession in rad per time unit, before any escape; nan = never)\n");
    return 0;
}
