// SPDX-License-Identifier: BSL-1.0
// Two large contact systems whose potentials run where their vectors live (doc/gpu.md): the same
// source serves std::vector (serially on the host), thrust::host_vector, and thrust::device_vector
// on a GPU (nvcc) or on Thrust's OpenMP device system (g++ -fopenmp).
//   ring_potential      a ring lattice, V = sum_i (q_{i+1} - q_i)^2 / 2 + q_i^4 / 4: a stencil
//   ensemble_potential  independent 1-DOF members, V = -eps sum_i cos(2 q_i - 2 t): a
//                       spin-orbit-like ensemble (one contact system of M coordinates when F is
//                       affine in s)
// Each has value, gradient and value_and_kick (the kick of p in the pass that forms V: one
// transform_reduce, one synchronisation). The functors read raw pointers and are
// __host__ __device__ under nvcc (ODEINT_CONTACT_HOST_DEVICE).
#ifndef ODEINT_CONTACT_EXAMPLE_GPU_DEVICE_MODELS_HPP
#define ODEINT_CONTACT_EXAMPLE_GPU_DEVICE_MODELS_HPP

#include <cmath>
#include <cstddef>
#include <vector>

#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>

#include <odeint_contact/state/thrust.hpp>

namespace device_models {

// Raw element pointers and the execution policy of a vector: std::vector runs on the host.
inline const double* raw(const std::vector<double>& v) { return v.data(); }
inline double* raw(std::vector<double>& v) { return v.data(); }
template <class V>
auto raw(V& v) {
    return odeint_contact::detail::thrust_raw(v);
}
template <class V>
auto policy_of(const V&) {
    if constexpr (odeint_contact::detail::is_thrust_vector_v<V>)
        return odeint_contact::detail::thrust_policy_of<V>();
    else
        return thrust::host;
}

// [doc:ring_functors]
// Site i of the ring: the force dV/dq_i from its two neighbours and its share of V (the bond to
// the right and the on-site term).
struct ring_site {
    const double* q;
    std::ptrdiff_t n;
    ODEINT_CONTACT_HOST_DEVICE double left(std::ptrdiff_t i) const { return q[i == 0 ? n - 1 : i - 1]; }
    ODEINT_CONTACT_HOST_DEVICE double right(std::ptrdiff_t i) const { return q[i + 1 == n ? 0 : i + 1]; }
    ODEINT_CONTACT_HOST_DEVICE double force(std::ptrdiff_t i) const {
        const double x = q[i];
        return (x - left(i)) - (right(i) - x) + x * x * x;
    }
    ODEINT_CONTACT_HOST_DEVICE double energy(std::ptrdiff_t i) const {
        const double x = q[i];
        const double d = right(i) - x;
        return 0.5 * d * d + 0.25 * x * x * x * x;
    }
};

struct ring_energy {
    ring_site site;
    ODEINT_CONTACT_HOST_DEVICE double operator()(std::ptrdiff_t i) const { return site.energy(i); }
};
struct ring_force {
    ring_site site;
    ODEINT_CONTACT_HOST_DEVICE double operator()(std::ptrdiff_t i) const { return site.force(i); }
};
// p_out[i] = a p_in[i] - b dV/dq_i, and site i's share of V for the sum (p_out may be p_in).
struct ring_kick {
    ring_site site;
    const double* p_in;
    double* p_out;
    double a, b;
    ODEINT_CONTACT_HOST_DEVICE double operator()(std::ptrdiff_t i) const {
        p_out[i] = a * p_in[i] - b * site.force(i);
        return site.energy(i);
    }
};
// [/doc:ring_functors]

// [doc:ring_potential]
struct ring_potential {
    template <class V>
    double value(const V& q, double) const {
        const auto n = static_cast<std::ptrdiff_t>(q.size());
        thrust::counting_iterator<std::ptrdiff_t> i(0);
        return thrust::transform_reduce(policy_of(q), i, i + n, ring_energy{{raw(q), n}}, 0.0, thrust::plus<double>());
    }
    template <class V>
    void gradient(const V& q, double, V& dVdq) const {
        const auto n = static_cast<std::ptrdiff_t>(q.size());
        thrust::counting_iterator<std::ptrdiff_t> i(0);
        thrust::transform(policy_of(q), i, i + n, raw(dVdq), ring_force{{raw(q), n}});
    }
    template <class V>
    double value_and_kick(const V& q, double, double a, double b, const V& p_in, V& p_out) const {
        const auto n = static_cast<std::ptrdiff_t>(q.size());
        thrust::counting_iterator<std::ptrdiff_t> i(0);
        return thrust::transform_reduce(policy_of(q), i, i + n, ring_kick{{raw(q), n}, raw(p_in), raw(p_out), a, b},
                                        0.0, thrust::plus<double>());
    }
};
// [/doc:ring_potential]

// The ring's two terms as potentials of their own, for a split Hamiltonian of four pieces.
struct ring_bonds {
    struct energy {
        ring_site site;
        ODEINT_CONTACT_HOST_DEVICE double operator()(std::ptrdiff_t i) const {
            const double d = site.right(i) - site.q[i];
            return 0.5 * d * d;
        }
    };
    struct force {
        ring_site site;
        ODEINT_CONTACT_HOST_DEVICE double operator()(std::ptrdiff_t i) const {
            const double x = site.q[i];
            return (x - site.left(i)) - (site.right(i) - x);
        }
    };
    template <class V>
    double value(const V& q, double) const {
        const auto n = static_cast<std::ptrdiff_t>(q.size());
        thrust::counting_iterator<std::ptrdiff_t> i(0);
        return thrust::transform_reduce(policy_of(q), i, i + n, energy{{raw(q), n}}, 0.0, thrust::plus<double>());
    }
    template <class V>
    void gradient(const V& q, double, V& dVdq) const {
        const auto n = static_cast<std::ptrdiff_t>(q.size());
        thrust::counting_iterator<std::ptrdiff_t> i(0);
        thrust::transform(policy_of(q), i, i + n, raw(dVdq), force{{raw(q), n}});
    }
};

struct ring_onsite {
    struct energy {
        ODEINT_CONTACT_HOST_DEVICE double operator()(double x) const { return 0.25 * x * x * x * x; }
    };
    struct force {
        ODEINT_CONTACT_HOST_DEVICE double operator()(double x) const { return x * x * x; }
    };
    template <class V>
    double value(const V& q, double) const {
        return thrust::transform_reduce(policy_of(q), raw(q), raw(q) + q.size(), energy{}, 0.0, thrust::plus<double>());
    }
    template <class V>
    void gradient(const V& q, double, V& dVdq) const {
        thrust::transform(policy_of(q), raw(q), raw(q) + q.size(), raw(dVdq), force{});
    }
};

// [doc:ensemble_kick]
// Member i: V_i = -eps cos(2 q_i - 2 t), dV_i/dq_i = 2 eps sin(2 q_i - 2 t). The members share
// nothing but t, so a kick is one element-wise pass and V one sum.
struct ensemble_kick {
    const double* q;
    const double* p_in;
    double* p_out;
    double a, b, eps, t;
    ODEINT_CONTACT_HOST_DEVICE double operator()(std::ptrdiff_t i) const {
        const double phase = 2 * q[i] - 2 * t;
        p_out[i] = a * p_in[i] - b * (2 * eps * sin(phase));
        return -eps * cos(phase);
    }
};
// [/doc:ensemble_kick]

struct ensemble_potential {
    double eps = 0.1;

