// SPDX-License-Identifier: BSL-1.0
// cubic_action_oscillator: a contact oscillator whose friction depends on the action itself.
//
// H = p^2/2 + q^2/2 + gamma s^3/3 (gamma = 1) gives, by the contact equations of motion,
//     q' = p,   p' = -q - gamma s^2 p,   s' = p^2/2 - q^2/2 - gamma s^3/3,
// a harmonic oscillator with the friction coefficient gamma s^2. The friction is strong while the
// action s is large and fades as s decays, so the energy E = (p^2 + q^2)/2 first drops fast and
// then only slowly (the amplitude decays algebraically, not exponentially as for F = gamma s).
// Neither linear_action nor quadratic_action can express F = gamma s^3/3: it is an action_term,
// given by F and dF/ds; chi2 computes its exact flow numerically. The same F with its closed-form
// flow (1/s'^2 = 1/s^2 + 2 gamma tau/3, p' = p (s'/s)^3) shows what supplying the flow changes:
// nothing but the cost, to rounding.
//
// Output: a table on stdout (the differences between the runs) and cubic_action_oscillator.csv
// in the current directory: t, then q p s E for chi2 with the numerical flow, then q p s E of a
// reference (odeint's dense-output Dormand-Prince at 1e-12 on the same Hamiltonian).
// Finally a step of the anti-damped F = -s^3/3 that blows up, and the error it reports.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <utility>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

using state_type = oc::contact_state<double>;

struct harmonic {
    double value(double q, double /*t*/) const { return q * q / 2; }
    void gradient(double q, double /*t*/, double& dVdq) const { dVdq = q; }
};

const double gamma_ = 1.0;

// [doc:define]
// F(s,t) = gamma s^3/3 and dF/ds = gamma s^2, as callables of (s, t).
const auto F = [](double s, double /*t*/) { return gamma_ * s * s * s / 3; };
const auto dF_ds = [](double s, double /*t*/) { return gamma_ * s * s; };

// The exact flow is then computed numerically (odeint RKF78 to ~1e-15).
const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic{}, harmonic{}, oc::action_term(F, dF_ds));

// Optional: the flow in closed form, (s, t, dt) -> {s', p'/p}. ds/dtau = -gamma s^3/3 gives
// 1/s'^2 = 1/s^2 + 2 gamma dt/3; p'/p = F(s')/F(s) = (s'/s)^3. A NaN result (the backward flow
// past its blow-up time) makes the step fail cleanly.
const auto cubic_flow = [](double s, double /*t*/, double dt) {
    const double s_new = std::copysign(1.0, s) / std::sqrt(1 / (s * s) + 2 * gamma_ * dt / 3);
    const double ratio = s_new / s;
    return std::pair{s_new, ratio * ratio * ratio};
};
const auto H_closed_form =
    oc::make_separable_hamiltonian(oc::quadratic_kinetic{}, harmonic{}, oc::action_term(F, dF_ds, cubic_flow));
// [/doc:define]

const state_type x0{2.0, 0.0, 1.5};
const double tau = 0.1;
const double t_end = 60.0;

struct trajectory {
    std::vector<double> t;
    std::vector<state_type> x;
    void operator()(const state_type& xt, double tt) {
        t.push_back(tt);
        x.push_back(xt);
    }
};

double energy(const state_type& x) { return (x.p * x.p + x.q * x.q) / 2; }

double max_difference(const trajectory& a, const trajectory& b) {
    double worst = 0.0;
    for (std::size_t i = 0; i < std::min(a.x.size(), b.x.size()); ++i)
        worst = std::max({worst, std::abs(a.x[i].q - b.x[i].q), std::abs(a.x[i].p - b.x[i].p),
                          std::abs(a.x[i].s - b.x[i].s)});
    return worst;
}

int main() {
    const auto steps = static_cast<std::size_t>(std::lround(t_end / tau));
    // [doc:integrate]
    trajectory numerical, closed_form, reference;
    state_type x = x0;
    odeint::integrate_n_steps(oc::chi2<state_type>(), H, x, 0.0, tau, steps, std::ref(numerical));

    state_type y = x0;
    odeint::integrate_n_steps(oc::chi2<state_type>(), H_closed_form, y, 0.0, tau, steps, std::ref(closed_form));

    // H is an odeint system too: a tight dense-output Dormand-Prince run as the reference.
    state_type z = x0;
    odeint::integrate_n_steps(odeint::make_dense_output(1e-12, 1e-12, odeint::runge_kutta_dopri5<state_type>()),
                              H, z, 0.0, tau, steps, std::ref(reference));
    // [/doc:integrate]

    std::printf("H = p^2/2 + q^2/2 + s^3/3, x0 = (2, 0, 1.5), chi2 with tau = %.2f on [0, %.0f]\n", tau, t_end);
    std::printf("  energy E = (p^2 + q^2)/2:   t = 0: %.4f   t = 10: %.4f   t = 60: %.4f\n", energy(numerical.x[0]),
                energy(numerical.x[100]), energy(numerical.x.back()));
    std::printf("  max |chi2 (numerical flow) - chi2 (closed-form flow)| = %.2e\n", max_difference(numerical, closed_form));
    std::printf("  max |chi2 - reference (dopri5, 1e-12)|                = %.2e\n", max_difference(numerical, reference));

    if (std::FILE* out = std::fopen("cubic_action_oscillator.csv", "w")) {
        std::fprintf(out, "t,q,p,s,E,q_ref,p_ref,s_ref,E_ref\n");
        for (std::size_t i = 0; i < numerical.x.size(); ++i) {
            const state_type& a = numerical.x[i];
            const state_type& b = reference.x[i];
            std::fprintf(out, "%.6f,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g\n", numerical.t[i], a.q, a.p, a.s,
                         energy(a), b.q, b.p, b.s, energy(b));
        }
        std::fclose(out);
    }

    // [doc:failure]
    // Anti-damping F = -s^3/3: ds/dtau = s^3/3 reaches s = infinity at tau = 3/(2 s^2), 1/6 from
    // s = 3. A step of 0.5 cannot exist; chi2 says so and leaves the state as it was.
    const auto H_blow_up = oc::make_separable_hamiltonian(
        oc::quadratic_kinetic{}, harmonic{},
        oc::action_term([](double s, double) { return -s * s * s / 3; }, [](double s, double) { return -s * s; }));
    state_type w{0.0, 0.0, 3.0};
    try {
        oc::chi2<state_type>().do_step(H_blow_up, w, 0.0, 0.5);
    } catch (const oc::step_error& e) {
        std::printf("step_error: %s\n  state still (%g, %g, %g)\n", e.what(), w.q, w.p, w.s);
    }
    // [/doc:failure]
    return 0;
}
