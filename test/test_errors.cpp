// SPDX-License-Identifier: BSL-1.0
// How odeint-contact fails: the finite-time blow-up of a quadratic action inside a step is a
// step_error that names the stepper, the step and the values and leaves the state unchanged bit
// for bit; invalid parameters are parameter_errors. Both derive from odeint_contact::error, a
// std::runtime_error.
#define BOOST_TEST_MODULE errors
#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <locale>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include <boost/mpl/list.hpp>
#include <boost/numeric/odeint.hpp>
#include <boost/units/quantity.hpp>
#include <boost/units/systems/si.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
namespace si = boost::units::si;

static_assert(std::is_base_of_v<std::runtime_error, oc::error>);
static_assert(std::is_base_of_v<oc::error, oc::step_error>);
static_assert(std::is_base_of_v<oc::error, oc::parameter_error>);

using state = oc::contact_state<std::array<double, 2>>;
using scalar_state = oc::contact_state<double>;

namespace {

constexpr double nan_value = std::numeric_limits<double>::quiet_NaN();
constexpr double inf_value = std::numeric_limits<double>::infinity();

// H = |p|^2/2 + |q|^2/2 + gamma s^2/2 with gamma = 1. Its A flow s' = 2s/(2 + gamma dt s) blows
// up within the step when 2 + gamma dt s <= 0, s being the action when A starts.
auto quadratic_system() {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                          oc::quadratic_action(1.0));
}

template <class State>
bool same_bits(const State& a, const State& b) {
    static_assert(std::is_trivially_copyable_v<State>);
    return std::memcmp(&a, &b, sizeof(State)) == 0;
}
bool same_bits(const oc::contact_state<std::vector<double>>& a, const oc::contact_state<std::vector<double>>& b) {
    const auto same = [](const std::vector<double>& u, const std::vector<double>& v) {
        return u.size() == v.size() && std::memcmp(u.data(), v.data(), u.size() * sizeof(double)) == 0;
    };
    return same(a.q, b.q) && same(a.p, b.p) && std::memcmp(&a.s, &b.s, sizeof(double)) == 0;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Runs f, which must throw E; returns the message.
template <class E, class F>
std::string message_of(F&& f) {
    try {
        f();
    } catch (const E& e) {
        return e.what();
    } catch (...) {
        BOOST_ERROR("threw something other than the expected type");
        return {};
    }
    BOOST_ERROR("did not throw");
    return {};
}

}  // namespace

// A: s = -30 at dt = 0.125 gives 2 + gamma dt s = -1.75 (up to the small change of s by C and B).
BOOST_AUTO_TEST_CASE(blow_up_throws_a_step_error_naming_the_step) {
    const auto H = quadratic_system();
    const state x0{{0.5, -0.25}, {0.2, 0.1}, -30.0};
    oc::chi2<state> chi;
    state x = x0;
    const std::string what = message_of<oc::step_error>([&] { chi.do_step(H, x, 0.25, 0.125); });
    BOOST_TEST_MESSAGE(what);
    BOOST_TEST(contains(what, "chi2"));
    BOOST_TEST(contains(what, "t = 0.25"));
    BOOST_TEST(contains(what, "dt = 0.125"));
    BOOST_TEST(contains(what, "2 + gamma dt s = -1.75"));  // -1.7508..., s having moved by C and B
    BOOST_TEST(contains(what, "gamma = 1"));
    BOOST_TEST(contains(what, "s = -30.00"));
    BOOST_TEST(same_bits(x, x0));
    // The same failure is catchable as the base classes.
    BOOST_CHECK_THROW(chi.do_step(H, x, 0.25, 0.125), oc::error);
    BOOST_CHECK_THROW(chi.do_step(H, x, 0.25, 0.125), std::runtime_error);
    BOOST_TEST(same_bits(x, x0));
    // Out of place: the input is not touched either.
    state out{};
    BOOST_CHECK_THROW(chi.do_step(H, x, 0.25, out, 0.125), oc::step_error);
    BOOST_TEST(same_bits(x, x0));
    // And the stepper is still usable afterwards.
    state y{{0.5, -0.25}, {0.2, 0.1}, 0.5};
    chi.do_step(H, y, 0.25, 0.125);
    BOOST_TEST(std::isfinite(y.s));
}

