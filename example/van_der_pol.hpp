// SPDX-License-Identifier: BSL-1.0
// The forced Van der Pol oscillator as a Lienard contact Hamiltonian of three pieces, for
// example/van_der_pol.cpp and bench/table1.cpp:
//     H = p s + F(q,t) + f(q) s,   F = q - a cos(omega t),   f = -eps (1 - q^2),
// and q' = s, s' = -F - f s written out for odeint's runge_kutta_dopri5.
#ifndef ODEINT_CONTACT_EXAMPLE_VAN_DER_POL_HPP
#define ODEINT_CONTACT_EXAMPLE_VAN_DER_POL_HPP

#include <array>
#include <cmath>
#include <cstddef>

#include <odeint_contact/odeint_contact.hpp>

namespace van_der_pol {

namespace oc = odeint_contact;
using state = oc::contact_state<double>;

// omega = 1 entrains the oscillator: after a transient it runs on a periodic orbit of period 2 pi.
constexpr double eps = 0.8, a = 0.6, omega = 1.0;

// [doc:van_der_pol_pieces]
// p s: q' = s, p' = -p^2, s' = 0. The exact flow of an autonomous term (flows add up), so
// chi<Table> fuses its half flows across stages when it comes first.
struct momentum_action {
    static constexpr bool autonomous = true;
    void flow(state& x, double, double dt) const {
        x.q += dt * x.s;
        x.p = x.p / (1 + dt * x.p);  // through infinity when 1 + dt p < 0
    }
};

// F(q,t) = q - a cos(omega t): p' = -1, s' = -F. A function of q and t only, i.e. a potential:
// oc::potential_piece gives it its flow, and its two half flows in a stage then share one cos
// (position_damping, the piece inside it, keeps q).
struct forcing {
    double value(double q, double t) const { return q - a * std::cos(omega * t); }
    void gradient(double, double, double& dFdq) const { dFdq = 1; }
};

// f(q) = -eps (1 - q^2), for oc::position_damping (the piece f(q) s); counts its evaluations.
struct damping {
    std::size_t* evaluations = nullptr;
    double value(double q, double) const {
        if (evaluations) ++*evaluations;
        return -eps * (1 - q * q);
    }
    void gradient(double q, double, double& g) const { g = 2 * eps * q; }
};

inline auto hamiltonian(std::size_t* evaluations = nullptr) {
    return oc::make_split_hamiltonian(momentum_action{}, oc::potential_piece(forcing{}),
                                      oc::position_damping(damping{evaluations}));
}
// [/doc:van_der_pol_pieces]

// q' = s, s' = -(q - a cos(omega t)) - f(q) s, for runge_kutta_dopri5 (without p, which would
// stop its step size control at the first pole of p).
using pair = std::array<double, 2>;
struct field {
    std::size_t* evaluations = nullptr;
    void operator()(const pair& x, pair& dxdt, double t) const {
        dxdt[0] = x[1];
        dxdt[1] = -(x[0] - a * std::cos(omega * t)) - damping{evaluations}.value(x[0], t) * x[1];
    }
};

}  // namespace van_der_pol

#endif
