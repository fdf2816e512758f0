// SPDX-License-Identifier: BSL-1.0
// A user action term F(s,t) = s^3/3 without derivative(s, t), through runge_kutta4: the
// static_assert names the member.
// expect: the action term needs a member derivative(s, t)
#include "common.hpp"

struct cubic_action {
    double value(double s, double) const { return s * s * s / 3; }
#ifdef ODEINT_CONTACT_CONTROL
    double derivative(double s, double) const { return s * s; }
#endif
};

int main() {
    using namespace compile_fail;
    step_with_runge_kutta4(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, spring{}, cubic_action{}));
}
