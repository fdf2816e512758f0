// SPDX-License-Identifier: BSL-1.0
// An e = 0.9 Kepler orbit with a periodic friction, H = |p|^2/2 - 1/|q| + f(t) s, f(t) = -0.05 sin(pi t):
// the close approach (|q| = 0.1 against 1.9 at apocentre) wants steps 30 times shorter than the
// rest of the orbit. Two ways to get them:
//  - to a tolerance, as with any odeint stepper: make_dense_output (or make_controlled) around a
//    contact stepper; observations at the requested times by interpolation;
//  - reversible_adaptive, whose steps follow a power of |q| symmetrically in time, for long runs
//    whose energy must not drift, and the cheapest here at every error from 1e-6 to 1e-10.
// Prints the radius and the Kepler energy at t = 0, 2, ..., 20 for both.
#include <array>
#include <cmath>
#include <cstdio>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

using state = oc::contact_state<std::array<double, 2>>;

struct kepler_potential {
    double value(const std::array<double, 2>& q, double) const { return -1.0 / std::hypot(q[0], q[1]); }
    void gradient(const std::array<double, 2>& q, double, std::array<double, 2>& g) const {
        const double r = std::hypot(q[0], q[1]);
        g = {q[0] / (r * r * r), q[1] / (r * r * r)};
    }
};
struct friction {
    double operator()(double t) const { return -0.05 * std::sin(3.14159265358979323846 * t); }
};

int main() {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, kepler_potential{},
                                                  oc::linear_action<friction>(friction{}));
    const auto print = [](const state& x, double t) {
        const double r = std::hypot(x.q[0], x.q[1]);
        std::printf("t = %5.2f  |q| = %.6f  E = %.9f\n", t, r, 0.5 * (x.p[0] * x.p[0] + x.p[1] * x.p[1]) - 1 / r);
    };
    // [doc:tolerance]
    using kahan_li8 = oc::chi<oc::tables::kahan_li8, state>;
    state x{{1.9, 0.0}, {0.0, std::sqrt(0.1 / 1.9)}, 0.0};  // apocentre of a = 1, e = 0.9
    odeint::integrate_const(odeint::make_dense_output(1e-10, 1e-10, kahan_li8()), H, x, 0.0, 20.0, 2.0, print);
    // [/doc:tolerance]
    std::printf("reversible_adaptive, eps = 0.15\n");
    // [doc:reversible]
    state y{{1.9, 0.0}, {0.0, std::sqrt(0.1 / 1.9)}, 0.0};
    // h = eps |q|^1.25, varied symmetrically in time: the default |q|^(3/2) suits a free orbit; the
    // forcing's period, 2, asks for more steps far out
    oc::reversible_adaptive<kahan_li8> reversible(0.15, oc::central_force_monitor<>(1.25));
    odeint::integrate_const(reversible, H, y, 0.0, 20.0, 2.0, print);
    // [/doc:reversible]
    return 0;
}
