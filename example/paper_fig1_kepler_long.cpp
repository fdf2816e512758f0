// SPDX-License-Identifier: BSL-1.0
// paper_fig1_kepler_long: Figure 1 of "New directions for contact integrators" - the perturbed
// Kepler problem over a very long time.
//
// H = |p|^2/2 - 1/|q| + f(t) s with f(t) = -0.01 sin(pi t) (errata section 4), q0 = (0, sqrt(1.5)),
// p0 = (0.8, 0), s0 = 0, step 0.1, t in [0, 200000]: 2e6 steps with chi2, cvi2 and odeint's
// runge_kutta4, each through odeint::integrate_n_steps with an observer. The contact methods stay
// on a bounded, precessing orbit; runge_kutta4 drifts towards the centre and escapes.
//
// Output (current directory):
//   fig1_<method>_radius.csv   t, min |q|, max |q| over each window of 1000 steps (100 time units)
//   fig1_<method>_orbit.csv    t, q1, q2 at every 10th step, up to |q| = 10
//   fig1_summary.gp            the numbers below as gnuplot variables, for the plot's labels
// and on stdout, per method: the |q| range, the escape time, and the precession rate of the orbit
// (fitted angle of the Laplace-Runge-Lenz vector), beside a reference rate from runge_kutta4 with
// a step of 0.01 on t in [0, 2000]: the contact methods' precession is an artefact of the step.
// doc/plots/paper_fig1_kepler_long.gp renders doc/figures/paper_fig1_kepler_long.png from them.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <functional>
#include <limits>
#include <string>

#include <boost/numeric/odeint.hpp>

#include "paper_problems.hpp"

namespace {

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
using paper::kepler_state;

constexpr double g = -0.01;
constexpr double dt = 0.1;
constexpr std::size_t steps = 2000000;
constexpr std::size_t window = 1000;
constexpr std::size_t orbit_stride = 10;

// The observer: the |q| range of each window to one file, every 10th point of the orbit to
// another, and everything to a kepler_watch.
class recorder {
public:
    explicit recorder(const std::string& method)
        : m_radius("fig1_" + method + "_radius.csv", "t,r_min,r_max"),
          m_orbit("fig1_" + method + "_orbit.csv", "t,q1,q2") {}

    void operator()(const kepler_state& x, double t) {
        m_watch(x, t);
        const double r = paper::radius(x);
        m_lo = std::min(m_lo, r);
        m_hi = std::max(m_hi, r);
        if (m_count % orbit_stride == 0 && r < paper::kepler_watch::escape_radius)
            std::fprintf(m_orbit.get(), "%.1f,%.6f,%.6f\n", t, x.q[0], x.q[1]);
        if (++m_count % window == 0) {
            std::fprintf(m_radius.get(), "%.1f,%.6g,%.6g\n", t, m_lo, m_hi);
            m_lo = std::numeric_limits<double>::infinity();
            m_hi = 0.0;
        }
    }

    const paper::kepler_watch& watch() const { return m_watch; }

private:
    paper::csv_file m_radius;
    paper::csv_file m_orbit;
    paper::kepler_watch m_watch;
    std::size_t m_count = 0;
    double m_lo = std::numeric_limits<double>::infinity();
    double m_hi = 0.0;
};

// [doc:run]
template <class Stepper>
paper::kepler_watch run(const std::string& method, Stepper stepper) {
    const auto H = paper::kepler_hamiltonian(g);
    kepler_state x = paper::kepler_initial_state();
    recorder observer(method);
    // integrate_n_steps: exactly 2e6 steps; integrate_const may stop one short (README, Quirks).
    odeint::integrate_n_steps(stepper, H, x, 0.0, dt, steps, std::ref(observer));
    return observer.watch();
}
// [/doc:run]

void report(std::FILE* gp, const char* method, const paper::kepler_watch& w) {
    std::printf("%-13s %6.3f %6.3f %14.1f %14.1f %14.3e\n", method, w.rmin(), w.rmax(), w.escape_time(),
                w.positive_energy_time(), w.precession_rate());
    // gnuplot reads NaN as an undefined value; write -1 for "never".
    const auto or_never = [](double v) { return std::isnan(v) ? -1.0 : v; };
    std::fprintf(gp, "%s_escape = %.1f\n%s_precession = %.6e\n", method, or_never(w.escape_time()), method,
                 w.precession_rate());
}

}  // namespace

int main() {
    // [doc:methods]
    const paper::kepler_watch chi2 = run("chi2", oc::chi2<kepler_state>());
    const paper::kepler_watch cvi2 = run("cvi2", oc::cvi2<kepler_state>());
    const paper::kepler_watch rk4 = run("rk4", odeint::runge_kutta4<kepler_state>());
    // [/doc:methods]

    // Reference precession: a fourth-order method with a 10 times smaller step, long enough
    // (about 300 orbits) for the fit and short enough that runge_kutta4 has not drifted.
    paper::kepler_watch reference;
    {
        const auto H = paper::kepler_hamiltonian(g);
        kepler_state x = paper::kepler_initial_state();
        odeint::integrate_n_steps(odeint::runge_kutta4<kepler_state>(), H, x, 0.0, 0.01, 200000,
                                  std::ref(reference));
    }

    paper::csv_file gp("fig1_summary.gp", "# written by paper_fig1_kepler_long");
    std::printf("Perturbed Kepler, f(t) = %g sin(pi t), dt = %g, %zu steps (t in [0, %g])\n", g, dt, steps,
                double(steps) * dt);
    std::printf("%-13s %6s %6s %14s %14s %14s\n", "method", "min|q|", "max|q|", "|q| > 10 at t", "E > 0 at t",
                "precession");
    report(gp.get(), "chi2", chi2);
    report(gp.get(), "cvi2", cvi2);
    report(gp.get(), "rk4", rk4);
    std::printf("%-13s %6.3f %6.3f %14s %14s %14.3e\n", "reference", reference.rmin(), reference.rmax(), "-", "-",
                reference.precession_rate());
    std::printf("(reference: runge_kutta4, dt = 0.01, t in [0, 2000]; precession in rad per time unit;\n"
                " nan = never)\n");
    std::fprintf(gp.get(), "reference_precession = %.6e\n", reference.precession_rate());
    return 0;
}
