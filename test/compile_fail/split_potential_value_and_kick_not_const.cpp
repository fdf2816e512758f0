// SPDX-License-Identifier: BSL-1.0
// A potential_piece whose potential's value_and_kick is not const: inside a split Hamiltonian, as in a
// separable one, the static_assert names the problem rather than the steppers ignoring the member
// without a word (chi2 with a linear action piece would call it).
// expect: value_and_kick(q, t, a, b, p_in, p_out) must be a const member function
#include "common.hpp"
#include "value_and_kick_potentials.hpp"

int main() {
    using namespace compile_fail;
    step_with_chi2(oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}),
                                              oc::potential_piece(non_const_kick_potential{}),
                                              oc::action_piece(oc::linear_action(0.5))));
}
