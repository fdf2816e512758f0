// SPDX-License-Identifier: BSL-1.0
// A user action term F(s,t) = s^3/3 without value(s, t), through runge_kutta4: the static_assert
// names the member.
// expect: the action term needs a member value(s, t)
#include "common.hpp"

struct cubic_action {
#ifdef ODEINT_CONTACT_CONTROL
    double value(double s, double) const { return s * s * s / 3; }
#endif
    double derivative(double s, double) const { return s * s; }
};

int main() {
    using namespace compile_fail;
    step_with_runge_kutta4(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, spring{}, cubic_action{}));
}