// At q = p = 0, C and B leave s alone, so 2 + gamma dt s is computed exactly: with dt = 1/8,
// s = -16 gives exactly 0 (the flow reaches infinity at the end of the step: a failure), and
// s = -15.75 gives 1/32 > 0 (it exists: s' = 2s/(1/32) = -1008, exactly).
BOOST_AUTO_TEST_CASE(blow_up_boundary_is_exact) {
    const auto H = quadratic_system();
    oc::chi2<scalar_state> chi;
    const scalar_state at_boundary{0.0, 0.0, -16.0};
    scalar_state x = at_boundary;
    BOOST_CHECK_THROW(chi.do_step(H, x, 0.0, 0.125), oc::step_error);
    BOOST_TEST(same_bits(x, at_boundary));
    scalar_state y{0.0, 0.0, -15.75};
    BOOST_CHECK_NO_THROW(chi.do_step(H, y, 0.0, 0.125));
    BOOST_TEST(y.s == -1008.0);
}

// chi4's middle stage runs backwards (x0 = 1 - 2 x1 < 0), so a large positive s, harmless for
// chi2, meets the blow-up there: stage 1 maps s = 1000 to about 2/(x1 dt) = 7.4, and stage 2 has
// 2 + gamma x0 dt s ~ 2 - 0.34 * 7.4 < 0. The failure comes after stage 1 has run, and still the
// caller's state is unchanged.
BOOST_AUTO_TEST_CASE(failure_in_a_later_stage_leaves_the_state_unchanged) {
    const auto H = quadratic_system();
    const state x0{{0.3, 0.1}, {0.1, -0.2}, 1000.0};
    state x = x0;
    BOOST_CHECK_NO_THROW(oc::chi2<state>().do_step(H, x, 0.0, 0.2));
    x = x0;
    oc::chi4<state> chi4;
    const std::string what = message_of<oc::step_error>([&] { chi4.do_step(H, x, 0.0, 0.2); });
    BOOST_TEST_MESSAGE(what);
    BOOST_TEST(contains(what, "chi4"));
    BOOST_TEST(contains(what, "stage 2 of 3"));
    BOOST_TEST(same_bits(x, x0));
    state out{};
    BOOST_CHECK_THROW(chi4.do_step(H, x, 0.0, out, 0.2), oc::step_error);
    BOOST_TEST(same_bits(x, x0));
}

// Each of chi6 and chi8 from a state where its first stage fails, and from one where a later
// stage fails: the state survives either way.
template <class Stepper>
void check_unchanged_on_failure(const state& x0, double dt, const std::string& where) {
    const auto H = quadratic_system();
    Stepper stepper;
    state x = x0;
    const std::string what = message_of<oc::step_error>([&] { stepper.do_step(H, x, 0.0, dt); });
    BOOST_TEST_MESSAGE(what);
    BOOST_TEST(contains(what, where), what);
    BOOST_TEST(same_bits(x, x0));
}

// s = -30 fails in the first stage of both (a forward stage with 2 + w dt s < 0); s = 1000 is
// contracted by the forward stages to below 10 and then fails in the first backward one, stage 3.
BOOST_AUTO_TEST_CASE(higher_orders_leave_the_state_unchanged) {
    const state early{{0.3, 0.1}, {0.1, -0.2}, -30.0};
    const state late{{0.3, 0.1}, {0.1, -0.2}, 1000.0};
    check_unchanged_on_failure<oc::chi6<state>>(early, 0.125, "chi6::do_step: step from t = 0 with dt = 0.125 failed in stage 1 of 7");
    check_unchanged_on_failure<oc::chi6<state>>(late, 0.2, "stage 3 of 7");
    check_unchanged_on_failure<oc::chi8<state>>(early, 0.125, "chi8::do_step: step from t = 0 with dt = 0.125 failed in stage 1 of 15");
    check_unchanged_on_failure<oc::chi8<state>>(late, 0.2, "stage 3 of 15");
}

// q = p = 0 stays there, and ds/dt = -gamma s^2/2 runs to -infinity. From s = -15 with dt = 1/8
// the first step exists (2 + dt s = 1/8, s -> -240) and the second cannot (2 - 30 < 0). The
// exception leaves integrate_const with the state of the last completed step.
BOOST_AUTO_TEST_CASE(blow_up_propagates_through_integrate_const) {
    const auto H = quadratic_system();
    scalar_state x{0.0, 0.0, -15.0};
    std::size_t observed = 0;
    BOOST_CHECK_THROW(odeint::integrate_const(oc::chi2<scalar_state>(), H, x, 0.0, 1.0, 0.125,
                                              [&](const scalar_state&, double) { ++observed; }),
                      oc::step_error);
    BOOST_TEST(observed == 2u);  // at t = 0 and t = 1/8, before each attempted step
    BOOST_TEST(x.q == 0.0);
    BOOST_TEST(x.p == 0.0);
    BOOST_TEST(x.s == -240.0);
}

