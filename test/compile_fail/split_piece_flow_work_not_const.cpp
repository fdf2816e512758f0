// SPDX-License-Identifier: BSL-1.0
// A piece whose optional flow(x, t, dt, work) is not const, beside a const flow(x, t, dt): chi2
// would call the one without scratch without a word; the static_assert names the member.
// expect: a piece's flow(x, t, dt, work) must be a const member function
#include "common.hpp"

using namespace compile_fail;

// V = q^2/2 as a piece.
struct spring_piece {
    void flow(state& x, double, double dt) const {
        x.s -= dt * x.q * x.q / 2;
        x.p -= dt * x.q;
    }
#ifdef ODEINT_CONTACT_CONTROL
    void flow(state& x, double t, double dt, state&) const { flow(x, t, dt); }
#else
    void flow(state& x, double t, double dt, state&) { static_cast<const spring_piece&>(*this).flow(x, t, dt); }
#endif
};

int main() {
    step_with_chi2(oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}), spring_piece{},
                                              oc::action_piece(oc::linear_action(0.1))));
}
