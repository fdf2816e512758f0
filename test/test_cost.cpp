// SPDX-License-Identifier: BSL-1.0
// The cost model of the contact steppers, deterministically (counts, not timings):
// - a chi step of k stages (chi2: 1, chi4: 3, chi6: 7, chi8: 15, chi<Table>: Table::stages)
//   evaluates V and dV/dq k times each and T and dT/dp k + 1 times each;
// - a plain cvi step of k stages evaluates V and dV/dq k + 1 times (test_cvi_reuse.cpp has the
//   carried sample's k);
// - a potential's optional value_and_gradient replaces each pair of calls of value and gradient;
// - its optional value_and_kick replaces value_and_gradient and the stepper's kick where the
//   action is affine in s: k calls per chi step of k stages, 2 per plain cvi2 step; none with a
//   carried sample, in cvi4, or with a quadratic action; and the stepper's own passes over p
//   are gone;
// - after the first step, do_step allocates nothing on the heap, in place or out of place, also
//   with a std::vector state. This TU replaces the global operator new to count allocations.
#define BOOST_TEST_MODULE cost
#include <boost/test/unit_test.hpp>

#include <array>
#include <atomic>
#include <cstddef>
#include <cmath>
#include <cstdlib>
#include <new>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"

#include "allocation_counter.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

using vector_state = oc::contact_state<std::vector<double>>;
using array_state = oc::contact_state<std::array<double, 3>>;

namespace {

vector_state make_state(std::size_t n) {
    vector_state x{std::vector<double>(n), std::vector<double>(n), 0.5};
    for (std::size_t i = 0; i < n; ++i) {
        x.q[i] = 0.1 * static_cast<double>(i + 1);
        x.p[i] = 0.3 - 0.05 * static_cast<double>(i);
    }
    return x;
}

// T = |p|^2/2 that counts its evaluations (in the same eval_counter as the potentials).
struct counting_kinetic {
    oc::quadratic_kinetic<> base{};
    test_support::eval_counter* counter = nullptr;

    template <class P>
    auto value(const P& p) const {
        ++counter->value;
        return base.value(p);
    }
    template <class P, class D>
    void gradient(const P& p, D& dTdp) const {
        ++counter->gradient;
        base.gradient(p, dTdp);
    }
};

// A time-dependent potential and action, so no evaluation can be skipped as a constant.
auto counted_system(test_support::eval_counter& kinetic, test_support::eval_counter& potential) {
    test_support::harmonic_potential<> v;
    v.eps = 0.1;
    v.counter = &potential;
    return oc::make_separable_hamiltonian(counting_kinetic{{}, &kinetic}, v,
                                          oc::linear_action([](double t) { return 0.2 + 0.1 * t; }));
}

auto plain_system() {
    test_support::harmonic_potential<> v;
    v.eps = 0.1;
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, v,
                                          oc::linear_action([](double t) { return 0.2 + 0.1 * t; }));
}

template <class Stepper>
void check_evaluations(std::size_t stages) {
    test_support::eval_counter kinetic, potential;
    const auto H = counted_system(kinetic, potential);
    Stepper stepper;
    array_state x{{0.1, 0.2, 0.3}, {0.3, -0.1, 0.2}, 0.5};
    stepper.do_step(H, x, 0.0, 0.1);
    BOOST_TEST(potential.value == stages);
    BOOST_TEST(potential.gradient == stages);
    BOOST_TEST(kinetic.value == stages + 1);
    BOOST_TEST(kinetic.gradient == stages + 1);
    // The same per step over a run, in place and out of place.
    const std::size_t n = 10;
    odeint::integrate_n_steps(stepper, H, x, 0.1, 0.1, n);
    array_state out{};
    stepper.do_step(H, x, 1.1, out, 0.1);
    BOOST_TEST(potential.value == (n + 2) * stages);
    BOOST_TEST(potential.gradient == (n + 2) * stages);
    BOOST_TEST(kinetic.value == (n + 2) * (stages + 1));
    BOOST_TEST(kinetic.gradient == (n + 2) * (stages + 1));
}

}  // namespace