// F = f s with f dt = -1000: exp(1000) overflows, and the step says so instead of returning inf_value.
BOOST_AUTO_TEST_CASE(overflowing_linear_action_is_a_step_error) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                                  oc::linear_action(-1000.0));
    const scalar_state x0{0.5, 0.5, 0.5};
    scalar_state x = x0;
    const std::string what = message_of<oc::step_error>([&] { oc::chi2<scalar_state>().do_step(H, x, 0.0, 1.0); });
    BOOST_TEST_MESSAGE(what);
    BOOST_TEST(contains(what, "not finite"));
    BOOST_TEST(contains(what, "f = -1000"));
    BOOST_TEST(same_bits(x, x0));
}

// ---- invalid parameters -----------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(invalid_masses_are_rejected) {
    for (const double m : {0.0, -0.0, -1.0, nan_value, inf_value, -inf_value}) {
        const std::string what = message_of<oc::parameter_error>([&] { oc::quadratic_kinetic<> k{m}; });
        BOOST_TEST(contains(what, "quadratic_kinetic"), "mass " << m);
        BOOST_TEST(contains(what, "mass"), "mass " << m);
    }
    BOOST_CHECK_THROW(oc::quadratic_kinetic<boost::units::quantity<si::mass>>{-1.0 * si::kilogram},
                      oc::parameter_error);
    BOOST_CHECK_THROW(oc::quadratic_kinetic<>{0.0}, oc::error);
    BOOST_CHECK_NO_THROW(oc::quadratic_kinetic<>{1e-300});
}

BOOST_AUTO_TEST_CASE(non_finite_action_constants_are_rejected) {
    for (const double c : {nan_value, inf_value, -inf_value}) {
        BOOST_CHECK_THROW(static_cast<void>(oc::linear_action(c)), oc::parameter_error);
        BOOST_CHECK_THROW(static_cast<void>(oc::quadratic_action(c)), oc::parameter_error);
    }
    const std::string what = message_of<oc::parameter_error>([] { static_cast<void>(oc::linear_action(nan_value)); });
    BOOST_TEST(contains(what, "linear_action"));
    BOOST_TEST(contains(message_of<oc::parameter_error>([] { static_cast<void>(oc::quadratic_action(inf_value)); }), "quadratic_action"));
    // Negative and zero constants are legitimate (anti-damping, no action term).
    BOOST_CHECK_NO_THROW(oc::linear_action(-0.5));
    BOOST_CHECK_NO_THROW(oc::quadratic_action(0.0));
}

BOOST_AUTO_TEST_CASE(non_finite_t_or_dt_is_a_parameter_error) {
    const auto H = quadratic_system();
    const state x0{{0.5, -0.25}, {0.2, 0.1}, 0.5};
    oc::chi2<state> chi;
    for (const double bad : {nan_value, inf_value, -inf_value}) {
        state x = x0;
        const std::string what = message_of<oc::parameter_error>([&] { chi.do_step(H, x, 0.0, bad); });
        BOOST_TEST(contains(what, "chi2"));
        BOOST_TEST(same_bits(x, x0));
        BOOST_CHECK_THROW(chi.do_step(H, x, bad, 0.1), oc::parameter_error);
        BOOST_TEST(same_bits(x, x0));
        state out{};
        BOOST_CHECK_THROW(chi.do_step(H, x, 0.0, out, bad), oc::parameter_error);
        BOOST_CHECK_THROW(chi.do_step(H, x, bad, out, 0.1), oc::parameter_error);
        BOOST_TEST(same_bits(x, x0));
    }
}

// ---- masses (issue 13, items 1 and 7) ---------------------------------------------------------

