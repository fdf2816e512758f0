// SPDX-License-Identifier: BSL-1.0
// magnetic_friction: a charged particle with friction in a magnetic field, a velocity-dependent
// contact Lagrangian.
//
// In the plane, mass m, charge e, the field B(q) = B0 (1 + eps |q|^2) normal to the plane (vector
// potential A = B(q) (-q_2, q_1)/2), a harmonic trap and linear friction:
//     L(q, v, z) = m|v|^2/2 + e v.A(q) - k|q|^2/2 - gamma z.
// Herglotz's equations give m q'' = e q' x B - k q - gamma (m q' + e A): the Lorentz force, the
// trap, and the friction -gamma p on the canonical momentum p = m v + e A (not on m v: this is
// the contact, not the Rayleigh, friction). H = |p - eA|^2/(2m) + ... is not separable. L is
// quadratic in v with the constant mass matrix m I: the member mass_matrix says so, and v comes
// from p in closed form, v = (p - eA(q))/m, instead of by Newton. The member hessian gives the
// steps their exact Newton Jacobian.
//
// Output: a table on stdout of the errors at t = 20 of cvi2, cvi4 and galerkin_cvi4 at several
// steps against odeint's Dormand-Prince at 1e-12 on the same system, and their measured orders.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

using plane = std::array<double, 2>;
using state_type = oc::contact_state<plane>;

// [doc:lagrangian]
struct charged_particle {
    double m = 1.0, e = 1.0, B0 = 2.0, eps = 0.3, k = 0.5, gamma = 0.1;

    // A(q) and dA_i/dq_j.
    void potential(const plane& q, double A[2], double dA[2][2]) const {
        const double b = B0 * (1 + eps * (q[0] * q[0] + q[1] * q[1]));
        const double be = B0 * eps;
        A[0] = -b * q[1] / 2;
        A[1] = b * q[0] / 2;
        dA[0][0] = -be * q[0] * q[1];
        dA[0][1] = -be * q[1] * q[1] - b / 2;
        dA[1][0] = be * q[0] * q[0] + b / 2;
        dA[1][1] = be * q[0] * q[1];
    }
    double value(const plane& q, const plane& v, double z, double /*t*/) const {
        double A[2], dA[2][2];
        potential(q, A, dA);
        return m * (v[0] * v[0] + v[1] * v[1]) / 2 + e * (v[0] * A[0] + v[1] * A[1]) -
               k * (q[0] * q[0] + q[1] * q[1]) / 2 - gamma * z;
    }
    double partials(const plane& q, const plane& v, double /*z*/, double /*t*/, plane& dq, plane& dv) const {
        double A[2], dA[2][2];
        potential(q, A, dA);
        for (int j = 0; j < 2; ++j) {
            dq[j] = e * (v[0] * dA[0][j] + v[1] * dA[1][j]) - k * q[j];
            dv[j] = m * v[j] + e * A[j];
        }
        return -gamma;
    }
    // Order (q_1, q_2, v_1, v_2, z); H arrives zeroed.
    void hessian(const plane& q, const plane& v, double /*z*/, double /*t*/, oc::hessian_matrix<double>& H) const {
        double A[2], dA[2][2];
        potential(q, A, dA);
        const double be = B0 * eps;
        const double d2A0[2][2] = {{-be * q[1], -be * q[0]}, {-be * q[0], -3 * be * q[1]}};
        const double d2A1[2][2] = {{3 * be * q[0], be * q[1]}, {be * q[1], be * q[0]}};
        for (int j = 0; j < 2; ++j) {
            for (int l = 0; l < 2; ++l) H(j, l) = e * (v[0] * d2A0[j][l] + v[1] * d2A1[j][l]) - (j == l ? k : 0.0);
            for (int i = 0; i < 2; ++i) H(j, 2 + i) = H(2 + i, j) = e * dA[i][j];
            H(2 + j, 2 + j) = m;
        }
    }
    void mass_matrix(oc::hessian_matrix<double>& M) const { M(0, 0) = M(1, 1) = m; }
};
// [/doc:lagrangian]

double distance(const state_type& a, const state_type& b) {
    return std::max({std::abs(a.q[0] - b.q[0]), std::abs(a.q[1] - b.q[1]), std::abs(a.p[0] - b.p[0]),
                     std::abs(a.p[1] - b.p[1]), std::abs(a.s - b.s)});
}

int main() {
    // [doc:usage]
    const auto system = oc::make_contact_lagrangian(charged_particle{});
    const state_type start{{1.0, 0.0}, {0.0, 1.5}, 0.0};  // q, p = m v + e A(q), s
    const double end = 20.0;

    state_type reference = start;
    odeint::integrate_adaptive(odeint::make_controlled(1e-12, 1e-12, odeint::runge_kutta_dopri5<state_type>()),
                               system, reference, 0.0, end, 0.01);  // the same object as an odeint system
    // [/doc:usage]

    std::printf("errors at t = %.0f against dopri5 (1e-12); order = log2 of the ratio to the previous row\n", end);
    std::printf("%-14s %8s %12s %7s\n", "method", "dt", "error", "order");
    const auto study = [&](auto stepper, const char* name) {
        double previous = 0;
        for (double dt : {0.2, 0.1, 0.05, 0.025}) {
            state_type x = start;
            const int steps = static_cast<int>(std::lround(end / dt));
            odeint::integrate_n_steps(stepper, system, x, 0.0, dt, steps);
            const double error = distance(x, reference);
            if (previous > 0)
                std::printf("%-14s %8.3f %12.3e %7.2f\n", name, dt, error, std::log2(previous / error));
            else
                std::printf("%-14s %8.3f %12.3e %7s\n", name, dt, error, "");
            previous = error;
        }
    };
    study(oc::cvi2<state_type>(), "cvi2");
    study(oc::cvi4<state_type>(), "cvi4");
    study(oc::galerkin_cvi4<state_type>(), "galerkin_cvi4");
    return 0;
}