BOOST_AUTO_TEST_CASE(chi2_evaluates_V_and_its_gradient_once_per_step) { check_evaluations<oc::chi2<array_state>>(1); }
BOOST_AUTO_TEST_CASE(chi4_evaluates_three_stages) { check_evaluations<oc::chi4<array_state>>(3); }
BOOST_AUTO_TEST_CASE(chi6_evaluates_seven_stages) { check_evaluations<oc::chi6<array_state>>(7); }
BOOST_AUTO_TEST_CASE(chi8_evaluates_fifteen_stages) { check_evaluations<oc::chi8<array_state>>(15); }
// A split Hamiltonian of the library's pieces costs what the separable one does: one V and dV/dq
// per stage (the potential piece's kick, shared by its two half flows around the action piece,
// which keeps q), and the autonomous kinetic piece's half flows fused across stages (stages + 1
// flows of T, each one value and one gradient for a kinetic part without flow).
template <class Stepper>
void check_split_evaluations(std::size_t stages) {
    test_support::eval_counter kinetic, potential;
    test_support::harmonic_potential<> v;
    v.eps = 0.1;
    v.counter = &potential;
    const auto H = oc::make_split_hamiltonian(oc::kinetic_piece(counting_kinetic{{}, &kinetic}), oc::potential_piece(v),
                                              oc::action_piece(oc::linear_action(0.2)));
    Stepper stepper;
    array_state x{{0.1, 0.2, 0.3}, {0.3, -0.1, 0.2}, 0.5};
    odeint::integrate_n_steps(stepper, H, x, 0.0, 0.1, 10);
    BOOST_TEST(potential.value == 10 * stages);
    BOOST_TEST(potential.gradient == 10 * stages);
    BOOST_TEST(kinetic.value == 10 * (stages + 1));
    BOOST_TEST(kinetic.gradient == 10 * (stages + 1));
}

BOOST_AUTO_TEST_CASE(split_hamiltonians_fuse_the_kinetic_flows) {
    check_split_evaluations<oc::chi2<array_state>>(1);
    check_split_evaluations<oc::chi4<array_state>>(3);
    check_split_evaluations<oc::chi8<array_state>>(15);
}

// The stepper's own passes over q and p, counted element by element through its Operations:
// scale_sum1 copies and scale_sum2 kicks (the flows of T are the kinetic part's own pass and are
// counted by no one here). The library's pieces make exactly the separable step's passes and no
// copy of the state, in place on std::vector (into the engine's spare state) and out of place:
// kinetic_piece flows the first half step from the input into the output, and the first kick
// reads p from the input. A first piece with only an in-place flow costs a copy of q and p.
struct counting_operations {
    static inline std::size_t copies = 0;
    static inline std::size_t kicks = 0;
    template <class A>
    struct scale_sum1 {
        A a;
        explicit scale_sum1(A a1) : a(a1) {}
        template <class T1, class T2>
        void operator()(T1& t1, const T2& t2) const {
            ++copies;
            t1 = a * t2;
        }
    };
    template <class A, class B>
    struct scale_sum2 {
        A a;
        B b;
        scale_sum2(A a1, B b1) : a(a1), b(b1) {}
        template <class T1, class T2, class T3>
        void operator()(T1& t1, const T2& t2, const T3& t3) const {
            ++kicks;
            t1 = a * t2 + b * t3;
        }
    };
};

template <template <class, class, class, class, class, class> class Stepper, class System>
std::array<std::size_t, 2> passes_per_step(const System& H) {
    using algebra = typename odeint::algebra_dispatcher<vector_state>::algebra_type;
    Stepper<vector_state, double, vector_state, double, algebra, counting_operations> stepper;
    vector_state x = make_state(10);
    vector_state y = x;
    stepper.do_step(H, x, 0.0, 0.1);  // sizes the buffers
    counting_operations::copies = counting_operations::kicks = 0;
    stepper.do_step(H, x, 0.1, 0.1);
    stepper.do_step(H, x, 0.2, y, 0.1);
    return {counting_operations::copies / 2, counting_operations::kicks / 2};
}