// quadratic_kinetic{2} is the mass 2.0: T = |p|^2/4 and q moves by tau p/2, not an integer mass
// with 1/m = 1/(2m) = 0 in integer arithmetic (q would never move). A literal 0 is refused like
// 0.0, before any division.
BOOST_AUTO_TEST_CASE(an_integer_literal_is_a_floating_point_mass) {
    const oc::quadratic_kinetic k{2};
    static_assert(std::is_same_v<std::decay_t<decltype(k.mass())>, double>);
    BOOST_TEST(k.mass() == 2.0);
    const std::array<double, 2> p{1.0, 3.0};
    BOOST_TEST(k.value(p) == 2.5);  // (1 + 9)/4, exact
    std::array<double, 2> q{0.0, 0.0};
    k.flow(q, p, 0.5, q);
    BOOST_TEST(q[0] == 0.25);
    BOOST_TEST(q[1] == 0.75);
    BOOST_CHECK_THROW(oc::quadratic_kinetic{0}, oc::parameter_error);
    BOOST_CHECK_THROW(oc::quadratic_kinetic{-3}, oc::parameter_error);
}

// 1/m must be a finite number and 1/(2m) a normal one: a subnormal mass has 1/m = inf (T and q
// become inf and NaN), and a mass near the largest double has 1/(2m) = 0 (m + m overflows) or
// a subnormal 1/(2m) with a few bits left: T = 0 while dT/dp = p/m != 0.
BOOST_AUTO_TEST_CASE(masses_without_a_representable_inverse_are_rejected) {
    const double smallest_normal = std::numeric_limits<double>::min();
    for (const double m : {std::numeric_limits<double>::denorm_min(), 1e-310, smallest_normal / 2, 1e308,
                           std::numeric_limits<double>::max()}) {
        const std::string what = message_of<oc::parameter_error>([&] { oc::quadratic_kinetic<> k{m}; });
        BOOST_TEST(contains(what, "quadratic_kinetic"), "mass " << m << ": " << what);
    }
    // The extremes that are kept: every one of m, 1/m, 1/(2m) is a normal number.
    BOOST_CHECK_NO_THROW(oc::quadratic_kinetic<>{4.0 * smallest_normal});
    BOOST_CHECK_NO_THROW(oc::quadratic_kinetic<>{1e307});
    const oc::quadratic_kinetic<> heavy{1e307};
    BOOST_TEST(heavy.value(1.0) > 0.0);
}

// A null function pointer as a coefficient would crash at the first step.
double damping(double t) { return 0.1 * t; }

BOOST_AUTO_TEST_CASE(null_coefficient_functions_are_rejected) {
    double (*null)(double) = nullptr;
    BOOST_TEST(contains(message_of<oc::parameter_error>([&] { static_cast<void>(oc::linear_action(null)); }),
                        "linear_action"));
    BOOST_TEST(contains(message_of<oc::parameter_error>([&] { static_cast<void>(oc::quadratic_action(null)); }),
                        "quadratic_action"));
    BOOST_CHECK_NO_THROW(static_cast<void>(oc::linear_action(&damping)));
    BOOST_CHECK_NO_THROW(static_cast<void>(oc::quadratic_action(&damping)));
}

// ---- q and p of different lengths (issue 13, item 2; issue 24, item 2) ------------------------

using vector_state = oc::contact_state<std::vector<double>>;

// L = |v|^2/2 - |q|^2/2 - 0.1 z, the damped oscillator as a contact Lagrangian. It loops over q's
// length and writes dq and dv, which are sized like p: it relies on q and p having one length.
struct damped_lagrangian {
    template <class Q>
    double value(const Q& q, const Q& v, double z, double) const {
        double sum = 0;
        for (std::size_t i = 0; i < q.size(); ++i) sum += (v[i] * v[i] - q[i] * q[i]) / 2;
        return sum - 0.1 * z;
    }
    template <class Q, class P>
    double partials(const Q& q, const Q& v, double, double, P& dq, P& dv) const {
        for (std::size_t i = 0; i < q.size(); ++i) {
            dq[i] = -q[i];
            dv[i] = v[i];
        }
        return -0.1;
    }
};

// The three kinds of system: separable, split (H = |p|^2/2 + |q|^2/2 + (|q|^2/2) s) and Lagrangian.
auto separable_system() {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                          oc::linear_action(0.1));
}
auto split_system() {
    return oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}),
                                      oc::potential_piece(test_support::harmonic_potential<>{}),
                                      oc::position_damping(test_support::harmonic_potential<>{}));
}
auto lagrangian_system() { return oc::make_contact_lagrangian(damped_lagrangian{}); }

