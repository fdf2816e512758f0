// SPDX-License-Identifier: BSL-1.0
// Complete, valid parts for the compile-fail translation units, so that each of them differs from
// a correct program only in the one part it breaks.
#ifndef ODEINT_CONTACT_COMPILE_FAIL_COMMON_HPP
#define ODEINT_CONTACT_COMPILE_FAIL_COMMON_HPP

#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>

#include <odeint_contact/odeint_contact.hpp>

namespace compile_fail {

namespace oc = odeint_contact;
using state = oc::contact_state<double>;

// V = q^2/2.
struct spring {
    double value(double q, double) const { return q * q / 2; }
    void gradient(double q, double, double& dVdq) const { dVdq = q; }
};

// One step of chi2 (which splits the Hamiltonian into its parts' flows) ...
template <class System>
void step_with_chi2(const System& system) {
    state x{1.0, 0.0, 0.0};
    oc::chi2<state> chi;
    chi.do_step(system, x, 0.0, 0.1);
}

// ... of cvi2 (the variational integrator, which needs quadratic_kinetic) ...
template <class System>
void step_with_cvi2(const System& system) {
    state x{1.0, 0.0, 0.0};
    oc::cvi2<state> cvi;
    cvi.do_step(system, x, 0.0, 0.1);
}

// ... and of odeint's runge_kutta4 (which calls the Hamiltonian as an ordinary odeint system).
template <class System>
void step_with_runge_kutta4(const System& system) {
    state x{1.0, 0.0, 0.0};
    boost::numeric::odeint::runge_kutta4<state> rk4;
    rk4.do_step(system, x, 0.0, 0.1);
}

}  // namespace compile_fail

#endif
