// SPDX-License-Identifier: BSL-1.0
// A contact Lagrangian on thrust::device_vector (odeint_contact/state/thrust.hpp): its steps solve for
// v with Newton's method on plain copies of q and p on the host, so our static_assert refuses the
// state before anything else is instantiated. The control is the same on std::vector.
// expect: a Thrust device_vector or another type whose elements the host cannot read
#include "common.hpp"

#include <cstddef>
#include <vector>

#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CPP
#include <odeint_contact/state/thrust.hpp>

#ifdef ODEINT_CONTACT_CONTROL
using coordinates = std::vector<double>;
#else
using coordinates = thrust::device_vector<double>;
#endif

// L = |v|^2/2 - |q|^2/2 - 0.1 z, element by element on the host (the control's std::vector).
struct damped_springs {
    double value(const std::vector<double>& q, const std::vector<double>& v, double z, double) const {
        double l = -0.1 * z;
        for (std::size_t i = 0; i < q.size(); ++i) l += v[i] * v[i] / 2 - q[i] * q[i] / 2;
        return l;
    }
    double partials(const std::vector<double>& q, const std::vector<double>& v, double, double,
                    std::vector<double>& dq, std::vector<double>& dv) const {
        for (std::size_t i = 0; i < q.size(); ++i) {
            dq[i] = -q[i];
            dv[i] = v[i];
        }
        return -0.1;
    }
};

int main() {
    namespace oc = odeint_contact;
    using state = oc::contact_state<coordinates>;
    state x{coordinates(4, 1.0), coordinates(4, 0.0), 0.0};
    oc::cvi2<state> stepper;
    stepper.do_step(oc::make_contact_lagrangian(damped_springs{}), x, 0.0, 0.1);
}
