// SPDX-License-Identifier: BSL-1.0
// make_split_hamiltonian (split_hamiltonian.hpp): the general contact Hamiltonian integrator
// H = phi_1 + ... + phi_n of user pieces with exact flows, stepped by chi2/4/6/8 and chi<Table>
// through the composition engine.
//  - separable equivalence: kinetic_piece(T), potential_piece(V), action_piece(F) steps as
//    make_separable_hamiltonian(T, V, F) bit for bit, for chi2 .. chi8 and a user table;
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

#include "order_harness.hpp"
#include "test_support.hpp"
#include "units_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

namespace {

using scalar_state = oc::contact_state<double>;
using plane = std::array<double, 2>;
using plane_state = oc::contact_state<plane>;

double squared_norm(double q) { return q * q; }
template <class Q>
double squared_norm(const Q& q) {
    double sum = 0;
    for (double x : q) sum += x * x;
    return sum;
}

// f(q) = c0 + c1 |q|^2: a damping that depends on the position (position_damping's f).
struct quadratic_damping {
    double c0 = 0.2;
    double c1 = 0.5;
    template <class Q>
    double value(const Q& q, double) const {
        return c0 + c1 * squared_norm(q);
    }
    void gradient(double q, double, double& g) const { g = 2 * c1 * q; }
    template <class Q>
    void gradient(const Q& q, double, Q& g) const {
        for (std::size_t i = 0; i < q.size(); ++i) g[i] = 2 * c1 * q[i];
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
    test_support::anharmonic_potential V = potential;

    template <class State>
    void operator()(const State& x, State& dxdt, double t) const {
        const quadratic_damping f;
        const double fv = f.value(x.q, t) + gamma_linear;
        auto gV = x.q;
        auto gf = x.q;
        V.gradient(x.q, t, gV);
        f.gradient(x.q, t, gf);
        dxdt.q = x.p;
        if constexpr (std::is_same<State, scalar_state>::value) {
            dxdt.p = -gV - x.s * gf - fv * x.p;
        } else {
            for (std::size_t i = 0; i < x.q.size(); ++i) dxdt.p[i] = -gV[i] - x.s * gf[i] - fv * x.p[i];
        }
        dxdt.s = squared_norm(x.p) / 2 - V.value(x.q, t) - fv * x.s;
    }
    template <class State>
    double value(const State& x, double t) const {
        return squared_norm(x.p) / 2 + V.value(x.q, t) + (quadratic_damping{}.value(x.q, t) + gamma_linear) * x.s;
    }
};

// ---- separable equivalence -------------------------------------------------------------------

using chi_steppers = boost::mpl::list<oc::chi2<plane_state>, oc::chi4<plane_state>, oc::chi6<plane_state>,
                                      oc::chi8<plane_state>, oc::chi<oc::tables::suzuki4, plane_state>>;

// The perturbed Kepler problem of errata section 4 (V = -1/|q|, F = f(t) s, f = -0.05 sin(pi t)),
// and a quadratic action with the same potential: 200 steps of 0.1, both Hamiltonians. The chi
// steppers step a separable Hamiltonian as the split one of these three pieces (its pieces(),
// one base step), so the results are equal bit for bit; a sub-flow grouped, timed or weighted
// differently on either path would show in the last bits after 200 steps of a Kepler orbit.
BOOST_AUTO_TEST_CASE_TEMPLATE(library_pieces_step_as_the_separable_hamiltonian, Stepper, chi_steppers) {
    const auto f = [](double t) { return -0.05 * std::sin(M_PI * t); };
    const test_support::kepler_potential kepler{};
    auto compare = [&](const auto& separable, const auto& split, const char* what) {
        plane_state a{{0.0, std::sqrt(1.5)}, {0.8, 0.0}, 0.1};
        plane_state b = a;
        odeint::integrate_n_steps(Stepper(), separable, a, 0.0, 0.1, 200);
        odeint::integrate_n_steps(Stepper(), split, b, 0.0, 0.1, 200);
        for (int i = 0; i < 2; ++i) {
            BOOST_TEST(a.q[i] == b.q[i], what << " q" << i << ": " << a.q[i] << " vs " << b.q[i]);
            BOOST_TEST(a.p[i] == b.p[i], what << " p" << i << ": " << a.p[i] << " vs " << b.p[i]);
        }
        BOOST_TEST(a.s == b.s, what << " s: " << a.s << " vs " << b.s);
        BOOST_TEST(a.q[0] != 0.0, what << ": the state moved");
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

// As test_orders.cpp (chi_orders): |observed - p| <= 0.2 leaves room for the next term of the error's
// expansion in dt^2 (<= 20% of the leading one) and round-off, and excludes orders p +- 1.
// The reference is RKF7(8) at tolerance 1e-13 on the written-out field; its error is ~1e-13
// (reference_is_accurate), and every window ends with errors >= 1e-11, so the reference moves an
// observed order by < 0.02.
template <class Stepper, class State>
void check_orders(const std::string& name, unsigned p, const State& x0, double dt0, std::size_t samples,
                  std::size_t refine0, unsigned halvings) {
    const auto reference = test_support::rkf78_samples(damped_field{}, x0, dt0, samples, 1e-13);
    test_support::check_orders<Stepper>(name, {p - 0.2, p + 0.2, 1e-11}, damped_split(), x0, dt0, samples, refine0,
                                        halvings, [&](std::size_t k) { return reference[k]; });
}

const scalar_state line_x0{0.9, -0.4, 0.3};
const plane_state plane_x0{{0.9, -0.3}, {0.2, 0.7}, 0.3};

// The written-out field is the reference of every order test: the 1e-13 run differs from one at
// 1e-15 by ~1e-13 (measured 1e-13; bound 2e-13).
BOOST_AUTO_TEST_CASE(reference_is_accurate) {
    const auto a = test_support::rkf78_samples(damped_field{}, plane_x0, 1.0, 4, 1e-13);
    const auto b = test_support::rkf78_samples(damped_field{}, plane_x0, 1.0, 4, 1e-15);
    double worst = 0;
    for (std::size_t k = 0; k < a.size(); ++k)
        worst = std::max({worst, std::abs(a[k].q[0] - b[k].q[0]), std::abs(a[k].q[1] - b[k].q[1]),
                          std::abs(a[k].p[0] - b[k].p[0]), std::abs(a[k].p[1] - b[k].p[1]), std::abs(a[k].s - b[k].s)});
    BOOST_TEST_MESSAGE("reference: 1e-13 vs 1e-15 differ by " << worst);
    BOOST_TEST(worst <= 2e-13);
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
    check_orders<oc::chi8<scalar_state>>("chi8 1d", 8, line_x0, 1.0, 4, 4, 1);
    check_orders<oc::chi8<plane_state>>("chi8 2d", 8, plane_x0, 1.0, 4, 4, 1);
}

// ---- the system function ---------------------------------------------------------------------

// H(x, dxdt, t) and H.value assemble paper eq. 2 from the pieces' partials and values: equal to
// the written-out field to rounding (a few ulps of terms of size <= 10).
BOOST_AUTO_TEST_CASE(system_function_is_the_contact_vector_field) {
    const auto H = damped_split();
    const damped_field field;
    for (const plane_state& x : {plane_x0, plane_state{{-1.2, 0.4}, {0.5, -0.9}, -0.7}}) {
        for (double t : {0.0, 0.8, -2.5}) {
            plane_state a{}, b{};
            H(x, a, t);
            field(x, b, t);
            for (int i = 0; i < 2; ++i) {
                BOOST_TEST(std::abs(a.q[i] - b.q[i]) <= 1e-14);
                BOOST_TEST(std::abs(a.p[i] - b.p[i]) <= 1e-14);
            }
            BOOST_TEST(std::abs(a.s - b.s) <= 1e-14);
            BOOST_TEST(std::abs(H.value(x, t) - field.value(x, t)) <= 1e-14);
        }
    }
    // odeint's own steppers run it: runge_kutta4 on H and on the field agree to rounding.
    plane_state a = plane_x0, b = plane_x0;
    odeint::integrate_n_steps(odeint::runge_kutta4<plane_state>(), H, a, 0.0, 0.05, 40);
    odeint::integrate_n_steps(odeint::runge_kutta4<plane_state>(), field, b, 0.0, 0.05, 40);
    BOOST_TEST(std::abs(a.q[0] - b.q[0]) <= 1e-13);
    BOOST_TEST(std::abs(a.s - b.s) <= 1e-13);
}

// ---- contact factor --------------------------------------------------------------------------

// A chi2 step of T, V, f(q) s, gamma s is T(h) V(h) D(h) A(tau) D(h) V(h) T(h): both half flows
// of f(q) s see q* = q + h p (V and A do not move q), so the step's conformal factor is
// e^{-h f(q*)} e^{-gamma tau} e^{-h f(q*)} = e^{-tau (f(q*) + gamma)}. Tolerance: that of
// test_chi2_contact.cpp (numerical Jacobian of smooth maps, h_rel = 1e-3: ~1e-11 at worst).
BOOST_AUTO_TEST_CASE(conformal_factor_of_a_chi2_step) {
    const auto H = damped_split();
    const quadratic_damping f;
    struct sample {
        plane_state x;
        double t, tau;
    };
    for (const sample& c : {sample{plane_x0, 0.4, 0.1}, sample{{{-1.2, 0.6}, {-0.7, 0.2}, -0.9}, 2.1, 0.25},
                            sample{{{0.3, 1.4}, {1.1, -0.6}, 1.5}, -0.7, 0.4}}) {
        const auto r = test_support::pull_back_contact_form(
            [&](const plane_state& x) {
                plane_state y = x;
                oc::chi2<plane_state>().do_step(H, y, c.t, c.tau);
                return y;
            },
            c.x);
        const double h = c.tau / 2;
        const plane qs{c.x.q[0] + h * c.x.p[0], c.x.q[1] + h * c.x.p[1]};
        const double expected = std::exp(-c.tau * (f.value(qs, 0.0) + gamma_linear));
        BOOST_TEST_MESSAGE("lambda " << r.lambda << ", expected " << expected << ", deviation " << r.max_deviation);
        BOOST_TEST(r.max_deviation <= 1e-10);
        BOOST_TEST(std::abs(r.lambda - expected) <= 1e-10);
    }
}

// ---- forced Van der Pol as a Lienard contact Hamiltonian -------------------------------------
// H = p s + F(q,t) + f(q) s, F = q - a cos(omega t), f = -eps (1 - q^2) (Zadra, Bravetti, Seri,
// arXiv 2005.03951). Eq. 2 gives q' = s, s' = -F - f s, i.e. q'' - eps (1 - q^2) q' + q = a cos(omega t),
// and p' = -1 - f'(q) s - p (p + f), which does not feed back into q and s.

constexpr double vdp_eps = 0.8, vdp_a = 0.6, vdp_omega = 1.3;

// p s: q' = s, p' = -p^2, s' = 0, so q += dt s, p <- p/(1 + dt p) (p passes through infinity when
// 1 + dt p changes sign), s unchanged.
struct momentum_action_piece {
    static constexpr bool autonomous = true;
    void flow(scalar_state& x, double, double dt) const {
        x.q += dt * x.s;
        x.p = x.p / (1 + dt * x.p);
    }
    double value(const scalar_state& x, double) const { return x.p * x.s; }
    double partials(const scalar_state& x, double, double& dq, double& dp) const {
        dq = 0;
        dp = x.s;
        return x.p;
    }
};

// F(q,t) = q - a cos(omega t): p' = -1, s' = -F.
struct forcing_piece {
    void flow(scalar_state& x, double t, double dt) const {
        x.p -= dt;
        x.s -= dt * (x.q - vdp_a * std::cos(vdp_omega * t));
    }
    double value(const scalar_state& x, double t) const { return x.q - vdp_a * std::cos(vdp_omega * t); }
    double partials(const scalar_state&, double, double& dq, double& dp) const {
        dq = 1;
        dp = 0;
        return 0;
    }
};

struct vdp_damping {
    double value(double q, double) const { return -vdp_eps * (1 - q * q); }
    void gradient(double q, double, double& g) const { g = 2 * vdp_eps * q; }
};

// The three exact flows written out in plain arithmetic, composed by hand.
struct vdp_by_hand {
    std::size_t poles = 0;  // how often 1 + h p < 0 in the p s flow: p went through infinity
    void flow(int piece, double& q, double& p, double& s, double t, double h) {
        if (piece == 0) {
            q += h * s;
            if (1 + h * p < 0) ++poles;
            p = p / (1 + h * p);
        } else if (piece == 1) {
            p -= h;
            s -= h * (q - vdp_a * std::cos(vdp_omega * t));
        } else {
            const double f = -vdp_eps * (1 - q * q), df = 2 * vdp_eps * q, e = std::exp(-h * f);
            p = e * (p - h * s * df);
            s = e * s;
        }
    }
    // One S2 stage of weight w dt at its midpoint time tm with the pieces in `order`.
    void stage(const std::array<int, 3>& order, double& q, double& p, double& s, double tm, double tau) {
        flow(order[0], q, p, s, tm, tau / 2);
        flow(order[1], q, p, s, tm, tau / 2);
        flow(order[2], q, p, s, tm, tau);
        flow(order[1], q, p, s, tm, tau / 2);
        flow(order[0], q, p, s, tm, tau / 2);
    }
};

// Chordal distance on the projective line: |a - b| / sqrt((1 + a^2)(1 + b^2)), finite and well
// conditioned across p = infinity (p/(1 + h p) is a Moebius map).
double chordal(double a, double b) { return std::abs(a - b) / std::sqrt((1 + a * a) * (1 + b * b)); }

template <class Stepper, class H>
void compare_vdp(const H& hamiltonian, const std::array<int, 3>& order, const std::vector<double>& weights,
                 const std::string& name) {
    const double dt = 0.05;
    scalar_state x{1.5, -3.0, 0.4};
    double q = x.q, p = x.p, s = x.s;
    vdp_by_hand hand;
    Stepper stepper;
    double worst_qs = 0, worst_p = 0;
    for (int n = 0; n < 400; ++n) {
        const double t = n * dt;
        stepper.do_step(hamiltonian, x, t, dt);
        double elapsed = 0;
        for (double w : weights) {
            hand.stage(order, q, p, s, t + (elapsed + w / 2) * dt, w * dt);
            elapsed += w;
        }
        worst_qs = std::max({worst_qs, std::abs(x.q - q), std::abs(x.s - s)});
        worst_p = std::max(worst_p, chordal(x.p, p));
    }
    BOOST_TEST_MESSAGE(name << ": max |dq|, |ds| " << worst_qs << ", chordal dp " << worst_p << ", poles " << hand.poles);
    // q and s on the limit cycle (|q| <= 2.2, |s| <= 4): the two make the same flows with sums
    // grouped differently (position_damping scales p - h s f' in one pass), a few ulps per flow,
    // not amplified on the attracting cycle: ~1e-14. p is a Riccati variable driven by them.
    BOOST_TEST(worst_qs <= 1e-12, name);
    BOOST_TEST(worst_p <= 1e-10, name);
    BOOST_TEST(hand.poles > 0u, name << ": p never passed through infinity");
}

// All six orders of the three pieces, chi2 and chi4 (weights written out here: the triple jump).
BOOST_AUTO_TEST_CASE(van_der_pol_pieces_match_the_splitting_by_hand) {
    const momentum_action_piece C;
    const forcing_piece B;
    const auto A = oc::position_damping(vdp_damping{});
    const double x1 = 1 / (2 - std::cbrt(2.0)), x0 = 1 - 2 * x1;
    const std::vector<double> one{1.0}, triple{x1, x0, x1};
    auto run = [&](const auto& H, const std::array<int, 3>& order, const std::string& name) {
        compare_vdp<oc::chi2<scalar_state>>(H, order, one, "chi2 " + name);
        compare_vdp<oc::chi4<scalar_state>>(H, order, triple, "chi4 " + name);
    };
    run(oc::make_split_hamiltonian(C, B, A), {0, 1, 2}, "CBA");
    run(oc::make_split_hamiltonian(B, C, A), {1, 0, 2}, "BCA");
    run(oc::make_split_hamiltonian(A, B, C), {2, 1, 0}, "ABC");
    run(oc::make_split_hamiltonian(B, A, C), {1, 2, 0}, "BAC");
    run(oc::make_split_hamiltonian(C, A, B), {0, 2, 1}, "CAB");
    run(oc::make_split_hamiltonian(A, C, B), {2, 0, 1}, "ACB");
}

// q and s converge with the method's order to the forced Van der Pol solution (RKF7(8) at 1e-13
// on q' = s, s' = -(q - a cos(omega t)) + eps (1 - q^2) s; p is left out: it does not feed back
// and blows up in finite time). Order band as above.
struct vdp_field {
    void operator()(const scalar_state& x, scalar_state& dxdt, double t) const {
        dxdt.q = x.s;
        dxdt.p = 0;
        dxdt.s = -(x.q - vdp_a * std::cos(vdp_omega * t)) + vdp_eps * (1 - x.q * x.q) * x.s;
    }
};

template <class Stepper, class H>
void check_vdp_orders(const H& hamiltonian, unsigned order, std::size_t refine0, unsigned halvings,
                      const std::string& name) {
    const scalar_state x0{1.5, 0.0, 0.4};
    const auto reference = test_support::rkf78_samples(vdp_field{}, x0, 1.0, 6, 1e-13);
    const auto r = test_support::errors_over_halvings<Stepper>(hamiltonian, x0, 1.0, 6, refine0, halvings,
                                                               [&](std::size_t k) { return reference[k]; });
    BOOST_TEST_MESSAGE(name << ": " << r.describe());
    for (const auto* errors : {&r.q, &r.s}) {
        BOOST_TEST(errors->back() >= 1e-11, name);
        for (double o : test_support::observed_orders(*errors))
            BOOST_TEST(std::abs(o - order) <= 0.2, name << ": observed order " << o << ", expected " << order);
    }
}

// p too, against the whole of eq. 2 (p' = -1 - f'(q) s - p (p + f)), on [0, 0.4] from p = 0.5,
// before p's first pole (p reaches about -1.6 at t = 0.4).
struct vdp_full_field {
    void operator()(const scalar_state& x, scalar_state& dxdt, double t) const {
        const double f = -vdp_eps * (1 - x.q * x.q), df = 2 * vdp_eps * x.q;
        dxdt.q = x.s;
        dxdt.p = -1 - df * x.s - x.p * (x.p + f);
        dxdt.s = -(x.q - vdp_a * std::cos(vdp_omega * t)) - f * x.s;
    }
};

BOOST_AUTO_TEST_CASE(van_der_pol_momentum_before_its_pole) {
    const auto H = oc::make_split_hamiltonian(momentum_action_piece{}, forcing_piece{}, oc::position_damping(vdp_damping{}));
    const scalar_state x0{1.5, 0.5, 0.4};
    const auto reference = test_support::rkf78_samples(vdp_full_field{}, x0, 0.1, 4, 1e-13);
    BOOST_TEST_REQUIRE(std::abs(reference.back().p) < 5.0);
    auto check = [&](auto stepper, unsigned order, std::size_t refine0, const char* name) {
        test_support::check_orders<decltype(stepper)>(name, {order - 0.2, order + 0.2}, H, x0, 0.1, 4, refine0, 2,
                                                      [&](std::size_t k) { return reference[k]; });
    };
    check(oc::chi2<scalar_state>(), 2, 2, "chi2 (with p)");
    check(oc::chi4<scalar_state>(), 4, 1, "chi4 (with p)");
}

BOOST_AUTO_TEST_CASE(van_der_pol_orders) {
    const auto H = oc::make_split_hamiltonian(momentum_action_piece{}, forcing_piece{}, oc::position_damping(vdp_damping{}));
    check_vdp_orders<oc::chi2<scalar_state>>(H, 2, 16, 3, "chi2");
    check_vdp_orders<oc::chi4<scalar_state>>(H, 4, 8, 3, "chi4");
    check_vdp_orders<oc::chi6<scalar_state>>(H, 6, 4, 2, "chi6");
    check_vdp_orders<oc::chi8<scalar_state>>(H, 8, 7, 1, "chi8");
}

// odeint's steppers step p as they step q and s, and p of this system passes through infinity
// (the chi steppers above pass it exactly). The system function stops them with our step_error
// where the field it computes is no longer finite. Before, runge_kutta4 returned NaN states, and
// a controlled dopri5, fed a NaN error estimate, stayed at one t without end (the observer here
// gives up after 1e5 calls; the run takes ~6e3 before the error).
BOOST_AUTO_TEST_CASE(van_der_pol_as_an_odeint_system_stops_at_the_pole_of_p) {
    const auto H = oc::make_split_hamiltonian(momentum_action_piece{}, forcing_piece{}, oc::position_damping(vdp_damping{}));
    const scalar_state x0{1.0, 0.0, 0.0};
    const auto ours = [](const oc::step_error& e) {
        const std::string what = e.what();
        BOOST_TEST_MESSAGE(what);
        return what.find("split_hamiltonian::operator()") != std::string::npos &&
               what.find("is not finite at t = ") != std::string::npos;
    };
    scalar_state x = x0;
    const auto finite = [](const scalar_state& y, double) {
        if (!std::isfinite(y.q) || !std::isfinite(y.p) || !std::isfinite(y.s))
            throw std::logic_error("runge_kutta4 produced a non-finite state");
    };
    BOOST_CHECK_EXCEPTION(odeint::integrate_const(odeint::runge_kutta4<scalar_state>(), H, x, 0.0, 20.0, 0.01, finite),
                          oc::step_error, ours);
    x = x0;
    std::size_t calls = 0;
    const auto bounded = [&](const scalar_state&, double) {
        if (++calls > 100000) throw std::logic_error("dopri5 took 1e5 steps: t is stuck");
    };
    BOOST_CHECK_EXCEPTION(odeint::integrate_adaptive(odeint::make_controlled(1e-8, 1e-8,
                                                                             odeint::runge_kutta_dopri5<scalar_state>()),
                                                     H, x, 0.0, 20.0, 0.01, bounded),
                          oc::step_error, ours);
}

// The same for a separable Hamiltonian whose s has a pole: F = -s^2/2 (anti-damping growing with
// s) drives s' >= s^2/2 to infinity in finite time.
BOOST_AUTO_TEST_CASE(a_separable_system_function_stops_at_a_pole_of_s) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, potential, oc::quadratic_action(-1.0));
    plane_state x = plane_x0;
    x.s = 1.0;
    const auto finite = [](const plane_state& y, double) {
        if (!std::isfinite(y.s)) throw std::logic_error("runge_kutta4 produced a non-finite state");
    };
    BOOST_CHECK_EXCEPTION(odeint::integrate_const(odeint::runge_kutta4<plane_state>(), H, x, 0.0, 20.0, 0.01, finite),
                          oc::step_error, [](const oc::step_error& e) {
                              BOOST_TEST_MESSAGE(e.what());
                              return std::string(e.what()).find("separable_hamiltonian::operator()") !=
                                     std::string::npos;
                          });
}

// ---- a contact compositional integrator: a piece whose flow is a cvi2 step -------------------
// H = [|p|^2/2 + V(q) + gamma s] + f(q) s with the bracket's flow replaced by one cvi2 step of
// that sub-Hamiltonian (symmetric, second order, exactly contact): chi2 keeps order 2 and chi4
// order 4 (doc/theory.md). V autonomous here: the cvi2 step moves its own time, a piece's flow
// has t frozen.
struct cvi2_piece {
    using sub_type = decltype(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, potential,
                                                             oc::linear_action(gamma_linear)));
    sub_type sub;
    mutable oc::cvi2<plane_state> stepper;
    void flow(plane_state& x, double t, double dt) const { stepper.do_step(sub, x, t, dt); }
};

BOOST_AUTO_TEST_CASE(cvi2_step_as_a_piece_keeps_the_order) {
    const test_support::anharmonic_potential autonomous{1.0, 0.0, 1.1, 0.2};
    const cvi2_piece piece{oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, autonomous,
                                                          oc::linear_action(gamma_linear)),
                           oc::cvi2<plane_state>()};
    const auto H = oc::make_split_hamiltonian(piece, oc::position_damping(quadratic_damping{}));
    damped_field field;
    field.V = autonomous;
    const auto reference = test_support::rkf78_samples(field, plane_x0, 1.0, 4, 1e-13);
    auto check = [&](auto stepper, unsigned order, std::size_t refine0, unsigned halvings, const char* name) {
        test_support::check_orders<decltype(stepper)>(name, {order - 0.2, order + 0.2}, H, plane_x0, 1.0, 4, refine0,
                                                      halvings, [&](std::size_t k) { return reference[k]; });
    };
    check(oc::chi2<plane_state>(), 2, 8, 3, "chi2 with a cvi2 piece");
    check(oc::chi4<plane_state>(), 4, 8, 3, "chi4 with a cvi2 piece");
}

