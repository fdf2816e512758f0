// SPDX-License-Identifier: BSL-1.0
// N bodies of unit mass under softened gravity with linear friction, H = |p|^2/2 + V(q) + gamma s,
// on an Eigen::Matrix3Xd (one column per body) and integrated by chi4.
//
// With F = gamma s the contact flow gives dp/dt = -grad V - gamma p. The internal forces cancel,
// so the total momentum decays exactly as P(t) = P(0) exp(-gamma t), and the mechanical energy
// E = T + V decreases (dE/dt = -2 gamma T). chi4 keeps the first law to round-off (its friction
// sub-flow multiplies p by exp(-gamma tau), its B sub-flows add forces that sum to zero); the
// program prints E(t) and the ratio P(t) / (P(0) exp(-gamma t)).
#include <cmath>
#include <cstdio>

// odeint's Eigen support (resizing, norm_inf) uses odeint's dispatcher without including it
// (Boost 1.74): odeint.hpp goes first.
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/external/eigen/eigen.hpp>

#include <Eigen/Dense>

#include <odeint_contact/odeint_contact.hpp>

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

// V = -sum_{i<j} 1 / sqrt(|q_i - q_j|^2 + eps^2): each pair's distance serves V and both forces.
struct softened_gravity {
    double eps2 = 1e-2;

    double value_and_gradient(const Eigen::Matrix3Xd& q, double, Eigen::Matrix3Xd& dVdq) const {
        dVdq.setZero();
        double v = 0;
        for (Eigen::Index i = 0; i < q.cols(); ++i) {
            for (Eigen::Index j = i + 1; j < q.cols(); ++j) {
                const Eigen::Vector3d d = q.col(i) - q.col(j);
                const double inv_r = 1 / std::sqrt(d.squaredNorm() + eps2);
                v -= inv_r;
                const Eigen::Vector3d f = (inv_r * inv_r * inv_r) * d;  // dV/dq_i for this pair
                dVdq.col(i) += f;
                dVdq.col(j) -= f;
            }
        }
        return v;
    }
    double value(const Eigen::Matrix3Xd& q, double t) const {
        Eigen::Matrix3Xd scratch(3, q.cols());
        return value_and_gradient(q, t, scratch);
    }
    void gradient(const Eigen::Matrix3Xd& q, double t, Eigen::Matrix3Xd& dVdq) const {
        value_and_gradient(q, t, dVdq);
    }
};

int main() {
    // [doc:nbody]
    using state = oc::contact_state<Eigen::Matrix3Xd>;  // s is a double
    const double gamma = 0.1;
    const auto system = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, softened_gravity{},
                                                       oc::linear_action(gamma));

    // Eight bodies on a tilted ring, with a swirl and a common drift.
    const Eigen::Index n = 8;
    state x{Eigen::Matrix3Xd(3, n), Eigen::Matrix3Xd(3, n), 0.0};
    for (Eigen::Index i = 0; i < n; ++i) {
        const double a = 2 * M_PI * double(i) / double(n);
        x.q.col(i) << std::cos(a), std::sin(a), 0.2 * std::sin(2 * a);
        x.p.col(i) << -0.5 * std::sin(a) + 0.1, 0.5 * std::cos(a), 0.05;
    }
    const Eigen::Vector3d momentum0 = x.p.rowwise().sum();

    oc::chi4<state> stepper;
    const double dt = 0.01;
    std::printf("#    t        energy    P(t)/(P(0) exp(-gamma t))\n");
    for (int k = 0; k <= 10; ++k) {
        const double t = 2.0 * k;
        const double energy = 0.5 * x.p.squaredNorm() + system.potential().value(x.q, t);
        const double ratio = x.p.rowwise().sum().norm() / (momentum0.norm() * std::exp(-gamma * t));
        std::printf("%6.1f  %12.8f  %.15f\n", t, energy, ratio);
        odeint::integrate_n_steps(stepper, system, x, t, dt, 200);
    }
    // [/doc:nbody]
}
