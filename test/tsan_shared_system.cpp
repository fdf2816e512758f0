// SPDX-License-Identifier: BSL-1.0
// One const system shared by threads, one stepper each (ensembles, parameter sweeps): built with
// -fsanitize=thread (test/CMakeLists.txt, target tsan_shared_system), so that ThreadSanitizer
// reports any data race on the system's state and fails the test; and every thread's result
// equals, bit for bit, the same run done serially. For a separable, a split and a Lagrangian
// system, under the library's steppers (chi2, cvi2) and under odeint's runge_kutta4, which calls
// the system function (and so the Lagrangian's Legendre transform), and the Lagrangian system's
// value and velocity.
#define BOOST_TEST_MODULE tsan_shared_system
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstring>
#include <thread>
#include <vector>

#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "test_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

namespace {

using state = oc::contact_state<std::vector<double>>;

// L = |v|^2/2 + 0.1 q.v' - |q|^2/2 - 0.2 z with v'_i = v_{i+1} (cyclic): p = v + 0.1 q'', so the
// system function finds v from p by Newton's method in its scratch buffers.
struct coupled_lagrangian {
    template <class Q>
    double value(const Q& q, const Q& v, double z, double) const {
        const std::size_t n = q.size();
        double sum = 0;
        for (std::size_t i = 0; i < n; ++i) sum += v[i] * v[i] / 2 + 0.1 * q[i] * v[(i + 1) % n] - q[i] * q[i] / 2;
        return sum - 0.2 * z;
    }
    template <class Q, class P>
    double partials(const Q& q, const Q& v, double, double, P& dq, P& dv) const {
        const std::size_t n = q.size();
        for (std::size_t i = 0; i < n; ++i) {
            dq[i] = 0.1 * v[(i + 1) % n] - q[i];
            dv[i] = v[i] + 0.1 * q[(i + n - 1) % n];
        }
        return -0.2;
    }
};

// Start k of an ensemble: each thread its own initial condition, of its own length (so that the
// sizes the system's scratch would be made for differ between threads).
state start(std::size_t k) {
    state x{std::vector<double>(3 + k), std::vector<double>(3 + k), 0.1 * double(k)};
    for (std::size_t i = 0; i < x.q.size(); ++i) {
        x.q[i] = 0.3 + 0.1 * double(i + k);
        x.p[i] = -0.2 + 0.05 * double(i * k);
    }
    return x;
}

// 200 steps, then the system's own functions at the end point where it has them.
struct run_result {
    state x;
    std::vector<double> extra;
};

template <class Stepper, class System>
run_result run(const System& system, std::size_t k) {
    Stepper stepper;
    run_result r{start(k), {}};
    for (int i = 0; i < 200; ++i) stepper.do_step(system, r.x, 0.01 * i, 0.01);
    if constexpr (oc::detail::is_contact_lagrangian_system<System>::value) {
        std::vector<double> v(r.x.q.size());
        system.velocity(r.x, 2.0, v);
        r.extra = v;
        r.extra.push_back(system.value(r.x, 2.0));
    }
    return r;
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

// The serial runs first, then the same runs on threads at once, on the one const system.
template <class Stepper, class System>
void check_shared(const System& system) {
    constexpr std::size_t threads = 4;
    std::vector<run_result> serial, parallel(threads);
    for (std::size_t k = 0; k < threads; ++k) serial.push_back(run<Stepper>(system, k));
    std::vector<std::thread> pool;
    for (std::size_t k = 0; k < threads; ++k)
        pool.emplace_back([&system, &parallel, k] { parallel[k] = run<Stepper>(system, k); });
    for (std::thread& t : pool) t.join();
    for (std::size_t k = 0; k < threads; ++k) {
        BOOST_TEST(same_bits(parallel[k].x.q, serial[k].x.q));
        BOOST_TEST(same_bits(parallel[k].x.p, serial[k].x.p));
        BOOST_TEST(std::memcmp(&parallel[k].x.s, &serial[k].x.s, sizeof(double)) == 0);
        BOOST_TEST(same_bits(parallel[k].extra, serial[k].extra));
    }
}

using rk4 = odeint::runge_kutta4<state>;

BOOST_AUTO_TEST_CASE(separable_system) {
    const auto system = oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, test_support::harmonic_potential<>{},
                                                       oc::linear_action(0.1));
    check_shared<oc::chi2<state>>(system);
    check_shared<oc::cvi2<state>>(system);
    check_shared<rk4>(system);
}

BOOST_AUTO_TEST_CASE(split_system) {
    const auto system = oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}),
                                                   oc::potential_piece(test_support::harmonic_potential<>{}),
                                                   oc::position_damping(test_support::harmonic_potential<>{}));
    check_shared<oc::chi2<state>>(system);
    check_shared<rk4>(system);
}

BOOST_AUTO_TEST_CASE(lagrangian_system) {
    const auto system = oc::make_contact_lagrangian(coupled_lagrangian{});
    check_shared<oc::cvi2<state>>(system);
    check_shared<rk4>(system);
}

}  // namespace