// ---- the first flow out of place ------------------------------------------------------------

// kinetic_piece flows the first half step from the input into the output (its out-of-place flow;
// p stays in the input until the first flow that changes p reads it from there), where a piece
// with only an in-place flow makes the step copy the input first. Same arithmetic in the same
// order, so the results are bit for bit equal: in place on std::vector (into the engine's spare
// state) and out of place (on std::array, whose copy is cheap, both copy), for each way the step
// goes on after it
// (a shared kick fused with the action's scaling, a shared kick around position_damping, and
// position_damping's own flow, which needs p copied first), with a kinetic part that has a flow
// (quadratic_kinetic) and one that has only value and gradient.
struct plain_kinetic {
    template <class P>
    double value(const P& p) const {
        return 0.5 * squared_norm(p);
    }
    template <class P>
    void gradient(const P& p, P& dTdp) const {
        dTdp = p;
    }
};

template <class State, class Kinetic, class... Rest>
void check_out_of_place_first_flow(const Kinetic& kinetic, const State& x0, const char* what, const Rest&... rest) {
    const auto fast = oc::make_split_hamiltonian(oc::kinetic_piece(kinetic), rest...);
    const auto copying =
        oc::make_split_hamiltonian(test_support::in_place_only<oc::kinetic_piece<Kinetic>>{oc::kinetic_piece(kinetic)}, rest...);
    auto same = [&](const State& a, const State& b, const char* how) {
        BOOST_TEST((a.q == b.q && a.p == b.p && a.s == b.s), what << ", " << how);
        BOOST_TEST(a.q[0] != x0.q[0], what << ", " << how << ": the state moved");
    };
    auto run = [&](auto stepper, const char* name) {
        State a = x0, b = x0;
        State a_out = x0, b_out = x0;
        for (int k = 0; k < 5; ++k) {
            const double t = 0.1 * k;
            stepper.do_step(fast, a, t, 0.1);
            stepper.do_step(copying, b, t, 0.1);
            // out of place, from a const input
            const State in = a_out;
            stepper.do_step(fast, in, t, a_out, 0.1);
            BOOST_TEST((in.q == b_out.q && in.p == b_out.p && in.s == b_out.s), what << ": input written");
            stepper.do_step(copying, State(b_out), t, b_out, 0.1);
        }
        same(a, b, name);
        same(a_out, b_out, name);
        same(a, a_out, name);
    };
    run(oc::chi2<State>(), "chi2");
    run(oc::chi4<State>(), "chi4");
}

