// SPDX-License-Identifier: BSL-1.0
// The Boost.Units program of issue 2: a damped spring in SI units, integrated by chi2, chi4, chi6,
// chi8, cvi2 and odeint's runge_kutta4 through integrate_const and integrate_n_steps, with the
// units checked by the compiler. Units change types, not arithmetic: every value must match the
// same program in plain doubles, and chi2 and rk4 must agree with the exact solution to their
// accuracy. Then value_and_kick, quadratic_action and action_term with units, a contact
// Lagrangian in SI, CGS and far-off unit systems, and the adaptive forms.
//
// The SI types and the spring are test/units_support.hpp's (the s part of the derivative is an
// energy, not the power issue 2 names).
#define BOOST_TEST_MODULE units
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <type_traits>
#include <vector>

#include <boost/numeric/odeint.hpp>
#include <boost/units/base_units/astronomical/parsec.hpp>
#include <boost/units/base_units/metric/fermi.hpp>
#include <boost/units/cmath.hpp>
#include <boost/units/io.hpp>
#include <boost/units/make_system.hpp>
#include <boost/units/physical_dimensions.hpp>
#include <boost/units/scale.hpp>
#include <boost/units/scaled_base_unit.hpp>
#include <boost/units/static_rational.hpp>
#include <boost/units/systems/cgs.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"
#include "units_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
namespace si = boost::units::si;
using test_support::si_units::plain_damped_spring;
using test_support::si_units::uderiv;
using test_support::si_units::unit_damped_spring;
using test_support::si_units::ustate;
using test_support::si_units::utime;

using uchi2 = oc::chi2<ustate, double, uderiv, utime>;
using urk4 = odeint::runge_kutta4<ustate, double, uderiv, utime>;

using dstate = oc::contact_state<double>;

