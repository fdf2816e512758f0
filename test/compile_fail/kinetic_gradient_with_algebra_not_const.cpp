// SPDX-License-Identifier: BSL-1.0
// A kinetic part whose optional gradient(algebra, p, dTdp) is not const: the system function would
// call gradient(p, dTdp) instead without a word; the static_assert names the member.
// expect: the kinetic part's gradient(algebra, p, dTdp) must be a const member function
#include "common.hpp"

using namespace compile_fail;

struct kinetic {
    double value(double p) const { return p * p / 2; }
    void gradient(double p, double& dTdp) const { dTdp = p; }
    template <class Algebra>
#ifdef ODEINT_CONTACT_CONTROL
    void gradient(Algebra&, double p, double& dTdp) const {
#else
    void gradient(Algebra&, double p, double& dTdp) {
#endif
        dTdp = p;
    }
};

int main() {
    step_with_runge_kutta4(oc::make_separable_hamiltonian(kinetic{}, spring{}, oc::linear_action(0.1)));
}
