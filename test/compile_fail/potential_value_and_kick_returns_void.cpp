// SPDX-License-Identifier: BSL-1.0
// A potential whose optional value_and_kick returns nothing: the static_assert says it must return
// V, before the library's own use of the member can fail inside its internals. The action is
// quadratic (not affine in s), so the steppers would never call value_and_kick here; the member is
// checked all the same, because it is wrong wherever it is used.
// expect: value_and_kick(q, t, a, b, p_in, p_out) must return V(q,t)
#include "common.hpp"
#include "value_and_kick_potentials.hpp"

int main() {
    using namespace compile_fail;
    step_with_chi2(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, void_kick_potential{}, oc::quadratic_action(0.5)));
}
