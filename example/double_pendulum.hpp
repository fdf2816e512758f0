// SPDX-License-Identifier: BSL-1.0
// The damped double pendulum as a contact Lagrangian, shared by example/damped_double_pendulum.cpp
// and bench/lagrangian.cpp (see the example for the model). Counts its evaluations when given a
// counter.
#ifndef ODEINT_CONTACT_EXAMPLE_DOUBLE_PENDULUM_HPP
#define ODEINT_CONTACT_EXAMPLE_DOUBLE_PENDULUM_HPP

#include <array>
#include <cmath>

#include <odeint_contact/odeint_contact.hpp>

namespace pendulum {

namespace oc = odeint_contact;

using coordinates = std::array<double, 2>;
using state_type = oc::contact_state<coordinates>;

struct evaluation_count {
    long values = 0;
    long partials = 0;
    long hessians = 0;
};

struct double_pendulum {
    double g = 9.81;
    double gamma = 0.15;
    evaluation_count* count = nullptr;  // shared by the copies the system and steppers hold

    double value(const coordinates& q, const coordinates& v, double z, double /*t*/) const {
        if (count) ++count->values;
        const double c = std::cos(q[0] - q[1]);
        const double kinetic = (2 * v[0] * v[0] + 2 * c * v[0] * v[1] + v[1] * v[1]) / 2;
        return kinetic + 2 * g * std::cos(q[0]) + g * std::cos(q[1]) - gamma * z;
    }
    // dL/dq, dL/dv = M(q) v, and dL/dz.
    double partials(const coordinates& q, const coordinates& v, double /*z*/, double /*t*/, coordinates& dq,
                    coordinates& dv) const {
        if (count) ++count->partials;
        const double c = std::cos(q[0] - q[1]), sd = std::sin(q[0] - q[1]);
        dq[0] = -sd * v[0] * v[1] - 2 * g * std::sin(q[0]);
        dq[1] = sd * v[0] * v[1] - g * std::sin(q[1]);
        dv[0] = 2 * v[0] + c * v[1];
        dv[1] = c * v[0] + v[1];
        return -gamma;
    }
    // The second derivatives in the order (theta_1, theta_2, v_1, v_2, z): optional, but they give
    // Newton its exact Jacobian (without them cvi2 differences the partials, several times the
    // evaluations: bench/lagrangian, doc/performance.md).
    void hessian(const coordinates& q, const coordinates& v, double /*z*/, double /*t*/,
                 oc::hessian_matrix<double>& H) const {
        if (count) ++count->hessians;
        const double c = std::cos(q[0] - q[1]), sd = std::sin(q[0] - q[1]);
        H(0, 0) = -c * v[0] * v[1] - 2 * g * std::cos(q[0]);
        H(0, 1) = H(1, 0) = c * v[0] * v[1];
        H(1, 1) = -c * v[0] * v[1] - g * std::cos(q[1]);
        H(0, 2) = H(2, 0) = -sd * v[1];
        H(0, 3) = H(3, 0) = -sd * v[0];
        H(1, 2) = H(2, 1) = sd * v[1];
        H(1, 3) = H(3, 1) = sd * v[0];
        H(2, 2) = 2;
        H(2, 3) = H(3, 2) = c;
        H(3, 3) = 1;
    }
    double energy(const coordinates& q, const coordinates& v) const {
        return value(q, v, 0.0, 0.0) - 4 * g * std::cos(q[0]) - 2 * g * std::cos(q[1]);
    }
};

// The same Lagrangian without its hessian: the steps then difference the partials.
struct double_pendulum_without_hessian {
    double_pendulum l;
    double value(const coordinates& q, const coordinates& v, double z, double t) const { return l.value(q, v, z, t); }
    double partials(const coordinates& q, const coordinates& v, double z, double t, coordinates& dq,
                    coordinates& dv) const {
        return l.partials(q, v, z, t, dq, dv);
    }
};

}  // namespace pendulum

#endif