template <template <class, class, class, class, class, class> class Stepper>
void check_split_passes(std::size_t stages) {
    test_support::harmonic_potential<> v;
    v.eps = 0.1;
    const oc::quadratic_kinetic<> T{};
    const auto F = oc::linear_action(0.2);
    const auto separable = passes_per_step<Stepper>(oc::make_separable_hamiltonian(T, v, F));
    const auto split = passes_per_step<Stepper>(
        oc::make_split_hamiltonian(oc::kinetic_piece(T), oc::potential_piece(v), oc::action_piece(F)));
    const auto copying = passes_per_step<Stepper>(oc::make_split_hamiltonian(
        test_support::in_place_only<oc::kinetic_piece<oc::quadratic_kinetic<>>>{oc::kinetic_piece(T)},
        oc::potential_piece(v), oc::action_piece(F)));
    // Per stage the kick, scaling and kick of B A B: two passes over the 10 elements of p with
    // operations other than odeint's defaults.
    BOOST_TEST(separable[1] == 2 * 10 * stages);
    BOOST_TEST(separable[0] == 0u);
    BOOST_TEST(split[1] == separable[1]);
    BOOST_TEST(split[0] == 0u);
    // With value_and_kick on the potential and F affine in s, the library's pieces make none: the
    // potential moves p in its own pass (the potential's value_and_kick, the action term's
    // affine_in_s).
    test_support::kicking_harmonic_potential<> k;
    k.eps = 0.1;
    const auto kicking = passes_per_step<Stepper>(
        oc::make_split_hamiltonian(oc::kinetic_piece(T), oc::potential_piece(k), oc::action_piece(F)));
    BOOST_TEST(kicking[0] == 0u);
    BOOST_TEST(kicking[1] == 0u);
    BOOST_TEST(copying[1] == separable[1]);
    BOOST_TEST(copying[0] == 2 * 10u);  // q and p
}

template <class State, class Value, class Deriv, class Time, class Algebra, class Operations>
using chi2_of = oc::chi2<State, Value, Deriv, Time, Algebra, Operations>;
template <class State, class Value, class Deriv, class Time, class Algebra, class Operations>
using chi4_of = oc::chi4<State, Value, Deriv, Time, Algebra, Operations>;

template <class State, class Value, class Deriv, class Time, class Algebra, class Operations>
using cvi2_of = oc::cvi2<State, Value, Deriv, Time, Algebra, Operations>;

// With value_and_kick the potential moves p in its own pass: the steppers make none of their
// own over p (nor copies), where without it chi makes 2 per stage and cvi2 3 (its first kick,
// its last, and the division by b).
BOOST_AUTO_TEST_CASE(value_and_kick_replaces_the_steppers_passes_over_p) {
    const auto F = oc::linear_action(0.2);
    const auto kicking = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{},
                                                        test_support::kicking_harmonic_potential<>{}, F);
    const auto plain = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{}, F);
    for (const auto& passes : {passes_per_step<chi2_of>(kicking), passes_per_step<chi4_of>(kicking),
                               passes_per_step<cvi2_of>(kicking)}) {
        BOOST_TEST(passes[0] == 0u);
        BOOST_TEST(passes[1] == 0u);
    }
    BOOST_TEST(passes_per_step<chi2_of>(plain)[1] == 2 * 10u);
    BOOST_TEST(passes_per_step<chi4_of>(plain)[1] == 2 * 10 * 3u);
    BOOST_TEST(passes_per_step<cvi2_of>(plain)[1] == 2 * 10u);  // the two kicks; the division is a copy
}

BOOST_AUTO_TEST_CASE(split_steps_make_the_separable_steps_passes_and_no_copy) {
    check_split_passes<chi2_of>(1);
    check_split_passes<chi4_of>(3);
}

BOOST_AUTO_TEST_CASE(chi_evaluates_its_tables_stages) {
    check_evaluations<oc::chi<oc::tables::suzuki4, array_state>>(5);
    check_evaluations<oc::chi<oc::tables::kahan_li6, array_state>>(9);
    check_evaluations<oc::chi<oc::tables::mclachlan8, array_state>>(15);
    check_evaluations<oc::chi<oc::tables::kahan_li8, array_state>>(17);
    check_evaluations<oc::chi<oc::tables::sofroniou_spaletta10, array_state>>(35);
}

// A potential with value_and_gradient is called once where V and dV/dq are both needed, and its
// value and gradient never: once per stage by the chi steppers, once per stage and once more
// for the start of the step by the plain do_step of cvi2 and cvi4 (odeint's integrate functions
// call it; the carried sample of test_cvi_reuse.cpp saves the extra one), once per evaluation of the system function by odeint's
// runge_kutta4 (four per step). The fused potential computes the formulas of value and gradient,
// so each trajectory equals the one with the plain potential bit for bit, which it would not if
// a stepper took V or dV/dq from the wrong call (this assumes the compiler evaluates the same
// formulas alike in both instantiations: the Kepler formulas have no a*b + c to contract into an
// FMA differently in one of them).
namespace {

using kepler_state = oc::contact_state<std::array<double, 2>>;

// A named functor with a member rather than a lambda: g++ 12 at -O1 with the sanitizers reports
// odeint's copy of a system holding an empty lambda as 'system may be used uninitialized' (the
// lambda holds no data), a false positive that -Werror would turn into a failed build.
struct sine_friction {
    double amplitude;
    double operator()(double t) const { return amplitude * std::sin(t); }
};

template <class Potential>
auto kepler_system(test_support::eval_counter* counter) {
    Potential v;
    v.counter = counter;
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, v, oc::linear_action(sine_friction{0.1}));
}

