// SPDX-License-Identifier: BSL-1.0
// galerkin_cvi4 given a Hamiltonian whose kinetic term is not quadratic_kinetic (here T = p^4/4):
// the Galerkin discrete Lagrangian is built from L = m|v|^2/2 - V - F, so the static_assert says
// it supports quadratic_kinetic only and points to chi4.
// expect: it supports quadratic_kinetic (any mass) only. Use chi4 for another kinetic term
#include "common.hpp"

struct quartic_kinetic {
    double value(double p) const { return p * p * p * p / 4; }
    void gradient(double p, double& dTdp) const { dTdp = p * p * p; }
};

template <class System>
void step_with_galerkin_cvi4(const System& system) {
    compile_fail::state x{1.0, 0.0, 0.0};
    odeint_contact::galerkin_cvi4<compile_fail::state> stepper;
    stepper.do_step(system, x, 0.0, 0.1);
}

int main() {
    using namespace compile_fail;
#ifdef ODEINT_CONTACT_CONTROL
    step_with_galerkin_cvi4(
        oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{2.0}, spring{}, oc::linear_action(0.1)));
#else
    step_with_galerkin_cvi4(oc::make_separable_hamiltonian(quartic_kinetic{}, spring{}, oc::linear_action(0.1)));
#endif
}
