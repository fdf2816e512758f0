// Shared by the tests: model potentials (with evaluation counters) and the measured order of a
// sequence of errors. Header-only; every test includes what it needs from here.
#ifndef ODEINT_CONTACT_TEST_SUPPORT_HPP
#define ODEINT_CONTACT_TEST_SUPPORT_HPP

#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

#include <boost/range/begin.hpp>
#include <boost/range/end.hpp>

namespace test_support {

// How often a potential was asked for V and for dV/dq (mutable: the library holds parts as const).
struct eval_counter {
    std::size_t value = 0;
    std::size_t gradient = 0;
};

// V(q, t) = k(t) |q|^2 / 2 for a scalar q or any range of numbers; k(t) = k0 (1 + eps sin(omega t)).
template <class Time = double>
struct harmonic_potential {
    double k0 = 1.0;
    double eps = 0.0;
    double omega = 1.0;
    eval_counter* counter = nullptr;

    double stiffness(const Time& t) const { return k0 * (1.0 + eps * std::sin(omega * t)); }

    template <class Q>
    double value(const Q& q, const Time& t) const {
        if (counter) ++counter->value;
        double sum = 0.0;
        if constexpr (std::is_arithmetic_v<Q>) {
            sum = q * q;
        } else {
            for (auto it = boost::begin(q); it != boost::end(q); ++it) sum += *it * *it;
        }
        return 0.5 * stiffness(t) * sum;
    }

    template <class Q, class D>
    void gradient(const Q& q, const Time& t, D& dVdq) const {
        if (counter) ++counter->gradient;
        const double k = stiffness(t);
        if constexpr (std::is_arithmetic_v<Q>) {
            dVdq = k * q;
        } else {
            auto out = boost::begin(dVdq);
            for (auto it = boost::begin(q); it != boost::end(q); ++it, ++out) *out = k * *it;
        }
    }
};

// V(q) = -mu/|q| in the plane (the paper's perturbed Kepler problem has mu = 1).
struct kepler_potential {
    double mu = 1.0;
    eval_counter* counter = nullptr;

    double value(const std::array<double, 2>& q, double) const {
        if (counter) ++counter->value;
        return -mu / std::hypot(q[0], q[1]);
    }
    void gradient(const std::array<double, 2>& q, double, std::array<double, 2>& dVdq) const {
        if (counter) ++counter->gradient;
        const double r = std::hypot(q[0], q[1]);
        const double c = mu / (r * r * r);
        dVdq[0] = c * q[0];
        dVdq[1] = c * q[1];
    }
};

// Observed orders log2(e_{i-1}/e_i) of errors measured at dt, dt/2, dt/4, ...
inline std::vector<double> observed_orders(const std::vector<double>& errors) {
    std::vector<double> orders;
    for (std::size_t i = 1; i < errors.size(); ++i) orders.push_back(std::log2(errors[i - 1] / errors[i]));
    return orders;
}

}  // namespace test_support

#endif