template <class Stepper>
void check_value_and_gradient(std::size_t per_step, std::size_t extra) {
    test_support::eval_counter fused, plain;
    const auto h_fused = kepler_system<test_support::fused_kepler_potential>(&fused);
    const auto h_plain = kepler_system<test_support::kepler_potential>(&plain);
    const kepler_state start{{1.0, 0.2}, {0.1, 0.9}, 0.0};
    kepler_state x_fused = start, x_plain = start;
    Stepper s_fused, s_plain;
    const std::size_t n = 20;
    odeint::integrate_n_steps(s_fused, h_fused, x_fused, 0.0, 0.05, n);
    odeint::integrate_n_steps(s_plain, h_plain, x_plain, 0.0, 0.05, n);
    BOOST_TEST(fused.value_and_gradient == n * per_step + extra);
    BOOST_TEST(fused.value == 0u);
    BOOST_TEST(fused.gradient == 0u);
    BOOST_TEST(plain.value == n * per_step + extra);
    BOOST_TEST(plain.gradient == n * per_step + extra);
    for (std::size_t i = 0; i < 2; ++i) {
        BOOST_TEST(x_fused.q[i] == x_plain.q[i]);
        BOOST_TEST(x_fused.p[i] == x_plain.p[i]);
    }
    BOOST_TEST(x_fused.s == x_plain.s);
    BOOST_TEST(x_fused.q[0] != start.q[0]);  // it moved
}

}  // namespace

BOOST_AUTO_TEST_CASE(value_and_gradient_replaces_both_calls) {
    check_value_and_gradient<oc::chi2<kepler_state>>(1, 0);
    check_value_and_gradient<oc::chi4<kepler_state>>(3, 0);
    check_value_and_gradient<oc::chi8<kepler_state>>(15, 0);
    check_value_and_gradient<oc::cvi2<kepler_state>>(2, 0);
    check_value_and_gradient<oc::cvi4<kepler_state>>(4, 0);
    check_value_and_gradient<odeint::runge_kutta4<kepler_state>>(4, 0);
}

// value_and_kick where the action is affine in s (linear_action, affine_action): once per stage
// of chi (B A B in one call), twice per plain cvi2 step (its two kicks); value_and_gradient,
// value and gradient never. Not with a carried sample (the sample must hold grad V), not in
// cvi4 (stages share grad V), not with a quadratic action (chi's factor, cvi2's slope depend on
// s): those call value_and_gradient as before. Time-dependent V and F, on std::array and
// std::vector, in place (integrate_n_steps) and out of place.
template <class Stepper, class State, bool Split = false, class Action>
test_support::eval_counter kick_counts(const Action& action, std::size_t n, bool carried = false) {
    test_support::eval_counter counter;
    test_support::kicking_harmonic_potential<> v;
    v.eps = 0.1;
    v.counter = &counter;
    const auto H = [&] {
        if constexpr (Split)
            return oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}), oc::potential_piece(v),
                                              oc::action_piece(action));
        else
            return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, v, action);
    }();
    Stepper stepper;
    State x{}, y{};
    for (auto* z : {&x, &y}) {
        if constexpr (std::is_same_v<State, vector_state>) *z = make_state(3);
        else *z = State{{0.1, 0.2, 0.3}, {0.3, -0.1, 0.2}, 0.5};
    }
    if constexpr (std::is_same_v<Stepper, oc::cvi2<State>>) {
        if (carried) {
            typename Stepper::sample_type sample;
            stepper.initialize(H, x, 0.0, sample);
            for (std::size_t i = 0; i < n; ++i) stepper.do_step(H, x, sample, 0.1 * double(i), 0.1);
            return counter;
        }
    }
    odeint::integrate_n_steps(stepper, H, x, 0.0, 0.1, n - 1);
    stepper.do_step(H, x, 0.1 * double(n - 1), y, 0.1);
    BOOST_TEST(std::abs(y.q[0] - 0.1) > 1e-3);  // it moved
    return counter;
}