namespace {

constexpr double k_value = 4.0;      // N/m
constexpr double gamma_value = 0.125;  // 1/s, the linear_action(0.125 / si::second)

auto unit_system() { return unit_damped_spring(1.0, k_value, gamma_value); }
auto plain_system() { return plain_damped_spring(1.0, k_value, gamma_value); }

const ustate ux0{0.5 * si::meter, -0.25 * si::kilogram * si::meter / si::second, 0.125 * si::joule * si::second};
const dstate dx0{0.5, -0.25, 0.125};

// What the observer saw, stripped of units.
struct trajectory {
    std::vector<double> t, q, p, s;
    void add(double ti, double qi, double pi, double si_) {
        t.push_back(ti);
        q.push_back(qi);
        p.push_back(pi);
        s.push_back(si_);
    }
};

auto unit_observer(trajectory& out) {
    return [&out](const ustate& x, const utime& t) { out.add(t.value(), x.q.value(), x.p.value(), x.s.value()); };
}
auto plain_observer(trajectory& out) {
    return [&out](const dstate& x, double t) { out.add(t, x.q, x.p, x.s); };
}

// Value for value: the unit-carrying program performs the same floating-point operations as the
// plain one (quantities wrap a double and scale by nothing), so they agree to rounding. Measured:
// identical; the bound of 4 ulps only allows a compiler to contract a different a*b+c.
void check_same_values(const std::vector<double>& a, const std::vector<double>& b) {
    BOOST_TEST_REQUIRE(a.size() == b.size());
    std::size_t identical = 0;
    for (std::size_t i = 0; i < a.size(); ++i) identical += (a[i] == b[i]);
    BOOST_TEST_MESSAGE(identical << " of " << a.size() << " values identical");
    for (std::size_t i = 0; i < a.size(); ++i)
        BOOST_TEST(std::abs(a[i] - b[i]) <= 4 * std::numeric_limits<double>::epsilon() * std::abs(b[i]), "entry " << i);
}

void check_same_trajectory(const trajectory& u, const trajectory& d) {
    check_same_values(u.t, d.t);
    check_same_values(u.q, d.q);
    check_same_values(u.p, d.p);
    check_same_values(u.s, d.s);
}

template <class UStepper, class DStepper>
void check_against_plain_doubles() {
    {
        trajectory u, d;
        ustate ux = ux0;
        dstate dx = dx0;
        odeint::integrate_const(UStepper(), unit_system(), ux, 0.0 * si::second, 10.0 * si::second, 0.1 * si::second,
                                unit_observer(u));
        odeint::integrate_const(DStepper(), plain_system(), dx, 0.0, 10.0, 0.1, plain_observer(d));
        BOOST_TEST(u.t.size() == 101u);
        check_same_trajectory(u, d);
    }
    {
        trajectory u, d;
        ustate ux = ux0;
        dstate dx = dx0;
        odeint::integrate_n_steps(UStepper(), unit_system(), ux, 0.0 * si::second, 0.1 * si::second, 100,
                                  unit_observer(u));
        odeint::integrate_n_steps(DStepper(), plain_system(), dx, 0.0, 0.1, 100, plain_observer(d));
        BOOST_TEST(u.t.size() == 101u);
        check_same_trajectory(u, d);
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(chi2_in_units_is_chi2_in_doubles) {
    check_against_plain_doubles<uchi2, oc::chi2<dstate>>();
}

// The higher-order compositions run the same program (the s part of their derivative is an energy
// too, ds/dt = p.dT/dp - H).
BOOST_AUTO_TEST_CASE(chi4_in_units_is_chi4_in_doubles) {
    check_against_plain_doubles<oc::chi4<ustate, double, uderiv, utime>, oc::chi4<dstate>>();
}
BOOST_AUTO_TEST_CASE(chi6_in_units_is_chi6_in_doubles) {
    check_against_plain_doubles<oc::chi6<ustate, double, uderiv, utime>, oc::chi6<dstate>>();
}
BOOST_AUTO_TEST_CASE(chi8_in_units_is_chi8_in_doubles) {
    check_against_plain_doubles<oc::chi8<ustate, double, uderiv, utime>, oc::chi8<dstate>>();
}

BOOST_AUTO_TEST_CASE(runge_kutta4_in_units_is_runge_kutta4_in_doubles) {
    check_against_plain_doubles<urk4, odeint::runge_kutta4<dstate>>();
}

// Both methods against the exact solution of the damped spring (test_support::damped_oscillator)
// and against each other, sampled every 0.1 s over 10 s, for dt = 0.1, 0.05, 0.025 s.
namespace {

struct comparison {
    double chi2_error = 0.0, rk4_error = 0.0, difference = 0.0;
};

comparison compare_with_exact(unsigned refine) {
    const test_support::damped_oscillator exact{gamma_value, 1.0, k_value};
    const utime dt = 0.1 / refine * si::second;
    trajectory chi, rk4;
    ustate x = ux0, y = ux0;
    odeint::integrate_n_steps(uchi2(), unit_system(), x, 0.0 * si::second, dt, 100 * refine, unit_observer(chi));
    odeint::integrate_n_steps(urk4(), unit_system(), y, 0.0 * si::second, dt, 100 * refine, unit_observer(rk4));
    comparison c;
    for (std::size_t i = 0; i < chi.t.size(); i += refine) {
        const dstate e = exact(dx0, chi.t[i]);
        c.chi2_error = std::max({c.chi2_error, std::abs(chi.q[i] - e.q), std::abs(chi.p[i] - e.p), std::abs(chi.s[i] - e.s)});
        c.rk4_error = std::max({c.rk4_error, std::abs(rk4.q[i] - e.q), std::abs(rk4.p[i] - e.p), std::abs(rk4.s[i] - e.s)});
        c.difference = std::max({c.difference, std::abs(chi.q[i] - rk4.q[i]), std::abs(chi.p[i] - rk4.p[i]),
                                 std::abs(chi.s[i] - rk4.s[i])});
    }
    BOOST_TEST_MESSAGE("dt = " << dt << ": chi2 error " << c.chi2_error << ", rk4 error " << c.rk4_error
                               << ", |chi2 - rk4| " << c.difference);
    return c;
}

}  // namespace

BOOST_AUTO_TEST_CASE(chi2_and_runge_kutta4_in_units_agree_to_their_accuracy) {
    std::vector<double> chi2_errors, rk4_errors, differences;
    for (const unsigned refine : {1u, 2u, 4u}) {
        const comparison c = compare_with_exact(refine);
        chi2_errors.push_back(c.chi2_error);
        rk4_errors.push_back(c.rk4_error);
        differences.push_back(c.difference);
    }
    // Measured orders: chi2 2.01, 2.00; rk4 4.01, 4.01; |chi2 - rk4| 2.02, 2.00 (it is chi2's
    // error, rk4's being two orders smaller). 0.1 allows the next term of each expansion.
    for (const double order : test_support::observed_orders(chi2_errors)) BOOST_TEST(std::abs(order - 2.0) < 0.1);
    for (const double order : test_support::observed_orders(rk4_errors)) BOOST_TEST(std::abs(order - 4.0) < 0.1);
    for (const double order : test_support::observed_orders(differences)) BOOST_TEST(std::abs(order - 2.0) < 0.1);
    // The bounds at dt = 0.1 s: measured 1.75e-2 (chi2) and 1.43e-4 (rk4), i.e. 1.75 dt^2 and
    // 1.43 dt^4 in SI; 2 dt^2 and 2 dt^4 leave room for that, a wrong coefficient would not.
    BOOST_TEST(chi2_errors.front() < 2 * 0.1 * 0.1);
    BOOST_TEST(rk4_errors.front() < 2 * 1e-4);
}

// dt = 0.1 s to t_end = 0.3 s: after two steps t + dt = 0.30000000000000004 s, a rounding error
// past t_end that odeint forgives only up to numeric_limits<Time>::epsilon(). With
// <boost/units/limits.hpp> that is 2.2e-16 s and the third step is taken, as in plain doubles.
BOOST_AUTO_TEST_CASE(integrate_const_keeps_the_end_point) {
    trajectory u, d;
    ustate ux = ux0;
    dstate dx = dx0;
    const std::size_t unit_steps = odeint::integrate_const(uchi2(), unit_system(), ux, 0.0 * si::second,
                                                           0.3 * si::second, 0.1 * si::second, unit_observer(u));
    const std::size_t plain_steps =
        odeint::integrate_const(oc::chi2<dstate>(), plain_system(), dx, 0.0, 0.3, 0.1, plain_observer(d));
    BOOST_TEST(plain_steps == 3u);
    BOOST_TEST(unit_steps == 3u);
    check_same_trajectory(u, d);
}

// ---- a contact Lagrangian with units -------------------------------------------------------------
//
// A charged particle in the plane in the non-uniform magnetic field B(q) = B0 (1 + eps |q|^2),
// through the vector potential of the coupling beta = e B (kg/s), with a time-dependent spring and
// friction (test_contact_lagrangian.cpp's magnetic_friction):
//     L = m|v|^2/2 + v.a(q) - k(t)|q|^2/2 - gamma z,   a(q) = beta(q) (-q_2, q_1)/2,
//     beta(q) = beta0 (1 + eps |q|^2),   k(t) = k0 (1 + 0.3 sin(omega t)).
// v.a(q) couples q and v: no separable Hamiltonian. Written once for a units policy U: plain
// doubles, SI or CGS quantities, with the same arithmetic in each.
namespace {

namespace bu = boost::units;

struct plain_units {
    using length = double;
    using velocity = double;
    using momentum = double;
    using force = double;
    using energy = double;
    using action = double;
    using time = double;
    using mass = double;
    using damping = double;
    using inverse_area = double;
    using stiffness = double;
    using rate = double;
};

// [doc:units_types]
// The quantities of a unit system (si::system, cgs::system) that the Lagrangian needs.
template <class System>
struct system_units {
    template <class Dimension>
    using of = bu::quantity<bu::unit<Dimension, System>>;
    using length = of<bu::length_dimension>;
    using velocity = of<bu::velocity_dimension>;
    using momentum = of<bu::momentum_dimension>;
    using force = of<bu::force_dimension>;
    using energy = of<bu::energy_dimension>;
    using action = of<bu::action_dimension>;
    using time = of<bu::time_dimension>;
    using mass = of<bu::mass_dimension>;
    using damping = of<bu::derived_dimension<bu::mass_base_dimension, 1, bu::time_base_dimension, -1>::type>;
    using inverse_area = of<bu::derived_dimension<bu::length_base_dimension, -2>::type>;
    using stiffness = of<bu::derived_dimension<bu::mass_base_dimension, 1, bu::time_base_dimension, -2>::type>;
    using rate = of<bu::frequency_dimension>;
};
// [/doc:units_types]

template <class T>
double number(const T& x) {
    if constexpr (oc::detail::is_quantity<T>::value)
        return x.value();
    else
        return x;
}

// [doc:units_lagrangian]
template <class U>
struct charged_particle {
    typename U::mass m;             // kg
    typename U::damping beta0;      // e B0, kg/s
    typename U::inverse_area eps;   // 1/m^2
    typename U::stiffness k0;       // N/m
    typename U::rate omega, gamma;  // 1/s

    typename U::stiffness k(const typename U::time& t) const {
        return k0 * (1.0 + 0.3 * std::sin(static_cast<double>(omega * t)));
    }
    // a(q) and da_i/dq_j.
    template <class Q>
    void potential(const Q& q, typename U::momentum a[2], typename U::damping da[2][2]) const {
        const typename U::damping beta = beta0 * (1.0 + eps * (q[0] * q[0] + q[1] * q[1]));
        const auto be = beta0 * eps;
        a[0] = -beta * q[1] / 2.0;
        a[1] = beta * q[0] / 2.0;
        da[0][0] = -be * q[0] * q[1];
        da[0][1] = -be * q[1] * q[1] - beta / 2.0;
        da[1][0] = be * q[0] * q[0] + beta / 2.0;
        da[1][1] = be * q[0] * q[1];
    }
    // q: lengths, v: velocities, z: an action, t: a time; L is an energy.
    template <class Q, class V>
    typename U::energy value(const Q& q, const V& v, const typename U::action& z, const typename U::time& t) const {
        typename U::momentum a[2];
        typename U::damping da[2][2];
        potential(q, a, da);
        return m * (v[0] * v[0] + v[1] * v[1]) / 2.0 + (v[0] * a[0] + v[1] * a[1]) -
               k(t) * (q[0] * q[0] + q[1] * q[1]) / 2.0 - gamma * z;
    }
    // dL/dq (forces) into dq, dL/dv (momenta) into dv; returns dL/dz (a rate).
    template <class Q, class V, class F, class P>
    typename U::rate partials(const Q& q, const V& v, const typename U::action&, const typename U::time& t, F& dq,
                              P& dv) const {
        typename U::momentum a[2];
        typename U::damping da[2][2];
        potential(q, a, da);
        for (int j = 0; j < 2; ++j) {
            dq[j] = v[0] * da[0][j] + v[1] * da[1][j] - k(t) * q[j];
            dv[j] = m * v[j] + a[j];
        }
        return -gamma;
    }
};
// [/doc:units_lagrangian]

// The same with its second derivatives, as plain numbers in the state's units (kg/s^2, kg/s, kg)
// in the order (q_1, q_2, v_1, v_2, z), and its constant mass matrix.
template <class U>
struct charged_particle_with_hessian : charged_particle<U> {
    template <class Q, class V>
    void hessian(const Q& q, const V& v, const typename U::action&, const typename U::time& t,
                 oc::hessian_matrix<double>& H) const {
        typename U::momentum a[2];
        typename U::damping da[2][2];
        this->potential(q, a, da);
        const double be = number(this->beta0 * this->eps);
        const double q0 = number(q[0]), q1 = number(q[1]), v0 = number(v[0]), v1 = number(v[1]);
        const double d2a0[2][2] = {{-be * q1, -be * q0}, {-be * q0, -3 * be * q1}};
        const double d2a1[2][2] = {{3 * be * q0, be * q1}, {be * q1, be * q0}};
        for (int j = 0; j < 2; ++j) {
            for (int l = 0; l < 2; ++l)
                H(j, l) = v0 * d2a0[j][l] + v1 * d2a1[j][l] - (j == l ? number(this->k(t)) : 0.0);
            for (int i = 0; i < 2; ++i) H(j, 2 + i) = H(2 + i, j) = number(da[i][j]);
            H(2 + j, 2 + j) = number(this->m);
        }
    }
    void mass_matrix(oc::hessian_matrix<double>& M) const { M(0, 0) = M(1, 1) = number(this->m); }
};

// An SI quantity in T's units: converted for a quantity of another system, its SI value for a
// plain number.
template <class T, class Unit>
T in(const bu::quantity<Unit>& x) {
    if constexpr (std::is_same<T, double>::value)
        return x.value();
    else
        return T(x);
}

// The parameters, given in SI.
template <class U, template <class> class Lagrangian>
Lagrangian<U> make_particle() {
    Lagrangian<U> L;
    L.m = in<typename U::mass>(1.3 * si::kilogram);
    L.beta0 = in<typename U::damping>(1.1 * si::kilogram / si::second);
    L.eps = in<typename U::inverse_area>(0.4 / (si::meter * si::meter));
    L.k0 = in<typename U::stiffness>(1.0 * si::newton / si::meter);
    L.omega = in<typename U::rate>(2.0 / si::second);
    L.gamma = in<typename U::rate>(0.2 / si::second);
    return L;
}

}  // namespace

namespace {

// [doc:units_state]
// q as two lengths, p two momenta, s an action; the derivative velocities, forces and an energy.
template <class U>
struct particle_types {
    using state = oc::contact_state<std::array<typename U::length, 2>, std::array<typename U::momentum, 2>,
                                    typename U::action>;
    using deriv = oc::contact_state<std::array<typename U::velocity, 2>, std::array<typename U::force, 2>,
                                    typename U::energy>;
    using time = typename U::time;
};
// [/doc:units_state]

template <class S, class D, class T>
using cvi2_of = oc::cvi2<S, double, D, T>;
template <class S, class D, class T>
using cvi4_of = oc::cvi4<S, double, D, T>;
template <class S, class D, class T>
using galerkin_of = oc::galerkin_cvi4<S, double, D, T>;
template <class S, class D, class T>
using rk4_of = odeint::runge_kutta4<S, double, D, T>;

// A quantity's value in the SI unit SIUnit (a plain number is one already).
template <class SIUnit, class T>
double si_value(const T& x) {
    if constexpr (std::is_same<T, double>::value)
        return x;
    else
        return bu::quantity<SIUnit>(x).value();
}

template <class State>
void append_si(const State& x, std::vector<double>& out) {
    for (int i = 0; i < 2; ++i) out.push_back(si_value<si::length>(x.q[i]));
    for (int i = 0; i < 2; ++i) out.push_back(si_value<si::momentum>(x.p[i]));
    out.push_back(si_value<si::action>(x.s));
}

// `steps` steps of dt (SI seconds) from q = (0.6, -0.3) m, p = (0.4, 0.9) kg m/s, s = 0.2 J s at
// t = 0: the SI values of q, p, s after every step.
template <class U, template <class> class Lagrangian, template <class, class, class> class Stepper,
          class AfterStep>
std::vector<double> particle_run(double dt_si, int steps, AfterStep after_step) {
    using types = particle_types<U>;
    using length = typename U::length;
    using momentum = typename U::momentum;
    const auto system = oc::make_contact_lagrangian(make_particle<U, Lagrangian>());
    typename types::state x;
    x.q = {in<length>(0.6 * si::meter), in<length>(-0.3 * si::meter)};
    const auto kg_m_s = si::kilogram * si::meter / si::second;
    x.p = {in<momentum>(0.4 * kg_m_s), in<momentum>(0.9 * kg_m_s)};
    x.s = in<typename U::action>(0.2 * si::joule * si::second);
    const auto dt = in<typename types::time>(dt_si * si::second);
    Stepper<typename types::state, typename types::deriv, typename types::time> stepper;
    std::vector<double> out;
    for (int k = 0; k < steps; ++k) {
        stepper.do_step(system, x, double(k) * dt, dt);
        append_si(x, out);
        after_step(stepper);
    }
    return out;
}
template <class U, template <class> class Lagrangian, template <class, class, class> class Stepper>
std::vector<double> particle_run(double dt_si, int steps) {
    return particle_run<U, Lagrangian, Stepper>(dt_si, steps, [](const auto&) {});
}

using si_units = system_units<si::system>;
using cgs_units = system_units<bu::cgs::system>;

// The largest difference of a run from the SI run, relative to the SI value (to 0.1 SI below it:
// |p| and |s| pass near 0).
double largest_relative_difference(const std::vector<double>& run, const std::vector<double>& si_run) {
    BOOST_TEST_REQUIRE(run.size() == si_run.size());
    double worst = 0;
    for (std::size_t i = 0; i < run.size(); ++i)
        worst = std::max(worst, std::abs(run[i] - si_run[i]) / std::max(std::abs(si_run[i]), 0.1));
    return worst;
}

template <template <class> class Lagrangian, template <class, class, class> class Stepper>
void check_si_is_plain(const char* name) {
    BOOST_TEST_MESSAGE(name);
    check_same_values(particle_run<si_units, Lagrangian, Stepper>(0.05, 40),
                      particle_run<plain_units, Lagrangian, Stepper>(0.05, 40));
}

}  // namespace

// Units change types, not arithmetic: the SI program computes the plain one's numbers (the steps
// strip the units to the SI values at their Newton iterations and rebuild quantities for every
// call of L; check_same_values allows 4 ulps). With the hessian and mass matrix, and without them
// (then Newton on v from p and difference Jacobians).
BOOST_AUTO_TEST_CASE(contact_lagrangian_in_si_units_is_the_plain_double_program) {
    check_si_is_plain<charged_particle_with_hessian, cvi2_of>("cvi2");
    check_si_is_plain<charged_particle_with_hessian, cvi4_of>("cvi4");
    check_si_is_plain<charged_particle_with_hessian, galerkin_of>("galerkin_cvi4");
    check_si_is_plain<charged_particle_with_hessian, rk4_of>("runge_kutta4");
    check_si_is_plain<charged_particle, cvi2_of>("cvi2 without hessian");
    check_si_is_plain<charged_particle, galerkin_of>("galerkin_cvi4 without hessian");
    check_si_is_plain<charged_particle, rk4_of>("runge_kutta4 without mass matrix");
}

// The same program in CGS: q in cm, p in g cm/s, s in erg s, L in erg; the parameters converted
// from SI (beta0 in g/s, eps in 1/cm^2, k0 in dyn/cm). Every raw number differs from SI by a power
// of ten (q by 100, p by 1e5, s by 1e7), so a unit slip in the steps or the system function (a raw
// v formed from q in one unit and t in another, p mixed with s/q or tau dL/dq in unlike units, a
// hessian read in the wrong units) would change the result at order 1. The conversions of the
// parameters and the start round at 1 ulp, and each step's Newton iteration stops within its
// tolerance of the root: measured 2.5e-15 to 3.7e-15 relative (|p| and |s| below 0.1 SI are
// compared against 0.1) after 40 steps; 1e-13 bounds that with room.
BOOST_AUTO_TEST_CASE(contact_lagrangian_in_cgs_units_is_the_si_program) {
    const auto check = [](const std::vector<double>& cgs, const std::vector<double>& si_run, const char* name) {
        const double worst = largest_relative_difference(cgs, si_run);
        BOOST_TEST_MESSAGE(name << ": CGS vs SI, largest relative difference " << worst);
        BOOST_TEST(worst <= 1e-13, name << ": " << worst);
    };
    check(particle_run<cgs_units, charged_particle_with_hessian, cvi2_of>(0.05, 40),
          particle_run<si_units, charged_particle_with_hessian, cvi2_of>(0.05, 40), "cvi2");
    check(particle_run<cgs_units, charged_particle, cvi2_of>(0.05, 40),
          particle_run<si_units, charged_particle, cvi2_of>(0.05, 40), "cvi2 without hessian");
    check(particle_run<cgs_units, charged_particle_with_hessian, galerkin_of>(0.05, 40),
          particle_run<si_units, charged_particle_with_hessian, galerkin_of>(0.05, 40), "galerkin_cvi4");
    check(particle_run<cgs_units, charged_particle_with_hessian, rk4_of>(0.05, 40),
          particle_run<si_units, charged_particle_with_hessian, rk4_of>(0.05, 40), "runge_kutta4");
}

// The same program in unit systems whose raw numbers are far from SI's, where cvi2's Newton
// iteration must still be the SI one. cvi2 runs Newton on its unknowns scaled per block and on
// residual rows made pure numbers; on the raw numbers Newton's tolerance, 8 eps max(|x|, 1), and
// the difference steps of the Jacobian, eps^(1/3) max(|x_j|, 1), would depend on the units:
// - pc, kg, s: q ~1e-17, the displacement per step ~1e-18, s ~1e-34. On raw numbers 8 eps is
//   absolute and far above |x|: every step stops after one update (measured with the scaling
//   removed: 40 updates instead of 120, results 3.4e-4 from SI with the hessian, 1.3 without it,
//   whose difference steps are then 1e11 times the displacement).
// - fm, 1e24 kg, 1e-24 s: q ~1e14 but s ~1e-19, so a tolerance relative to max |x| is set by the
//   q block alone (measured unscaled: 115 updates instead of 120, 5 steps stopping an update
//   early). Without the hessian this system fails before cvi2's Newton: the Legendre transform's
//   predictor v = p is 1e24 too small in these units and its difference step vanishes.
// The same number of updates in every step, and the same values up to the rounding of the unit
// conversions (1 ulp each) carried through 40 steps with each Newton stop within 8 eps of the
// root: measured 2.6e-15 to 5.1e-15 relative, bounded by 1e-13 as for CGS above.
namespace {

using parsec_units = system_units<bu::make_system<bu::astronomical::parsec_base_unit, si::kilogram_base_unit,
                                                  si::second_base_unit>::type>;
using yottakilogram = bu::scaled_base_unit<si::kilogram_base_unit, bu::scale<10, bu::static_rational<24>>>;
using yoctosecond = bu::scaled_base_unit<si::second_base_unit, bu::scale<10, bu::static_rational<-24>>>;
using fermi_units = system_units<bu::make_system<bu::metric::fermi_base_unit, yottakilogram, yoctosecond>::type>;

// cvi2's 40 steps of 0.05 s in U and in SI: the same values and the same Newton updates per step.
template <class U, template <class> class Lagrangian>
void check_cvi2_iterates_as_in_si(const char* name) {
    std::vector<unsigned> updates, si_updates;
    const auto run = particle_run<U, Lagrangian, cvi2_of>(
        0.05, 40, [&updates](const auto& stepper) { updates.push_back(stepper.last_iterations()); });
    const auto si_run = particle_run<si_units, Lagrangian, cvi2_of>(
        0.05, 40, [&si_updates](const auto& stepper) { si_updates.push_back(stepper.last_iterations()); });
    const double worst = largest_relative_difference(run, si_run);
    unsigned total = 0, si_total = 0;
    for (const unsigned k : updates) total += k;
    for (const unsigned k : si_updates) si_total += k;
    BOOST_TEST_MESSAGE(name << ": largest relative difference from SI " << worst << ", Newton updates " << total
                            << " (SI " << si_total << ")");
    BOOST_TEST(worst <= 1e-13, name << ": " << worst);
    BOOST_TEST(updates == si_updates, name << ": Newton updates per step");
}

}  // namespace

BOOST_AUTO_TEST_CASE(contact_lagrangian_in_far_units_iterates_as_in_si) {
    check_cvi2_iterates_as_in_si<parsec_units, charged_particle_with_hessian>("cvi2 in pc, kg, s");
    check_cvi2_iterates_as_in_si<parsec_units, charged_particle>("cvi2 in pc, kg, s without hessian");
    check_cvi2_iterates_as_in_si<fermi_units, charged_particle_with_hessian>("cvi2 in fm, 1e24 kg, 1e-24 s");
}

// std::vector coordinates of quantities (v and dL/dq become vectors of velocities and forces)
// give the std::array numbers bit for bit, under cvi2 and galerkin_cvi4 and under runge_kutta4 on
// the system function; the system's velocity and value are typed: v = (p - a(q))/m in m/s, L in J.
BOOST_AUTO_TEST_CASE(contact_lagrangian_on_vectors_of_quantities) {
    using U = si_units;
    using vstate = oc::contact_state<std::vector<U::length>, std::vector<U::momentum>, U::action>;
    using vderiv = oc::contact_state<std::vector<U::velocity>, std::vector<U::force>, U::energy>;
    using astate = particle_types<U>::state;
    using aderiv = particle_types<U>::deriv;
    const auto L = make_particle<U, charged_particle>();
    const auto system = oc::make_contact_lagrangian(L);
    const auto kg_m_s = si::kilogram * si::meter / si::second;
    const vstate x0{{0.6 * si::meter, -0.3 * si::meter}, {0.4 * kg_m_s, 0.9 * kg_m_s}, 0.2 * si::joule * si::second};
    const astate y0{{0.6 * si::meter, -0.3 * si::meter}, {0.4 * kg_m_s, 0.9 * kg_m_s}, 0.2 * si::joule * si::second};
    const U::time dt = 0.05 * si::second;
    const auto same = [](const vstate& x, const astate& y) {
        for (int i = 0; i < 2; ++i) {
            BOOST_TEST(x.q[i].value() == y.q[i].value());
            BOOST_TEST(x.p[i].value() == y.p[i].value());
        }
        BOOST_TEST(x.s.value() == y.s.value());
    };
    {
        vstate x = x0;
        astate y = y0;
        oc::cvi2<vstate, double, vderiv, U::time> sx;
        oc::cvi2<astate, double, aderiv, U::time> sy;
        oc::galerkin_cvi4<vstate, double, vderiv, U::time> gx;
        oc::galerkin_cvi4<astate, double, aderiv, U::time> gy;
        for (int k = 0; k < 10; ++k) {
            sx.do_step(system, x, double(k) * dt, dt);
            sy.do_step(system, y, double(k) * dt, dt);
        }
        for (int k = 10; k < 20; ++k) {
            gx.do_step(system, x, double(k) * dt, dt);
            gy.do_step(system, y, double(k) * dt, dt);
        }
        same(x, y);
        BOOST_TEST(std::abs((x.q[0] - x0.q[0]).value()) > 1e-2);  // it moved
    }
    {
        vstate x = x0;
        astate y = y0;
        odeint::integrate_n_steps(odeint::runge_kutta4<vstate, double, vderiv, U::time>(), system, x,
                                  0.0 * si::second, dt, 20);
        odeint::integrate_n_steps(odeint::runge_kutta4<astate, double, aderiv, U::time>(), system, y,
                                  0.0 * si::second, dt, 20);
        same(x, y);
    }
    const U::time t = 0.3 * si::second;
    std::vector<U::velocity> v(2);
    system.velocity(x0, t, v);
    U::momentum a[2];
    U::damping da[2][2];
    L.potential(x0.q, a, da);
    for (int i = 0; i < 2; ++i) {
        const U::velocity exact = (x0.p[i] - a[i]) / L.m;
        // Newton on p = m v + a(q) from v = p: L is quadratic in v, one exact update and rounding.
        BOOST_TEST(std::abs((v[i] - exact).value()) <= 4e-16 * std::abs(exact.value()) + 1e-16);
    }
    const U::energy l = system.value(x0, t);
    BOOST_TEST(std::abs((l - L.value(x0.q, v, x0.s, t)).value()) <= 1e-15);
}

// ---- cvi2, value_and_kick and quadratic_action with units ----------------------------------------
//
// cvi2 on a spring with quadratic_kinetic<quantity<si::mass>>{1 kg} and
// linear_action(0.125 / si::second): V is kept between steps in the unit type; the numbers equal
// those of the same program in plain doubles. Also: cvi2 models odeint's Stepper concept
// (typedefs, order()).
namespace cvi2_units {

using boost::units::quantity;
using ucvi2 = oc::cvi2<ustate, double, uderiv, utime>;
using unit_spring = test_support::si_units::spring;

auto unit_hamiltonian(double mass_kg) { return test_support::si_units::unit_damped_spring(mass_kg, 2.0, 0.125); }
auto plain_hamiltonian(double mass) { return test_support::si_units::plain_damped_spring(mass, 2.0, 0.125); }

const ustate unit_start{0.5 * si::meter, 0.25 * si::kilogram * si::meter / si::second,
                        0.1 * si::joule * si::second};
const oc::contact_state<double> plain_start{0.5, 0.25, 0.1};

BOOST_AUTO_TEST_CASE(stepper_concept) {
    static_assert(std::is_same_v<ucvi2::state_type, ustate>);
    static_assert(std::is_same_v<ucvi2::deriv_type, uderiv>);
    static_assert(std::is_same_v<ucvi2::time_type, utime>);
    static_assert(std::is_same_v<ucvi2::value_type, double>);
    static_assert(std::is_same_v<ucvi2::stepper_category, odeint::stepper_tag>);
    static_assert(std::is_same_v<ucvi2::stepper_type, ucvi2>);
    static_assert(std::is_same_v<decltype(uderiv{}.s), quantity<si::energy>>);
    BOOST_TEST(ucvi2().order() == 2);
    BOOST_TEST(ucvi2::order_value == 2);
}

// Bit-for-bit: the unit program performs the same double operations in the same order as the
// plain one (quantities wrap a double and add nothing), so the values agree exactly; a unit
// error would not compile, and a misplaced mass would change the numbers (mass 2 kg below).
BOOST_AUTO_TEST_CASE(integrate_const_and_n_steps_with_units) {
    for (double mass : {1.0, 2.0}) {
        const auto H = unit_hamiltonian(mass);
        const auto P = plain_hamiltonian(mass);
        std::vector<double> unit_s, plain_s;
        {
            ustate x = unit_start;
            const std::size_t steps = odeint::integrate_const(
                ucvi2(), H, x, 0.0 * si::second, 5.0 * si::second, 0.25 * si::second,
                [&](const ustate& y, const utime&) { unit_s.push_back(y.s.value()); });
            oc::contact_state<double> z = plain_start;
            const std::size_t plain_steps = odeint::integrate_const(
                oc::cvi2<oc::contact_state<double>>(), P, z, 0.0, 5.0, 0.25,
                [&](const oc::contact_state<double>& y, double) { plain_s.push_back(y.s); });
            BOOST_TEST(steps == 20u);
            BOOST_TEST(steps == plain_steps);
            BOOST_TEST(x.q.value() == z.q);
            BOOST_TEST(x.p.value() == z.p);
            BOOST_TEST(x.s.value() == z.s);
            BOOST_TEST(unit_s == plain_s, boost::test_tools::per_element());
        }
        {
            ustate x = unit_start;
            odeint::integrate_n_steps(ucvi2(), H, x, 0.0 * si::second, 0.25 * si::second, 40);
            oc::contact_state<double> z = plain_start;
            odeint::integrate_n_steps(oc::cvi2<oc::contact_state<double>>(), P, z, 0.0, 0.25, 40);
            BOOST_TEST(x.q.value() == z.q);
            BOOST_TEST(x.p.value() == z.p);
            BOOST_TEST(x.s.value() == z.s);
        }
    }
}

// value_and_kick with Boost.Units: a is a number, b a time, so that b dV/dq is a momentum.
// The spring written with it, with units and in plain numbers (the same double operations):
// chi2 and cvi2 call it (counted) and the two programs agree bit for bit.
std::size_t kick_calls = 0;

template <class Q, class K, class T>
struct kicked_spring : test_support::spring_potential<Q, K> {
    template <class P>
    auto value_and_kick(const Q& q, const T& t, double a, const T& b, const P& p_in, P& p_out) const {
        ++kick_calls;
        p_out = a * p_in - b * (this->k * q);
        return this->value(q, t);
    }
};

BOOST_AUTO_TEST_CASE(value_and_kick_with_units) {
    const auto H = oc::make_separable_hamiltonian(
        oc::quadratic_kinetic<quantity<si::mass>>{2.0 * si::kilogram},
        kicked_spring<test_support::si_units::length, test_support::si_units::stiffness, utime>{
            {2.0 * si::newton / si::meter}},
        oc::linear_action(0.125 / si::second));
    const auto P = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{2.0},
                                                  kicked_spring<double, double, double>{{2.0}},
                                                  oc::linear_action(0.125));
    using uchi2 = oc::chi2<ustate, double, uderiv, utime>;
    ustate x = unit_start, y = unit_start;
    oc::contact_state<double> z = plain_start, w = plain_start;
    odeint::integrate_n_steps(ucvi2(), H, x, 0.0 * si::second, 0.25 * si::second, 40);
    odeint::integrate_n_steps(oc::cvi2<oc::contact_state<double>>(), P, z, 0.0, 0.25, 40);
    odeint::integrate_n_steps(uchi2(), H, y, 0.0 * si::second, 0.25 * si::second, 40);
    odeint::integrate_n_steps(oc::chi2<oc::contact_state<double>>(), P, w, 0.0, 0.25, 40);
    BOOST_TEST(kick_calls == 2 * (2 * 40u + 40u));  // cvi2: 2 per step, chi2: 1, both programs
    BOOST_TEST(x.q.value() == z.q);
    BOOST_TEST(x.p.value() == z.p);
    BOOST_TEST(x.s.value() == z.s);
    BOOST_TEST(y.q.value() == w.q);
    BOOST_TEST(y.p.value() == w.p);
    BOOST_TEST(y.s.value() == w.s);
}

BOOST_AUTO_TEST_CASE(quadratic_action_and_failure_with_units) {
    // gamma in 1/(J s^2), so that gamma s^2/2 is an energy; the failure message carries units.
    const auto gamma = 1.0 / (si::joule * si::second * si::second);
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<quantity<si::mass>>{1.0 * si::kilogram},
                                                  unit_spring{1.0 * si::newton / si::meter},
                                                  oc::quadratic_action(gamma));
    ucvi2 stepper;
    ustate x{0.0 * si::meter, 0.0 * si::kilogram * si::meter / si::second, -30.0 * si::joule * si::second};
    const ustate before = x;
    // At q = p = 0: r = s - dt F(s)/2 = -30 J s - 0.1 s * 225 J = -52.5 J s, and the
    // discriminant 1 + dt gamma r = 1 - 5.25 < 0. With dt = 1 ms it is 1 - 0.03.
    BOOST_CHECK_THROW(stepper.do_step(H, x, 0.0 * si::second, 0.1 * si::second), oc::step_error);
    BOOST_TEST(x.s.value() == before.s.value());
    stepper.do_step(H, x, 0.0 * si::second, 0.001 * si::second);
    // ds/dt = -H = -gamma s^2/2 = -450 J: s falls by ~0.45 J s.
    BOOST_TEST(x.s.value() < before.s.value() - 0.4);
}

}  // namespace cvi2_units

// ---- action_term with units ----------------------------------------------------------------------
//
// s an action (J s), F an energy, dF/ds a rate (1/s), t a time. The numerical flow and the
// implicit solve run on the plain SI values, so chi2 and cvi2 on the cubic action F = s^3/3 (in SI
// units) give the plain-double trajectory bit for bit: any unit conversion or different operation
// order inside action_term would show up here.
namespace action_term_units {

using boost::units::quantity;
using action_unit = decltype(si::joule * si::second);
using plain_state = oc::contact_state<double>;

// V = q^2/2 (k = 1 N/m), with units and in plain numbers.
const test_support::si_units::spring spring{1.0 * si::newton / si::meter};
const test_support::spring_potential<double> plain_spring{1.0};

// F = s^3/3 in units of 1 J/(J s)^3, written on the values so that both versions do the same
// floating-point operations.
const auto F = [](quantity<action_unit> s, quantity<si::time>) {
    return quantity<si::energy>::from_value(s.value() * s.value() * s.value() / 3.0);
};
const auto dF = [](quantity<action_unit> s, quantity<si::time>) {
    return quantity<si::frequency>::from_value(s.value() * s.value());
};

template <class UnitStepper, class PlainStepper>
void check_bit_for_bit() {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<quantity<si::mass>>(1.0 * si::kilogram), spring,
                                                  oc::action_term(F, dF));
    const auto H_plain = oc::make_separable_hamiltonian(
        oc::quadratic_kinetic<>{}, plain_spring,
        oc::action_term([](double s, double) { return s * s * s / 3.0; }, [](double s, double) { return s * s; }));
    ustate x{1.0 * si::meter, 0.0 * si::kilogram * si::meter / si::second, quantity<action_unit>::from_value(0.8)};
    plain_state y{1.0, 0.0, 0.8};
    odeint::integrate_n_steps(UnitStepper(), H, x, 0.0 * si::second, 0.1 * si::second, 100);
    odeint::integrate_n_steps(PlainStepper(), H_plain, y, 0.0, 0.1, 100);
    BOOST_TEST(x.q.value() == y.q);
    BOOST_TEST(x.p.value() == y.p);
    BOOST_TEST(x.s.value() == y.s);
}


BOOST_AUTO_TEST_CASE(chi2_with_units_equals_plain_double) {
    check_bit_for_bit<oc::chi2<ustate, double, uderiv, quantity<si::time>>, oc::chi2<plain_state>>();
}

BOOST_AUTO_TEST_CASE(cvi2_with_units_equals_plain_double) {
    check_bit_for_bit<oc::cvi2<ustate, double, uderiv, quantity<si::time>>, oc::cvi2<plain_state>>();
}

}  // namespace action_term_units

