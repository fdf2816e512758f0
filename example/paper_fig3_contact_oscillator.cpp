// SPDX-License-Identifier: BSL-1.0
// paper_fig3_contact_oscillator: Figure 3 of "New directions for contact integrators" - the
// quadratic contact oscillator and its invariant sphere.
//
// H = p^2/2 + q^2/2 - C + gamma s^2/2 with gamma = 1, C = 18. Along any solution dH/dt = -gamma s H,
// so the sphere H = 0 of radius sqrt(2C/gamma) = 6 is invariant and separates two basins; its north
// pole N = (0, 0, 6) attracts, its south pole S = (0, 0, -6) repels, and the half-line q = p = 0,
// s < -6 below S is invariant too. Nine trajectories, integrated with chi2 and with cvi2 (step
// 0.01, t in [0, 60], odeint::integrate_n_steps with an observer), start three each on, outside and
// inside the sphere; all end at the north pole - the shifted one for chi2 (paper_fixed_point_shift).
//
// Output (current directory):
//   fig3_<method>_<start>.csv   t, q, p, s, H at every step (<start> = on1..3, outside1..3,
//                               inside1..3)
// and on stdout, per trajectory: the range of H along it (for the start on the sphere, how far
// the discrete map leaves H = 0) and the end point.
// doc/plots/paper_fig3_contact_oscillator.gp renders doc/figures/paper_fig3_contact_oscillator.png.
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
using paper::oscillator_state;

constexpr double dt = 0.01;
constexpr std::size_t steps = 6000;

struct start {
    const char* name;  // on, outside or inside, and a number
    oscillator_state x;
};

// The point of the sphere H = 0 above (q, p) on its lower half, s < 0.
oscillator_state on_sphere(double q, double p) { return {q, p, -std::sqrt(36.0 - q * q - p * p)}; }

// Three starts in each class: on the sphere (one close to the repelling south pole), outside it
// (H > 0) and inside it (H < 0).
const start starts[] = {{"on1", on_sphere(0.5, 0.0)},      {"on2", on_sphere(0.0, 4.0)},
                        {"on3", on_sphere(-3.0, 0.0)},     {"outside1", {4.0, 0.0, 5.5}},
                        {"outside2", {-5.0, 2.0, -4.0}},   {"outside3", {0.0, -5.0, 5.0}},
                        {"inside1", {3.0, 0.0, -2.0}},     {"inside2", {0.0, -3.0, -3.0}},
                        {"inside3", {-2.0, 2.0, 2.0}}};

template <class Hamiltonian>
class recorder {
public:
    recorder(const std::string& file, const Hamiltonian& H) : m_file(file, "t,q,p,s,H"), m_H(H) {}

    void operator()(const oscillator_state& x, double t) {
        const double h = m_H.value(x, t);
        m_hmin = std::min(m_hmin, h);
        m_hmax = std::max(m_hmax, h);
        std::fprintf(m_file.get(), "%.2f,%.6f,%.6f,%.6f,%.6g\n", t, x.q, x.p, x.s, h);
    }

    double hmin() const { return m_hmin; }
    double hmax() const { return m_hmax; }

private:
    paper::csv_file m_file;
    const Hamiltonian& m_H;
    double m_hmin = std::numeric_limits<double>::infinity();
    double m_hmax = -std::numeric_limits<double>::infinity();
};

template <class Stepper>
void run(const char* method) {
    const auto H = paper::oscillator_hamiltonian();
    for (const start& s : starts) {
        oscillator_state x = s.x;
        recorder<decltype(H)> observer(std::string("fig3_") + method + "_" + s.name + ".csv", H);
        odeint::integrate_n_steps(Stepper(), H, x, 0.0, dt, steps, std::ref(observer));
        std::printf("%-5s %-9s %11.3e %11.3e   (%9.2e, %9.2e, %.6f)\n", method, s.name, observer.hmin(),
                    observer.hmax(), x.q, x.p, x.s);
    }
}

}  // namespace

int main() {
    std::printf("Quadratic contact oscillator, gamma = %g, C = %g, dt = %g, t in [0, %g]\n", paper::oscillator_gamma,
                paper::oscillator_c, dt, double(steps) * dt);
    std::printf("%-5s %-9s %11s %11s   %s\n", "", "start", "min H", "max H", "end point (q, p, s)");
    run<oc::chi2<oscillator_state>>("chi2");
    run<oc::cvi2<oscillator_state>>("cvi2");
    return 0;
}