template <class State>
void check_kick_counts() {
    const auto linear = oc::linear_action([](double t) { return 0.2 + 0.1 * t; });
    const auto affine = oc::affine_action(0.2, [](double t) { return 0.1 * t; });
    const std::size_t n = 10;
    for (const auto& c : {kick_counts<oc::chi2<State>, State>(linear, n), kick_counts<oc::chi2<State>, State>(affine, n)}) {
        BOOST_TEST(c.value_and_kick == n);
        BOOST_TEST(c.value_and_gradient + c.value + c.gradient == 0u);
    }
    // The same through the library's pieces of a split Hamiltonian.
    const auto split2 = kick_counts<oc::chi2<State>, State, true>(linear, n);
    BOOST_TEST(split2.value_and_kick == n);
    BOOST_TEST(split2.value_and_gradient + split2.value + split2.gradient == 0u);
    const auto split4 = kick_counts<oc::chi4<State>, State, true>(affine, n);
    BOOST_TEST(split4.value_and_kick == 3 * n);
    BOOST_TEST(split4.value_and_gradient + split4.value + split4.gradient == 0u);
    const auto chi4 = kick_counts<oc::chi4<State>, State>(linear, n);
    BOOST_TEST(chi4.value_and_kick == 3 * n);
    BOOST_TEST(chi4.value_and_gradient + chi4.value + chi4.gradient == 0u);
    const auto chi8 = kick_counts<oc::chi8<State>, State>(affine, n);
    BOOST_TEST(chi8.value_and_kick == 15 * n);
    BOOST_TEST(chi8.value_and_gradient + chi8.value + chi8.gradient == 0u);
    for (const auto& c : {kick_counts<oc::cvi2<State>, State>(linear, n), kick_counts<oc::cvi2<State>, State>(affine, n)}) {
        BOOST_TEST(c.value_and_kick == 2 * n);
        BOOST_TEST(c.value_and_gradient + c.value + c.gradient == 0u);
    }
    const auto carried = kick_counts<oc::cvi2<State>, State>(linear, n, true);
    BOOST_TEST(carried.value_and_kick == 0u);
    BOOST_TEST(carried.value_and_gradient == n + 1);  // initialize, then one per step
    const auto cvi4 = kick_counts<oc::cvi4<State>, State>(linear, n);
    BOOST_TEST(cvi4.value_and_kick == 0u);
    BOOST_TEST(cvi4.value_and_gradient == 4 * n);
    const auto quadratic = oc::quadratic_action(0.3);
    const auto chi2q = kick_counts<oc::chi2<State>, State>(quadratic, n);
    BOOST_TEST(chi2q.value_and_kick == 0u);
    BOOST_TEST(chi2q.value_and_gradient == n);
    const auto cvi2q = kick_counts<oc::cvi2<State>, State>(quadratic, n);
    BOOST_TEST(cvi2q.value_and_kick == 0u);
    BOOST_TEST(cvi2q.value_and_gradient == 2 * n);
}

BOOST_AUTO_TEST_CASE(value_and_kick_replaces_value_and_gradient_where_the_action_is_affine) {
    check_kick_counts<array_state>();
    check_kick_counts<vector_state>();
}

// The counter is live: a vector built inside the window is seen. Its buffer escapes to a
// volatile global so the compiler cannot remove the allocation (new/delete pairs may be elided).
volatile double* allocation_sink = nullptr;

BOOST_AUTO_TEST_CASE(the_allocation_counter_sees_allocations) {
    const std::size_t seen = allocations_during([] {
        std::vector<double> v(10, 1.0);
        allocation_sink = v.data();
    });
    BOOST_TEST(seen >= 1u);
    BOOST_TEST(allocations_during([] {}) == 0u);
}

template <class Stepper, class System>
void check_no_allocation_after_first_step(const System& H) {
    Stepper stepper;
    vector_state x = make_state(10);
    // The first step may size the stepper's buffers (two states' worth of vectors).
    const std::size_t first = allocations_during([&] { stepper.do_step(H, x, 0.0, 0.01); });
    BOOST_TEST_MESSAGE("first step: " << first << " allocations");
    const std::size_t in_place = allocations_during([&] {
        for (int i = 1; i <= 100; ++i) stepper.do_step(H, x, 0.01 * i, 0.01);
    });
    BOOST_TEST(in_place == 0u);
    vector_state y = make_state(10);
    const std::size_t out_of_place = allocations_during([&] {
        for (int i = 101; i <= 200; i += 2) {
            stepper.do_step(H, x, 0.01 * i, y, 0.01);
            stepper.do_step(H, y, 0.01 * (i + 1), x, 0.01);
        }
    });
    BOOST_TEST(out_of_place == 0u);
    // It did work: 201 steps of a damped oscillator moved the state.
    BOOST_TEST(std::abs(x.q[0] - 0.1) > 1e-3);
}

