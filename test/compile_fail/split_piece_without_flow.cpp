// SPDX-License-Identifier: BSL-1.0
// A piece of a split Hamiltonian without flow(x, t, dt), stepped by chi2: the static_assert names
// the member.
// expect: a piece of make_split_hamiltonian needs a member flow(x, t, dt)
#include "common.hpp"

// phi = q s, with its value and partials but (without the control) no flow.
struct piece {
#ifdef ODEINT_CONTACT_CONTROL
    void flow(compile_fail::state& x, double, double dt) const {
        const double e = std::exp(-x.q * dt);
        x.p = e * (x.p - dt * x.s);
        x.s *= e;
    }
#endif
    double value(const compile_fail::state& x, double) const { return x.q * x.s; }
    double partials(const compile_fail::state& x, double, double& dq, double& dp) const {
        dq = x.s;
        dp = 0;
        return x.q;
    }
};

int main() {
    using namespace compile_fail;
    step_with_chi2(oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}), piece{}));
}
