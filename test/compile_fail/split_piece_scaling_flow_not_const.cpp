// SPDX-License-Identifier: BSL-1.0
// A piece whose optional scaling_flow(s, t, dt) is not const: chi2 would not fuse it with the
// kicks around it, without a word; the static_assert names the member.
// expect: a piece's scaling_flow(s, t, dt) must be a const member function
#include "common.hpp"

#include <cmath>

using namespace compile_fail;

// F = 0.1 s as a piece: s <- e^{-0.1 dt} s, p <- e^{-0.1 dt} p.
struct damping_piece {
    void flow(state& x, double t, double dt) const {
        const auto a = const_cast<damping_piece&>(*this).scaling_flow(x.s, t, dt);
        x.s = a.s;
        x.p *= a.factor;
    }
#ifdef ODEINT_CONTACT_CONTROL
    oc::action_flow<double, double> scaling_flow(double s, double, double dt) const {
#else
    oc::action_flow<double, double> scaling_flow(double s, double, double dt) {
#endif
        const double e = std::exp(-0.1 * dt);
        return {e * s, e};
    }
};

int main() {
    step_with_chi2(oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}),
                                              oc::potential_piece(spring{}), damping_piece{}));
}