template <class Stepper>
void check_no_allocation_after_first_step() {
    check_no_allocation_after_first_step<Stepper>(plain_system());
}

// The N-sized buffers a stepper keeps (doc/performance.md, "Buffers"): the vectors of N doubles
// (or more) its first step on a state of N allocates, counted by size (N = 4096, so no small
// buffer of the step is that large). A vector state's q and p are two of them. galerkin_cvi4
// is counted at N = 256: its Newton solves a dense system of its stages' unknowns, whose O(N^3)
// work at N = 4096 took minutes under the sanitizers; its small buffers (per stage and node) are
// still far below 256 doubles.
template <class Stepper, std::size_t n = 4096>
std::size_t n_sized_buffers() {
    const auto H = plain_system();
    Stepper stepper;
    vector_state x = make_state(n);
    return allocations_of_at_least(n * sizeof(double), [&] { stepper.do_step(H, x, 0.0, 0.01); });
}

// chi: the spare state of the strong guarantee (q and p), the pieces' scratch (a derivative
// state, q and p), a shared kick's dphi/dq (shaped like p): 5.
BOOST_AUTO_TEST_CASE(steppers_keep_the_n_sized_buffers_doc_performance_states) {
    BOOST_TEST(n_sized_buffers<oc::chi2<vector_state>>() == 5u);
    BOOST_TEST(n_sized_buffers<oc::chi4<vector_state>>() == 5u);
    BOOST_TEST(n_sized_buffers<oc::cvi2<vector_state>>() == 3u);
    BOOST_TEST(n_sized_buffers<oc::cvi4<vector_state>>() == 5u);
    BOOST_TEST((n_sized_buffers<oc::galerkin_cvi4<vector_state>, 256>()) == 22u);
}

// The same Hamiltonian as the library's pieces plus position_damping (make_split_hamiltonian):
// the pieces' scratch is the stepper's, sized at the first step.
auto split_system() {
    test_support::harmonic_potential<> v;
    v.eps = 0.1;
    return oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}), oc::potential_piece(v),
                                      oc::position_damping(test_support::harmonic_potential<>{0.3}),
                                      oc::action_piece(oc::linear_action([](double t) { return 0.2 + 0.1 * t; })));
}

BOOST_AUTO_TEST_CASE(split_hamiltonians_allocate_nothing_after_the_first_step) {
    check_no_allocation_after_first_step<oc::chi2<vector_state>>(split_system());
    check_no_allocation_after_first_step<oc::chi4<vector_state>>(split_system());
    check_no_allocation_after_first_step<oc::chi8<vector_state>>(split_system());
}

// The split Hamiltonian as an odeint system: its pieces' partials are summed through a scratch
// kept per thread and sized at the first call, so neither a call nor a runge_kutta4 step (its
// own buffers sized at its first step) allocates after the first.
BOOST_AUTO_TEST_CASE(the_split_system_function_allocates_nothing_after_the_first_call) {
    const auto H = split_system();
    const vector_state x = make_state(10);
    vector_state dxdt = make_state(10);
    H(x, dxdt, 0.0);
    BOOST_TEST(allocations_during([&] {
                   for (int i = 1; i <= 100; ++i) H(x, dxdt, 0.01 * i);
               }) == 0u);
    odeint::runge_kutta4<vector_state> rk4;
    vector_state y = make_state(10);
    rk4.do_step(H, y, 0.0, 0.01);
    BOOST_TEST(allocations_during([&] {
                   for (int i = 1; i <= 100; ++i) rk4.do_step(H, y, 0.01 * i, 0.01);
               }) == 0u);
    // It did work: 101 steps of a damped oscillator moved the state.
    BOOST_TEST(std::abs(y.q[0] - 0.1) > 1e-3);
}

// A piece that throws while the per-thread scratch is in use (the second piece's partials are
// written into it) must not leave it marked busy: every later call would then copy dxdt, an
// allocation per call, which this counts.
struct piece_that_may_throw {
    const bool* fail;
    void flow(vector_state&, double, double) const {}
    double value(const vector_state&, double) const { return 0; }
    double partials(const vector_state&, double, std::vector<double>& dq, std::vector<double>& dp) const {
        if (*fail) throw oc::step_error("piece_that_may_throw: injected");
        for (double& d : dq) d = 0;
        for (double& d : dp) d = 0;
        return 0;
    }
};

