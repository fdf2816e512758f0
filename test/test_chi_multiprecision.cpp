// SPDX-License-Identifier: BSL-1.0
// The composition coefficients of every table are exact in Value:
//  - the tables are palindromes whose weights sum to 1 in double and in cpp_bin_float_50, they
//    satisfy the odd-power order conditions to 50 digits, and they agree with Yoshida's printed
//    15-digit values;
//  - with Value = boost::multiprecision::cpp_bin_float_50 (and 50-digit state scalars) the
//    measured orders are 4, 6 and 8 in q, p and s on the damped oscillator down to errors far below
//    double precision (chi8: 1e-30), and also with time-dependent V and F; every table of
//    composition_tables.hpp has its order in q, p and s with both base steps (chi and cvi);
//  - a non-finite multiprecision damping constant is refused with parameter_error, as a double is;
//  - negative control: the same 15-stage composition with its weights rounded to double stalls
//    near 1e-17 instead, so reaching 1e-30 needs every weight to all 50 digits.
// Run time: multiprecision arithmetic is ~100 times slower than double, so the interval is short
// (T = 1/2) and no run has more than 8192 steps.
#define BOOST_TEST_MODULE chi_multiprecision
#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
using mp = boost::multiprecision::cpp_bin_float_50;

namespace {

// --- coefficient tables -------------------------------------------------------------------------

template <class Coefficients, class Value>
void check_table(const std::string& name) {
    using std::abs;
    const auto w = Coefficients::template weights<Value>();
    BOOST_TEST_REQUIRE(w.size() == Coefficients::stages);
    Value sum(0), magnitude(0);
    for (std::size_t i = 0; i < w.size(); ++i) {
        // Palindromic exactly (not merely to rounding): the composition is then symmetric.
        BOOST_TEST((w[i] == w[w.size() - 1 - i]),
                   name << ": w[" << i << "] != w[" << w.size() - 1 - i << "]");
        sum += w[i];
        magnitude += abs(w[i]);
    }
    // Recursive summation of k terms errs by at most (k - 1) (eps/2) sum|w_i|; the weights
    // themselves sum to 1 to one rounding of the middle weight, which is 1 - 2 (sum of the rest).
    const Value eps = std::numeric_limits<Value>::epsilon();
    const Value bound = (Value(w.size()) / 2 + 1) * eps * magnitude;
    BOOST_TEST((abs(sum - 1) <= bound),
               name << ": sum of weights - 1 = " << Value(sum - 1) << ", bound " << bound);
}

BOOST_AUTO_TEST_CASE(tables_are_palindromes_summing_to_one) {
    check_table<oc::tables::triple_jump4, double>("chi4 double");
    check_table<oc::tables::yoshida6, double>("chi6 double");
    check_table<oc::tables::yoshida8, double>("chi8 double");
    check_table<oc::tables::triple_jump4, mp>("chi4 cpp_bin_float_50");
    check_table<oc::tables::yoshida6, mp>("chi6 cpp_bin_float_50");
    check_table<oc::tables::yoshida8, mp>("chi8 cpp_bin_float_50");
}

// sum_i w_i^m for odd m.
template <std::size_t K>
mp power_sum(const std::array<mp, K>& w, int m) {
    mp sum(0);
    for (const mp& x : w) sum += pow(x, m);
    return sum;
}

// A symmetric composition of S2(h) = exp(h Y1 + h^3 Y3 + h^5 Y5 + ...) has, at order h^m (m odd),
// the term (sum_i w_i^m) Y_m plus commutators of lower Y's; since Y_m is independent of those, order
// p requires sum_i w_i^m = 0 for m = 3, 5, ..., p - 1. These are necessary conditions only (the
// commutator conditions are tested through the measured orders), but they are sensitive to every
// digit: with 50-digit weights the sums vanish to ~1e-48 (k terms of size up to 2^7, each rounded
// at ~1e-50 relative); double-rounded weights leave ~1e-15.
BOOST_AUTO_TEST_CASE(odd_power_order_conditions_hold_to_50_digits) {
    const mp tolerance("1e-44");
    const auto w4 = oc::tables::triple_jump4::weights<mp>();
    const auto w6 = oc::tables::yoshida6::weights<mp>();
    const auto w8 = oc::tables::yoshida8::weights<mp>();
    BOOST_TEST(abs(power_sum(w4, 3)) < tolerance);
    BOOST_TEST(abs(power_sum(w6, 3)) < tolerance);
    BOOST_TEST(abs(power_sum(w6, 5)) < tolerance);
    for (int m : {3, 5, 7}) BOOST_TEST(abs(power_sum(w8, m)) < tolerance, "chi8: sum w^" << m);

    // The same sums with the weights rounded to double are ~1e-15: the conditions above do resolve
    // the difference between 16 and 50 digits.
    std::array<mp, 15> rounded{};
    const auto w8d = oc::tables::yoshida8::weights<double>();
    for (std::size_t i = 0; i < rounded.size(); ++i) rounded[i] = mp(w8d[i]);
    BOOST_TEST(abs(power_sum(rounded, 7)) > mp("1e-18"));

    // The middle weight is computed as 1 - 2 (sum of the others); the derivation prints it too
    // (doc/derivations/composition_weights.txt), and the two agree to 50 digits (a typo anywhere in
    // a table would show here).
    const mp w0_printed_6("1.3151863206839112188842497282388625143519535061594");
    const mp w0_printed_8("1.7084530707872815846683793622289778780468124102197");
    BOOST_TEST(abs(w6[3] - w0_printed_6) < tolerance);
    BOOST_TEST(abs(w8[7] - w0_printed_8) < tolerance);

    // The triple jump in closed form: x1 = 1/(2 - 2^{1/3}) solves 2 x1^3 + (1 - 2 x1)^3 = 0.
    const mp x1 = 1 / (2 - cbrt(mp(2)));
    BOOST_TEST(abs(w4[0] - x1) < tolerance);
}

// Yoshida, Phys. Lett. A 150 (1990) 262, Table 1 (solution A, order 6, as printed and as quoted in
// the issue) and Table 2 (solution D, order 8), w1 .. w_k. The printed values carry 15 digits, but
// were obtained in double precision from an ill-conditioned system: for A they agree with the
// converged solution to ~3e-15, for D to ~2.5e-13. The tolerances are those levels with a margin of
// 2 (5e-15, 5e-13); any other solution of the order conditions (Yoshida lists several) or a wrong
// stage order differs by > 1e-2.
BOOST_AUTO_TEST_CASE(weights_agree_with_yoshidas_printed_values) {
    const double printed_a[] = {-1.17767998417887, 0.235573213359357, 0.784513610477560};
    const double printed_d[] = {0.102799849391985, -1.96061023297549, 1.93813913762276, -0.158240635368243,
                                -1.44485223686048, 0.253693336566229, 0.914844246229740};
    const auto w6 = oc::tables::yoshida6::weights<double>();  // w3 w2 w1 w0 w1 w2 w3
    const auto w8 = oc::tables::yoshida8::weights<double>();  // w7 ... w1 w0 w1 ... w7
    for (std::size_t j = 1; j <= 3; ++j)
        BOOST_TEST(std::abs(w6[3 + j] - printed_a[j - 1]) <= 5e-15, "solution A, w" << j);
    for (std::size_t j = 1; j <= 7; ++j)
        BOOST_TEST(std::abs(w8[7 + j] - printed_d[j - 1]) <= 5e-13, "solution D, w" << j);
}

// The published tables against their printed digits (shared/notes/compositions.md; Kahan and Li
// 1997, McLachlan 1995, Sofroniou and Spaletta 2005): g_1 ... g_n, then the middle weight. The
// printed values have 26 decimals, so they are off by up to 5e-27 from any exact solution; the
// refined weights differ from them by at most 4.9e-27 (doc/derivations/composition_weights.txt).
// 1e-26 is that half unit of the last printed digit twice; a wrong digit anywhere in a literal
// (or another solution of the order conditions, > 1e-2 away) fails.
template <class Table, std::size_t N>
void check_printed(const std::string& name, const char* const (&printed)[N]) {
    const auto w = Table::template weights<mp>();
    BOOST_TEST_REQUIRE(w.size() == 2 * N - 1);
    for (std::size_t j = 0; j < N; ++j)
        BOOST_TEST(abs(w[j] - mp(printed[j])) < mp("1e-26"), name << ": weight " << j + 1 << " is " << w[j]);
}

BOOST_AUTO_TEST_CASE(refined_weights_agree_with_the_printed_digits) {
    const char* const kahan_li6[] = {"0.39216144400731413927925056", "0.33259913678935943859974864",
                                     "-0.70624617255763935980996482", "0.08221359629355080023149045",
                                     "0.79854399093482996339895035"};
    const char* const mclachlan8[] = {"0.74167036435061295344822780", "-0.40910082580003159399730010",
                                      "0.19075471029623837995387626", "-0.57386247111608226665638773",
                                      "0.29906418130365592384446354", "0.33462491824529818378495798",
                                      "0.31529309239676659663205666", "-0.79688793935291635401978884"};
    const char* const kahan_li8[] = {"0.13020248308889008087881763", "0.56116298177510838456196441",
                                     "-0.38947496264484728640807860", "0.15884190655515560089621075",
                                     "-0.39590389413323757733623154", "0.18453964097831570709183254",
                                     "0.25837438768632204729397911", "0.29501172360931029887096624",
                                     "-0.60550853383003451169892108"};
    const char* const sofroniou_spaletta10[] = {
        "0.07879572252168641926390768",  "0.31309610341510852776481247",  "0.02791838323507806610952027",
        "-0.22959284159390709415121340", "0.13096206107716486317465686",  "-0.26973340565451071434460973",
        "0.07497334315589143566613711",  "0.11199342399981020488957508",  "0.36613344954622675119314812",
        "-0.39910563013603589787862981", "0.10308739852747107731580277",  "0.41143087395589023782070412",
        "-0.00486636058313526176219566", "-0.39203335370863990644808194", "0.05194250296244964703718290",
        "0.05066509075992449633587434",  "0.04967437063972987905456880",  "0.04931773575959453791768001"};
    check_printed<oc::tables::kahan_li6>("kahan_li6", kahan_li6);
    check_printed<oc::tables::mclachlan8>("mclachlan8", mclachlan8);
    check_printed<oc::tables::kahan_li8>("kahan_li8", kahan_li8);
    check_printed<oc::tables::sofroniou_spaletta10>("sofroniou_spaletta10", sofroniou_spaletta10);
    // Suzuki's closed form: p = 1/(4 - 4^{1/3}) solves 4 p^3 + (1 - 4p)^3 = 0.
    const auto suzuki = oc::tables::suzuki4::weights<mp>();
    BOOST_TEST(abs(suzuki[0] - 1 / (4 - cbrt(mp(4)))) < mp("1e-48"));
}

// Every table: a palindrome summing to 1 in double and in 50 digits, and sum g_i^m = 0 for the odd
// m < order (the necessary conditions of the previous case, to 50 digits).
template <class Table>
void check_table_conditions(const std::string& name) {
    check_table<Table, double>(name + " double");
    check_table<Table, mp>(name + " cpp_bin_float_50");
    const auto w = Table::template weights<mp>();
    for (int m = 3; m < int(Table::order); m += 2)
        BOOST_TEST(abs(power_sum(w, m)) < mp("1e-44"), name << ": sum of w^" << m << " = " << power_sum(w, m));
}

BOOST_AUTO_TEST_CASE(every_table_is_a_palindrome_meeting_the_power_sum_conditions) {
    check_table_conditions<oc::tables::single_stage>("single_stage");
    check_table_conditions<oc::tables::triple_jump4>("triple_jump4");
    check_table_conditions<oc::tables::suzuki4>("suzuki4");
    check_table_conditions<oc::tables::yoshida6>("yoshida6");
    check_table_conditions<oc::tables::kahan_li6>("kahan_li6");
    check_table_conditions<oc::tables::yoshida8>("yoshida8");
    check_table_conditions<oc::tables::mclachlan8>("mclachlan8");
    check_table_conditions<oc::tables::kahan_li8>("kahan_li8");
    check_table_conditions<oc::tables::sofroniou_spaletta10>("sofroniou_spaletta10");
}

// --- measured orders in cpp_bin_float_50 -----------------------------------------------------------

using mp_state = oc::contact_state<mp>;

// V = k(t) q^2/2 with k(t) = k0 + k1 t, all in Real: a polynomial in t, so the time dependence
// costs no multiprecision sin/cos.
template <class Real>
struct linear_stiffness_potential {
    Real k0 = Real(1);
    Real k1 = Real(0);
    Real value(const Real& q, const Real& t) const { return (k0 + k1 * t) * q * q / 2; }
    void gradient(const Real& q, const Real& t, Real& dVdq) const { dVdq = (k0 + k1 * t) * q; }
};

const mp oscillator_gamma("0.5");
const mp_state oscillator_x0{mp(1), mp("0.5"), mp("0.25")};

auto oscillator() {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<mp>{}, linear_stiffness_potential<mp>{},
                                          oc::linear_action(oscillator_gamma));
}

