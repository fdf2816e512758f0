// SPDX-License-Identifier: BSL-1.0
// minimal: the smallest complete odeint-contact program (shown whole in README.md).
// A Kepler orbit with time-dependent friction f(t) = -0.05 sin(pi t), i.e. the contact Hamiltonian
// H = |p|^2/2 - 1/|q| + f(t) s, integrated with odeint-contact's chi2 and with odeint's
// runge_kutta4: the same system object, the same state type, odeint's integrate_const.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include <boost/numeric/odeint.hpp>
#include <odeint_contact/odeint_contact.hpp>

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

using coor = std::array<double, 2>;
using state_type = oc::contact_state<coor>;  // aggregate {q, p, s}

struct kepler_potential {  // V(q, t) = -1/|q|: its value and its gradient
    double value(const coor& q, double /*t*/) const { return -1.0 / std::hypot(q[0], q[1]); }
    void gradient(const coor& q, double /*t*/, coor& dVdq) const {
        const double r3 = std::pow(std::hypot(q[0], q[1]), 3);
        dVdq = {q[0] / r3, q[1] / r3};
    }
};

int main() {
    const double pi = std::acos(-1.0);
    const auto H = oc::make_separable_hamiltonian(
        oc::quadratic_kinetic{},  // T = |p|^2/2
        kepler_potential{},
        oc::linear_action([pi](double t) { return -0.05 * std::sin(pi * t); }));  // F = f(t) s

    // An odeint observer: it sees the state after every step.
    double r_min = 0, r_max = 0;
    auto observer = [&](const state_type& x, double /*t*/) {
        const double r = std::hypot(x.q[0], x.q[1]);
        r_min = std::min(r_min, r);
        r_max = std::max(r_max, r);
    };
    const state_type x0{{0.0, std::sqrt(1.5)}, {0.8, 0.0}, 0.0};
    const double t_end = 1000, dt = 0.3;

    state_type x = x0;
    oc::chi2<state_type> chi2;
    r_min = r_max = std::sqrt(1.5);
    odeint::integrate_const(chi2, H, x, 0.0, t_end, dt, observer);
    std::printf("chi2:         %.3f <= |q| <= %.3g\n", r_min, r_max);

    state_type y = x0;
    odeint::runge_kutta4<state_type> rk4;  // odeint's own stepper, default template arguments
    r_min = r_max = std::sqrt(1.5);
    odeint::integrate_const(rk4, H, y, 0.0, t_end, dt, observer);
    std::printf("runge_kutta4: %.3f <= |q| <= %.3g\n", r_min, r_max);
}