BOOST_AUTO_TEST_CASE(a_throwing_piece_leaves_the_split_scratch_free) {
    bool fail = true;
    const auto H = oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}), piece_that_may_throw{&fail});
    const vector_state x = make_state(10);
    vector_state dxdt = make_state(10);
    BOOST_CHECK_THROW(H(x, dxdt, 0.0), oc::step_error);
    fail = false;
    H(x, dxdt, 0.0);
    BOOST_TEST(allocations_during([&] {
                   for (int i = 1; i <= 10; ++i) H(x, dxdt, 0.01 * i);
               }) == 0u);
    BOOST_TEST(dxdt.q == x.p);  // dH/dp of |p|^2/2, the other piece adding zero
}

BOOST_AUTO_TEST_CASE(chi2_allocates_nothing_after_the_first_step) {
    check_no_allocation_after_first_step<oc::chi2<vector_state>>();
}
BOOST_AUTO_TEST_CASE(chi4_allocates_nothing_after_the_first_step) {
    check_no_allocation_after_first_step<oc::chi4<vector_state>>();
}
BOOST_AUTO_TEST_CASE(chi6_allocates_nothing_after_the_first_step) {
    check_no_allocation_after_first_step<oc::chi6<vector_state>>();
}
BOOST_AUTO_TEST_CASE(chi8_allocates_nothing_after_the_first_step) {
    check_no_allocation_after_first_step<oc::chi8<vector_state>>();
}
// A contact Lagrangian with velocity coupling, L = |v|^2/2 + 0.1 q.v' - |q|^2/2 - 0.2 z with the
// coupling through the antisymmetric pairing v'_i = v_{i+1} (cyclic): non-separable, no hessian, so
// the difference Jacobians are measured.
struct coupled_lagrangian {
    template <class Q>
    double value(const Q& q, const Q& v, double z, double) const {
        const std::size_t n = std::size(q);
        double sum = 0;
        for (std::size_t i = 0; i < n; ++i) sum += v[i] * v[i] / 2 + 0.1 * q[i] * v[(i + 1) % n] - q[i] * q[i] / 2;
        return sum - 0.2 * z;
    }
    template <class Q, class P>
    double partials(const Q& q, const Q& v, double, double, P& dq, P& dv) const {
        const std::size_t n = std::size(q);
        for (std::size_t i = 0; i < n; ++i) {
            dq[i] = 0.1 * v[(i + 1) % n] - q[i];
            dv[i] = v[i] + 0.1 * q[(i + n - 1) % n];
        }
        return -0.2;
    }
};

// The general cvi step keeps its Newton buffers ((n + 1) unknowns) and the Lagrangian's argument
// buffers between steps; the system function keeps them per thread.
template <class Stepper, class State>
void check_lagrangian_allocations(State x) {
    const auto system = oc::make_contact_lagrangian(coupled_lagrangian{});
    Stepper stepper;
    const std::size_t first = allocations_during([&] { stepper.do_step(system, x, 0.0, 0.01); });
    BOOST_TEST_MESSAGE("first step: " << first << " allocations");
    BOOST_TEST(allocations_during([&] {
                   for (int i = 1; i <= 50; ++i) stepper.do_step(system, x, 0.01 * i, 0.01);
               }) == 0u);
    State y = x, dxdt = x;
    BOOST_TEST(allocations_during([&] {
                   for (int i = 51; i <= 100; i += 2) {
                       stepper.do_step(system, x, 0.01 * i, y, 0.01);
                       stepper.do_step(system, y, 0.01 * (i + 1), x, 0.01);
                   }
               }) == 0u);
    system(x, dxdt, 0.0);
    BOOST_TEST(allocations_during([&] {
                   for (int i = 0; i < 50; ++i) system(x, dxdt, 0.01 * i);
               }) == 0u);
    BOOST_TEST(std::abs(x.q[0] - 0.1) > 1e-3);  // it moved
}

BOOST_AUTO_TEST_CASE(general_lagrangian_cvi_allocates_nothing_after_the_first_step) {
    using array_state3 = oc::contact_state<std::array<double, 3>>;
    check_lagrangian_allocations<oc::cvi2<array_state3>>(array_state3{{0.1, 0.2, 0.3}, {0.5, -0.1, 0.2}, 0.0});
    check_lagrangian_allocations<oc::cvi2<vector_state>>(make_state(10));
    check_lagrangian_allocations<oc::cvi4<vector_state>>(make_state(10));
}