// Samples every 1/8 time units up to T = 1/2.
const mp sample_dt = mp(1) / 8;
constexpr std::size_t samples = 4;

auto oscillator_reference() {
    const test_support::basic_damped_oscillator<mp> exact{oscillator_gamma, mp(1), mp(1)};
    return [exact](std::size_t k) { return exact(oscillator_x0, mp(k) * sample_dt); };
}

template <class Stepper, class System, class Reference>
test_support::error_sequence measure(const std::string& name, const System& system, std::size_t refine0,
                                     unsigned halvings, const Reference& reference) {
    const auto r = test_support::errors_over_halvings<Stepper>(system, oscillator_x0, sample_dt, samples,
                                                               refine0, halvings, reference);
    BOOST_TEST_MESSAGE(name << ": dt 1/" << 8 * refine0 << " .. 1/" << (8 * refine0 << halvings) << "; "
                            << r.describe());
    return r;
}

// Same band as the double tests (test_orders.cpp): a symmetric method's error is
// c dt^p (1 + r dt^2 + ...), so |observed - p| <= 0.2 leaves room for a next term up to ~20% of the
// leading one and excludes orders p - 1 and p - 2. Here there is no round-off to stay away from
// (50 digits: ~1e-48 per operation), so the windows run as far as run time allows. An error floor
// inside the window (what inexact coefficients cause, see the negative control) would bend the
// last orders out of the band; `finest` (the largest finest error with a margin of 2 to 5) records
// how far below double precision the window reaches.
void check_orders(const std::string& name, unsigned short p, const test_support::error_sequence& r,
                  double finest) {
    for (const auto* errors : {&r.q, &r.p, &r.s}) {
        for (double o : test_support::observed_orders(*errors))
            BOOST_TEST(std::abs(o - p) <= 0.2, name << ": observed order " << o << ", expected " << p);
        BOOST_TEST(errors->back() < finest, name << ": finest error " << errors->back());
    }
}

