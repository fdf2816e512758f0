// SPDX-License-Identifier: BSL-1.0
// The two model problems of "New directions for contact integrators" (Bravetti, Seri, Zadra), as
// the paper's code actually ran them (errata section 4), shared by the paper_* examples and by
// bench/table1.cpp, plus a small CSV observer.
//
// Perturbed Kepler problem (Figures 1 and 2): H = |p|^2/2 - 1/|q| + f(t) s, f(t) = g sin(pi t).
// Its equations of motion are q'' + dV/dq + f(t) q' = 0: a Kepler orbit with a periodic friction
// that is as often negative as positive. q0 = (0, sqrt(1.5)), p0 = (0.8, 0), s0 = 0.
//
// Quadratic contact oscillator (Figures 3 and 4, Table 1): H = p^2/2 + q^2/2 - C + gamma s^2/2.
// dH/dt = -gamma s H, so the sphere H = 0 (radius sqrt(2C) = 6 for gamma = 1, C = 18) is
// invariant; its north pole (0, 0, 6) attracts and its south pole (0, 0, -6) repels.
#ifndef ODEINT_CONTACT_EXAMPLE_PAPER_PROBLEMS_HPP
#define ODEINT_CONTACT_EXAMPLE_PAPER_PROBLEMS_HPP

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <string>

#include <boost/math/constants/constants.hpp>

#include <odeint_contact/odeint_contact.hpp>

namespace paper {

namespace oc = odeint_contact;

using boost::math::double_constants::pi;

// ---------------------------------------------------------------- perturbed Kepler problem
using kepler_coor = std::array<double, 2>;
using kepler_state = oc::contact_state<kepler_coor>;

// V(q) = -1/|q|: the figures use unit strength (errata section 4: with -0.01/|q| the paper's
// initial data would not even be bound).
// value_and_gradient gives the steppers and the system function, which need V and dV/dq at the
// same point, both for one |q|.
struct kepler_potential {
    double value(const kepler_coor& q, double) const { return -1.0 / std::hypot(q[0], q[1]); }
    void gradient(const kepler_coor& q, double t, kepler_coor& dVdq) const { value_and_gradient(q, t, dVdq); }
    double value_and_gradient(const kepler_coor& q, double, kepler_coor& dVdq) const {
        const double r = std::hypot(q[0], q[1]);
        const double c = 1.0 / (r * r * r);
        dVdq[0] = c * q[0];
        dVdq[1] = c * q[1];
        return -1.0 / r;
    }
    // d^2V/dq_i dq_j = delta_ij / r^3 - 3 q_i q_j / r^5, for galerkin_cvi4's Newton Jacobian
    // (without it, galerkin_cvi4 differences the gradient: 4 more gradients per Newton update).
    // [doc:kepler_hessian]
    void hessian(const kepler_coor& q, double, oc::hessian_matrix<double>& H) const {
        const double r = std::hypot(q[0], q[1]);
        const double c = 1.0 / (r * r * r);
        const double d = 3.0 * c / (r * r);
        H(0, 0) = c - d * q[0] * q[0];
        H(0, 1) = -d * q[0] * q[1];
        H(1, 0) = H(0, 1);
        H(1, 1) = c - d * q[1] * q[1];
    }
    // [/doc:kepler_hessian]
};

// f(t) = g sin(pi t); a negative g is the paper's positive alpha shifted by one time unit.
struct kepler_friction {
    double g;
    double operator()(double t) const { return g * std::sin(pi * t); }
};

inline auto kepler_hamiltonian(double g) {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, kepler_potential{},
                                          oc::linear_action<kepler_friction>(kepler_friction{g}));
}

inline kepler_state kepler_initial_state() { return {{0.0, std::sqrt(1.5)}, {0.8, 0.0}, 0.0}; }

inline double radius(const kepler_state& x) { return std::hypot(x.q[0], x.q[1]); }

// The Kepler energy |p|^2/2 - 1/|q| (the part of H without the action term): negative on a
// bounded orbit; a trajectory whose energy turns positive has escaped to infinity.
inline double kepler_energy(const kepler_state& x) {
    return 0.5 * (x.p[0] * x.p[0] + x.p[1] * x.p[1]) - 1.0 / radius(x);
}

