// SPDX-License-Identifier: BSL-1.0
// A kinetic part without value(p), used through odeint's runge_kutta4: the static_assert names
// the member.
// expect: the kinetic part needs a member value(p)
#include "common.hpp"

struct kinetic {
#ifdef ODEINT_CONTACT_CONTROL
    double value(double p) const { return p * p / 2; }
#endif
    void gradient(double p, double& dTdp) const { dTdp = p; }
};

int main() {
    using namespace compile_fail;
    step_with_runge_kutta4(oc::make_separable_hamiltonian(kinetic{}, spring{}, oc::linear_action(0.1)));
}
