// SPDX-License-Identifier: BSL-1.0
// contact_state as an odeint state: its default action type, odeint's resizing protocol
// (is_resizeable / same_size / resize and steppers that follow a state that changes size), and
// the number types the issue names - double, std::array, std::vector, Boost.Units quantities and
// multiprecision cpp_bin_float_50 - with chi2 and with odeint's own runge_kutta4.
#define BOOST_TEST_MODULE contact_state
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/numeric/odeint.hpp>
#include <boost/units/quantity.hpp>
#include <boost/units/systems/si.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
namespace si = boost::units::si;
using boost::units::quantity;
using mp = boost::multiprecision::cpp_bin_float_50;

using array_state = oc::contact_state<std::array<double, 2>>;
using vector_state = oc::contact_state<std::vector<double>>;
using scalar_state = oc::contact_state<double>;
using mp_state = oc::contact_state<mp>;
using action_unit = decltype(si::joule * si::second);
using unit_state = oc::contact_state<quantity<si::length>, quantity<si::momentum>, quantity<action_unit>>;

// ---- default action type: the scalar of Q ----------------------------------------------------
static_assert(std::is_same_v<scalar_state::action_type, double>);
static_assert(std::is_same_v<array_state::action_type, double>);
static_assert(std::is_same_v<vector_state::action_type, double>);
static_assert(std::is_same_v<oc::contact_state<std::array<float, 3>>::action_type, float>);
static_assert(std::is_same_v<mp_state::action_type, mp>);
static_assert(std::is_same_v<oc::contact_state<std::vector<mp>>::action_type, mp>);
static_assert(std::is_same_v<oc::contact_state<quantity<si::length>>::action_type, quantity<si::length>>);
static_assert(std::is_same_v<array_state::momentum_type, std::array<double, 2>>);
static_assert(std::is_same_v<unit_state::action_type, quantity<action_unit>>);
static_assert(std::is_aggregate_v<array_state> && std::is_aggregate_v<unit_state>);

// ---- is_resizeable ----------------------------------------------------------------------------
static_assert(odeint::is_resizeable<vector_state>::value);
static_assert(odeint::is_resizeable<oc::contact_state<std::vector<double>, std::array<double, 3>, double>>::value,
              "one resizeable component makes the state resizeable");
static_assert(!odeint::is_resizeable<array_state>::value);
static_assert(!odeint::is_resizeable<scalar_state>::value);
static_assert(!odeint::is_resizeable<mp_state>::value);
static_assert(!odeint::is_resizeable<unit_state>::value);
// odeint's resizers dispatch on the type of is_resizeable<State>::type: boost::true_type up to
// Boost 1.85, std::true_type from 1.86 on. Deriving from exactly what odeint says for a vector
// (or a double) keeps contact_state right on both; a hard-coded boost::true_type would select no
// overload on 1.86 and compile to nothing useful.
static_assert(std::is_base_of_v<odeint::is_resizeable<std::vector<double>>::type, odeint::is_resizeable<vector_state>>);
static_assert(std::is_base_of_v<odeint::is_resizeable<double>::type, odeint::is_resizeable<array_state>>);
static_assert(std::is_base_of_v<odeint::is_resizeable<double>::type, odeint::is_resizeable<unit_state>>);

namespace {

// H = |p|^2/2 + k|q|^2/2 + gamma s, whose exact solution is test_support::damped_oscillator.
constexpr double k_spring = 1.0;
constexpr double gamma_damping = 0.3;
const test_support::damped_oscillator exact_oscillator{gamma_damping, 1.0, k_spring};

auto oscillator(test_support::eval_counter* counter = nullptr) {
    test_support::harmonic_potential<> v;
    v.k0 = k_spring;
    v.counter = counter;
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, v, oc::linear_action(gamma_damping));
}

// The components of q and p evolve independently and s is linear in the data:
// s(t) = s0 e^{-gamma t} + sum_i s_i(t), where s_i is the action of component i alone started
// from s = 0 (both sides solve s' = sum_i g_i(q_i, p_i) - gamma s with the same s(0)).
template <std::size_t N>
oc::contact_state<std::array<double, N>> exact_solution(const oc::contact_state<std::array<double, N>>& x0,
                                                        double t) {
    oc::contact_state<std::array<double, N>> x{{}, {}, x0.s * std::exp(-gamma_damping * t)};
    for (std::size_t i = 0; i < N; ++i) {
        const auto xi = exact_oscillator({x0.q[i], x0.p[i], 0.0}, t);
        x.q[i] = xi.q;
        x.p[i] = xi.p;
        x.s += xi.s;
    }
    return x;
}