// What the Kepler figures report about a trajectory, fed one observed point at a time:
// - the range of |q| and the first time |q| passes escape_radius (the bound orbits of Figures 1
//   and 2 stay within 0.5 < |q| < 1.3; a trajectory that reaches |q| = 10 has positive Kepler
//   energy and does not come back), and the first time the Kepler energy turns positive;
// - the precession rate of the orbit: the slope, fitted by least squares over time, of the
//   angle of the Laplace-Runge-Lenz vector A = p x L - q/|q| (it points to the pericentre; the
//   angle is unwrapped across +-pi). Only points before the escape count.
class kepler_watch {
public:
    static constexpr double escape_radius = 10.0;

    void operator()(const kepler_state& x, double t) {
        if (escaped()) return;
        const double r = radius(x);
        m_rmin = std::min(m_rmin, r);
        m_rmax = std::max(m_rmax, r);
        if (std::isnan(m_positive_energy_time) && kepler_energy(x) > 0) m_positive_energy_time = t;
        if (!(r < escape_radius)) {
            m_escape_time = t;
            return;
        }
        const double l = x.q[0] * x.p[1] - x.q[1] * x.p[0];
        const double angle = std::atan2(-x.p[0] * l - x.q[1] / r, x.p[1] * l - x.q[0] / r);
        if (m_n > 0) {
            double turn = angle - m_last_angle;
            if (turn > pi) turn -= 2 * pi;
            if (turn < -pi) turn += 2 * pi;
            m_unwrapped += turn;
        } else {
            m_unwrapped = angle;
        }
        m_last_angle = angle;
        ++m_n;
        m_st += t;
        m_sa += m_unwrapped;
        m_stt += t * t;
        m_sta += t * m_unwrapped;
    }

    bool escaped() const { return !std::isnan(m_escape_time); }
    double escape_time() const { return m_escape_time; }
    double positive_energy_time() const { return m_positive_energy_time; }
    double rmin() const { return m_rmin; }
    double rmax() const { return m_rmax; }
    // Fitted d(angle)/dt in radians per time unit.
    double precession_rate() const {
        const double n = double(m_n);
        return (n * m_sta - m_st * m_sa) / (n * m_stt - m_st * m_st);
    }

private:
    double m_rmin = std::numeric_limits<double>::infinity();
    double m_rmax = 0.0;
    double m_escape_time = std::numeric_limits<double>::quiet_NaN();
    double m_positive_energy_time = std::numeric_limits<double>::quiet_NaN();
    double m_last_angle = 0.0, m_unwrapped = 0.0;
    std::size_t m_n = 0;
    double m_st = 0.0, m_sa = 0.0, m_stt = 0.0, m_sta = 0.0;
};

// ---------------------------------------------------------------- quadratic contact oscillator
using oscillator_state = oc::contact_state<double>;

struct oscillator_potential {
    double c;
    double value(double q, double) const { return 0.5 * q * q - c; }
    void gradient(double q, double, double& dVdq) const { dVdq = q; }
};

constexpr double oscillator_gamma = 1.0;
constexpr double oscillator_c = 18.0;

inline auto oscillator_hamiltonian(double gamma = oscillator_gamma, double c = oscillator_c) {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, oscillator_potential{c},
                                          oc::quadratic_action<double>(gamma));
}

// ---------------------------------------------------------------- output
// A CSV file with a header line, closed on destruction.
class csv_file {
public:
    csv_file(const std::string& name, const char* header) : m_file(std::fopen(name.c_str(), "w")) {
        if (!m_file) throw std::runtime_error("cannot write " + name);
        std::fprintf(m_file, "%s\n", header);
    }
    csv_file(const csv_file&) = delete;
    csv_file& operator=(const csv_file&) = delete;
    ~csv_file() { std::fclose(m_file); }
    std::FILE* get() const { return m_file; }

private:
    std::FILE* m_file;
};

}  // namespace paper

#endif
