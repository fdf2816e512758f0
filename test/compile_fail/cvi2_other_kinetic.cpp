// SPDX-License-Identifier: BSL-1.0
// cvi2 given a Hamiltonian whose kinetic term is not quadratic_kinetic (here T = p^4/4): the
// variational scheme comes from the discrete Lagrangian (m/2)|Delta/tau|^2, so the static_assert
// says it supports quadratic_kinetic only and points to chi2.
// expect: it supports quadratic_kinetic (any mass) only. Use chi2 for another kinetic term
#include "common.hpp"

struct quartic_kinetic {
    double value(double p) const { return p * p * p * p / 4; }
    void gradient(double p, double& dTdp) const { dTdp = p * p * p; }
};

int main() {
    using namespace compile_fail;
#ifdef ODEINT_CONTACT_CONTROL
    step_with_cvi2(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{2.0}, spring{}, oc::linear_action(0.1)));
#else
    step_with_cvi2(oc::make_separable_hamiltonian(quartic_kinetic{}, spring{}, oc::linear_action(0.1)));
#endif
}
