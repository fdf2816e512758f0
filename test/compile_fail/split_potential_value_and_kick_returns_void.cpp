// SPDX-License-Identifier: BSL-1.0
// The same potential as potential_value_and_kick_returns_void.cpp, as a potential_piece of a split
// Hamiltonian whose action piece is linear (affine in s), so that chi2 would fuse kick, scaling and
// kick into value_and_kick: the static_assert, not an error inside the piece, comes first.
// expect: value_and_kick(q, t, a, b, p_in, p_out) must return V(q,t)
#include "common.hpp"
#include "value_and_kick_potentials.hpp"

int main() {
    using namespace compile_fail;
    step_with_chi2(oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}),
                                              oc::potential_piece(void_kick_potential{}),
                                              oc::action_piece(oc::linear_action(0.5))));
}
