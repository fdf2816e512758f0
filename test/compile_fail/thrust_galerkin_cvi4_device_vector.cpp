// SPDX-License-Identifier: BSL-1.0
// galerkin_cvi4 on thrust::device_vector (odeint_contact/state/thrust.hpp): its Newton solve copies all
// of q and p into plain numbers on the host, which a GPU's vectors do not allow, so our
// static_assert refuses it and points to cvi4 and chi4. The control is the same on std::vector.
// expect: a distributed state (odeint's mpi_state), a Thrust device_vector or another type known
#include "common.hpp"

#include <vector>

#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CPP
#include <thrust/copy.h>

#include <odeint_contact/state/thrust.hpp>

#ifdef ODEINT_CONTACT_CONTROL
using coordinates = std::vector<double>;
#else
using coordinates = thrust::device_vector<double>;
#endif

struct springs {
    template <class V>
    double value(const V& q, double) const {
        return 0.5 * odeint_contact::detail::dot(q, q);
    }
    template <class V>
    void gradient(const V& q, double, V& dVdq) const {
        thrust::copy(q.begin(), q.end(), dVdq.begin());
    }
};

int main() {
    namespace oc = odeint_contact;
    using state = oc::contact_state<coordinates>;
    state x{coordinates(4, 1.0), coordinates(4, 0.0), 0.0};
    oc::galerkin_cvi4<state> stepper;
    stepper.do_step(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, springs{}, oc::linear_action(0.1)), x,
                    0.0, 0.1);
}
