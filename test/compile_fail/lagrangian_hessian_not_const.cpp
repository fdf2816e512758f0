// SPDX-License-Identifier: BSL-1.0
// A contact Lagrangian whose optional hessian is not const: the steps hold L as const and would
// take difference Jacobians without a word (the run twice as slow); the static_assert names it.
// expect: the contact Lagrangian's hessian(q, v, z, t, H) must be a const member function
#include "common.hpp"

using namespace compile_fail;

// L = v^2/2 - q^2/2 - 0.1 z + 0.1 q^2 v^2 (not quadratic in v, so the steps would use its hessian).
struct lagrangian {
    double value(double q, double v, double z, double) const { return v * v / 2 - q * q / 2 - 0.1 * z + 0.1 * q * q * v * v; }
    double partials(double q, double v, double, double, double& dq, double& dv) const {
        dq = -q + 0.2 * q * v * v;
        dv = v + 0.2 * q * q * v;
        return -0.1;
    }
#ifdef ODEINT_CONTACT_CONTROL
    void hessian(double q, double v, double, double, oc::hessian_matrix<double>& H) const {
#else
    void hessian(double q, double v, double, double, oc::hessian_matrix<double>& H) {
#endif
        H(0, 0) = -1 + 0.2 * v * v;
        H(0, 1) = H(1, 0) = 0.4 * q * v;
        H(1, 1) = 1 + 0.2 * q * q;
    }
};

int main() {
    step_with_cvi2(oc::make_contact_lagrangian(lagrangian{}));
}