// Windows (the errors of p, the largest, in brackets): chi4 dt = 1/1024 .. 1/16384 (6e-14 ..
// 1e-18), chi6 1/128 .. 1/2048 (8e-16 .. 5e-23), chi8 1/128 .. 1/2048 (1e-20 .. 3e-30). The orders
// are in the band from dt = 1/8 on in 50 digits; the windows start lower because the point is what
// happens below 1e-16.
BOOST_AUTO_TEST_CASE(orders_4_6_8_far_below_double_precision) {
    const auto H = oscillator();
    const auto ref = oscillator_reference();
    check_orders("chi4 mp", 4, measure<oc::chi4<mp_state, mp>>("chi4 mp", H, 128, 4, ref), 2e-18);
    check_orders("chi6 mp", 6, measure<oc::chi6<mp_state, mp>>("chi6 mp", H, 16, 4, ref), 1e-22);
    check_orders("chi8 mp", 8, measure<oc::chi8<mp_state, mp>>("chi8 mp", H, 16, 4, ref), 5e-30);
}

// --- negative control: the 15 stages of chi8 with weights rounded to double ------------------------

// Composes chi2<mp> steps by hand: stage i runs from t + (w_1 + ... + w_{i-1}) dt with step w_i dt.
// Everything is in 50 digits except the weights, which are chi8's rounded to double.
class rounded_chi8 {
  public:
    using state_type = mp_state;
    using deriv_type = mp_state;
    using value_type = mp;
    using time_type = mp;
    using order_type = unsigned short;
    using stepper_category = odeint::stepper_tag;