    // [doc:ensemble_value_and_kick]
    template <class V>
    double value_and_kick(const V& q, double t, double a, double b, const V& p_in, V& p_out) const {
        thrust::counting_iterator<std::ptrdiff_t> i(0);
        return thrust::transform_reduce(policy_of(q), i, i + static_cast<std::ptrdiff_t>(q.size()),
                                        ensemble_kick{raw(q), raw(p_in), raw(p_out), a, b, eps, t}, 0.0,
                                        thrust::plus<double>());
    }
    // [/doc:ensemble_value_and_kick]
    struct energy {
        double eps, t;
        ODEINT_CONTACT_HOST_DEVICE double operator()(double x) const { return -eps * cos(2 * x - 2 * t); }
    };
    struct force {
        double eps, t;
        ODEINT_CONTACT_HOST_DEVICE double operator()(double x) const { return 2 * eps * sin(2 * x - 2 * t); }
    };
    template <class V>
    double value(const V& q, double t) const {
        return thrust::transform_reduce(policy_of(q), raw(q), raw(q) + q.size(), energy{eps, t}, 0.0,
                                        thrust::plus<double>());
    }
    template <class V>
    void gradient(const V& q, double t, V& dVdq) const {
        thrust::transform(policy_of(q), raw(q), raw(q) + q.size(), raw(dVdq), force{eps, t});
    }
};

}  // namespace device_models

#endif