BOOST_AUTO_TEST_CASE(out_of_place_first_flow_is_bit_identical) {
    using vector_state = oc::contact_state<std::vector<double>>;
    const vector_state v0{{0.9, -0.3, 0.4}, {0.2, 0.7, -0.1}, 0.3};
    const auto V = oc::potential_piece(potential);
    const auto D = oc::position_damping(quadratic_damping{});
    const auto F = oc::action_piece(oc::linear_action(gamma_linear));
    check_out_of_place_first_flow(oc::quadratic_kinetic<>{}, v0, "T V F", V, F);
    check_out_of_place_first_flow(oc::quadratic_kinetic<>{}, v0, "T V D F", V, D, F);
    check_out_of_place_first_flow(oc::quadratic_kinetic<>{}, v0, "T D V F", D, V, F);
    check_out_of_place_first_flow(plain_kinetic{}, v0, "T V F, T without flow", V, F);
    check_out_of_place_first_flow(plain_kinetic{}, v0, "T D V F, T without flow", D, V, F);
    check_out_of_place_first_flow(oc::quadratic_kinetic<>{}, plane_x0, "T V F on std::array", V, F);
    check_out_of_place_first_flow(oc::quadratic_kinetic<>{}, plane_x0, "T D V F on std::array", D, V, F);
}