// A stepper and the systems it takes besides a separable one.
template <class Stepper, bool Split, bool Lagrangian>
struct takes {
    using stepper = Stepper;
    static constexpr bool split = Split;
    static constexpr bool lagrangian = Lagrangian;
};
template <class Stepper>
using chi_case = takes<Stepper, true, false>;
template <class Stepper>
using cvi_case = takes<Stepper, false, true>;
using length_cases =
    boost::mpl::list<chi_case<oc::chi2<vector_state>>, chi_case<oc::chi4<vector_state>>, chi_case<oc::chi6<vector_state>>,
                     chi_case<oc::chi8<vector_state>>, chi_case<oc::chi<oc::tables::kahan_li6, vector_state>>,
                     cvi_case<oc::cvi2<vector_state>>, cvi_case<oc::cvi4<vector_state>>, cvi_case<oc::cvi6<vector_state>>,
                     cvi_case<oc::cvi8<vector_state>>, cvi_case<oc::cvi<oc::tables::kahan_li6, vector_state>>,
                     cvi_case<oc::galerkin_cvi4<vector_state>>,
                     // odeint's own stepper, which meets the mismatch in the system function
                     takes<odeint::runge_kutta4<vector_state>, true, true>>;

bool same_values(const vector_state& a, const vector_state& b) { return a.q == b.q && a.p == b.p && a.s == b.s; }

