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
#include <string>
#include <type_traits>

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
