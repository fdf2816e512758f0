// SPDX-License-Identifier: BSL-1.0
// A potential whose optional value_and_gradient is not const: the steppers hold the potential as
// const and could not call it; rather than fall back to value and gradient without a word, the
// static_assert names the problem.
// expect: value_and_gradient(q, t, dVdq) must be a const member function
#include "common.hpp"

struct potential : compile_fail::spring {
#ifdef ODEINT_CONTACT_CONTROL
    double value_and_gradient(double q, double t, double& dVdq) const {
#else
    double value_and_gradient(double q, double t, double& dVdq) {
#endif
        gradient(q, t, dVdq);
        return value(q, t);
    }
};

int main() {
    using namespace compile_fail;
    step_with_runge_kutta4(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, potential{}, oc::quadratic_action(0.5)));
}