// ---- the adaptive forms ------------------------------------------------------------------------
// controlled_contact, dense_output_contact and reversible_adaptive (issue 25) on the damped spring
// in SI units through integrate_adaptive, integrate_const and integrate_n_steps, against the same
// program in plain doubles. The error norm weighs each part of (q, p, s) in its own unit
// (contact_error_checker), the step sizes are times: units change types, not arithmetic, so every
// value must match bit for bit. integrate_times is not here: odeint's integrate_times for
// controlled and dense-output steppers static_casts the observation times to plain numbers
// (boost/numeric/odeint/integrate/detail/integrate_times.hpp) and does not compile with a unit
// time, for odeint's own steppers too.

namespace adaptive_units {

using uchi4 = oc::chi4<ustate, double, uderiv, utime>;
using dchi4 = oc::chi4<dstate>;

// sigma = 1/(1 + q^2) in seconds, q in metres: steps shorten away from the rest point. Numbers
// from the values in their units, so that one monitor serves both programs.
struct spring_monitor {
    template <class State, class Time>
    double sigma(const State& x, const Time&) const {
        const double q = odeint::get_unit_value(x.q);
        return 1.0 / (1.0 + q * q);
    }
    template <class State, class Time>
    double log_rate(const State& x, const Time&) const {  // d/dt ln sigma, mass 1 kg
        const double q = odeint::get_unit_value(x.q);
        return -2.0 * q * odeint::get_unit_value(x.p) / (1.0 + q * q);
    }
};

// The forms, built the same way for both state types.
struct controlled {
    template <class S, class Time>
    static auto make(Time) { return odeint::make_controlled(1e-9, 1e-9, S()); }
};
struct controlled_max_dt {
    template <class S, class Time>
    static auto make(Time second) { return odeint::make_controlled(1e-9, 1e-9, 0.05 * second, S()); }
};
struct dense_output {
    template <class S, class Time>
    static auto make(Time) { return odeint::make_dense_output(1e-9, 1e-9, S()); }
};
struct dense_output_max_dt {
    template <class S, class Time>
    static auto make(Time second) { return odeint::make_dense_output(1e-9, 1e-9, 0.05 * second, S()); }
};
struct reversible {
    template <class S, class Time>
    static auto make(Time) { return oc::reversible_adaptive<S, spring_monitor>(0.02); }
};
struct reversible_calibrated {
    template <class S, class Time>
    static auto make(Time) { return oc::reversible_adaptive<S, spring_monitor>(1e-9, 1e-9); }
};

// Times and (q, p, s) as plain numbers, as an observer saw them.
using record = std::vector<std::vector<double>>;
template <class State, class Time>
auto recorder(record& r) {
    return [&r](const State& x, Time t) {
        r.push_back({odeint::get_unit_value(t), odeint::get_unit_value(x.q), odeint::get_unit_value(x.p),
                     odeint::get_unit_value(x.s)});
    };
}

// One program: the three integrate functions from x0 over [0, 3] s.
template <class Form, class Stepper, class State, class Time, class System>
record run(const System& system, const State& x0, Time second) {
    record r;
    State x = x0;
    odeint::integrate_adaptive(Form::template make<Stepper>(second), system, x, 0.0 * second, 3.0 * second,
                               0.1 * second, recorder<State, Time>(r));
    x = x0;
    odeint::integrate_const(Form::template make<Stepper>(second), system, x, 0.0 * second, 3.0 * second, 0.25 * second,
                            recorder<State, Time>(r));
    x = x0;
    odeint::integrate_n_steps(Form::template make<Stepper>(second), system, x, 0.0 * second, 0.25 * second, 12,
                              recorder<State, Time>(r));
    return r;
}

using forms = boost::mpl::list<controlled, controlled_max_dt, dense_output, dense_output_max_dt, reversible,
                               reversible_calibrated>;

BOOST_AUTO_TEST_CASE_TEMPLATE(every_adaptive_form_in_units_is_the_same_in_doubles, Form, forms) {
    const ustate ux0{0.5 * si::meter, -0.25 * si::kilogram * si::meter / si::second, 0.125 * si::joule * si::second};
    const dstate dx0{0.5, -0.25, 0.125};
    const record u = run<Form, uchi4>(unit_damped_spring(1.0, 4.0, 0.125), ux0, 1.0 * si::second);
    const record d = run<Form, dchi4>(plain_damped_spring(1.0, 4.0, 0.125), dx0, 1.0);
    BOOST_TEST(u.size() > 2u * 13u);  // integrate_const and integrate_n_steps observe 13 times each
    BOOST_TEST(u == d);
}

}  // namespace adaptive_units
