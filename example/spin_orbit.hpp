// SPDX-License-Identifier: BSL-1.0
// The dissipative spin-orbit problem as contact Hamiltonians H = p^2/2 + V(q,t) + f(t) s, for
// example/spin_orbit_capture.cpp, example/spin_orbit_basins.cpp, test/test_spin_orbit.cpp and
// bench/spin_orbit.cpp (doc/spin_orbit.md derives both):
//   (a) varying_inertia: a moment of inertia varying as 1 + lambda cos(Omega t) on a fixed orbit
//       (Bravetti, Seri, Vermeeren, Zadra, CMDA 132 (2020)),
//         V = -(eps/2)/(1 + lambda cos Omega t) sum_k c_k(e) cos(2q - k t) - mu q,
//         f = -a - lambda Omega sin(Omega t)/(1 + lambda cos Omega t),
//       c_k(e) the Cayley coefficients to e^7 (k = -5..9, no k = 0);
//   (b) tidal: a linear (MacDonald/Peale) tidal torque on a Keplerian orbit (de Oliveira,
//       arXiv:2307.12969), theta'' = -(3/2) gamma (a/r)^3 sin 2(theta - phi) - K [L theta' - N],
//         V = -(3/4) gamma (a/r)^3 cos 2(q - phi) - K N(t) q,   f = K L(t),
//       L = (a/r)^6, N = L phi', r and the true anomaly phi from Kepler's equation (a = n = 1).
// Model (b)'s potential takes q as one angle or as a grid of cells (std::vector): with F affine
// in s the cells' (q, p) evolve exactly as they would alone (s is shared and meaningless).
// Each model also writes its equation of motion from the published second-order form, for
// odeint's Runge-Kutta steppers on std::array<double, 2> = (theta, theta').
#ifndef ODEINT_CONTACT_EXAMPLE_SPIN_ORBIT_HPP
#define ODEINT_CONTACT_EXAMPLE_SPIN_ORBIT_HPP

#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include <odeint_contact/odeint_contact.hpp>

namespace spin_orbit {

namespace oc = odeint_contact;
using pair = std::array<double, 2>;  // (theta, theta')

// Shortest round-trip decimal, independent of the process locale (for error messages).
inline std::string show(double x) {
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, x).ptr;
    return std::string(buffer, end);
}

// ---------------------------------------------------------------------------------------------
// (a) Varying moment of inertia.

// c_k(e) = sum_j n_j/d_j e^j, the Cayley coefficients of (a/r)^3 cos 2(q - phi) expanded in
// cos(2q - k M) to e^7 (Celletti 1990, as in the authors' notebook; test_spin_orbit checks them
// against Fourier coefficients of the Kepler orbit below).
// The terms of each c_k are added from the lowest power up, and the c_k in k order -5..9, the
// authors' order, so that a comparison with their notebook can be bit for bit.
struct cayley_term {
    int power;
    double numerator, denominator;
};
struct cayley_row {
    int k;
    std::array<cayley_term, 4> terms;
    int count;
};
inline const std::array<cayley_row, 14>& cayley_table() {
    static const std::array<cayley_row, 14> table{{
        {-5, {{{7, 15625, 129024}}}, 1},
        {-4, {{{6, 4, 45}}}, 1},
        {-3, {{{5, 81, 1280}, {7, 81, 2048}}}, 2},
        {-2, {{{4, 1, 24}, {6, 7, 240}}}, 2},
        {-1, {{{3, 1, 48}, {5, 11, 768}, {7, 313, 30720}}}, 3},
        {1, {{{1, -1, 2}, {3, 1, 16}, {5, -5, 384}, {7, -143, 18432}}}, 4},
        {2, {{{0, 1, 1}, {2, -5, 2}, {4, 13, 16}, {6, -35, 288}}}, 4},
        {3, {{{1, 7, 2}, {3, -123, 16}, {5, 489, 128}, {7, -1763, 2048}}}, 4},
        {4, {{{2, 17, 2}, {4, -115, 6}, {6, 601, 48}}}, 3},
        {5, {{{3, 845, 48}, {5, -32525, 768}, {7, 208225, 6144}}}, 3},
        {6, {{{4, 533, 16}, {6, -13827, 160}}}, 2},
        {7, {{{5, 228347, 3840}, {7, -3071075, 18432}}}, 2},
        {8, {{{6, 73369, 720}}}, 1},
        {9, {{{7, 12144273, 71680}}}, 1},
    }};
    return table;
}

