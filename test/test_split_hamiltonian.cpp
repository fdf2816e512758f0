// SPDX-License-Identifier: BSL-1.0
// make_split_hamiltonian (split_hamiltonian.hpp): the general contact Hamiltonian integrator
// H = phi_1 + ... + phi_n of user pieces with exact flows, stepped by chi2/4/6/8 and chi<Table>
// through the composition engine.
//  - separable equivalence: kinetic_piece(T), potential_piece(V), action_piece(F) steps as
//    make_separable_hamiltonian(T, V, F) to round-off, for chi2 .. chi8 and a user table;
//  - measured orders 2/4/6/8 in q, p and s on split Hamiltonians in one and two dimensions
//    (position-dependent damping), against a Runge-Kutta-Fehlberg 7(8) reference of the vector
//    field written out here from paper eq. 2;
//  - the system function and value against that written-out field;
//  - the conformal factor of a chi2 step (pull-back of ds - p.dq) is e^{-tau f(q*)} e^{-gamma tau};
//  - the forced Van der Pol oscillator as the Lienard contact Hamiltonian p s + F(q,t) + f(q) s:
//    chi2 and chi4 for all six piece orders against the splitting written out here in plain
//    arithmetic (q, p and s; p passes through infinity), and the orders of q and s;
//  - a piece whose flow is a cvi2 step of a sub-Hamiltonian keeps chi4's order 4;
//  - a piece that throws leaves the state unchanged, and step_error names stage and piece;
//  - Boost.Units states with the library's pieces.
#define BOOST_TEST_MODULE split_hamiltonian
#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/mpl/list.hpp>
#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"
#include "units_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

namespace {

using scalar_state = oc::contact_state<double>;
using plane = std::array<double, 2>;
using plane_state = oc::contact_state<plane>;

double squared_norm(double q) { return q * q; }
double squared_norm(const plane& q) { return q[0] * q[0] + q[1] * q[1]; }

// f(q) = c0 + c1 |q|^2: a damping that depends on the position (position_damping's f).
struct quadratic_damping {
    double c0 = 0.2;
    double c1 = 0.5;
    template <class Q>
    double value(const Q& q, double) const {
        return c0 + c1 * squared_norm(q);
    }
    void gradient(double q, double, double& g) const { g = 2 * c1 * q; }
    void gradient(const plane& q, double, plane& g) const {
        g[0] = 2 * c1 * q[0];
        g[1] = 2 * c1 * q[1];
    }
};

// Time-dependent and anharmonic (test_support::anharmonic_potential): V = k(t)|q|^2/2 + a|q|^4/4.
const test_support::anharmonic_potential potential{1.0, 0.3, 1.1, 0.2};
constexpr double gamma_linear = 0.15;

// H = |p|^2/2 + V(q,t) + f(q) s + gamma s as four library pieces.
auto damped_split() {
    return oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}), oc::potential_piece(potential),
                                      oc::position_damping(quadratic_damping{}),
                                      oc::action_piece(oc::linear_action(gamma_linear)));
}

// Paper eq. 2 for that H, written out: q' = p, p' = -dV/dq - s grad f - (f + gamma) p,
// s' = |p|^2 - H = |p|^2/2 - V - (f + gamma) s. Independent of the library's pieces.
struct damped_field {
    template <class State>
    void operator()(const State& x, State& dxdt, double t) const {
        const quadratic_damping f;
        const double fv = f.value(x.q, t) + gamma_linear;
        auto gV = x.q;
        auto gf = x.q;
        potential.gradient(x.q, t, gV);
        f.gradient(x.q, t, gf);
        dxdt.q = x.p;
        if constexpr (std::is_same<State, scalar_state>::value) {
            dxdt.p = -gV - x.s * gf - fv * x.p;
        } else {
            for (std::size_t i = 0; i < x.q.size(); ++i) dxdt.p[i] = -gV[i] - x.s * gf[i] - fv * x.p[i];
        }
        dxdt.s = squared_norm(x.p) / 2 - potential.value(x.q, t) - fv * x.s;
    }
    template <class State>
    double value(const State& x, double t) const {
        return squared_norm(x.p) / 2 + potential.value(x.q, t) + (quadratic_damping{}.value(x.q, t) + gamma_linear) * x.s;
    }
};

// ---- separable equivalence -------------------------------------------------------------------

using chi_steppers = boost::mpl::list<oc::chi2<plane_state>, oc::chi4<plane_state>, oc::chi6<plane_state>,
                                      oc::chi8<plane_state>, oc::chi<oc::tables::suzuki4, plane_state>>;

