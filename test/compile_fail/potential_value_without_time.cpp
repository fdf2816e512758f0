// SPDX-License-Identifier: BSL-1.0
// A potential whose value forgets the time argument (value(q) instead of value(q, t)), given to
// chi2: the static_assert names the expected signature.
// expect: the potential needs a member value(q, t)
#include "common.hpp"

struct potential {
#ifdef ODEINT_CONTACT_CONTROL
    double value(double q, double) const { return q * q / 2; }
#else
    double value(double q) const { return q * q / 2; }
#endif
    void gradient(double q, double, double& dVdq) const { dVdq = q; }
};

int main() {
    using namespace compile_fail;
    step_with_chi2(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, potential{}, oc::linear_action(0.1)));
}