    rounded_chi8() {
        const auto w = oc::tables::yoshida8::weights<double>();
        for (std::size_t i = 0; i < w.size(); ++i) m_weight[i] = mp(w[i]);
    }
    order_type order() const { return 8; }

    template <class System>
    void do_step(System system, mp_state& x, const mp& t, const mp& dt) {
        mp elapsed(0);
        for (const mp& w : m_weight) {
            m_chi2.do_step(system, x, t + elapsed * dt, w * dt);
            elapsed += w;
        }
    }

  private:
    std::array<mp, 15> m_weight;
    oc::chi2<mp_state, mp> m_chi2;
};

// The rounding of the weights (relative ~1e-16) breaks the order conditions at that level, so the
// error has a part ~1e-16 that does not shrink with dt. In the window where the exact chi8 goes
// from ~1e-20 to ~3e-30 the rounded one stays above 1e-19 and its last observed
// order is below 2 (it measures 0.000: the error, ~1e-17 in q and ~1e-16 in p, is the weights'
// rounding and does not depend on dt); with exact weights the last order is 8 and the finest error
// 3e-30 (previous case). Same runs otherwise, so only the weights' digits make the difference.
BOOST_AUTO_TEST_CASE(weights_rounded_to_double_break_the_order_below_1e_16) {
    const auto H = oscillator();
    const auto ref = oscillator_reference();
    const auto r = measure<rounded_chi8>("chi8 with double weights, mp", H, 16, 4, ref);
    for (const auto* errors : {&r.q, &r.p, &r.s}) {
        BOOST_TEST(errors->back() > 1e-19);
        BOOST_TEST(test_support::observed_orders(*errors).back() < 2.0);
    }
}

