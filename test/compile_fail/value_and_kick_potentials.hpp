// SPDX-License-Identifier: BSL-1.0
// Potentials with a wrong value_and_kick, for the compile-fail tests of the separable and the
// split Hamiltonian (included after common.hpp). With ODEINT_CONTACT_CONTROL the member is right.
#ifndef ODEINT_CONTACT_COMPILE_FAIL_VALUE_AND_KICK_POTENTIALS_HPP
#define ODEINT_CONTACT_COMPILE_FAIL_VALUE_AND_KICK_POTENTIALS_HPP

namespace compile_fail {

// value_and_kick is not const: the steppers hold the potential as const and could not call it.
struct non_const_kick_potential : spring {
#ifdef ODEINT_CONTACT_CONTROL
    double value_and_kick(double q, double t, double a, double b, const double& p_in, double& p_out) const {
#else
    double value_and_kick(double q, double t, double a, double b, const double& p_in, double& p_out) {
#endif
        double g = 0;
        gradient(q, t, g);
        p_out = a * p_in - b * g;
        return value(q, t);
    }
};

// value_and_kick returns nothing instead of V.
struct void_kick_potential : spring {
#ifdef ODEINT_CONTACT_CONTROL
    double value_and_kick(double q, double t, double a, double b, const double& p_in, double& p_out) const {
#else
    void value_and_kick(double q, double t, double a, double b, const double& p_in, double& p_out) const {
#endif
        double g = 0;
        gradient(q, t, g);
        p_out = a * p_in - b * g;
#ifdef ODEINT_CONTACT_CONTROL
        return value(q, t);
#endif
    }
};

}  // namespace compile_fail

#endif
