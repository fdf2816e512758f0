// SPDX-License-Identifier: BSL-1.0
// Eigen objects as q and p: contact_state<Eigen::VectorXd>, <Eigen::Vector3d> and
// <Eigen::Matrix3Xd> (with odeint's Eigen support) run every contact stepper and odeint's
// runge_kutta4, and follow the trajectory of the same system on std::vector<double>
// (galerkin_cvi4 and contact Lagrangians: see their test cases below).
//
// Why bit for bit in q and p: with F = f s the action flow's factor exp(-f tau) (chi), the
// Legendre factors 1 -/+ (tau/2) f (cvi2) and dp/dt = -dV/dq - f p (runge_kutta4) do not depend
// on s, so q and p see only element-wise operations (odeint's scale_sumN, evaluated by Eigen as
// one expression per update with the same multiplications and additions per element as
// range_algebra's loop) and the potential, which computes the same expressions on both. Only s
// sees a reduction (|p|^2 in the flow of T, p . dT/dp in ds/dt), which Eigen sums in another
// order than std::inner_product.
#define BOOST_TEST_MODULE eigen
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstddef>
#include <limits>
#include <utility>
#include <vector>

#include <boost/mpl/list.hpp>
// odeint's Eigen support uses algebra_dispatcher and boost::is_base_of without including them
// (Boost 1.74): odeint.hpp goes first.
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/external/eigen/eigen.hpp>

#include <Eigen/Dense>

#include <odeint_contact/odeint_contact.hpp>

#include "stepper_templates.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

namespace {

// A ring of anharmonic oscillators over the flat element order (Eigen is column-major, so a
// Matrix3Xd's columns are consecutive triples): V = sum_i k/2 (q_{i+1} - q_i)^2 + l/4 q_i^4.
// Written once for every container through data() and size(), so every type computes the same
// expressions in the same order.
struct anharmonic_ring {
    double k = 1.0;
    double l = 0.5;

    template <class Q>
    double value(const Q& q, double) const {
        const auto n = static_cast<std::size_t>(q.size());
        const double* x = q.data();
        double v = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const double d = x[(i + 1) % n] - x[i];
            v += 0.5 * k * d * d + 0.25 * l * x[i] * x[i] * x[i] * x[i];
        }
        return v;
    }

    template <class Q, class D>
    void gradient(const Q& q, double, D& dVdq) const {
        const auto n = static_cast<std::size_t>(q.size());
        const double* x = q.data();
        double* g = dVdq.data();
        for (std::size_t i = 0; i < n; ++i)
            g[i] = k * ((x[i] - x[(i + n - 1) % n]) - (x[(i + 1) % n] - x[i])) + l * x[i] * x[i] * x[i];
    }
};

template <class C>
C make_component(std::size_t n);
template <>
std::vector<double> make_component<std::vector<double>>(std::size_t n) {
    return std::vector<double>(n);
}
template <>
Eigen::VectorXd make_component<Eigen::VectorXd>(std::size_t n) {
    return Eigen::VectorXd(static_cast<Eigen::Index>(n));
}
template <>
Eigen::Vector3d make_component<Eigen::Vector3d>(std::size_t) {
    return Eigen::Vector3d();
}
template <>
Eigen::Matrix3Xd make_component<Eigen::Matrix3Xd>(std::size_t n) {
    return Eigen::Matrix3Xd(3, static_cast<Eigen::Index>(n / 3));
}

template <class C>
oc::contact_state<C> initial_state(std::size_t n) {
    oc::contact_state<C> x{make_component<C>(n), make_component<C>(n), 0.125};
    for (std::size_t i = 0; i < n; ++i) {
        x.q.data()[i] = 0.5 * std::sin(double(i) + 1);
        x.p.data()[i] = 0.25 * std::cos(2 * double(i) + 1);
    }
    return x;
}

template <class C>
std::vector<double> flat(const C& c) {
    return std::vector<double>(c.data(), c.data() + c.size());
}

using test_support::use_chi2;
using test_support::use_chi4;
using test_support::use_chi6;
using test_support::use_chi8;
using test_support::use_cvi2;
using test_support::use_runge_kutta4;
using steppers = boost::mpl::list<use_chi2, use_chi4, use_chi6, use_chi8, use_cvi2, use_runge_kutta4>;

constexpr std::size_t steps = 200;
constexpr double dt = 0.01;

template <class Use, class C, class System>
oc::contact_state<C> run(const System& system, std::size_t n) {
    auto x = initial_state<C>(n);
    typename Use::template type<oc::contact_state<C>> stepper;
    odeint::integrate_n_steps(stepper, system, x, 0.0, dt, steps);
    return x;
}

