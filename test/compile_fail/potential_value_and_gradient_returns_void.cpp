// SPDX-License-Identifier: BSL-1.0
// A potential whose optional value_and_gradient writes dV/dq but returns nothing: the steppers
// would have no V, and the static_assert says what the member must return.
// expect: value_and_gradient(q, t, dVdq) must return V(q,t)
#include "common.hpp"

struct potential : compile_fail::spring {
#ifdef ODEINT_CONTACT_CONTROL
    double value_and_gradient(double q, double t, double& dVdq) const {
        gradient(q, t, dVdq);
        return value(q, t);
    }
#else
    void value_and_gradient(double q, double t, double& dVdq) const { gradient(q, t, dVdq); }
#endif
};

int main() {
    using namespace compile_fail;
    step_with_chi2(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, potential{}, oc::quadratic_action(0.5)));
}