// --- time-dependent V and F in cpp_bin_float_50 ----------------------------------------------------

// H = p^2/2 + c q/(1+t)^2 + 2 s/(1+t): a uniform force and a damping that both fade in time, chosen
// because its solution is elementary. With v = 1 + t, paper eq. 2 reads
//   q' = p,   p' = -c/v^2 - (2/v) p,   s' = p^2/2 - c q/v^2 - (2/v) s.
// (p v^2)' = -c, so p = (A - c v)/v^2 with A = p0 + c; integrating, q = q0 + A (1 - 1/v) - c ln v.
// (s v^2)' = v^2 p^2/2 - c q = (A - c v)^2/(2 v^2) - c q, whose integral from 0 to t is
//   (A^2 (1 - 1/v) - 2 A c ln v + c^2 t)/2 - c (q0 t + A (t - ln v) - c (v ln v - t)),
// using int_0^t ln(1+u) du = v ln v - t; so s = (s0 + that)/v^2.
struct fading_force_potential {
    mp c;
    mp value(const mp& q, const mp& t) const { return c * q / ((1 + t) * (1 + t)); }
    void gradient(const mp&, const mp& t, mp& dVdq) const { dVdq = c / ((1 + t) * (1 + t)); }
};

struct fading_force_exact {
    mp c;
    mp_state operator()(const mp_state& x0, const mp& t) const {
        const mp v = 1 + t, A = x0.p + c, lv = log(v);
        const mp integral = (A * A * (1 - 1 / v) - 2 * A * c * lv + c * c * t) / 2 -
                            c * (x0.q * t + A * (t - lv) - c * (v * lv - t));
        return {x0.q + A * (1 - 1 / v) - c * lv, (A - c * v) / (v * v), (x0.s + integral) / (v * v)};
    }
};

