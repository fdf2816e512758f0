// SPDX-License-Identifier: BSL-1.0
// A user action term whose derivative(s, t) is not const, given to cvi2: the static_assert says
// the member must be const rather than that it is missing.
// expect: the action term's derivative(s, t) must be const
#include "common.hpp"

struct cubic_action {
    double value(double s, double) const { return s * s * s / 3; }
#ifdef ODEINT_CONTACT_CONTROL
    double derivative(double s, double) const { return s * s; }
#else
    double derivative(double s, double) { return s * s; }
#endif
    template <class Value, class S, class T, class H>
    odeint_contact::action_solve<S> solve_implicit(const S& r, const H&, const T&) const { return {r, std::nullopt}; }
};

int main() {
    using namespace compile_fail;
    step_with_cvi2(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, spring{}, cubic_action{}));
}
