// SPDX-License-Identifier: BSL-1.0
// Thrust vectors as q and p (odeint_contact/state/thrust.hpp): chi2, chi<kahan_li8>, cvi2, a split
// Hamiltonian of four pieces, and odeint's runge_kutta4 on contact_state<thrust::host_vector> and
// contact_state<thrust::device_vector> against the same system on std::vector<double>; and
// odeint's runge_kutta4 on a bare device_vector (which odeint's own Thrust headers cannot build
// with Boost 1.74 and Thrust >= 1.16).
//
// host_vector runs on Thrust's serial host system: every sum adds in element order, as on
// std::vector, so the runs agree bit for bit in q, p and s. device_vector runs on the device
// system of the build (OpenMP in CI, CUDA with nvcc, test/gpu): with F = gamma s nothing in q and
// p depends on s and the element-wise arithmetic is the same (nvcc: -fmad=false), so q and p
// agree bit for bit; s only to the order of the reductions' additions (bound below).
#define BOOST_TEST_MODULE thrust
#ifdef ODEINT_CONTACT_TEST_HEADER_ONLY_BOOST_TEST
#include <boost/test/included/unit_test.hpp>
#else
#include <boost/test/unit_test.hpp>
#endif

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include <boost/mpl/list.hpp>
#include <boost/numeric/odeint/integrate/integrate_n_steps.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>

#include <odeint_contact/odeint_contact.hpp>
#include <odeint_contact/state/thrust.hpp>

#include "../example/gpu/device_models.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

namespace {

constexpr std::size_t sites = 1000;
constexpr std::size_t steps = 40;
constexpr double dt = 0.05;
constexpr double gamma_ = 0.1;

template <class V>
oc::contact_state<V> initial() {
    std::vector<double> q(sites), p(sites);
    for (std::size_t i = 0; i < sites; ++i) {
        q[i] = 0.5 * std::sin(0.01 * double(i));
        p[i] = 0.1 * std::cos(0.03 * double(i));
    }
    return {V(q.begin(), q.end()), V(p.begin(), p.end()), 0.25};
}

template <class V>
std::vector<double> to_std(const V& v) {
    thrust::host_vector<double> h = v;
    return std::vector<double>(h.begin(), h.end());
}

auto ring() {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, device_models::ring_potential{},
                                          oc::linear_action(gamma_));
}

// T + V of a state: an upper bound on each sum a step forms is a small multiple of it.
double energy(const oc::contact_state<std::vector<double>>& x) {
    double p2 = 0;
    for (double v : x.p) p2 += v * v;
    return 0.5 * p2 + device_models::ring_potential{}.value(x.q, 0.0);
}

// The steps on std::vector, with the largest T + V and |s| met.
struct reference_run {
    oc::contact_state<std::vector<double>> x;
    double energy_max = 0;
    double s_max = 0;
};

template <class Stepper, class System>
reference_run run_std(const System& system) {
    reference_run r{initial<std::vector<double>>()};
    Stepper stepper;
    for (std::size_t k = 0; k < steps; ++k) {
        r.energy_max = std::max(r.energy_max, energy(r.x));
        r.s_max = std::max(r.s_max, std::abs(r.x.s));
        stepper.do_step(system, r.x, double(k) * dt, dt);
    }
    r.energy_max = std::max(r.energy_max, energy(r.x));
    r.s_max = std::max(r.s_max, std::abs(r.x.s));
    return r;
}

template <class V, class Stepper, class System>
oc::contact_state<V> run(const System& system) {
    auto x = initial<V>();
    Stepper stepper;
    for (std::size_t k = 0; k < steps; ++k) stepper.do_step(system, x, double(k) * dt, dt);
    return x;
}

// How far s may be from the std::vector run's when the device adds its sums in another order.
// Every sum is of `sites` non-negative terms (|p|^2, p . dT/dp = |p|^2, and V, whose terms are
// all >= 0): in any order it is within gamma_{n-1} S <= (n-1) u S / (1 - (n-1) u) of the exact S,
// so two orders differ by at most 2 gamma_{n-1} S. A step adds sums times coefficients whose
// magnitudes total at most `weight` dt (T + V) <= weight dt E (E: the largest T + V met; T, V <= E
// each); the differences then pass through the same few roundings of s per stage, which may each
// round two nearby values 1 ulp apart (2 u |s| per rounding, `roundings` of them per step), and
// through the damping e^{-gamma w dt} of the stages, at most e^{gamma weight dt} per step.
double s_bound(const reference_run& r, double weight, double roundings) {
    const double u = std::numeric_limits<double>::epsilon() / 2;
    const double n = double(sites);
    const double gamma_n = (n - 1) * u / (1 - (n - 1) * u);
    const double growth = std::exp(gamma_ * weight * dt * double(steps));
    return growth * double(steps) * (2 * gamma_n * 2 * weight * dt * r.energy_max + roundings * 2 * u * r.s_max);
}

template <class V>
void check_against(const oc::contact_state<V>& x, const reference_run& r, double weight, double roundings) {
    const auto q = to_std(x.q);
    const auto p = to_std(x.p);
    BOOST_TEST(q == r.x.q, boost::test_tools::per_element());
    BOOST_TEST(p == r.x.p, boost::test_tools::per_element());
    if constexpr (std::is_same<V, thrust::host_vector<double>>::value) {
        BOOST_TEST(x.s == r.x.s);  // sums in element order
    } else {
        const double bound = s_bound(r, weight, roundings);
        BOOST_TEST_MESSAGE("|s - s_std| = " << std::abs(x.s - r.x.s) << " <= " << bound);
        BOOST_TEST(std::abs(x.s - r.x.s) <= bound);
    }
}