// Every stage evaluates V and F at its own time t + c_i dt, so this also shows that the stage
// times are exact in Value: a stage time off by delta dt (delta ~ 1e-17 if it were rounded to
// double) would leave an error ~delta that does not shrink with dt, and the finest errors could
// not fall below ~1e-18. Windows as for the oscillator; the finest errors (of q, the largest here)
// are ~2e-18 (chi4), ~1e-23 (chi6), ~9e-29 (chi8).
BOOST_AUTO_TEST_CASE(orders_with_time_dependent_potential_and_damping) {
    const mp c("0.75");
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<mp>{}, fading_force_potential{c},
                                                  oc::linear_action([](const mp& t) { return 2 / (1 + t); }));
    const fading_force_exact exact{c};
    const auto ref = [&](std::size_t k) { return exact(oscillator_x0, mp(k) * sample_dt); };
    check_orders("chi4 mp, time-dependent", 4,
                 measure<oc::chi4<mp_state, mp>>("chi4 mp, time-dependent", H, 128, 4, ref), 5e-18);
    check_orders("chi6 mp, time-dependent", 6,
                 measure<oc::chi6<mp_state, mp>>("chi6 mp, time-dependent", H, 16, 4, ref), 1e-22);
    check_orders("chi8 mp, time-dependent", 8,
                 measure<oc::chi8<mp_state, mp>>("chi8 mp, time-dependent", H, 16, 4, ref), 2e-28);
}

// --- every table, with both base steps -------------------------------------------------------------

// One measurement: Engine<Table> (oc::chi or oc::cvi) from dt = 1/(8 refine0) over `halvings`
// halvings, on the time-dependent problem above. The windows start where the order has set in
// (all orders measured are within 0.01 of the table's) and go below double precision; the cvi
// compositions have larger error constants than the chi ones (triple jump: ~100 times), so their
// windows end at smaller steps;
// `finest` bounds the last error of every component (1e-20: weights rounded to double would stop
// near 1e-17, as the negative control shows; the fourth-order tables stop at 1e-17 for run time).
template <template <class...> class Engine, class Table, std::size_t Refine0, unsigned Halvings>
struct order_case {
    using stepper = Engine<Table, mp_state, mp>;
    static constexpr std::size_t refine0 = Refine0;
    static constexpr unsigned halvings = Halvings;
    static constexpr unsigned order = Table::order;
};

namespace tables = oc::tables;
using order_cases = std::tuple<
    order_case<oc::chi, tables::suzuki4, 128, 3>, order_case<oc::cvi, tables::triple_jump4, 512, 3>,
    order_case<oc::cvi, tables::suzuki4, 128, 3>, order_case<oc::chi, tables::kahan_li6, 16, 3>,
    order_case<oc::cvi, tables::yoshida6, 32, 3>, order_case<oc::cvi, tables::kahan_li6, 32, 3>,
    order_case<oc::chi, tables::mclachlan8, 8, 3>, order_case<oc::chi, tables::kahan_li8, 8, 3>,
    order_case<oc::cvi, tables::yoshida8, 16, 3>, order_case<oc::cvi, tables::mclachlan8, 8, 3>,
    order_case<oc::cvi, tables::kahan_li8, 8, 3>, order_case<oc::chi, tables::sofroniou_spaletta10, 4, 3>,
    order_case<oc::cvi, tables::sofroniou_spaletta10, 4, 3>>;

BOOST_AUTO_TEST_CASE_TEMPLATE(every_table_has_its_order_with_both_base_steps, Case, order_cases) {
    const mp c("0.75");
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<mp>{}, fading_force_potential{c},
                                                  oc::linear_action([](const mp& t) { return 2 / (1 + t); }));
    const fading_force_exact exact{c};
    const auto ref = [&](std::size_t k) { return exact(oscillator_x0, mp(k) * sample_dt); };
    const std::string name = std::string(std::is_base_of_v<oc::cvi<typename Case::stepper::table_type, mp_state, mp>,
                                                            typename Case::stepper>
                                             ? "cvi"
                                             : "chi") +
                             "<" + std::to_string(Case::stepper::stages) + " stages, order " +
                             std::to_string(Case::order) + "> mp, time-dependent";
    const double finest = Case::order == 4 ? 1e-17 : 1e-20;
    check_orders(name, Case::order,
                 measure<typename Case::stepper>(name, H, Case::refine0, Case::halvings, ref), finest);
}

}  // namespace