// |q| = 3, |p| = 2 would read p[2] past the end; |q| = 2, |p| = 3 would ignore p[2] (and a step
// that copies q and p into buffers of q's length would write past them). Either is a
// parameter_error before anything is written, in both forms of do_step, also after the stepper
// has sized itself on a valid state; so it is for the system function called directly, with the
// mismatch in x or in dxdt.
template <class Stepper, class System>
void check_lengths_rejected(const System& system) {
    Stepper stepper;
    vector_state good{{0.5, -0.25}, {0.2, 0.1}, 0.5};
    stepper.do_step(system, good, 0.0, 0.1);
    for (const vector_state& x0 : {vector_state{{0.5, -0.25, 1.0}, {0.2, 0.1}, 0.5},
                                   vector_state{{0.5, -0.25}, {0.2, 0.1, 1.0}, 0.5}}) {
        vector_state x = x0;
        const std::string what = message_of<oc::parameter_error>([&] { stepper.do_step(system, x, 0.0, 0.1); });
        BOOST_TEST_MESSAGE(what);
        BOOST_TEST(contains(what, "length"), what);
        BOOST_TEST(same_values(x, x0));
        vector_state out{{7.0, 7.0, 7.0}, {7.0, 7.0, 7.0}, 7.0};
        const vector_state out0 = out;
        BOOST_CHECK_THROW(stepper.do_step(system, x, 0.0, out, 0.1), oc::parameter_error);
        BOOST_TEST(same_values(x, x0));
        BOOST_TEST(same_values(out, out0));
        BOOST_CHECK_THROW(system(x, out, 0.0), oc::parameter_error);
        BOOST_TEST(same_values(out, out0));
        // A valid x with a mismatched dxdt (x0's lengths) is refused as well.
        vector_state dxdt = x0;
        BOOST_CHECK_THROW(system(good, dxdt, 0.0), oc::parameter_error);
        BOOST_TEST(same_values(dxdt, x0));
    }
    // An output state of another length than the input is refused as well by our steppers
    // (odeint's take an output shaped like the input as their precondition, unchecked, and hand
    // the system function their own dxdt, sized like x).
    if constexpr (!std::is_same<Stepper, odeint::runge_kutta4<vector_state>>::value) {
        vector_state out{{0.0}, {0.0}, 0.0};
        BOOST_CHECK_THROW(stepper.do_step(system, good, 0.0, out, 0.1), oc::parameter_error);
    }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(q_and_p_of_different_lengths_are_rejected, Case, length_cases) {
    using stepper = typename Case::stepper;
    check_lengths_rejected<stepper>(separable_system());
    if constexpr (Case::split) check_lengths_rejected<stepper>(split_system());
    if constexpr (Case::lagrangian) check_lengths_rejected<stepper>(lagrangian_system());
}

// ---- the strong guarantee under throwing user code (issue 13, item 3) -------------------------

struct injected_fault {};

// Counts the calls of every user callback of a step and throws at the n-th one.
struct fault_injector {
    std::size_t calls = 0;
    std::size_t throw_at = 0;  // 0: never
    void call() {
        ++calls;
        if (calls == throw_at) throw injected_fault{};
    }
};

// T = |p|^2/2 without a flow member: the steppers call gradient and value.
// On two-element containers of either kind (std::array and std::vector states).
struct faulty_kinetic {
    fault_injector* faults;
    template <class P>
    double value(const P& p) const {
        faults->call();
        return 0.5 * (p[0] * p[0] + p[1] * p[1]);
    }
    template <class P, class D>
    void gradient(const P& p, D& dTdp) const {
        faults->call();
        dTdp[0] = p[0];
        dTdp[1] = p[1];
    }
};

struct faulty_potential {
    fault_injector* faults;
    template <class Q>
    double value(const Q& q, double t) const {
        faults->call();
        return 0.5 * (1.0 + 0.1 * t) * (q[0] * q[0] + q[1] * q[1]);
    }
    template <class Q, class D>
    void gradient(const Q& q, double t, D& dVdq) const {
        faults->call();
        dVdq[0] = (1.0 + 0.1 * t) * q[0];
        dVdq[1] = (1.0 + 0.1 * t) * q[1];
    }
};

// linear_action(0.3 + 0.1 t) with every member counted.
struct faulty_action {
    fault_injector* faults;
    oc::linear_action<double (*)(double)> inner{+[](double t) { return 0.3 + 0.1 * t; }};
    double value(double s, double t) const {
        faults->call();
        return inner.value(s, t);
    }
    double derivative(double s, double t) const {
        faults->call();
        return inner.derivative(s, t);
    }
    template <class Value>
    oc::action_flow<double, Value> flow(double s, double t, double dt) const {
        faults->call();
        return inner.flow<Value>(s, t, dt);
    }
    template <class Value>
    oc::action_solve<double> solve_implicit(double r, double h, double t) const {
        faults->call();
        return inner.solve_implicit<Value>(r, h, t);
    }
};

template <class Stepper>
struct kinetic_for {
    using type = faulty_kinetic;
};
template <class State>
struct kinetic_for<oc::cvi2<State>> {  // cvi2 takes quadratic_kinetic only
    using type = oc::quadratic_kinetic<>;
};

template <class Kinetic>
Kinetic make_kinetic(fault_injector* faults) {
    if constexpr (std::is_same_v<Kinetic, faulty_kinetic>)
        return Kinetic{faults};
    else
        return Kinetic{};
}

using array_steppers = boost::mpl::list<oc::chi2<state>, oc::chi4<state>, oc::chi6<state>, oc::chi8<state>,
                                        oc::cvi2<state>>;
// The engine keeps the guarantee two ways: fixed-size q and p are saved and restored, dynamically
// sized ones are stepped into a spare state that is swapped in only on success; both are tested.
using guarantee_steppers = boost::mpl::list<oc::chi2<state>, oc::chi4<state>, oc::chi6<state>, oc::chi8<state>,
                                            oc::cvi2<state>, oc::chi2<vector_state>, oc::chi4<vector_state>,
                                            oc::cvi2<vector_state>>;

// For every n up to the number of callback calls in a step, a step whose n-th call throws leaves
// the caller's state unchanged bit for bit (in place, and the input of the out-of-place form),
// and the stepper's next step is the one a fresh stepper takes (nothing cached from the failure).
template <class Stepper, class System>
void check_throwing_callbacks(fault_injector& faults, const System& H) {
    using state = typename Stepper::state_type;
    const state x0{{0.5, -0.25}, {0.2, 0.1}, 0.5};
    std::size_t calls_per_step = 0;
    {
        Stepper stepper;
        state x = x0;
        stepper.do_step(H, x, 0.125, 0.125);
        faults.calls = 0;
        stepper.do_step(H, x, 0.25, 0.125);
        calls_per_step = faults.calls;
    }
    BOOST_TEST_MESSAGE(calls_per_step << " callback calls per step");
    BOOST_TEST(calls_per_step >= 3u);
    for (std::size_t n = 1; n <= calls_per_step; ++n) {
        for (const bool in_place : {true, false}) {
            Stepper stepper;
            state warm = x0;  // a step before, so that cvi2 has a cache to keep consistent
            stepper.do_step(H, warm, 0.125, 0.125);
            state x = warm;
            const state before = x;
            faults.calls = 0;
            faults.throw_at = n;
            state out = x0;  // sized like the input
            if (in_place)
                BOOST_CHECK_THROW(stepper.do_step(H, x, 0.25, 0.125), injected_fault);
            else
                BOOST_CHECK_THROW(stepper.do_step(H, x, 0.25, out, 0.125), injected_fault);
            BOOST_TEST(same_bits(x, before), "call " << n << (in_place ? " in place" : " out of place"));
            faults.throw_at = 0;
            stepper.do_step(H, x, 0.25, 0.125);
            state fresh = before;
            Stepper().do_step(H, fresh, 0.25, 0.125);
            BOOST_TEST(same_bits(x, fresh), "call " << n << ": the next step differs");
        }
    }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(a_throwing_callback_leaves_the_state_unchanged, Stepper, guarantee_steppers) {
    fault_injector faults;
    check_throwing_callbacks<Stepper>(
        faults, oc::make_separable_hamiltonian(make_kinetic<typename kinetic_for<Stepper>::type>(&faults),
                                               faulty_potential{&faults}, faulty_action{&faults}));
}

// The same with a potential that has value_and_kick and an action declared affine in s, so that
// chi and plain cvi2 move p in the potential's call: a kick that throws after writing part of
// p_out (p_out is the caller's p itself in an in-place step on std::array) leaves the state
// unchanged as well.
struct faulty_kick_potential : faulty_potential {
    std::size_t* kicks;
    template <class Q, class P>
    double value_and_kick(const Q& q, double t, double a, double b, const P& p_in, P& p_out) const {
        ++*kicks;
        const double k = 1.0 + 0.1 * t;
        p_out[0] = a * p_in[0] - b * (k * q[0]);
        faults->call();
        p_out[1] = a * p_in[1] - b * (k * q[1]);
        return 0.5 * k * (q[0] * q[0] + q[1] * q[1]);
    }
};

struct affine_faulty_action : faulty_action {
    static constexpr bool affine_in_s = true;
};

BOOST_AUTO_TEST_CASE_TEMPLATE(a_throwing_kick_leaves_the_state_unchanged, Stepper, guarantee_steppers) {
    fault_injector faults;
    std::size_t kicks = 0;
    check_throwing_callbacks<Stepper>(
        faults, oc::make_separable_hamiltonian(make_kinetic<typename kinetic_for<Stepper>::type>(&faults),
                                               faulty_kick_potential{{&faults}, &kicks}, affine_faulty_action{{&faults}}));
    BOOST_TEST(kicks > 0u);  // the kicked path ran
}

// ---- non-finite results and inputs (issue 13, items 4 and 5) ----------------------------------

using chi_steppers = boost::mpl::list<oc::chi2<state>, oc::chi4<state>, oc::chi6<state>, oc::chi8<state>>;

template <class Stepper, class System>
std::string failure_of(const System& H, const state& x0, double t, double dt) {
    Stepper stepper;
    state x = x0;
    const std::string what = message_of<oc::step_error>([&] { stepper.do_step(H, x, t, dt); });
    BOOST_TEST(same_bits(x, x0), what);
    state out{};
    BOOST_CHECK_THROW(stepper.do_step(H, x, t, out, dt), oc::step_error);
    BOOST_TEST(same_bits(x, x0));
    BOOST_TEST_MESSAGE(what);
    return what;
}

// Each of these used to return a NaN or infinite state without a word.
BOOST_AUTO_TEST_CASE_TEMPLATE(a_non_finite_result_is_a_step_error, Stepper, chi_steppers) {
    const auto harmonic = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                                         oc::linear_action(0.1));
    // Kepler at q = 0 (p = 0 keeps q there): V = -inf, dV/dq = NaN.
    const auto kepler = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::kepler_potential{},
                                                       oc::linear_action(0.1));
    std::string what = failure_of<Stepper>(kepler, state{{0.0, 0.0}, {0.0, 0.0}, 0.0}, 0.0, 0.1);
    BOOST_TEST(contains(what, "not finite"), what);
    BOOST_TEST(!contains(what, "input state is not finite"), what);
    // exp(700) is finite, but s and p times it are not (T = |p|^2/2 overflows).
    const auto anti = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                                     oc::linear_action(-7000.0));
    what = failure_of<Stepper>(anti, state{{0.5, -0.25}, {0.2, 0.1}, 0.5}, 0.0, 0.1);
    BOOST_TEST(contains(what, "not finite"), what);
    // A finite but absurd step: q = tau p overflows V.
    what = failure_of<Stepper>(harmonic, state{{0.5, -0.25}, {0.2, 0.1}, 0.5}, 0.0, 1e300);
    BOOST_TEST(contains(what, "not finite"), what);
    BOOST_TEST(contains(what, "dt = 1e+300"), what);
}

