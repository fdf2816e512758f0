// SPDX-License-Identifier: BSL-1.0
// A potential whose gradient forgets the time argument (gradient(q, dVdq) instead of
// gradient(q, t, dVdq)), through runge_kutta4: the static_assert names the expected signature.
// expect: the potential needs a member gradient(q, t, dVdq)
#include "common.hpp"

struct potential {
    double value(double q, double) const { return q * q / 2; }
#ifdef ODEINT_CONTACT_CONTROL
    void gradient(double q, double, double& dVdq) const { dVdq = q; }
#else
    void gradient(double q, double& dVdq) const { dVdq = q; }
#endif
};

int main() {
    using namespace compile_fail;
    step_with_runge_kutta4(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, potential{}, oc::linear_action(0.1)));
}