// galerkin_cvi4 keeps its Newton buffers (2n unknowns, a 2n x 2n Jacobian) between steps; here
// n = 10 without a Hessian, so the finite-difference Jacobian path is the one measured.
BOOST_AUTO_TEST_CASE(galerkin_cvi4_allocates_nothing_after_the_first_step) {
    check_no_allocation_after_first_step<oc::galerkin_cvi4<vector_state>>();
}

// action_term's numerical flow tests for a finite-time blow-up each time |s| has grown 16-fold
// within a flow, with a double-exponential quadrature. Boost.Math's exp_sinh, used before, built
// its tables on the heap per call and, even when shared, copies a row of them per level inside
// integrate() (16 allocations per such step with Boost 1.74); detail/numerics/blow_up_time.hpp allocates
// nothing. Two actions whose A flow makes s grow past that mark in every step (chi2's A flow spans
// the whole step):
//  - F = -6 s over dt = 1 from s = 1: s grows e^6 ~ 400-fold (mark: 16 (1 + 6) = 112); the tail
//    integral of 1/|F|
//    diverges (no verdict);
//  - F = -s^3/3 over dt = 1.499: 1/s'^2 = 1 - 2 dt/3 gives s' ~ 38.7 (mark: 16 (1 + 1.499/3) ~ 24),
//    just short of the blow-up at tau = 1.5; the tail integral converges (a real verdict: not
//    within this step).
// q = p = 0 and V = k q^2/2: C and B leave s alone, so s' is the A flow's.
// The state is reset to s = 1 before every step, so that the growth stays the same.
template <class Action>
std::size_t action_term_allocations(const Action& action, double dt) {
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{}, action);
    using state = oc::contact_state<double>;
    oc::chi2<state> chi;
    state x{0.0, 0.0, 1.0};
    chi.do_step(H, x, 0.0, dt);  // the first step may build the shared quadrature tables
    BOOST_TEST(std::abs(x.s) > 16.0 * (1.0 + std::abs(action.value(1.0, 0.0) * dt)));  // the mark was passed
    return allocations_during([&] {
        for (int i = 1; i <= 20; ++i) {
            x = state{0.0, 0.0, 1.0};
            chi.do_step(H, x, 0.0, dt);
        }
    });
}

BOOST_AUTO_TEST_CASE(action_term_allocates_nothing_when_s_grows_within_a_step) {
    const auto linear = oc::action_term([](double s, double) { return -6.0 * s; }, [](double, double) { return -6.0; });
    BOOST_TEST(action_term_allocations(linear, 1.0) == 0u);
    const auto cubic =
        oc::action_term([](double s, double) { return -s * s * s / 3.0; }, [](double s, double) { return -s * s; });
    BOOST_TEST(action_term_allocations(cubic, 1.499) == 0u);
}

// cvi2 with an action_term: the branch walk and toms748 work on the stack.
BOOST_AUTO_TEST_CASE(cvi2_with_action_term_allocates_nothing_after_the_first_step) {
    const auto H = oc::make_separable_hamiltonian(
        oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
        oc::action_term([](double s, double) { return s * s * s / 3.0; }, [](double s, double) { return s * s; }));
    using state = oc::contact_state<double>;
    oc::cvi2<state> cvi;
    state x{1.0, 0.5, 0.8};
    cvi.do_step(H, x, 0.0, 0.1);
    const std::size_t seen = allocations_during([&] {
        for (int i = 1; i <= 100; ++i) cvi.do_step(H, x, 0.1 * i, 0.1);
    });
    BOOST_TEST(seen == 0u);
}
BOOST_AUTO_TEST_CASE(chi_with_any_table_allocates_nothing_after_the_first_step) {
    check_no_allocation_after_first_step<oc::chi<oc::tables::kahan_li8, vector_state>>();
    check_no_allocation_after_first_step<oc::chi<oc::tables::sofroniou_spaletta10, vector_state>>();
}

BOOST_AUTO_TEST_CASE(steps_with_value_and_kick_allocate_nothing_after_the_first_step) {
    test_support::kicking_harmonic_potential<> v;
    v.eps = 0.1;
    const auto H = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, v,
                                                  oc::linear_action([](double t) { return 0.2 + 0.1 * t; }));
    check_no_allocation_after_first_step<oc::chi2<vector_state>>(H);
    check_no_allocation_after_first_step<oc::chi4<vector_state>>(H);
    check_no_allocation_after_first_step<oc::cvi2<vector_state>>(H);
}
