// SPDX-License-Identifier: BSL-1.0
// A potential whose optional hessian is not const: galerkin_cvi4 holds the potential as const and
// would take difference Jacobians without a word (the run twice as slow); the static_assert names
// the member instead.
// expect: the potential's hessian(q, t, H) must be a const member function
#include "common.hpp"

using namespace compile_fail;

struct potential : compile_fail::spring {
#ifdef ODEINT_CONTACT_CONTROL
    void hessian(double, double, oc::hessian_matrix<double>& H) const { H(0, 0) = 1; }
#else
    void hessian(double, double, oc::hessian_matrix<double>& H) { H(0, 0) = 1; }
#endif
};

int main() {
    state x{1.0, 0.0, 0.0};
    oc::galerkin_cvi4<state>().do_step(
        oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, potential{}, oc::linear_action(0.1)), x, 0.0, 0.1);
}