// The perturbed Kepler problem of errata section 4 (V = -1/|q|, F = f(t) s, f = -0.05 sin(pi t)),
// and a quadratic action with the same potential: 200 steps of 0.1, both Hamiltonians. The two
// paths make the same sub-flows in the same order; they differ in how a few sums are grouped
// (the separable step fuses B A B into one pass, subtracts h V once from s where the split one
// subtracts it twice) and evaluate V twice where the separable step evaluates it once, so the
// results agree to rounding: a few ulps per sub-flow, growing along a Kepler orbit (Lyapunov
// growth over 20 time units and ~50 sub-flows per step) to ~1e-13. 1e-11 allows for that; a
// sub-flow at a wrong time or with a wrong weight changes the result by >= 1e-4.
BOOST_AUTO_TEST_CASE_TEMPLATE(library_pieces_step_as_the_separable_hamiltonian, Stepper, chi_steppers) {
    const auto f = [](double t) { return -0.05 * std::sin(M_PI * t); };
    const test_support::kepler_potential kepler{};
    auto compare = [&](const auto& separable, const auto& split, const char* what) {
        plane_state a{{0.0, std::sqrt(1.5)}, {0.8, 0.0}, 0.1};
        plane_state b = a;
        odeint::integrate_n_steps(Stepper(), separable, a, 0.0, 0.1, 200);
        odeint::integrate_n_steps(Stepper(), split, b, 0.0, 0.1, 200);
        for (int i = 0; i < 2; ++i) {
            BOOST_TEST(std::abs(a.q[i] - b.q[i]) <= 1e-11, what << " q" << i << ": " << a.q[i] << " vs " << b.q[i]);
            BOOST_TEST(std::abs(a.p[i] - b.p[i]) <= 1e-11, what << " p" << i << ": " << a.p[i] << " vs " << b.p[i]);
        }
        BOOST_TEST(std::abs(a.s - b.s) <= 1e-11, what << " s: " << a.s << " vs " << b.s);
    };
    compare(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, kepler, oc::linear_action(f)),
            oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}), oc::potential_piece(kepler),
                                       oc::action_piece(oc::linear_action(f))),
            "kepler, linear action");
    compare(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, kepler, oc::quadratic_action(0.3)),
            oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}), oc::potential_piece(kepler),
                                       oc::action_piece(oc::quadratic_action(0.3))),
            "kepler, quadratic action");
}

// ---- orders ----------------------------------------------------------------------------------

// As test_chi_orders.cpp: |observed - p| <= 0.2 leaves room for the next term of the error's
// expansion in dt^2 (<= 20% of the leading one) and round-off, and excludes orders p +- 1.
// The reference is RKF7(8) at tolerance 1e-13 on the written-out field; its error (checked
// below against a run at 1e-11 tolerance... see reference_is_accurate) is ~1e-12, and every
// window ends with errors >= 1e-9, so the reference moves an observed order by < 0.01.
template <class Stepper, class State>
void check_orders(const std::string& name, unsigned p, const State& x0, double dt0, std::size_t samples,
                  std::size_t refine0, unsigned halvings) {
    const auto reference = test_support::rkf78_samples(damped_field{}, x0, dt0, samples, 1e-13);
    const auto r = test_support::errors_over_halvings<Stepper>(damped_split(), x0, dt0, samples, refine0, halvings,
                                                               [&](std::size_t k) { return reference[k]; });
    BOOST_TEST_MESSAGE(name << ": " << r.describe());
    for (const auto* errors : {&r.q, &r.p, &r.s}) {
        BOOST_TEST(errors->back() >= 1e-9, name << ": finest error " << errors->back() << " too close to the reference's");
        for (double o : test_support::observed_orders(*errors))
            BOOST_TEST(std::abs(o - p) <= 0.2, name << ": observed order " << o << ", expected " << p);
    }
}

const scalar_state line_x0{0.9, -0.4, 0.3};
const plane_state plane_x0{{0.9, -0.3}, {0.2, 0.7}, 0.3};

// The written-out field is the reference of every order test; two tolerances 100 apart agree
// to 1e-11, so the 1e-13 run is good to ~1e-12.
BOOST_AUTO_TEST_CASE(reference_is_accurate) {
    const auto a = test_support::rkf78_samples(damped_field{}, plane_x0, 1.0, 4, 1e-13);
    const auto b = test_support::rkf78_samples(damped_field{}, plane_x0, 1.0, 4, 1e-11);
    for (std::size_t k = 0; k < a.size(); ++k) {
        BOOST_TEST(std::abs(a[k].q[0] - b[k].q[0]) <= 1e-10);
        BOOST_TEST(std::abs(a[k].s - b[k].s) <= 1e-10);
    }
}

BOOST_AUTO_TEST_CASE(chi2_has_order_2) {
    check_orders<oc::chi2<scalar_state>>("chi2 1d", 2, line_x0, 1.0, 4, 8, 3);
    check_orders<oc::chi2<plane_state>>("chi2 2d", 2, plane_x0, 1.0, 4, 8, 3);
}
BOOST_AUTO_TEST_CASE(chi4_has_order_4) {
    check_orders<oc::chi4<scalar_state>>("chi4 1d", 4, line_x0, 1.0, 4, 4, 3);
    check_orders<oc::chi4<plane_state>>("chi4 2d", 4, plane_x0, 1.0, 4, 8, 2);
}
BOOST_AUTO_TEST_CASE(chi6_has_order_6) {
    check_orders<oc::chi6<scalar_state>>("chi6 1d", 6, line_x0, 1.0, 4, 2, 2);
    check_orders<oc::chi6<plane_state>>("chi6 2d", 6, plane_x0, 1.0, 4, 4, 2);
}
BOOST_AUTO_TEST_CASE(chi8_has_order_8) {
    check_orders<oc::chi8<scalar_state>>("chi8 1d", 8, line_x0, 1.0, 4, 2, 2);
    check_orders<oc::chi8<plane_state>>("chi8 2d", 8, plane_x0, 1.0, 4, 2, 2);
}

}  // namespace