// The s of the Eigen run against the std::vector run: each step adds to s a few reductions of
// n <= 12 terms, each of which may round differently by at most n eps of the sum of |terms|
// (bounded here by the energy scale times dt, ~1); the linear factor exp(-f tau) < 1 only
// shrinks earlier errors. After 200 steps (x up to 4 stages for chi8, ~1000 reductions) the
// difference is below 1000 * 12 * eps ~ 3e-12; 1e-11 is that bound with a small margin, and a
// real error (a missing term) would be of the size of s itself (~0.1).
constexpr double s_tolerance = 1e-11;

template <class Use, class C>
void check_against_vector(std::size_t n, double s_tol = s_tolerance) {
    const auto system = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, anharmonic_ring{},
                                                       oc::linear_action(0.3));
    const auto reference = run<Use, std::vector<double>>(system, n);
    const auto x = run<Use, C>(system, n);
    BOOST_TEST(flat(x.q) == reference.q, boost::test_tools::per_element());
    BOOST_TEST(flat(x.p) == reference.p, boost::test_tools::per_element());
    BOOST_TEST(std::abs(x.s - reference.s) <= s_tol);
    // The run moved: a stepper that did nothing would pass the comparisons above.
    const auto start = initial_state<std::vector<double>>(n);
    BOOST_TEST(std::abs(reference.q[0] - start.q[0]) > 1e-3);
    BOOST_TEST(std::abs(reference.s - start.s) > 1e-3);
}

// Objects of more than 128 elements, which the library's algebra updates block by block, the
// last block shorter. A reduction now has n = 1503 terms of size <= |p|^2 ~ 0.1 each, and a sum
// in another order differs by at most n eps sum|terms| ~ 1503 * 2.2e-16 * 150 ~ 5e-11, times a
// fraction of dt ~ 0.01 before it reaches s: ~5e-13 per reduction, ~5e-10 after the ~1000
// reductions of chi8. A block left out or counted twice would change one reduction by
// ~ dt * 128 * 0.03 ~ 0.04.
constexpr std::size_t large_n = 1503;
constexpr double large_s_tolerance = 5e-10;

}  // namespace

