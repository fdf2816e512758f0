// SPDX-License-Identifier: BSL-1.0
// The program both consumer projects build: it only sees odeint-contact through the CMake target
// odeint_contact::odeint_contact (installed or add_subdirectory'd), so a missing header, include
// directory, compile feature or Boost dependency in the packaging fails its build.
//
// It integrates the damped oscillator H = p^2/2 + q^2/2 + gamma s with chi2, i.e.
// q'' + gamma q' + q = 0, and compares with the exact solution for q(0) = 1, p(0) = 0:
//   q(t) = e^{-a t} (cos w t + (a/w) sin w t),  p(t) = -e^{-a t} sin(w t) / w,
// a = gamma/2, w = sqrt(1 - a^2). Exit status 0 only if the result is right.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <boost/numeric/odeint.hpp>
#include <odeint_contact/odeint_contact.hpp>

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

namespace {

struct harmonic_potential {
    double value(double q, double) const { return 0.5 * q * q; }
    void gradient(double q, double, double& dVdq) const { dVdq = q; }
};

}  // namespace

int main() {
    using state_type = oc::contact_state<double>;
    const double gamma = 0.5;
    const double tau = 0.01;
    const int steps = 100;

    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic{}, harmonic_potential{},
                                                  oc::linear_action(gamma));
    state_type x{1.0, 0.0, 0.0};
    oc::chi2<state_type> stepper;
    const double t_end = odeint::integrate_n_steps(stepper, H, x, 0.0, tau, steps);

    const double a = gamma / 2;
    const double w = std::sqrt(1 - a * a);
    const double q_exact = std::exp(-a * t_end) * (std::cos(w * t_end) + a / w * std::sin(w * t_end));
    const double p_exact = -std::exp(-a * t_end) * std::sin(w * t_end) / w;
    const double error = std::max(std::abs(x.q - q_exact), std::abs(x.p - p_exact));

    // chi2 is second order: the error at t = 1 is 1.1e-5 for tau = 0.01 and 2.8e-6 for
    // tau = 0.005 (measured, ratio 4). A tolerance of tau^2 = 1e-4 leaves a margin of ~9, yet it
    // fails for a first-order step (error ~ tau = 1e-2), for tau = 0.1 (error 1.1e-3) and for a
    // build that integrates nothing (error ~ 0.4).
    const double tolerance = 1e-4;
    std::printf("t = %g: q = %.12f (exact %.12f), p = %.12f (exact %.12f), error %.3g\n", t_end,
                x.q, q_exact, x.p, p_exact, error);
    if (!(std::abs(t_end - steps * tau) < 1e-12) || !(error < tolerance)) {
        std::printf("FAILED: error %.3g is not below %.3g\n", error, tolerance);
        return 1;
    }
    return 0;
}
