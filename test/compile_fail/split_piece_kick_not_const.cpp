// SPDX-License-Identifier: BSL-1.0
// A piece whose optional kick(q, t, g) is not const: chi2 would run its flow twice per stage
// instead of sharing one kick, without a word; the static_assert names the member.
// expect: a piece's kick(q, t, g) must be a const member function
#include "common.hpp"

using namespace compile_fail;

// V = q^2/2 as a piece.
struct spring_piece {
    void flow(state& x, double, double dt) const {
        x.s -= dt * x.q * x.q / 2;
        x.p -= dt * x.q;
    }
#ifdef ODEINT_CONTACT_CONTROL
    double kick(double q, double, double& g) const {
#else
    double kick(double q, double, double& g) {
#endif
        g = q;
        return q * q / 2;
    }
};

int main() {
    step_with_chi2(oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}), spring_piece{},
                                              oc::action_piece(oc::linear_action(0.1))));
}