BOOST_AUTO_TEST_CASE_TEMPLATE(vector_xd_follows_std_vector, Use, steppers) {
    check_against_vector<Use, Eigen::VectorXd>(7);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(vector_3d_follows_std_vector, Use, steppers) {
    check_against_vector<Use, Eigen::Vector3d>(3);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(matrix_3xd_follows_std_vector, Use, steppers) {
    check_against_vector<Use, Eigen::Matrix3Xd>(12);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(large_vector_xd_follows_std_vector, Use, steppers) {
    check_against_vector<Use, Eigen::VectorXd>(large_n, large_s_tolerance);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(large_matrix_3xd_follows_std_vector, Use, steppers) {
    check_against_vector<Use, Eigen::Matrix3Xd>(large_n, large_s_tolerance);
}

// Why large Eigen states run as fast as std::vector: the algebra hands an op consecutive blocks
// of at most 128 elements, in order, so that an op of several Eigen expressions or with a sum
// (the flow of T with |p|^2, cvi2's kick and drift) reads and writes each array once while its
// blocks stay in cache, instead of once per expression over the whole object (two more arrays
// streamed per step of chi2 and cvi2 at N = 1e6, 1.2-1.4 times std::vector's time). Objects of
// at most 128 elements get one call on the whole objects, as from odeint's vector_space_algebra.
template <class C>
void check_blocks(C a, const C& b, std::size_t expected_calls, Eigen::Index largest_block) {
    std::vector<std::pair<const double*, Eigen::Index>> calls;
    const auto twice = [&calls](auto& x, const auto& y) {
        calls.emplace_back(x.data(), x.size());
        x = 2 * y;
    };
    oc::contact_algebra::for_each2(a, b, twice);
    BOOST_TEST(calls.size() == expected_calls);
    Eigen::Index done = 0;
    for (const auto& call : calls) {
        BOOST_TEST(call.first == a.data() + done);  // in order, each block after the last
        BOOST_TEST(call.second <= largest_block);
        done += call.second;
    }
    BOOST_TEST(done == a.size());
    BOOST_TEST(flat(a) == flat(C(2 * b)), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(large_objects_in_blocks) {
    const auto v = initial_state<Eigen::VectorXd>(large_n).q;
    check_blocks(v, v, 12, 128);  // 11 blocks of 128, the last of 95
    const auto m = initial_state<Eigen::Matrix3Xd>(large_n).q;
    check_blocks(m, m, 12, 128);  // whole columns, 42 at a time (126 elements), the last 39
    using row_major = Eigen::Matrix<double, Eigen::Dynamic, 3, Eigen::RowMajor>;
    const row_major r = Eigen::Map<const row_major>(v.data(), Eigen::Index(large_n / 3), 3);
    check_blocks(r, r, 12, 128);  // whole rows
    const Eigen::MatrixXd d = Eigen::Map<const Eigen::MatrixXd>(v.data(), 30, 50);
    check_blocks(d, d, 13, 128);  // 4 columns at a time, the last 2
    const Eigen::MatrixXd tall = Eigen::Map<const Eigen::MatrixXd>(v.data(), 500, 3);
    check_blocks(tall, tall, 3, 500);  // one column at a time: no block splits a column
    const auto small = initial_state<Eigen::VectorXd>(128).q;
    check_blocks(small, small, 1, 128);
    // Operands of another shape than the first: whole objects, as vector_space_algebra.
    Eigen::VectorXd out(large_n);
    std::size_t calls = 0;
    oc::contact_algebra::for_each2(out, m, [&calls](auto& x, const auto& y) {
        ++calls;
        x = Eigen::Map<const Eigen::VectorXd>(y.data(), y.size());
    });
    BOOST_TEST(calls == 1u);
    BOOST_TEST(flat(out) == flat(m), boost::test_tools::per_element());
}

// The same ring with value_and_kick (separable_hamiltonian.hpp), which chi and plain cvi2 call
// for F = f s: p_out = a p_in - b dV/dq through data(), the same expressions for every
// container, so the Eigen runs (Vector3d: fixed size, in place in the caller's state) follow the
// std::vector run with the kick as above, q and p bit for bit.
struct kicked_anharmonic_ring : anharmonic_ring {
    template <class Q, class P>
    double value_and_kick(const Q& q, double t, double a, double b, const P& p_in, P& p_out) const {
        const auto n = static_cast<std::size_t>(q.size());
        const double* x = q.data();
        const double* y = p_in.data();
        double* out = p_out.data();
        for (std::size_t i = 0; i < n; ++i)
            out[i] = a * y[i] - b * (k * ((x[i] - x[(i + n - 1) % n]) - (x[(i + 1) % n] - x[i])) + l * x[i] * x[i] * x[i]);
        return value(q, t);
    }
};

using kicking_steppers = boost::mpl::list<use_chi2, use_chi4, use_cvi2>;

BOOST_AUTO_TEST_CASE_TEMPLATE(value_and_kick_on_eigen_follows_std_vector, Use, kicking_steppers) {
    const auto system = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, kicked_anharmonic_ring{},
                                                       oc::linear_action(0.3));
    const auto reference = run<Use, std::vector<double>>(system, 12);
    const auto xd = run<Use, Eigen::VectorXd>(system, 12);
    const auto x3 = run<Use, Eigen::Vector3d>(system, 3);
    const auto reference3 = run<Use, std::vector<double>>(system, 3);
    BOOST_TEST(flat(xd.q) == reference.q, boost::test_tools::per_element());
    BOOST_TEST(flat(xd.p) == reference.p, boost::test_tools::per_element());
    BOOST_TEST(std::abs(xd.s - reference.s) <= s_tolerance);
    BOOST_TEST(flat(x3.q) == reference3.q, boost::test_tools::per_element());
    BOOST_TEST(flat(x3.p) == reference3.p, boost::test_tools::per_element());
    BOOST_TEST(std::abs(x3.s - reference3.s) <= s_tolerance);
    // The run without the kick differs by a few roundings of p per step (test_kinetic_flow.cpp
    // bounds one step by 8 eps * scale), over 200 steps of size ~1 far below 1e-11.
    const auto plain = run<Use, std::vector<double>>(
        oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, anharmonic_ring{}, oc::linear_action(0.3)), 12);
    for (std::size_t i = 0; i < 12; ++i) BOOST_TEST(std::abs(plain.p[i] - reference.p[i]) <= s_tolerance);
    BOOST_TEST(std::abs(reference.q[0] - initial_state<std::vector<double>>(12).q[0]) > 1e-3);  // it moved
}

// The same for F = gamma s^2/2, where s feeds back into p through the flows' factors: the
// reductions' rounding then reaches q and p as well, still at round-off size.
BOOST_AUTO_TEST_CASE_TEMPLATE(quadratic_action_to_round_off, Use, steppers) {
    const auto system = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, anharmonic_ring{},
                                                       oc::quadratic_action(0.5));
    const auto reference = run<Use, std::vector<double>>(system, 12);
    const auto x = run<Use, Eigen::Matrix3Xd>(system, 12);
    // The s difference of the linear case enters p through a factor of size ~1 per step (d
    // factor/ds = O(gamma tau)), and q through p: the same 1e-11 bound holds for every component.
    const auto q = flat(x.q);
    const auto p = flat(x.p);
    for (std::size_t i = 0; i < q.size(); ++i) {
        BOOST_TEST(std::abs(q[i] - reference.q[i]) <= s_tolerance);
        BOOST_TEST(std::abs(p[i] - reference.p[i]) <= s_tolerance);
    }
    BOOST_TEST(std::abs(x.s - reference.s) <= s_tolerance);
}

// galerkin_cvi4 copies q and p into plain numbers (in the element order of data()) and does all
// its arithmetic there, with the same loops for every container; the potential computes the same
// expressions on both. So q, p and s all follow std::vector bit for bit, also for
// F = gamma s^2/2 (s enters p only through that same arithmetic). Through integrate_const, which
// copies the stepper (its fixed-size scratch vectors must be initialised).
template <class C, class Action>
void check_galerkin_against_vector(std::size_t n, const Action& action) {
    const auto system = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, anharmonic_ring{}, action);
    auto reference = initial_state<std::vector<double>>(n);
    auto x = initial_state<C>(n);
    oc::galerkin_cvi4<oc::contact_state<std::vector<double>>> reference_stepper;
    oc::galerkin_cvi4<oc::contact_state<C>> stepper;
    const double end = double(steps) * dt;
    const auto reference_steps = odeint::integrate_const(reference_stepper, system, reference, 0.0, end, dt);
    const auto eigen_steps = odeint::integrate_const(stepper, system, x, 0.0, end, dt);
    BOOST_TEST(eigen_steps == reference_steps);
    BOOST_TEST(flat(x.q) == reference.q, boost::test_tools::per_element());
    BOOST_TEST(flat(x.p) == reference.p, boost::test_tools::per_element());
    BOOST_TEST(x.s == reference.s);
    // The run moved: a stepper that did nothing would pass the comparisons above.
    const auto start = initial_state<std::vector<double>>(n);
    BOOST_TEST(std::abs(reference.q[0] - start.q[0]) > 1e-3);
    BOOST_TEST(std::abs(reference.s - start.s) > 1e-3);
}

BOOST_AUTO_TEST_CASE(galerkin_cvi4_follows_std_vector) {
    check_galerkin_against_vector<Eigen::VectorXd>(7, oc::linear_action(0.3));
    check_galerkin_against_vector<Eigen::Vector3d>(3, oc::linear_action(0.3));
    check_galerkin_against_vector<Eigen::Matrix3Xd>(12, oc::linear_action(0.3));
    check_galerkin_against_vector<Eigen::Matrix3Xd>(12, oc::quadratic_action(0.5));
}

// H as a function of the state, and its reduction, on a Matrix3Xd.
BOOST_AUTO_TEST_CASE(hamiltonian_value_on_matrix) {
    const auto system = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, anharmonic_ring{},
                                                       oc::linear_action(0.3));
    const auto x = initial_state<Eigen::Matrix3Xd>(12);
    const auto y = initial_state<std::vector<double>>(12);
    // Different summation order of |p|^2 only: 12 terms of size <= 1/16, eps each.
    BOOST_TEST(std::abs(system.value(x, 0.0) - system.value(y, 0.0)) <= 12 * std::numeric_limits<double>::epsilon());
    static_assert(std::is_same<oc::contact_state<Eigen::Matrix3Xd>::action_type, double>::value,
                  "the action of an Eigen state is its Scalar");
}

// A contact Lagrangian on the ring, L = |v|^2/2 + 0.1 sum_i q_i v_{i+1} - V(q) - 0.3 z, through
// data() and size() like the potential: the general cvi steps and the odeint system function run
// on plain numbers in storage order, so every container computes the same numbers.
struct ring_lagrangian {
    anharmonic_ring V;
    template <class Q>
    double value(const Q& q, const Q& v, double z, double t) const {
        const auto n = static_cast<std::size_t>(q.size());
        double sum = 0;
        for (std::size_t i = 0; i < n; ++i) sum += v.data()[i] * v.data()[i] / 2 + 0.1 * q.data()[i] * v.data()[(i + 1) % n];
        return sum - V.value(q, t) - 0.3 * z;
    }
    template <class Q, class P>
    double partials(const Q& q, const Q& v, double, double t, P& dq, P& dv) const {
        const auto n = static_cast<std::size_t>(q.size());
        V.gradient(q, t, dq);
        for (std::size_t i = 0; i < n; ++i) {
            dq.data()[i] = 0.1 * v.data()[(i + 1) % n] - dq.data()[i];
            dv.data()[i] = v.data()[i] + 0.1 * q.data()[(i + n - 1) % n];
        }
        return -0.3;
    }
};

template <class C, template <class> class Stepper>
void check_lagrangian_against_vector(std::size_t n) {
    const auto system = oc::make_contact_lagrangian(ring_lagrangian{});
    auto reference = initial_state<std::vector<double>>(n);
    auto x = initial_state<C>(n);
    Stepper<oc::contact_state<std::vector<double>>> reference_stepper;
    Stepper<oc::contact_state<C>> stepper;
    for (int k = 0; k < 20; ++k) {
        reference_stepper.do_step(system, reference, 0.05 * k, 0.05);
        stepper.do_step(system, x, 0.05 * k, 0.05);
    }
    BOOST_TEST(flat(x.q) == reference.q, boost::test_tools::per_element());
    BOOST_TEST(flat(x.p) == reference.p, boost::test_tools::per_element());
    BOOST_TEST(x.s == reference.s);
    const auto start = initial_state<std::vector<double>>(n);
    BOOST_TEST(std::abs(reference.q[0] - start.q[0]) > 1e-3);
}

template <class S>
using cvi2_of = oc::cvi2<S>;
template <class S>
using cvi4_of = oc::cvi4<S>;
template <class S>
using rk4_of = odeint::runge_kutta4<S>;
template <class S>
using galerkin_of = oc::galerkin_cvi4<S>;

BOOST_AUTO_TEST_CASE(contact_lagrangian_follows_std_vector) {
    check_lagrangian_against_vector<Eigen::VectorXd, cvi2_of>(7);
    check_lagrangian_against_vector<Eigen::Vector3d, cvi2_of>(3);
    check_lagrangian_against_vector<Eigen::Matrix3Xd, cvi4_of>(12);
    check_lagrangian_against_vector<Eigen::VectorXd, galerkin_of>(7);
    // The system function under odeint's runge_kutta4: only the p' = dL/dq + p dL/dz update
    // (Eigen's expression vs range_algebra's loop, the same operations per element) differs in form.
    check_lagrangian_against_vector<Eigen::VectorXd, rk4_of>(7);
}

// The adaptive forms (controlled.hpp, dense_output.hpp, reversible_adaptive.hpp) on Eigen and on
// std::vector (resized at the first step) from the same start: the same steps up to the rounding
// of s's reductions (a few ulps per step, ~1e-15), which can move an accept/reject decision only
// at its boundary; 1e-9 at tolerances 1e-10 is far below what a wrong norm or a missing resize
// would give (the tolerance's own scale, 1e-6 and more over these ~100 steps).
template <class C>
std::vector<oc::contact_state<C>> adaptive_runs(std::size_t n) {
    using state_type = oc::contact_state<C>;
    using stepper = oc::chi4<state_type>;
    const auto system = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, anharmonic_ring{},
                                                       oc::linear_action(0.3));
    std::vector<state_type> out(3, initial_state<C>(n));
    odeint::integrate_adaptive(odeint::make_controlled(1e-10, 1e-10, stepper()), system, out[0], 0.0, 2.0, 0.1);
    odeint::integrate_const(odeint::make_dense_output(1e-10, 1e-10, stepper()), system, out[1], 0.0, 2.0, 0.5);
    odeint::integrate_const(oc::reversible_adaptive<stepper>(1e-10, 1e-10), system, out[2], 0.0, 2.0, 0.5);
    return out;
}

BOOST_AUTO_TEST_CASE(adaptive_forms_on_eigen_follow_std_vector) {
    const auto reference = adaptive_runs<std::vector<double>>(7);
    const auto x = adaptive_runs<Eigen::VectorXd>(7);
    const auto start = initial_state<std::vector<double>>(7);
    for (std::size_t k = 0; k < 3; ++k) {
        for (std::size_t i = 0; i < 7; ++i) {
            BOOST_TEST(std::abs(x[k].q.data()[i] - reference[k].q[i]) < 1e-9);
            BOOST_TEST(std::abs(x[k].p.data()[i] - reference[k].p[i]) < 1e-9);
        }
        BOOST_TEST(std::abs(x[k].s - reference[k].s) < 1e-9);
        BOOST_TEST(std::abs(reference[k].q[0] - start.q[0]) > 1e-3);  // it moved
    }
}