struct varying_inertia_parameters {
    double e = 0.01;        // eccentricity of the orbit
    double eps = 0.0075;    // (3/2)(B - A)/C, the equatorial oblateness
    double Omega = 1;       // frequency of the moment of inertia
    double lambda = 1e-4;   // its relative amplitude
    double a = -0.001;      // constant part of the damping (f = -a - ...)
    double mu = 0.001;      // constant torque
};

class varying_inertia_potential {
public:
    explicit varying_inertia_potential(const varying_inertia_parameters& m) : m_(m) {
        if (!(m.e >= 0 && m.e < 1) || !std::isfinite(m.eps) || !std::isfinite(m.Omega) || !std::isfinite(m.mu) ||
            !(std::abs(m.lambda) < 1))
            throw oc::parameter_error("spin_orbit::varying_inertia: need 0 <= e < 1, |lambda| < 1 and finite eps, "
                                      "Omega, mu (got e = " + show(m.e) + ", lambda = " + show(m.lambda) + ")");
        const auto& table = cayley_table();
        for (std::size_t i = 0; i < table.size(); ++i) {
            double c = 0;
            for (int j = 0; j < table[i].count; ++j) {
                const cayley_term& term = table[i].terms[std::size_t(j)];
                c += term.numerator / term.denominator * std::pow(m.e, term.power);
            }
            k_[i] = double(table[i].k);
            c_[i] = c;
        }
    }

    double coefficient(int k) const {
        for (std::size_t i = 0; i < k_.size(); ++i)
            if (k_[i] == double(k)) return c_[i];
        return 0;
    }

    // 1/(1 + lambda cos Omega t): the inverse of the relative moment of inertia.
    double inverse_inertia(double t) const { return 1 / (1 + m_.lambda * std::cos(m_.Omega * t)); }

    double value(double q, double t) const {
        double sum = 0;
        for (std::size_t i = 0; i < c_.size(); ++i) sum += c_[i] * std::cos(2 * q - k_[i] * t);
        return -0.5 * m_.eps * inverse_inertia(t) * sum - m_.mu * q;
    }
    void gradient(double q, double t, double& dVdq) const {
        double sum = 0;
        for (std::size_t i = 0; i < c_.size(); ++i) sum += c_[i] * std::sin(2 * q - k_[i] * t);
        dVdq = m_.eps * inverse_inertia(t) * sum - m_.mu;
    }

private:
    varying_inertia_parameters m_;
    std::array<double, 14> k_{}, c_{};
};

// f(t) = -a - lambda Omega sin(Omega t)/(1 + lambda cos Omega t) = -a + d/dt log(1 + lambda cos Omega t).
struct varying_inertia_damping {
    varying_inertia_parameters m;
    double operator()(double t) const {
        return -m.a - m.lambda * m.Omega * std::sin(m.Omega * t) * (1 / (1 + m.lambda * std::cos(m.Omega * t)));
    }
};

inline auto varying_inertia(const varying_inertia_parameters& m) {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, varying_inertia_potential(m),
                                          oc::linear_action(varying_inertia_damping{m}));
}

// theta'' = -dV/dtheta - f(t) theta', for odeint's Runge-Kutta steppers.
struct varying_inertia_field {
    varying_inertia_potential potential;
    varying_inertia_damping damping;
    explicit varying_inertia_field(const varying_inertia_parameters& m) : potential(m), damping{m} {}
    // On (theta, theta') as a pair or a std::vector<double> of size 2.
    template <class State>
    void operator()(const State& x, State& dxdt, double t) const {
        double dVdq;
        potential.gradient(x[0], t, dVdq);
        dxdt[0] = x[1];
        dxdt[1] = -dVdq - damping(t) * x[1];
    }
};

