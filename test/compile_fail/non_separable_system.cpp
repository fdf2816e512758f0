// SPDX-License-Identifier: BSL-1.0
// chi2 given a plain odeint system function (a lambda) instead of a separable Hamiltonian: it
// cannot split what it cannot see, and the static_assert says what to pass instead.
// expect: contact Hamiltonian integrators split the system into exact flows
#include "common.hpp"

int main() {
    using namespace compile_fail;
#ifdef ODEINT_CONTACT_CONTROL
    step_with_chi2(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, spring{}, oc::linear_action(0.1)));
#else
    // The same vector field (paper eq. 2 for H = p^2/2 + q^2/2 + 0.1 s), written by hand.
    step_with_chi2([](const state& x, state& dxdt, double) {
        dxdt.q = x.p;
        dxdt.p = -x.q - 0.1 * x.p;
        dxdt.s = x.p * x.p / 2 - x.q * x.q / 2 - 0.1 * x.s;
    });
#endif
}
