// SPDX-License-Identifier: BSL-1.0
// cvi<Table> with a table that claims an odd order: a palindromic composition of a symmetric step
// is symmetric, so its order is even; the static_assert says the table is not of that shape.
// expect: a composition table must be palindromic-shaped
#include <array>
#include <cstddef>

#include "common.hpp"

struct claims_order_three {
    static constexpr std::size_t stages = 3;
#ifdef ODEINT_CONTACT_CONTROL
    static constexpr unsigned order = 4;
#else
    static constexpr unsigned order = 3;
#endif
    template <class Value>
    static std::array<Value, stages> weights() {
        return odeint_contact::tables::triple_jump4::weights<Value>();
    }
};

int main() {
    using namespace compile_fail;
    oc::cvi<claims_order_three, state> cvi;
    state x{1.0, 0.0, 0.0};
    cvi.do_step(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, spring{}, oc::linear_action(0.1)), x, 0.0,
                0.1);
}
