// SPDX-License-Identifier: BSL-1.0
// A piece of a split Hamiltonian with its flow but without partials(x, t, dq, dp), used as an
// odeint system by runge_kutta4: the static_assert names the member (chi steppers need only the
// flow, so the piece is fine for them).
// expect: a piece of make_split_hamiltonian needs a member partials(x, t, dq, dp)
#include "common.hpp"

// phi = q s.
struct piece {
    void flow(compile_fail::state& x, double, double dt) const {
        const double e = std::exp(-x.q * dt);
        x.p = e * (x.p - dt * x.s);
        x.s *= e;
    }
    double value(const compile_fail::state& x, double) const { return x.q * x.s; }
#ifdef ODEINT_CONTACT_CONTROL
    double partials(const compile_fail::state& x, double, double& dq, double& dp) const {
        dq = x.s;
        dp = 0;
        return x.q;
    }
#endif
};

int main() {
    using namespace compile_fail;
    const auto H = oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}), piece{});
    step_with_chi2(H);
    step_with_runge_kutta4(H);
}