// A stepper, the sum weight of its step (the sum of |w_i| over its stages, times the sums per
// stage relative to chi2's) and the roundings of s per step.
struct use_chi2 {
    template <class S>
    using type = oc::chi2<S>;
    static constexpr double weight = 1;
    static constexpr double roundings = 8;
};
struct use_kahan_li8 {
    template <class S>
    using type = oc::chi<oc::tables::kahan_li8, S>;
    static double weight_value() {
        double w = 0;
        for (double g : oc::tables::kahan_li8::weights<double>()) w += std::abs(g);
        return w;
    }
    static inline const double weight = weight_value();
    static constexpr double roundings = 8 * 17;
};
struct use_cvi2 {
    template <class S>
    using type = oc::cvi2<S>;
    static constexpr double weight = 2;  // V at both ends of the step, |pi|^2 in the drift
    static constexpr double roundings = 8;
};
// Four evaluations of the field, each with |p|^2 twice (T and p . dT/dp) and V.
struct use_runge_kutta4 {
    template <class S>
    using type = odeint::runge_kutta4<S>;
    static constexpr double weight = 4 * 3;
    static constexpr double roundings = 4 * 8;
};

using steppers = boost::mpl::list<use_chi2, use_kahan_li8, use_cvi2, use_runge_kutta4>;
using vectors = boost::mpl::list<thrust::host_vector<double>, thrust::device_vector<double>>;

}  // namespace

// The flow of quadratic_kinetic forms |p|^2 in the pass that moves q (one transform_reduce, one
// synchronisation) on Thrust vectors, as on std::vector: chi2's three synchronisations per step.
static_assert(oc::detail::sums_in_order_v<oc::contact_algebra, thrust::device_vector<double>> &&
              oc::detail::sums_in_order_v<oc::contact_algebra, thrust::host_vector<double>>);

BOOST_AUTO_TEST_CASE_TEMPLATE(steppers_on_host_vector_equal_std_vector_bit_for_bit, Use, steppers) {
    using host = thrust::host_vector<double>;
    const auto r = run_std<typename Use::template type<oc::contact_state<std::vector<double>>>>(ring());
    check_against(run<host, typename Use::template type<oc::contact_state<host>>>(ring()), r, Use::weight,
                  Use::roundings);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(steppers_on_device_vector_equal_std_vector, Use, steppers) {
    using device = thrust::device_vector<double>;
    const auto r = run_std<typename Use::template type<oc::contact_state<std::vector<double>>>>(ring());
    check_against(run<device, typename Use::template type<oc::contact_state<device>>>(ring()), r, Use::weight,
                  Use::roundings);
}

// The ring as four pieces: its two terms kick p separately (no value_and_kick: the steppers' own
// kick and scale passes, through the Thrust algebra).
BOOST_AUTO_TEST_CASE_TEMPLATE(split_hamiltonian_of_four_pieces, V, vectors) {
    const auto split = oc::make_split_hamiltonian(
        oc::kinetic_piece(oc::quadratic_kinetic<>{}), oc::potential_piece(device_models::ring_bonds{}),
        oc::potential_piece(device_models::ring_onsite{}), oc::action_piece(oc::linear_action(gamma_)));
    const auto r = run_std<oc::chi2<oc::contact_state<std::vector<double>>>>(split);
    // Each piece's value is a sum of its own; twice the separable chi2's weight covers both.
    check_against(run<V, oc::chi2<oc::contact_state<V>>>(split), r, 2, 16);
    // The split ring steps as the separable one up to the order of its additions: q and p too.
    const auto whole = run_std<oc::chi2<oc::contact_state<std::vector<double>>>>(ring());
    for (std::size_t i = 0; i < sites; ++i) BOOST_TEST(std::abs(r.x.q[i] - whole.x.q[i]) <= 1e-12);
}

// odeint's runge_kutta4 on a bare Thrust vector, through the algebra and resizing this header
// registers: every element as runge_kutta4 on std::vector computes it.
struct decay {
    struct rate {
        ODEINT_CONTACT_HOST_DEVICE double operator()(double x) const { return -0.5 * x + 0.25 * x * x; }
    };
    template <class V>
    void operator()(const V& x, V& dxdt, double) const {
        thrust::transform(device_models::policy_of(x), device_models::raw(x), device_models::raw(x) + x.size(),
                          device_models::raw(dxdt), rate{});
    }
};

BOOST_AUTO_TEST_CASE_TEMPLATE(runge_kutta4_on_a_bare_thrust_vector, V, vectors) {
    std::vector<double> start(sites);
    for (std::size_t i = 0; i < sites; ++i) start[i] = std::cos(0.1 * double(i));
    std::vector<double> expected = start;
    odeint::integrate_n_steps(odeint::runge_kutta4<std::vector<double>>(), decay{}, expected, 0.0, dt, steps);
    V x(start.begin(), start.end());
    odeint::integrate_n_steps(odeint::runge_kutta4<V>(), decay{}, x, 0.0, dt, steps);
    BOOST_TEST(to_std(x) == expected, boost::test_tools::per_element());
}
