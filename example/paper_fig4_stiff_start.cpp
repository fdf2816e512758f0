// SPDX-License-Identifier: BSL-1.0
// paper_fig4_stiff_start: Figure 4 of "New directions for contact integrators" - a start near the
// repelling south pole of the quadratic contact oscillator, for decreasing steps.
//
// H = p^2/2 + q^2/2 - C + gamma s^2/2, gamma = 1, C = 18, from (q, p, s) = (-1, 0, -7) (errata
// section 4: the paper's "(0, -1, -7)" is in its code's (p, q, s) order). The start lies just
// outside the sphere H = 0 below the south pole: the trajectory first plunges to s of about -61,
// where the problem is stiff, then turns back and ends at the north pole N = (0, 0, 6). chi2, cvi2
// and odeint's runge_kutta4 run with steps 0.04, 0.027, 0.015, 0.005 and 0.001 on t in [0, 40]
// through odeint::integrate_n_steps with an observer. A run either reaches N (distance below 0.05
// at t = 40), or fails: the contact steppers throw odeint_contact::step_error when the step cannot
// be taken (chi2: the exact action flow blows up within it; cvi2: its implicit action equation
// has no real root, or its discrete Legendre transform would reverse p) - a clean failure, state
// unchanged - and runge_kutta4 overflows (|s| > 1e6 or not finite) without noticing.
//
// Output (current directory):
//   fig4_<method>_<k>.csv   t, q, p, s for step number k = 1..5, up to the failure
//   fig4_summary.gp         each run's outcome and last point as gnuplot variables, for the plot
// and the outcome table on stdout. doc/plots/paper_fig4_stiff_start.gp renders
// doc/figures/paper_fig4_stiff_start.png.
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
using paper::oscillator_state;

constexpr double steps_to_try[] = {0.04, 0.027, 0.015, 0.005, 0.001};
constexpr double t_end = 40.0;
constexpr double overflow = 1e6;
constexpr double reach = 0.05;  // distance to N that counts as arrived

// Writes the trajectory and notes the first point that has overflowed; from there on nothing is
// written (runge_kutta4 carries on with infinities and NaNs to the end).
class recorder {
public:
    explicit recorder(const std::string& file) : m_file(file, "t,q,p,s") {}

    void operator()(const oscillator_state& x, double t) {
        if (!std::isnan(m_overflow_time)) return;
        if (!(std::abs(x.q) < overflow && std::abs(x.p) < overflow && std::abs(x.s) < overflow)) {
            m_overflow_time = t;
            return;
        }
        m_smin = std::min(m_smin, x.s);
        m_last_time = t;
        m_last_s = x.s;
        std::fprintf(m_file.get(), "%.4f,%.6g,%.6g,%.6g\n", t, x.q, x.p, x.s);
    }

    double overflow_time() const { return m_overflow_time; }
    double smin() const { return m_smin; }
    double last_time() const { return m_last_time; }
    double last_s() const { return m_last_s; }

private:
    paper::csv_file m_file;
    double m_overflow_time = std::numeric_limits<double>::quiet_NaN();
    double m_smin = std::numeric_limits<double>::infinity();
    double m_last_time = 0.0;
    double m_last_s = 0.0;
};

// A literal underscore in gnuplot's enhanced text is \_, written "\\_" in a double-quoted string.
std::string gnuplot_text(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (c == '_') out += "\\\\";
        out += c;
    }
    return out;
}

template <class Stepper>
void run(std::FILE* gp, const char* method) {
    const auto H = paper::oscillator_hamiltonian();
    for (std::size_t k = 0; k < std::size(steps_to_try); ++k) {
        const double dt = steps_to_try[k];
        const auto n = static_cast<std::size_t>(std::lround(t_end / dt));
        oscillator_state x{-1.0, 0.0, -7.0};
        recorder observer("fig4_" + std::string(method) + "_" + std::to_string(k + 1) + ".csv");
        Stepper stepper;
        std::string outcome;
        bool failed = true;
        try {
            odeint::integrate_n_steps(std::ref(stepper), H, x, 0.0, dt, n, std::ref(observer));
            const double distance = std::sqrt(x.q * x.q + x.p * x.p + (x.s - 6.0) * (x.s - 6.0));
            char text[96];
            if (!std::isnan(observer.overflow_time()))
                std::snprintf(text, sizeof text, "fails: overflows at t = %.3f", observer.overflow_time());
            else if (distance < reach) {
                std::snprintf(text, sizeof text, "reaches N (s = %.4f at t = %g)", x.s, t_end);
                failed = false;
            } else
                std::snprintf(text, sizeof text, "does not reach N (distance %.3g at t = %g)", distance, t_end);
            outcome = text;
        } catch (const oc::step_error& e) {
            // The observer saw every accepted point; the failing step starts from the last one.
            char text[96];
            std::snprintf(text, sizeof text, "fails: step_error at t = %.3f", observer.last_time());
            outcome = text;
            std::printf("  (%s, dt = %g: %s)\n", method, dt, e.what());
        }
        std::printf("%-5s %-6g %-7.2f %s\n", method, dt, observer.smin(), outcome.c_str());
        std::fprintf(gp, "%s_outcome_%zu = \"%s\"\n", method, k + 1, gnuplot_text(outcome).c_str());
        // Where a failed run leaves the plot: its last accepted, finite point.
        std::fprintf(gp, "%s_failed_%zu = %d\n%s_last_t_%zu = %.6g\n%s_last_s_%zu = %.6g\n", method, k + 1,
                     failed ? 1 : 0, method, k + 1, observer.last_time(), method, k + 1, observer.last_s());
    }
}

}  // namespace

int main() {
    paper::csv_file gp("fig4_summary.gp", "# written by paper_fig4_stiff_start");
    std::printf("Quadratic contact oscillator from (q, p, s) = (-1, 0, -7), t in [0, %g]\n", t_end);
    std::printf("%-5s %-6s %-7s %s\n", "", "dt", "min s", "outcome");
    run<oc::chi2<oscillator_state>>(gp.get(), "chi2");
    run<oc::cvi2<oscillator_state>>(gp.get(), "cvi2");
    run<odeint::runge_kutta4<oscillator_state>>(gp.get(), "rk4");
    return 0;
}
