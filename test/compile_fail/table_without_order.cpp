// SPDX-License-Identifier: BSL-1.0
// chi<Table> with a user table that forgets its order: the table concept's static_assert names
// the missing member.
// expect: a composition table needs 'static constexpr unsigned order'
#include <array>
#include <cstddef>

#include "common.hpp"

struct halves {
    static constexpr std::size_t stages = 2;
#ifdef ODEINT_CONTACT_CONTROL
    static constexpr unsigned order = 2;
#endif
    template <class Value>
    static std::array<Value, stages> weights() {
        return {Value(1) / 2, Value(1) / 2};
    }
};

int main() {
    using namespace compile_fail;
    oc::chi<halves, state> chi;
    state x{1.0, 0.0, 0.0};
    chi.do_step(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, spring{}, oc::linear_action(0.1)), x, 0.0,
                0.1);
}