template <class State>
double max_error(const State& x, const State& exact) {
    return std::max({test_support::max_abs_difference(x.q, exact.q), test_support::max_abs_difference(x.p, exact.p),
                     test_support::max_abs_difference(x.s, exact.s)});
}

template <class Stepper, class State, class System>
void run(Stepper& stepper, const System& system, State& x, double t_end, std::size_t n) {
    odeint::integrate_n_steps(stepper, system, x, 0.0, t_end / static_cast<double>(n), n);
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::memcmp(&a[i], &b[i], sizeof(double)) != 0) return false;
    return true;
}

bool same_bits(const vector_state& a, const vector_state& b) {
    return same_bits(a.q, b.q) && same_bits(a.p, b.p) && std::memcmp(&a.s, &b.s, sizeof(double)) == 0;
}

vector_state make_vector_state(std::size_t n) {
    vector_state x{std::vector<double>(n), std::vector<double>(n), 0.25};
    for (std::size_t i = 0; i < n; ++i) {
        x.q[i] = 0.5 + 0.1 * static_cast<double>(i);
        x.p[i] = -0.2 + 0.05 * static_cast<double>(i);
    }
    return x;
}

}  // namespace

BOOST_AUTO_TEST_CASE(same_size_and_resize_follow_q_and_p) {
    vector_state big = make_vector_state(4);
    vector_state small = make_vector_state(2);
    BOOST_TEST(!odeint::same_size(big, small));
    BOOST_TEST(odeint::same_size(big, make_vector_state(4)));
    odeint::resize(small, big);
    BOOST_TEST(small.q.size() == 4u);
    BOOST_TEST(small.p.size() == 4u);
    BOOST_TEST(odeint::same_size(small, big));
    // Only p differs in size: same_size must look at p too, not just at q.
    vector_state half = make_vector_state(4);
    half.p.resize(3);
    BOOST_TEST(!odeint::same_size(half, big));
    odeint::resize(half, big);
    BOOST_TEST(half.p.size() == 4u);
    // A mixed state resizes only its resizeable component.
    using mixed = oc::contact_state<std::vector<double>, std::array<double, 3>, double>;
    mixed a{std::vector<double>(3), {}, 0.0};
    mixed b{std::vector<double>(1), {}, 0.0};
    BOOST_TEST(!odeint::same_size(a, b));
    odeint::resize(b, a);
    BOOST_TEST(b.q.size() == 3u);
    BOOST_TEST(odeint::same_size(a, b));
}

// A stepper that has seen one size must, after adjust_size (default initially_resizer) or on its
// own (always_resizer), give exactly what a fresh stepper gives at the new size. Same code, same
// input: the results are compared bit for bit. A buffer left at the old size would either read
// out of bounds (caught by the sanitizer build) or leave stale components in the result.
template <class Stepper>
void check_follows_size_changes(bool explicit_adjust) {
    const auto H = oscillator();
    Stepper stepper;
    for (const std::size_t n : {3u, 7u, 2u, 7u}) {
        vector_state x = make_vector_state(n);
        if (explicit_adjust) stepper.adjust_size(x);
        stepper.do_step(H, x, 0.0, 0.1);
        stepper.do_step(H, x, 0.1, 0.1);
        vector_state y = make_vector_state(n);
        Stepper fresh;
        fresh.do_step(H, y, 0.0, 0.1);
        fresh.do_step(H, y, 0.1, 0.1);
        BOOST_TEST(x.q.size() == n);
        BOOST_TEST(same_bits(x, y), "size " << n);
    }
}

BOOST_AUTO_TEST_CASE(chi2_follows_vector_size_changes) {
    check_follows_size_changes<oc::chi2<vector_state>>(true);
    check_follows_size_changes<oc::chi2<vector_state, double, vector_state, double, oc::contact_algebra,
                                         odeint::default_operations, odeint::always_resizer>>(false);
}

