// SPDX-License-Identifier: BSL-1.0
// A potential without gradient(q, t, dVdq), given to chi2: the static_assert names the member.
// expect: the potential needs a member gradient(q, t, dVdq)
#include "common.hpp"

struct potential {
    double value(double q, double) const { return q * q / 2; }
#ifdef ODEINT_CONTACT_CONTROL
    void gradient(double q, double, double& dVdq) const { dVdq = q; }
#endif
};

int main() {
    using namespace compile_fail;
    step_with_chi2(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, potential{}, oc::quadratic_action(0.5)));
}