// A NaN or inf in the input is named as such, not reported as a blow-up of the step.
BOOST_AUTO_TEST_CASE_TEMPLATE(a_non_finite_input_is_named, Stepper, chi_steppers) {
    const auto harmonic = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                                         oc::quadratic_action(1.0));
    struct bad_input {
        state x;
        const char* named;
    };
    for (const bad_input& c : {bad_input{{{0.5, nan_value}, {0.2, 0.1}, 0.5}, "q[1] = nan"},
                               bad_input{{{0.5, -0.25}, {-inf_value, 0.1}, 0.5}, "p[0] = -inf"},
                               bad_input{{{0.5, -0.25}, {0.2, 0.1}, nan_value}, "s = nan"}}) {
        for (const std::string& what : {failure_of<Stepper>(harmonic, c.x, 0.0, 0.1)}) {
            BOOST_TEST(contains(what, "input"), what);
            BOOST_TEST(contains(what, c.named), what);
            BOOST_TEST(!contains(what, "blow"), what);
        }
    }
}

// cvi2 names a non-finite input too, instead of "the step is too long for the damping".
BOOST_AUTO_TEST_CASE(cvi2_names_a_non_finite_input) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                                  oc::quadratic_action(1.0));
    for (const state& x0 : {state{{0.5, -0.25}, {0.2, 0.1}, nan_value}, state{{nan_value, -0.25}, {0.2, 0.1}, 0.5}}) {
        const std::string what = failure_of<oc::cvi2<state>>(H, x0, 0.0, 0.1);
        BOOST_TEST(contains(what, "input"), what);
        BOOST_TEST(contains(what, "nan"), what);
        BOOST_TEST(!contains(what, "too long"), what);
    }
}