// A system whose pieces_type holds the library's pieces as const is stepped as those pieces: the
// steps know them by type (detail/piece_kernels.hpp), and a const piece is the same piece. Were it
// taken for a user's piece, each stage would evaluate V twice (once per half flow) instead of
// sharing one evaluation, and B A B would not run in the potential's own pass.
BOOST_AUTO_TEST_CASE(const_pieces_take_the_library_pieces_paths) {
    test_support::eval_counter plain_count, held_count;
    test_support::kicking_harmonic_potential<> v;
    v.counter = &plain_count;
    const auto T = oc::kinetic_piece(oc::quadratic_kinetic<>{});
    const auto F = oc::action_piece(oc::linear_action(gamma_linear));
    const auto plain = oc::make_split_hamiltonian(T, oc::potential_piece(v), F);
    v.counter = &held_count;
    const auto V = oc::potential_piece(v);
    const oc::split_hamiltonian<const std::decay_t<decltype(T)>, const std::decay_t<decltype(V)>,
                                const std::decay_t<decltype(F)>>
        held(T, V, F);
    auto run = [](const auto& H) {
        oc::chi4<plane_state> stepper;
        plane_state x = plane_x0;
        for (int k = 0; k < 20; ++k) stepper.do_step(H, x, 0.1 * k, 0.1);
        return x;
    };
    const plane_state a = run(plain), b = run(held);
    BOOST_TEST((a.q == b.q && a.p == b.p && a.s == b.s));
    BOOST_TEST(a.q[0] != plane_x0.q[0]);  // the state moved
    // 20 steps of 3 stages, one value_and_kick each, nothing else of V
    BOOST_TEST(plain_count.value_and_kick == 60u);
    BOOST_TEST(held_count.value_and_kick == plain_count.value_and_kick);
    BOOST_TEST(held_count.value + held_count.gradient + held_count.value_and_gradient == 0u);
}