// ---------------------------------------------------------------------------------------------
// (b) Linear tidal torque on a Keplerian orbit (semi-major axis a = 1, mean motion n = 1,
// pericentre at t = 0).

struct orbit_point {
    double inverse_radius;  // a/r
    double anomaly;         // phi, the true anomaly, in [-pi, pi]
    double anomaly_rate;    // phi' = sqrt(1 - e^2) (a/r)^2
};

class kepler_orbit {
public:
    explicit kepler_orbit(double e) : e_(e) {
        if (!(e >= 0 && e < 1))
            throw oc::parameter_error("spin_orbit::kepler_orbit: the eccentricity must be in [0, 1), got e = " +
                                      show(e));
        root_ = std::sqrt(1 - e * e);
        sqrt_plus_ = std::sqrt(1 + e);
        sqrt_minus_ = std::sqrt(1 - e);
    }
    double eccentricity() const { return e_; }

    // E - e sin E = M by Newton's method from E = M + 0.85 e sign M, from which it converges for
    // every M in [-pi, pi] and e < 1 (Danby, Fundamentals of Celestial Mechanics, 6.6); 50
    // iterations are far more than any e < 1 - 1e-9 needs (test_spin_orbit).
    double eccentric_anomaly(double t) const {
        if (!std::isfinite(t))
            throw oc::step_error("spin_orbit::kepler_orbit: Kepler's equation at a non-finite time t = " + show(t));
        const double pi = 3.14159265358979323846;
        const double M = std::remainder(t, 2 * pi);
        double E = M + 0.85 * e_ * (M < 0 ? -1 : 1);
        for (int i = 0; i < 50; ++i) {
            const double step = (E - e_ * std::sin(E) - M) / (1 - e_ * std::cos(E));
            E -= step;
            // Near the root Newton's error squares: below 1e-9 the next one is below round-off.
            if (std::abs(step) < 1e-9) {
                E -= (E - e_ * std::sin(E) - M) / (1 - e_ * std::cos(E));
                return E;
            }
        }
        throw oc::step_error("spin_orbit::kepler_orbit: Kepler's equation E - e sin E = M did not converge in 50 "
                             "Newton iterations (e = " + show(e_) + ", M = " + show(M) + ", t = " + show(t) + ")");
    }

    orbit_point at(double t) const {
        const double E = eccentric_anomaly(t);
        const double u = 1 / (1 - e_ * std::cos(E));
        // tan(phi/2) = sqrt((1 + e)/(1 - e)) tan(E/2), as an atan2 that stays finite at E = pi.
        const double phi = 2 * std::atan2(sqrt_plus_ * std::sin(E / 2), sqrt_minus_ * std::cos(E / 2));
        return {u, phi, root_ * u * u};
    }

private:
    double e_, root_ = 1, sqrt_plus_ = 1, sqrt_minus_ = 1;
};

struct tidal_parameters {
    double gamma = 0.89 * 0.89 / 3;  // (B - A)/C: Hyperion's omega_0^2/3 = 0.89^2/3 (de Oliveira)
    double e = 0.1;
    double K = 1e-2;                 // tidal dissipation
};

// The orbit's part of model (b) at time t, shared by every cell of a grid.
struct tidal_coefficients {
    double torque;  // (3/2) gamma (a/r)^3
    double angle;   // 2 phi
    double pull;    // K N = K (a/r)^6 phi'
};

class tidal_potential {
public:
    explicit tidal_potential(const tidal_parameters& m) : m_(m), orbit_(m.e) {
        if (!std::isfinite(m.gamma) || !std::isfinite(m.K))
            throw oc::parameter_error("spin_orbit::tidal: gamma and K must be finite");
    }
    const kepler_orbit& orbit() const { return orbit_; }

    tidal_coefficients coefficients(double t) const {
        const orbit_point o = orbit_.at(t);
        const double u3 = o.inverse_radius * o.inverse_radius * o.inverse_radius;
        return {1.5 * m_.gamma * u3, 2 * o.anomaly, m_.K * u3 * u3 * o.anomaly_rate};
    }

