// SPDX-License-Identifier: BSL-1.0
// A potential whose optional value_and_kick is not const: the steppers hold the potential as const
// and could not call it; rather than step through value and gradient without a word, the
// static_assert names the problem (chi2 with a linear action would call it).
// expect: value_and_kick(q, t, a, b, p_in, p_out) must be a const member function
#include "common.hpp"
#include "value_and_kick_potentials.hpp"

int main() {
    using namespace compile_fail;
    step_with_chi2(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, non_const_kick_potential{}, oc::linear_action(0.5)));
}