// ---- failure ---------------------------------------------------------------------------------

// phi = 0 (its flow is the identity) that throws at its k-th flow.
struct fragile_piece {
    int* calls;
    int throw_at;
    bool step_error;
    template <class X>
    void flow(X&, double, double) const {
        if (++*calls == throw_at) {
            if (step_error) throw oc::step_error("the fragile piece refused");
            throw std::runtime_error("a user exception");
        }
    }
};

// chi4 with pieces T, V, fragile, F: per stage fragile flows twice (stage 1: calls 1, 2; stage 2:
// 3, 4; stage 3: 5, 6), so call 5 is in stage 3, piece 3.
BOOST_AUTO_TEST_CASE(a_piece_that_throws_leaves_the_state_unchanged) {
    for (bool step_error : {true, false}) {
        int calls = 0;
        const auto H = oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}), oc::potential_piece(potential),
                                                  fragile_piece{&calls, 5, step_error},
                                                  oc::action_piece(oc::linear_action(gamma_linear)));
        oc::chi4<plane_state> chi;
        const plane_state x0 = plane_x0;
        plane_state x = x0;
        try {
            chi.do_step(H, x, 0.5, 0.1);
            BOOST_TEST(false, "no exception");
        } catch (const oc::step_error& e) {
            const std::string what = e.what();
            BOOST_TEST_MESSAGE(what);
            BOOST_TEST(step_error);
            BOOST_TEST(what.find("chi4::do_step: step from t = 0.5 with dt = 0.1 failed") != std::string::npos);
            BOOST_TEST(what.find("stage 3 of 3, in the flow of piece 3") != std::string::npos);
            BOOST_TEST(what.find("the fragile piece refused") != std::string::npos);
        } catch (const std::runtime_error& e) {
            BOOST_TEST(!step_error);
            BOOST_TEST(std::string(e.what()) == "a user exception");
        }
        BOOST_TEST((x.q == x0.q && x.p == x0.p && x.s == x0.s));
        // Out of place: the input is untouched.
        calls = 0;
        plane_state out{};
        BOOST_CHECK_THROW(chi.do_step(H, x0, 0.5, out, 0.1), std::runtime_error);
        BOOST_TEST((x.q == x0.q && x.p == x0.p && x.s == x0.s));
        // And the stepper steps on afterwards.
        calls = 100;
        chi.do_step(H, x, 0.5, 0.1);
        BOOST_TEST(x.q[0] != x0.q[0]);
    }
}