BOOST_AUTO_TEST_CASE(runge_kutta4_follows_vector_size_changes) {
    check_follows_size_changes<odeint::runge_kutta4<vector_state>>(true);
    check_follows_size_changes<odeint::runge_kutta4<vector_state, double, vector_state, double,
                                                    oc::contact_algebra, odeint::default_operations,
                                                    odeint::always_resizer>>(false);
}

// odeint::runge_kutta4<contact_state<std::array<double,2>>> with default template arguments is a
// correct fourth-order method on the contact vector field: against the exact solution, errors at
// T = 2 fall by 2^4 per halving of dt.
BOOST_AUTO_TEST_CASE(runge_kutta4_with_defaults_is_right) {
    const auto H = oscillator();
    const double t_end = 2.0;
    const array_state x0{{1.0, -0.5}, {0.25, 0.75}, 0.125};
    const array_state exact = exact_solution(x0, t_end);
    std::vector<double> errors;
    for (const std::size_t n : {20u, 40u, 80u, 160u}) {
        array_state x = x0;
        odeint::runge_kutta4<array_state> rk4;
        run(rk4, H, x, t_end, n);
        errors.push_back(max_error(x, exact));
    }
    // Errors at dt = 0.1 ... 0.0125 are 1.0e-6 ... 2.6e-10, far above round-off (~1e-15), so every
    // halving measures truncation error; measured orders 4.00, 3.98, 3.99. 0.1 around 4 allows
    // the higher-order terms; a third-order field error would show as 3.
    for (const double e : errors) BOOST_TEST_MESSAGE("rk4 error " << e);
    for (const double order : test_support::observed_orders(errors)) BOOST_TEST(std::abs(order - 4.0) < 0.1);
    // Measured 2.6e-10 at dt = 0.0125; a wrong field (s' without the -H term, say) is O(1) off.
    BOOST_TEST(errors.back() < 1e-9);
}

// The component types are interchangeable: the same one-dimensional problem as a double, an
// std::array<double,1> and an std::vector<double> of size 1 goes through the same arithmetic
// (element-wise scale_sum, a dot product that starts from 0), so the results agree to the last
// bit; a tolerance of zero would be brittle only under FMA contraction, hence two ulps.
BOOST_AUTO_TEST_CASE(chi2_agrees_across_component_types) {
    const auto H = oscillator();
    scalar_state a{0.8, -0.3, 0.1};
    oc::contact_state<std::array<double, 1>> b{{0.8}, {-0.3}, 0.1};
    vector_state c{{0.8}, {-0.3}, 0.1};
    oc::chi2<scalar_state> chi_a;
    oc::chi2<oc::contact_state<std::array<double, 1>>> chi_b;
    oc::chi2<vector_state> chi_c;
    run(chi_a, H, a, 3.0, 30);
    run(chi_b, H, b, 3.0, 30);
    run(chi_c, H, c, 3.0, 30);
    const double ulp2 = 2 * std::numeric_limits<double>::epsilon();
    for (const double v : {b.q[0], c.q[0]}) BOOST_TEST(std::abs(v - a.q) <= ulp2 * std::abs(a.q));
    for (const double v : {b.p[0], c.p[0]}) BOOST_TEST(std::abs(v - a.p) <= ulp2 * std::abs(a.p));
    for (const double v : {b.s, c.s}) BOOST_TEST(std::abs(v - a.s) <= ulp2 * std::abs(a.s));
    // ... and it is the right problem: chi2 is within its O(dt^2) error of the exact solution
    // (measured 6.0e-4 at dt = 0.1, T = 3; 2e-3 leaves room for that, any wrong flow is O(0.1)).
    const scalar_state exact = exact_oscillator({0.8, -0.3, 0.1}, 3.0);
    BOOST_TEST_MESSAGE("chi2 error at dt = 0.1: " << max_error(a, exact));
    BOOST_TEST(max_error(a, exact) < 2e-3);
}

// ---- multiprecision -------------------------------------------------------------------------

