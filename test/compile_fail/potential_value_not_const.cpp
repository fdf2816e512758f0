// SPDX-License-Identifier: BSL-1.0
// A potential whose value(q, t) is not const: the library holds the parts as const, and the
// static_assert says the member must be const rather than that it is missing.
// expect: the potential's value(q, t) must be const
#include "common.hpp"

struct potential {
#ifdef ODEINT_CONTACT_CONTROL
    double value(double q, double) const { return q * q / 2; }
#else
    double value(double q, double) { return q * q / 2; }
#endif
    void gradient(double q, double, double& dVdq) const { dVdq = q; }
};

int main() {
    using namespace compile_fail;
    step_with_chi2(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, potential{}, oc::linear_action(0.1)));
}