// With std::vector q and p an in-place step runs into the engine's spare state and swaps the
// result in (composition.hpp); a throwing piece leaves the caller's vectors as they were.
BOOST_AUTO_TEST_CASE(a_piece_that_throws_leaves_a_vector_state_unchanged) {
    using vector_state = oc::contact_state<std::vector<double>>;
    int calls = 0;
    const auto H = oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}), oc::potential_piece(potential),
                                              fragile_piece{&calls, 3, true},
                                              oc::action_piece(oc::linear_action(gamma_linear)));
    const vector_state x0{{0.9, -0.3, 0.4}, {0.2, 0.7, -0.1}, 0.3};
    vector_state x = x0;
    oc::chi4<vector_state> chi;
    BOOST_CHECK_THROW(chi.do_step(H, x, 0.0, 0.1), oc::step_error);
    BOOST_TEST((x.q == x0.q && x.p == x0.p && x.s == x0.s));
    calls = 100;
    chi.do_step(H, x, 0.0, 0.1);
    BOOST_TEST(x.q[0] != x0.q[0]);
}

// A piece that makes s NaN: the step's check of the new s reports it, state unchanged.
struct poisoning_piece {
    void flow(plane_state& x, double, double) const { x.s = std::numeric_limits<double>::quiet_NaN(); }
};

BOOST_AUTO_TEST_CASE(a_non_finite_action_is_a_step_error) {
    const auto H = oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}), poisoning_piece{});
    plane_state x = plane_x0;
    try {
        oc::chi2<plane_state>().do_step(H, x, 0.0, 0.1);
        BOOST_TEST(false, "no exception");
    } catch (const oc::step_error& e) {
        BOOST_TEST(std::string(e.what()).find("the new action s = nan is not finite") != std::string::npos, e.what());
    }
    BOOST_TEST((x.q == plane_x0.q && x.p == plane_x0.p && x.s == plane_x0.s));
}

// A piece that throws a step_error at its throw_at-th flow, or makes s NaN at its poison_at-th.
struct moody_piece {
    int* calls;
    int throw_at;
    int poison_at;
    void flow(plane_state& x, double, double) const {
        ++*calls;
        if (*calls == throw_at) throw oc::step_error("the moody piece refused");
        if (*calls == poison_at) x.s = std::numeric_limits<double>::quiet_NaN();
    }
};

