// SPDX-License-Identifier: BSL-1.0
// A piece whose optional flow(x, t, dt, work) is not const, beside a const flow(x, t, dt): chi2
// would call the one without scratch without a word; the static_assert names the member.
// expect: a piece's flow(x, t, dt, work) must be a const member function
#include "common.hpp"

#include <cmath>

using namespace compile_fail;

// F = 0.1 s as a piece: s and p scaled by e^{-0.1 dt}.
struct damping_piece {
    void flow(state& x, double, double dt) const {
        const double e = std::exp(-0.1 * dt);
        x.s *= e;
        x.p *= e;
    }
#ifdef ODEINT_CONTACT_CONTROL
    void flow(state& x, double t, double dt, state&) const { flow(x, t, dt); }
#else
    void flow(state& x, double t, double dt, state&) { static_cast<const damping_piece&>(*this).flow(x, t, dt); }
#endif
};

int main() {
    step_with_chi2(oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}),
                                              oc::potential_piece(spring{}), damping_piece{}));
}
