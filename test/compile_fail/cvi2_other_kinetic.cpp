// cvi2 given a Hamiltonian whose kinetic term is not quadratic_kinetic (here T = p^4/4): the
// variational scheme comes from the discrete Lagrangian (m/2)|Delta/tau|^2, so the static_assert
// says it supports quadratic_kinetic only and points to chi2.
// expect: it supports quadratic_kinetic (any mass) only. Use chi2 for another kinetic term
#include <odeint_contact/odeint_contact.hpp>

namespace oc = odeint_contact;
using state = oc::contact_state<double>;

struct quartic_kinetic {
    double value(double p) const { return p * p * p * p / 4; }
    void gradient(double p, double& dTdp) const { dTdp = p * p * p; }
};

struct potential {
    double value(double q, double) const { return q * q / 2; }
    void gradient(double q, double, double& dVdq) const { dVdq = q; }
};

int main() {
#ifdef ODEINT_CONTACT_CONTROL
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{2.0}, potential{}, oc::linear_action(0.1));
#else
    const auto H = oc::make_separable_hamiltonian(quartic_kinetic{}, potential{}, oc::linear_action(0.1));
#endif
    state x{1.0, 0.0, 0.0};
    oc::cvi2<state> cvi;
    cvi.do_step(H, x, 0.0, 0.1);
}