// The split step notes where a step failed only as the failure passes (no store per flow): each
// failure of one stepper is named by its own stage and piece, whatever failed before it, and one
// that the step's own check of s finds by none. chi4's stages make the moody piece's flows 1-2,
// 3-4, 5-6.
// What a chi4 step with the moody piece among the library's pieces throws ("no exception" if
// none); the state is unchanged in either case.
std::string moody_failure(oc::chi4<plane_state>& chi, const moody_piece& piece) {
    const auto H = oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}), oc::potential_piece(potential),
                                              piece, oc::action_piece(oc::linear_action(gamma_linear)));
    plane_state x = plane_x0;
    std::string what = "no exception";
    try {
        chi.do_step(H, x, 0.5, 0.1);
    } catch (const oc::step_error& e) {
        what = e.what();
    }
    BOOST_TEST((x.q == plane_x0.q && x.p == plane_x0.p && x.s == plane_x0.s));
    BOOST_TEST_MESSAGE(what);
    return what;
}

bool names_moody_refusal(const std::string& what, const char* where) {
    return what.find(where) != std::string::npos && what.find("the moody piece refused") != std::string::npos;
}

BOOST_AUTO_TEST_CASE(each_failure_names_its_own_stage_and_piece) {
    // Static: g++ 12.2 at -O1 (not -Og, -O2 or clang; nor with -fno-ipa-modref, nor under the
    // sanitizers, which report nothing) dropped this function's writes of a local counter that the
    // pieces reach through their pointer, as it does with the headers before this test was written.
    static int calls;
    calls = 0;
    oc::chi4<plane_state> chi;
    BOOST_TEST(names_moody_refusal(moody_failure(chi, moody_piece{&calls, 5, 0}), "stage 3 of 3, in the flow of piece 3 ("));
    calls = 2;  // stage 1 then makes calls 3 and 4, stage 2 the fifth
    BOOST_TEST(names_moody_refusal(moody_failure(chi, moody_piece{&calls, 5, 0}), "stage 2 of 3, in the flow of piece 3 ("));
    calls = 0;  // s NaN in stage 1: the check after the last stage finds it
    const std::string poisoned = moody_failure(chi, moody_piece{&calls, 0, 1});
    BOOST_TEST(poisoned.find("the new action s = nan is not finite") != std::string::npos, poisoned);
    BOOST_TEST(poisoned.find("in the flow of piece") == std::string::npos, poisoned);
    calls = 0;
    BOOST_TEST(names_moody_refusal(moody_failure(chi, moody_piece{&calls, 1, 0}), "stage 1 of 3, in the flow of piece 3 ("));
}

// The fused kick-scale-kick (a potential with value_and_kick before an action affine in s) asks
// the action for its factor before the kick; it asks with the state's s, so that an action whose
// flow refuses reports the s it was given. It once asked with s = 0.
struct kicking_harmonic {
    template <class Q>
    double value(const Q& q, double) const {
        return squared_norm(q) / 2;
    }
    template <class Q>
    void gradient(const Q& q, double, Q& g) const {
        g = q;
    }
    template <class Q>
    double value_and_kick(const Q& q, double t, double a, double b, const Q& p_in, Q& p_out) const {
        ++*kicks;
        for (std::size_t i = 0; i < q.size(); ++i) p_out[i] = a * p_in[i] - b * q[i];
        return value(q, t);
    }
    int* kicks;
};

struct refusing_linear_action : oc::linear_action<double> {
    double* seen_s;
    refusing_linear_action(double f, double* seen) : oc::linear_action<double>(f), seen_s(seen) {}
    template <class Value>
    oc::action_flow<double, Value> flow(double s, double, double) const {
        *seen_s = s;
        throw oc::step_error("the refusing action refused");
    }
};

BOOST_AUTO_TEST_CASE(a_fused_action_flow_is_asked_with_the_state_s) {
    int kicks = 0;
    double seen_s = -1;
    // Pieces V, F: the kick is piece 0 and the state is copied before it, so the s before the
    // kick is the caller's.
    const auto H = oc::make_split_hamiltonian(oc::potential_piece(kicking_harmonic{&kicks}),
                                              oc::action_piece(refusing_linear_action(gamma_linear, &seen_s)));
    plane_state x = plane_x0;
    BOOST_CHECK_THROW(oc::chi2<plane_state>().do_step(H, x, 0.0, 0.1), oc::step_error);
    BOOST_TEST(seen_s == plane_x0.s);
    BOOST_TEST(kicks == 0);  // the factor comes first, before any kick
    BOOST_TEST((x.q == plane_x0.q && x.p == plane_x0.p && x.s == plane_x0.s));
}

// The same after the first flow of a step that runs from the input into the stepper's spare
// state (K first, std::vector): the factor is asked at the s that flow left, s0 + (dt/2) |p0|^2/2.
BOOST_AUTO_TEST_CASE(a_fused_action_flow_after_an_out_of_place_first_flow) {
    using vector_state = oc::contact_state<std::vector<double>>;
    int kicks = 0;
    double seen_s = -1;
    const auto H = oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}),
                                              oc::potential_piece(kicking_harmonic{&kicks}),
                                              oc::action_piece(refusing_linear_action(gamma_linear, &seen_s)));
    const vector_state x0{{0.9, -0.3, 0.4}, {0.2, 0.7, -0.1}, 0.3};
    const double after_kinetic = x0.s + 0.05 * squared_norm(x0.p) / 2;
    for (bool in_place : {true, false}) {
        vector_state x = x0;
        vector_state out{{0, 0, 0}, {0, 0, 0}, 0};
        seen_s = -1;
        if (in_place)
            BOOST_CHECK_THROW(oc::chi2<vector_state>().do_step(H, x, 0.0, 0.1), oc::step_error);
        else
            BOOST_CHECK_THROW(oc::chi2<vector_state>().do_step(H, x, 0.0, out, 0.1), oc::step_error);
        // 4 ulp: the kinetic flow sums p . dT/dp - T in its own order.
        BOOST_TEST(seen_s == after_kinetic, boost::test_tools::tolerance(4 * std::numeric_limits<double>::epsilon()));
        BOOST_TEST(kicks == 0);
        BOOST_TEST((x.q == x0.q && x.p == x0.p && x.s == x0.s));
    }
}

