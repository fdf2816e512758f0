// SPDX-License-Identifier: BSL-1.0
// Ordinary friction that depends on the position, q'' = -V'(q) - f(q) q' in one dimension, as the
// Lienard contact Hamiltonian H = p s + V'(q) + f(q) s: q' = dH/dp = s and s' = p dH/dp - H =
// -V'(q) - f(q) s, so s is the velocity and p an auxiliary momentum that drives neither
// (doc/choosing_a_method.md, "Friction that depends on the position"). Here V = q^2/2 + q^4/4 and
// f = 0.2 + q^2; chi<tables::suzuki4> against odeint's runge_kutta_dopri5 (tolerance 1e-13) on (q, q').
// Prints q and q' at t = 10 from both; exits 1 if they differ by more than 1e-6.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

namespace oc = odeint_contact;
namespace odeint = boost::numeric::odeint;
using state = oc::contact_state<double>;

// [doc:position_friction]
// p s: q' = s, p' = -p^2, s' = 0 (p passes through infinity; q and s do not).
struct velocity_piece {
    static constexpr bool autonomous = true;
    void flow(state& x, double, double dt) const {
        x.q += dt * x.s;
        x.p = x.p / (1 + dt * x.p);
    }
};
// V'(q) = q + q^3, the force, as a term of H written like a potential (value and gradient):
// potential_piece gives its flow p -= dt V''(q), s -= dt V'(q).
struct force {
    double value(double q, double) const { return q + q * q * q; }
    void gradient(double q, double, double& dFdq) const { dFdq = 1 + 3 * q * q; }
};
// f(q) = 0.2 + q^2, for position_damping (the term f(q) s).
struct friction {
    double value(double q, double) const { return 0.2 + q * q; }
    void gradient(double q, double, double& dfdq) const { dfdq = 2 * q; }
};

// q'' = -V'(q) - f(q) q', with q' carried by s.
auto friction_hamiltonian() {
    return oc::make_split_hamiltonian(velocity_piece{}, oc::potential_piece(force{}), oc::position_damping(friction{}));
}
// [/doc:position_friction]

int main() {
    const double q0 = 1.5, v0 = 0.0, dt = 0.01, t_end = 10.0;
    state x{q0, 0.0, v0};  // (q, p, s): p is free, s the velocity
    odeint::integrate_n_steps(oc::chi<oc::tables::suzuki4, state>(), friction_hamiltonian(), x, 0.0, dt,
                              static_cast<int>(t_end / dt + 0.5));

    using pair = std::array<double, 2>;
    pair y{q0, v0};
    odeint::integrate_adaptive(odeint::make_controlled(1e-13, 1e-13, odeint::runge_kutta_dopri5<pair>()),
                               [](const pair& z, pair& dz, double) {
                                   dz[0] = z[1];
                                   dz[1] = -(z[0] + z[0] * z[0] * z[0]) - (0.2 + z[0] * z[0]) * z[1];
                               },
                               y, 0.0, t_end, dt);
    std::printf("chi<suzuki4>: q = %.12f, q' = %.12f\ndopri5:       q = %.12f, q' = %.12f\n", x.q, x.s, y[0], y[1]);
    const double difference = std::max(std::abs(x.q - y[0]), std::abs(x.s - y[1]));
    std::printf("difference %.2e\n", difference);
    return difference <= 1e-6 ? 0 : 1;
}