namespace {

// V = k(t) q^2/2 with k(t) = 1 + sin(t)/4, in the number type of the state.
struct mp_potential {
    static mp stiffness(const mp& t) { return 1 + sin(t) / 4; }
    mp value(const mp& q, const mp& t) const { return stiffness(t) * q * q / 2; }
    void gradient(const mp& q, const mp& t, mp& dVdq) const { dVdq = stiffness(t) * q; }
};

// V = k q^2/2 with a constant k, for comparison with the exact solution.
struct mp_spring {
    mp k;
    mp value(const mp& q, const mp&) const { return k * q * q / 2; }
    void gradient(const mp& q, const mp&, mp& dVdq) const { dVdq = k * q; }
};

mp damping(const mp& t) { return mp(3) / 10 + cos(t) / 5; }

auto mp_hamiltonian() {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<mp>{mp(2)}, mp_potential{},
                                          oc::linear_action([](const mp& t) { return damping(t); }));
}

}  // namespace

// One chi2 step on contact_state<cpp_bin_float_50> equals the splitting
// D(tau/2) C(tau/2) B(tau/2) A(tau) B(tau/2) C(tau/2) D(tau/2) written out by hand (errata
// section 1) to 50 digits: nothing on the way goes through double (a double constant or a
// double-valued exp would show as a 1e-17 relative difference).
BOOST_AUTO_TEST_CASE(chi2_step_in_multiprecision_keeps_all_digits) {
    const auto H = mp_hamiltonian();
    const mp m(2), t(mp(1) / 3), tau(mp(1) / 7);
    const mp q0 = mp(5) / 7, p0 = -mp(2) / 3, s0 = mp(1) / 11;
    const mp tm = t + tau / 2;  // V and F at the midpoint time
    const mp h = tau / 2;
    const mp q1 = q0 + h * p0 / m;                           // C(tau/2)
    mp s = s0 + h * p0 * p0 / (2 * m);                       //   p dT/dp - T = p^2/(2m)
    mp p = p0 - h * mp_potential::stiffness(tm) * q1;        // B(tau/2)
    s -= h * mp_potential{}.value(q1, tm);                   //   s -= h V
    const mp lambda = exp(-damping(tm) * tau);               // A(tau), F = f s
    s *= lambda;
    p *= lambda;
    p -= h * mp_potential::stiffness(tm) * q1;               // B(tau/2)
    s -= h * mp_potential{}.value(q1, tm);
    const mp q2 = q1 + h * p / m;                            // C(tau/2)
    s += h * p * p / (2 * m);

    mp_state x{q0, p0, s0};
    oc::chi2<mp_state, mp> chi;
    chi.do_step(H, x, t, tau);
    // Measured: identical. The tolerance, some ulps of 1e-50, only allows a different association
    // of sums inside the library; a single double-precision operation would cost 1e-17.
    BOOST_TEST_MESSAGE("multiprecision step differences " << abs(x.q - q2) << " " << abs(x.p - p) << " " << abs(x.s - s));
    const mp tol("1e-48");
    BOOST_TEST(abs(x.q - q2) < tol);
    BOOST_TEST(abs(x.p - p) < tol);
    BOOST_TEST(abs(x.s - s) < tol);
}

// runge_kutta4 with a multiprecision Value: order 4 measured down to errors near 3e-17 (measured
// 1.1e-13, 7.2e-15, 4.5e-16, 2.8e-17 at n = 512 ... 4096), where in double the round-off of
// thousands of steps (~1e-14) would flatten the slope. The bound 1e-16 on the last error is
// below what double arithmetic can deliver here.
BOOST_AUTO_TEST_CASE(runge_kutta4_in_multiprecision_is_fourth_order_below_double_precision) {
    const mp m(1), k(1), gamma(mp(3) / 10), t_end(1);
    const mp_state x0{mp(1), mp(1) / 4, mp(0)};
    const mp_state exact = test_support::basic_damped_oscillator<mp>{gamma, m, k}(x0, t_end);
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<mp>{m}, mp_spring{k},
                                                  oc::linear_action(gamma));
    std::vector<double> errors;
    for (const unsigned n : {512u, 1024u, 2048u, 4096u}) {
        mp_state x = x0;
        odeint::runge_kutta4<mp_state, mp> rk4;
        odeint::integrate_n_steps(rk4, H, x, mp(0), t_end / n, n);
        errors.push_back(max_error(x, exact));
    }
    for (const double e : errors) BOOST_TEST_MESSAGE("rk4 multiprecision error " << e);
    // 0.05: the measured orders are 4.00 to three digits.
    for (const double order : test_support::observed_orders(errors)) BOOST_TEST(std::abs(order - 4.0) < 0.05);
    BOOST_TEST(errors.back() < 1e-16);
}