    // One cell: V = -(torque/2) cos(2q - 2 phi) - K N q and dV/dq = torque sin(2q - 2 phi) - K N.
    static double cell(const tidal_coefficients& c, double q, double& dVdq) {
        const double x = 2 * q - c.angle;
        dVdq = c.torque * std::sin(x) - c.pull;
        return -0.5 * c.torque * std::cos(x) - c.pull * q;
    }

    double value(double q, double t) const {
        double g;
        return cell(coefficients(t), q, g);
    }
    void gradient(double q, double t, double& dVdq) const { cell(coefficients(t), q, dVdq); }
    double value_and_gradient(double q, double t, double& dVdq) const { return cell(coefficients(t), q, dVdq); }

    // A grid of cells: the orbit once, then one sine and cosine per cell. The sum of the cells'
    // V is the grid's V (only s sees it).
    double value(const std::vector<double>& q, double t) const {
        const tidal_coefficients c = coefficients(t);
        double v = 0;
        for (double qi : q) {
            double g;
            v += cell(c, qi, g);
        }
        return v;
    }
    void gradient(const std::vector<double>& q, double t, std::vector<double>& dVdq) const {
        value_and_gradient(q, t, dVdq);
    }
    double value_and_gradient(const std::vector<double>& q, double t, std::vector<double>& dVdq) const {
        const tidal_coefficients c = coefficients(t);
        double v = 0;
        for (std::size_t i = 0; i < q.size(); ++i) v += cell(c, q[i], dVdq[i]);
        return v;
    }
    // p_out = a p_in - b dV/dq in the pass that computes dV/dq (separable_hamiltonian.hpp).
    double value_and_kick(const std::vector<double>& q, double t, double a, double b, const std::vector<double>& p_in,
                          std::vector<double>& p_out) const {
        const tidal_coefficients c = coefficients(t);
        double v = 0;
        for (std::size_t i = 0; i < q.size(); ++i) {
            double g;
            v += cell(c, q[i], g);
            p_out[i] = a * p_in[i] - b * g;
        }
        return v;
    }
    double value_and_kick(double q, double t, double a, double b, double p_in, double& p_out) const {
        double g;
        const double v = cell(coefficients(t), q, g);
        p_out = a * p_in - b * g;
        return v;
    }

private:
    tidal_parameters m_;
    kepler_orbit orbit_;
};

// [doc:tidal_hamiltonian]
// f(t) = K L(t) = K (a/r)^6.
struct tidal_damping {
    kepler_orbit orbit;
    double K;
    double operator()(double t) const {
        const double u = orbit.at(t).inverse_radius;
        const double u3 = u * u * u;
        return K * (u3 * u3);
    }
};

inline auto tidal(const tidal_parameters& m) {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, tidal_potential(m),
                                          oc::linear_action(tidal_damping{kepler_orbit(m.e), m.K}));
}
// [/doc:tidal_hamiltonian]

// The published equation of motion, written from it and not from V:
//   theta'' = -(3/2) gamma (a/r)^3 sin 2(theta - phi) - K [L theta' - N],  L = (a/r)^6, N = L phi'.
struct tidal_field {
    tidal_parameters m;
    kepler_orbit orbit;
    explicit tidal_field(const tidal_parameters& p) : m(p), orbit(p.e) {}
    // State: pair, or std::vector<double> of size 2.
    template <class State>
    void operator()(const State& x, State& dxdt, double t) const {
        const orbit_point o = orbit.at(t);
        const double r = 1 / o.inverse_radius;
        const double L = std::pow(r, -6.0);
        const double N = L * o.anomaly_rate;
        dxdt[0] = x[1];
        dxdt[1] = -1.5 * m.gamma * std::pow(r, -3.0) * std::sin(2 * (x[0] - o.anomaly)) - m.K * (L * x[1] - N);
    }
};

}  // namespace spin_orbit

#endif
