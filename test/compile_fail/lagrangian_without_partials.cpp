// SPDX-License-Identifier: BSL-1.0
// A contact Lagrangian with value(q, v, z, t) but without partials: the steps and the system
// function need dL/dq, dL/dv and dL/dz, and the static_assert names the member and its form.
// expect: a contact Lagrangian needs a member partials(q, v, z, t, dq, dv)
#include "common.hpp"

struct damped_spring {
    double value(double q, double v, double z, double) const { return v * v / 2 - q * q / 2 - 0.1 * z; }
#ifdef ODEINT_CONTACT_CONTROL
    double partials(double q, double v, double, double, double& dq, double& dv) const {
        dq = -q;
        dv = v;
        return -0.1;
    }
#endif
};

int main() {
    using namespace compile_fail;
    step_with_cvi2(oc::make_contact_lagrangian(damped_spring{}));
}
