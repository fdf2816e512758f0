// SPDX-License-Identifier: BSL-1.0
// A kinetic part whose optional flow(q, p, dt, q_out) is not const: chi2 would step with value and
// gradient instead without a word; the static_assert names the member.
// expect: the kinetic part's flow(q, p, dt, q_out) must be a const member function
#include "common.hpp"

using namespace compile_fail;

// T = p^2/2 with its exact flow.
struct kinetic {
    double value(double p) const { return p * p / 2; }
    void gradient(double p, double& dTdp) const { dTdp = p; }
#ifdef ODEINT_CONTACT_CONTROL
    double flow(double q, double p, double dt, double& q_out) const {
#else
    double flow(double q, double p, double dt, double& q_out) {
#endif
        q_out = q + dt * p;
        return dt * p * p / 2;
    }
};

int main() {
    step_with_chi2(oc::make_separable_hamiltonian(kinetic{}, spring{}, oc::linear_action(0.1)));
}
