// SPDX-License-Identifier: BSL-1.0
// A kinetic part without gradient(p, dTdp), given to chi2: the static_assert names the member.
// expect: the kinetic part needs a member gradient(p, dTdp)
#include "common.hpp"

struct kinetic {
    double value(double p) const { return p * p / 2; }
#ifdef ODEINT_CONTACT_CONTROL
    void gradient(double p, double& dTdp) const { dTdp = p; }
#endif
};

int main() {
    using namespace compile_fail;
    step_with_chi2(oc::make_separable_hamiltonian(kinetic{}, spring{}, oc::linear_action(0.1)));
}