// A damping constant in Value's own number type is checked at construction like a double.
BOOST_AUTO_TEST_CASE(non_finite_multiprecision_constants_are_rejected) {
    for (const mp& c : {std::numeric_limits<mp>::quiet_NaN(), std::numeric_limits<mp>::infinity(),
                       -std::numeric_limits<mp>::infinity()}) {
        BOOST_CHECK_THROW(static_cast<void>(oc::linear_action<mp>(c)), oc::parameter_error);
        BOOST_CHECK_THROW(static_cast<void>(oc::quadratic_action<mp>(c)), oc::parameter_error);
    }
    BOOST_CHECK_NO_THROW(static_cast<void>(oc::quadratic_action<mp>(mp(-1) / 3)));
}

// action_term in cpp_bin_float_50, with expression templates (mp) and without (mp_no_et): F = g s
// with g = 1/10 through chi2 (numerical flow, RKF78 at 16 eps ~ 1e-49 relative per internal step)
// and cvi2 (branch root, toms748 at 4 eps), against linear_action(g), over 8 steps of 1/128 on
// the oscillator. |F_s dt| ~ 8e-4 keeps the flow near 300 internal steps. The two agree to the
// solvers' tolerances: each step adds a few 1e-50 relative; 1e-46 is that sum (8 steps x ~1e-49)
// with a factor ~100 of margin, and 30 orders of magnitude below what double could give.
using mp_no_et = boost::multiprecision::number<boost::multiprecision::cpp_bin_float<50>,
                                               boost::multiprecision::et_off>;

template <class Real, class Stepper>
Real action_term_difference() {
    using state = oc::contact_state<Real>;
    const Real g = Real(1) / 10;
    const auto linear = oc::make_separable_hamiltonian(oc::quadratic_kinetic<Real>{}, linear_stiffness_potential<Real>{},
                                                       oc::linear_action(g));
    const auto term = oc::make_separable_hamiltonian(
        oc::quadratic_kinetic<Real>{}, linear_stiffness_potential<Real>{},
        oc::action_term([g](const Real& s, const Real&) { return Real(g * s); }, [g](const Real&, const Real&) { return g; }));
    state x{Real(1), Real("0.5"), Real("0.25")};
    state y = x;
    Stepper a;
    Stepper b;
    Real worst = 0;
    const Real dt = Real(1) / 128;
    for (int i = 0; i < 8; ++i) {
        a.do_step(linear, x, Real(i) * dt, dt);
        b.do_step(term, y, Real(i) * dt, dt);
        using std::abs;
        for (const Real& d : {Real(x.q - y.q), Real(x.p - y.p), Real(x.s - y.s)})
            if (abs(d) > worst) worst = abs(d);
    }
    return worst;
}

BOOST_AUTO_TEST_CASE(action_term_in_multiprecision) {
    const double chi2 = static_cast<double>(action_term_difference<mp, oc::chi2<oc::contact_state<mp>, mp>>());
    const double cvi2 = static_cast<double>(action_term_difference<mp, oc::cvi2<oc::contact_state<mp>, mp>>());
    const double chi2_no_et =
        static_cast<double>(action_term_difference<mp_no_et, oc::chi2<oc::contact_state<mp_no_et>, mp_no_et>>());
    BOOST_TEST_MESSAGE("action_term vs linear_action, cpp_bin_float_50: chi2 " << chi2 << ", cvi2 " << cvi2
                                                                               << ", chi2 without expression templates "
                                                                               << chi2_no_et);
    BOOST_TEST(chi2 < 1e-46);
    BOOST_TEST(cvi2 < 1e-46);
    BOOST_TEST(chi2_no_et < 1e-46);
}
