// SPDX-License-Identifier: BSL-1.0
// An action term whose optional second_derivative is not const: galerkin_cvi4 would take a
// difference of derivative without a word; the static_assert names the member instead.
// expect: the action term's second_derivative(s, t) must be a const member function
#include "common.hpp"

using namespace compile_fail;

struct action : oc::linear_action<double> {
    action() : oc::linear_action<double>(0.1) {}
#ifdef ODEINT_CONTACT_CONTROL
    double second_derivative(double, double) const { return 0; }
#else
    double second_derivative(double, double) { return 0; }
#endif
};

int main() {
    state x{1.0, 0.0, 0.0};
    oc::galerkin_cvi4<state>().do_step(
        oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, spring{}, action{}), x, 0.0, 0.1);
}
