// SPDX-License-Identifier: BSL-1.0
// A contact Lagrangian whose optional mass_matrix is not const: the steps would solve for v by
// Newton's method without a word instead of one linear solve; the static_assert names it.
// expect: the contact Lagrangian's mass_matrix(M) must be a const member function
#include "common.hpp"

using namespace compile_fail;

struct lagrangian {
    double value(double q, double v, double z, double) const { return v * v / 2 - q * q / 2 - 0.1 * z; }
    double partials(double q, double v, double, double, double& dq, double& dv) const {
        dq = -q;
        dv = v;
        return -0.1;
    }
#ifdef ODEINT_CONTACT_CONTROL
    void mass_matrix(oc::hessian_matrix<double>& M) const { M(0, 0) = 1; }
#else
    void mass_matrix(oc::hessian_matrix<double>& M) { M(0, 0) = 1; }
#endif
};

int main() {
    step_with_cvi2(oc::make_contact_lagrangian(lagrangian{}));
}