// affine_in_s is the action's promise that its factor p'/p (chi) and 1 + (dt/2) dF/ds (cvi2) do
// not depend on s; with a potential's value_and_kick the steppers then take them before s moves.
// F = gamma s^2/2 declaring it lies: the steppers compare with the factor at the right s, which
// they compute anyway, and report our parameter_error, the state unchanged (before, the steps
// were silently wrong). Without the declaration the same action steps, in the unfused passes.
struct lying_quadratic_action : oc::quadratic_action<double> {
    static constexpr bool affine_in_s = true;
    lying_quadratic_action() : oc::quadratic_action<double>(0.4) {}
};

template <class State, class Stepper>
void check_false_affine_in_s(Stepper stepper, const State& x0, const char* name) {
    int kicks = 0;
    const auto lying =
        oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, kicking_harmonic{&kicks}, lying_quadratic_action{});
    State x = x0;
    BOOST_CHECK_EXCEPTION(stepper.do_step(lying, x, 0.0, 0.1), oc::parameter_error, [&](const oc::parameter_error& e) {
        BOOST_TEST_MESSAGE(name << ": " << e.what());
        return std::string(e.what()).find("declares affine_in_s") != std::string::npos;
    });
    BOOST_TEST(kicks > 0, name << ": the fused path was not taken");
    BOOST_TEST((x.q == x0.q && x.p == x0.p && x.s == x0.s), name);
    const auto honest =
        oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, kicking_harmonic{&kicks}, oc::quadratic_action(0.4));
    BOOST_CHECK_NO_THROW(stepper.do_step(honest, x, 0.0, 0.1));
    BOOST_TEST(x.s != x0.s, name);
}

BOOST_AUTO_TEST_CASE(a_false_affine_in_s_is_a_parameter_error) {
    using vector_state = oc::contact_state<std::vector<double>>;
    const vector_state v0{{0.9, -0.3}, {0.2, 0.7}, 0.3};
    check_false_affine_in_s(oc::chi2<plane_state>(), plane_x0, "chi2");
    check_false_affine_in_s(oc::chi4<plane_state>(), plane_x0, "chi4");
    check_false_affine_in_s(oc::cvi2<plane_state>(), plane_x0, "cvi2");
    check_false_affine_in_s(oc::chi2<vector_state>(), v0, "chi2, std::vector");
    check_false_affine_in_s(oc::cvi2<vector_state>(), v0, "cvi2, std::vector");
}

// A split Hamiltonian used only as an odeint system needs no flow of its action term (the chi
// steppers would): runge_kutta4 steps it as it steps the separable Hamiltonian of the same parts.
struct action_without_flow {
    double value(double s, double) const { return gamma_linear * s; }
    double derivative(double, double) const { return gamma_linear; }
};

BOOST_AUTO_TEST_CASE(an_action_without_flow_serves_an_odeint_system) {
    const auto split = oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}),
                                                  oc::potential_piece(potential), oc::action_piece(action_without_flow{}));
    const auto separable = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, potential, action_without_flow{});
    plane_state a = plane_x0;
    plane_state b = plane_x0;
    odeint::runge_kutta4<plane_state>().do_step(split, a, 0.0, 0.1);
    odeint::runge_kutta4<plane_state>().do_step(separable, b, 0.0, 0.1);
    // 1e-14 relative: the two system functions add the parts' derivatives in different orders.
    for (std::size_t i = 0; i < 2; ++i) {
        BOOST_TEST(a.q[i] == b.q[i], boost::test_tools::tolerance(1e-14));
        BOOST_TEST(a.p[i] == b.p[i], boost::test_tools::tolerance(1e-14));
    }
    BOOST_TEST(a.s == b.s, boost::test_tools::tolerance(1e-14));
    BOOST_TEST(a.s != plane_x0.s);
}

// ---- Boost.Units -----------------------------------------------------------------------------

// The library's pieces with a state in SI units step as the separable Hamiltonian in SI units,
// through chi2 and chi4 (bit for bit, as above), and the system function agrees through
// runge_kutta4 (the two system functions group the sums differently: 1e-13 relative over 100
// steps of a damped spring).
BOOST_AUTO_TEST_CASE(units_with_the_library_pieces) {
    namespace si = boost::units::si;
    using namespace test_support::si_units;
    const auto separable = unit_damped_spring(1.0, 4.0, 0.125);
    const auto split = oc::make_split_hamiltonian(
        oc::kinetic_piece(oc::quadratic_kinetic<quantity<si::mass>>{1.0 * si::kilogram}),
        oc::potential_piece(spring{4.0 * si::newton / si::meter}), oc::action_piece(oc::linear_action(0.125 / si::second)));
    const ustate x0{0.5 * si::meter, -0.25 * si::kilogram * si::meter / si::second, 0.125 * si::joule * si::second};
    auto close = [](const ustate& a, const ustate& b) {
        return std::abs(a.q.value() - b.q.value()) <= 1e-13 && std::abs(a.p.value() - b.p.value()) <= 1e-13 &&
               std::abs(a.s.value() - b.s.value()) <= 1e-13;
    };
    auto run = [&](auto stepper) {
        ustate a = x0, b = x0;
        odeint::integrate_n_steps(stepper, separable, a, 0.0 * si::second, 0.1 * si::second, 100);
        odeint::integrate_n_steps(stepper, split, b, 0.0 * si::second, 0.1 * si::second, 100);
        BOOST_TEST(close(a, b));
        BOOST_TEST(std::abs(a.q.value() - x0.q.value()) > 1e-3);
    };
    run(oc::chi2<ustate, double, uderiv, utime>());
    run(oc::chi4<ustate, double, uderiv, utime>());
    run(odeint::runge_kutta4<ustate, double, uderiv, utime>());
    const auto h = split.value(x0, 0.0 * si::second);
    BOOST_TEST(std::abs(h.value() - separable.value(x0, 0.0 * si::second).value()) <= 1e-15);
}

}  // namespace
