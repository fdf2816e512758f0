// SPDX-License-Identifier: BSL-1.0
// A kinetic part whose gradient(p, dTdp) is not const, used through odeint's runge_kutta4: the
// static_assert says the member must be const rather than that it is missing.
// expect: the kinetic part's gradient(p, dTdp) must be const
#include "common.hpp"

struct kinetic {
    double value(double p) const { return p * p / 2; }
#ifdef ODEINT_CONTACT_CONTROL
    void gradient(double p, double& dTdp) const { dTdp = p; }
#else
    void gradient(double p, double& dTdp) { dTdp = p; }
#endif
};

int main() {
    using namespace compile_fail;
    step_with_runge_kutta4(oc::make_separable_hamiltonian(kinetic{}, spring{}, oc::linear_action(0.1)));
}
