// SPDX-License-Identifier: BSL-1.0
// own_table: a composition table of your own, with the chi and cvi engines, and cvi's carried
// sample. The table is Yoshida's recursive triple jump: the triple jump (order 4) applied to the
// triple jump of the base step, order 6 with 9 stages, in closed form. A table needs three
// members and nothing from odeint_contact::detail; chi<Table> and cvi<Table> check them at
// compile time (a static_assert names a missing one) and check at construction that the
// weights are a palindrome summing to 1.
//
// The program integrates the damped oscillator H = p^2/2 + q^2/2 + gamma s (exact solution known)
// over t in [0, 4] with halving steps and prints the error in q and the observed order.
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdio>

#include <boost/numeric/odeint.hpp>
#include <odeint_contact/odeint_contact.hpp>

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

// The triple jump of the triple jump: outer weights y1 = 1/(2 - 2^{1/5}), y0 = 1 - 2 y1 around
// inner x1 = 1/(2 - 2^{1/3}), x0 = 1 - 2 x1; stage weights are the products.
// [doc:table]
struct recursive_triple_jump6 {
    static constexpr std::size_t stages = 9;
    static constexpr unsigned order = 6;
    template <class Value>
    static std::array<Value, stages> weights() {
        using std::pow;
        const Value x1 = Value(1) / (Value(2) - Value(pow(Value(2), Value(1) / Value(3))));
        const Value x0 = Value(1) - 2 * x1;
        const Value y1 = Value(1) / (Value(2) - Value(pow(Value(2), Value(1) / Value(5))));
        const Value y0 = Value(1) - 2 * y1;
        return {y1 * x1, y1 * x0, y1 * x1, y0 * x1, y0 * x0, y0 * x1, y1 * x1, y1 * x0, y1 * x1};
    }
};
// [/doc:table]

using state = oc::contact_state<double>;

struct spring {  // V = q^2/2
    double value(double q, double) const { return q * q / 2; }
    void gradient(double q, double, double& g) const { g = q; }
};

constexpr double gamma_ = 0.5;  // F = gamma s

// q(t) from (q, p) = (1, 0): for F = gamma s the momentum equation is p' = -q - gamma p, so
// q'' + gamma q' + q = 0.
double exact_q(double t) {
    const double w = std::sqrt(1 - gamma_ * gamma_ / 4);
    return std::exp(-gamma_ * t / 2) * (std::cos(w * t) + gamma_ / (2 * w) * std::sin(w * t));
}

template <class Stepper>
double error_q(std::size_t steps) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic{}, spring{}, oc::linear_action(gamma_));
    state x{1.0, 0.0, 0.0};
    const double t_end = 4.0;
    odeint::integrate_n_steps(Stepper{}, H, x, 0.0, t_end / double(steps), steps);
    return std::abs(x.q - exact_q(t_end));
}

// The same cvi run with the sample carried by hand: one evaluation of V and dV/dq per stage
// instead of stages + 1 per step, and the same numbers as integrate_n_steps.
double error_q_carried(std::size_t steps) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic{}, spring{}, oc::linear_action(gamma_));
    const double t_end = 4.0, dt = t_end / double(steps);
    // [doc:carried]
    oc::cvi<recursive_triple_jump6, state> stepper;
    oc::cvi<recursive_triple_jump6, state>::sample_type v;  // V and dV/dq at (x.q, t)
    state x{1.0, 0.0, 0.0};
    stepper.initialize(H, x, 0.0, v);
    for (std::size_t n = 0; n < steps; ++n) stepper.do_step(H, x, v, double(n) * dt, dt);
    // [/doc:carried]
    return std::abs(x.q - exact_q(t_end));
}

int main() {
    std::printf("%6s %12s %6s %12s %6s %12s\n", "steps", "chi error", "order", "cvi error", "order", "cvi carried");
    double chi_last = 0, cvi_last = 0;
    for (std::size_t steps = 8; steps <= 64; steps *= 2) {
        const double chi = error_q<oc::chi<recursive_triple_jump6, state>>(steps);
        const double cvi = error_q<oc::cvi<recursive_triple_jump6, state>>(steps);
        const double carried = error_q_carried(steps);
        if (chi_last > 0)
            std::printf("%6zu %12.3e %6.2f %12.3e %6.2f %12.3e\n", steps, chi, std::log2(chi_last / chi), cvi,
                        std::log2(cvi_last / cvi), carried);
        else
            std::printf("%6zu %12.3e %6s %12.3e %6s %12.3e\n", steps, chi, "", cvi, "", carried);
        chi_last = chi;
        cvi_last = cvi;
    }
}
