// SPDX-License-Identifier: BSL-1.0
// reversible_adaptive given a monitor without log_rate (only sigma): the controller needs
// d(ln sigma)/dt along the flow, and the static_assert names both members.
// expect: the monitor needs sigma(x, t) and log_rate(x, t)
#include "common.hpp"

struct sigma_only {
    double sigma(const compile_fail::state& x, double) const { return x.q * x.q; }
#ifdef ODEINT_CONTACT_CONTROL
    double log_rate(const compile_fail::state& x, double) const { return 2 * x.p / x.q; }
#endif
};

int main() {
    using namespace compile_fail;
    oc::reversible_adaptive<oc::chi2<state>, sigma_only> stepper(0.1);
    (void)stepper;
}