// t and dt finite but t + dt not: every time inside the step would be inf or NaN.
BOOST_AUTO_TEST_CASE_TEMPLATE(an_overflowing_end_time_is_a_parameter_error, Stepper, array_steppers) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                                  oc::linear_action(0.1));
    const state x0{{0.5, -0.25}, {0.2, 0.1}, 0.5};
    state x = x0;
    Stepper stepper;
    const std::string what = message_of<oc::parameter_error>([&] { stepper.do_step(H, x, 1e308, 1e308); });
    BOOST_TEST(contains(what, "t + dt"), what);
    BOOST_TEST(same_bits(x, x0));
}

// ---- messages under another global locale (issue 13, item 9) ----------------------------------

// A decimal comma and a thousands separator, as in de_DE; built here so that the test does not
// depend on the locales installed.
struct comma_numpunct : std::numpunct<char> {
    char do_decimal_point() const override { return ','; }
    char do_thousands_sep() const override { return '.'; }
    std::string do_grouping() const override { return "\3"; }
};

struct global_locale_guard {
    std::locale saved;
    explicit global_locale_guard(const std::locale& l) : saved(std::locale::global(l)) {}
    ~global_locale_guard() { std::locale::global(saved); }
};

BOOST_AUTO_TEST_CASE(messages_do_not_depend_on_the_global_locale) {
    const global_locale_guard guard(std::locale(std::locale::classic(), new comma_numpunct));
    {
        std::ostringstream check;
        check << 1234.25;
        BOOST_TEST(check.str() == "1.234,25");  // the locale is in effect for a new stream
    }
    const auto H = quadratic_system();
    state x{{0.5, -0.25}, {0.2, 0.1}, -30.0};
    const std::string what = message_of<oc::step_error>([&] { oc::chi2<state>().do_step(H, x, 1234.25, 0.125); });
    BOOST_TEST(contains(what, "t = 1234.25 "), what);
    BOOST_TEST(contains(what, "dt = 0.125"), what);
    const std::string mass = message_of<oc::parameter_error>([] { oc::quadratic_kinetic<>{-2500.5}; });
    BOOST_TEST(contains(mass, "-2500.5"), mass);
}
