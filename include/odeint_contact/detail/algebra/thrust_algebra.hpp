// SPDX-License-Identifier: BSL-1.0
// The odeint algebra of Thrust vectors (odeint_contact/state/thrust.hpp): each for_eachN is one
// thrust::for_each over the elements of the operands' raw pointers, run by the vector's own
// system (CUDA, OpenMP, TBB or serially on the host). The ops it is given are the host functors of
// odeint's default_operations and of the library (contact_algebra.hpp); the ones it knows are
// replaced by equivalents callable on a device, with the same arithmetic element by element, and
// any other op is called as it is (on a CUDA device it must then be __host__ __device__). The
// library's ops that accumulate a sum (with_sum_of_squares, kick_drift with a sum) become one
// thrust::transform_reduce: the element-wise update and the sum in one pass, one synchronisation.
// Not odeint's thrust_algebra, whose headers do not compile with Thrust >= 1.16 in Boost 1.74.
#ifndef ODEINT_CONTACT_DETAIL_ALGEBRA_THRUST_ALGEBRA_HPP
#define ODEINT_CONTACT_DETAIL_ALGEBRA_THRUST_ALGEBRA_HPP

#include <cstddef>
#include <type_traits>
#include <utility>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/inner_product.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform_reduce.h>
#include <thrust/tuple.h>
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
#include <thrust/system/cuda/execution_policy.h>
#endif

#include <boost/numeric/odeint/algebra/default_operations.hpp>

#include <odeint_contact/detail/algebra/contact_algebra.hpp>
#include <odeint_contact/detail/steps/split_stage.hpp>

// What nvcc compiles for the device too; empty for a host compiler (CCCL 3 no longer defines
// __host__ and __device__ for g++).
#if defined(__CUDACC__)
#define ODEINT_CONTACT_HOST_DEVICE __host__ __device__
#else
#define ODEINT_CONTACT_HOST_DEVICE
#endif

namespace odeint_contact {
namespace detail {

template <class T>
struct is_thrust_vector : std::false_type {};
template <class T, class A>
struct is_thrust_vector<thrust::device_vector<T, A>> : std::true_type {};
template <class T, class A>
struct is_thrust_vector<thrust::host_vector<T, A>> : std::true_type {};
template <class T>
inline constexpr bool is_thrust_vector_v = is_thrust_vector<std::remove_cv_t<T>>::value;

// The execution policy of a vector's system, for algorithms on its raw pointers (which carry no
// system of their own).
template <class V>
inline constexpr bool thrust_on_host_v =
    std::is_same<typename thrust::iterator_system<typename V::iterator>::type, thrust::host_system_tag>::value;

template <class V>
auto thrust_policy_of() {
    if constexpr (thrust_on_host_v<V>)
        return thrust::host;
    else
        return thrust::device;
}

// The policy of an element-wise pass: on CUDA par_nosync, so that a pass does not wait for its
// kernel (Thrust's for_each does by default); the next sum, or any read of the elements by the
// host, waits for it, in stream order. Elsewhere the vector's own policy.
template <class V>
auto thrust_pass_policy_of() {
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
    if constexpr (!thrust_on_host_v<V>)
        return thrust::cuda::par_nosync;
    else
        return thrust_policy_of<V>();
#else
    return thrust_policy_of<V>();
#endif
}

template <class V>
auto thrust_raw(V& v) {
    return thrust::raw_pointer_cast(v.data());
}

// ---- device equivalents of the host ops ----------------------------------------------------------
// Each with the expression of the op it replaces, so that a CPU device system gives the numbers
// of range_algebra on a std::vector bit for bit.

// odeint's scale_sumN: t1 = a1 t2 + a2 t3 + ..., added from the left as odeint's expression is.
// The coefficients in a Thrust tuple. scale_sum1 ... scale_sum7 are translated (runge_kutta4 to
// dopri5); the larger ones of rkf78 are not, and compile for the CPU systems only.
template <class... A>
struct thrust_scale_sum {
    thrust::tuple<A...> a;
    template <class T1, class... T>
    ODEINT_CONTACT_HOST_DEVICE void operator()(T1& t1, const T&... t) const {
        assign(std::index_sequence_for<A...>{}, t1, t...);
    }
    template <std::size_t... I, class T1, class... T>
    ODEINT_CONTACT_HOST_DEVICE void assign(std::index_sequence<I...>, T1& t1, const T&... t) const {
        t1 = (... + (thrust::get<I>(a) * t));
    }
};
template <class... A>
thrust_scale_sum<A...> make_thrust_scale_sum(const A&... a) {
    return {thrust::make_tuple(a...)};
}

template <class F, class C>
struct thrust_scale_kick_scale {
    F factor;
    C c;
    template <class T1, class T2, class T3>
    ODEINT_CONTACT_HOST_DEVICE void operator()(T1& t1, const T2& t2, const T3& t3) const {
        t1 = factor * (t2 + c * t3) + c * t3;
    }
};

template <class F, class C>
struct thrust_scale_kick {
    F factor;
    C c;
    template <class T1, class T2, class T3>
    ODEINT_CONTACT_HOST_DEVICE void operator()(T1& t1, const T2& t2, const T3& t3) const {
        t1 = factor * (t2 + c * t3);
    }
};

struct thrust_assign_zero {
    template <class T>
    ODEINT_CONTACT_HOST_DEVICE void operator()(T& t) const {
        t = T{};
    }
};

// kick_drift's update; returns pi^2 for the sum (kick_drift with a sum).
template <class A, class C, class V>
struct thrust_kick_drift {
    A a;
    C c;
    V v;
    template <class Q, class Pi, class QIn, class P, class G>
    ODEINT_CONTACT_HOST_DEVICE Pi operator()(Q& q, Pi& pi, const QIn& q_in, const P& p, const G& g) const {
        const Pi k = a * p + c * g;
        pi = k;
        q = q_in + v * k;
        return k * k;
    }
};

// An op's update followed by the square of its last operand: with_sum_of_squares' term.
template <class Op>
struct thrust_with_square {
    Op op;
    template <class T1, class T2, class T3>
    ODEINT_CONTACT_HOST_DEVICE T3 operator()(T1& t1, const T2& t2, const T3& t3) const {
        op(t1, t2, t3);
        return t3 * t3;
    }
};

// The device op for a known host op (and for one derived from it, as odeint's
// generic_rk_scale_sum from scale_sumN).
using odeint_default_operations = boost::numeric::odeint::default_operations;
template <class A1>
auto thrust_known_op(const odeint_default_operations::scale_sum1<A1>& op) {
    return make_thrust_scale_sum(op.m_alpha1);
}
template <class A1, class A2>
auto thrust_known_op(const odeint_default_operations::scale_sum2<A1, A2>& op) {
    return make_thrust_scale_sum(op.m_alpha1, op.m_alpha2);
}
template <class A1, class A2, class A3>
auto thrust_known_op(const odeint_default_operations::scale_sum3<A1, A2, A3>& op) {
    return make_thrust_scale_sum(op.m_alpha1, op.m_alpha2, op.m_alpha3);
}
template <class A1, class A2, class A3, class A4>
auto thrust_known_op(const odeint_default_operations::scale_sum4<A1, A2, A3, A4>& op) {
    return make_thrust_scale_sum(op.m_alpha1, op.m_alpha2, op.m_alpha3, op.m_alpha4);
}
template <class A1, class A2, class A3, class A4, class A5>
auto thrust_known_op(const odeint_default_operations::scale_sum5<A1, A2, A3, A4, A5>& op) {
    return make_thrust_scale_sum(op.m_alpha1, op.m_alpha2, op.m_alpha3, op.m_alpha4, op.m_alpha5);
}
template <class A1, class A2, class A3, class A4, class A5, class A6>
auto thrust_known_op(const odeint_default_operations::scale_sum6<A1, A2, A3, A4, A5, A6>& op) {
    return make_thrust_scale_sum(op.m_alpha1, op.m_alpha2, op.m_alpha3, op.m_alpha4, op.m_alpha5, op.m_alpha6);
}
template <class A1, class A2, class A3, class A4, class A5, class A6, class A7>
auto thrust_known_op(const odeint_default_operations::scale_sum7<A1, A2, A3, A4, A5, A6, A7>& op) {
    return make_thrust_scale_sum(op.m_alpha1, op.m_alpha2, op.m_alpha3, op.m_alpha4, op.m_alpha5, op.m_alpha6, op.m_alpha7);
}
template <class F, class C>
thrust_scale_kick_scale<F, C> thrust_known_op(const scale_kick_scale<F, C>& op) {
    return {op.factor, op.c};
}
template <class F, class C>
thrust_scale_kick<F, C> thrust_known_op(const scale_kick<F, C>& op) {
    return {op.factor, op.c};
}
inline thrust_assign_zero thrust_known_op(const assign_zero&) { return {}; }
template <class A, class C, class V>
thrust_kick_drift<A, C, V> thrust_known_op(const kick_drift<A, C, V, void>& op) {
    return {op.a, op.c, op.v};
}

template <class Op>
using thrust_translation_op = decltype(thrust_known_op(std::declval<const Op&>()));
template <class Op>
using is_known_op = is_detected<thrust_translation_op, Op>;

// The device op for a host op: the known ones translated, any other as it is.
template <class Op>
auto thrust_op(const Op& op) {
    if constexpr (is_known_op<Op>::value)
        return thrust_known_op(op);
    else
        return op;
}

// The accumulating ops: the reduction's term, and where its sum goes.
template <class Op>
struct thrust_reduction {
    static constexpr bool value = false;
};
template <class Op, class Sum>
struct thrust_reduction<with_sum_of_squares<Op, Sum>> {
    static constexpr bool value = true;
    using sum_type = Sum;
    static auto term(const with_sum_of_squares<Op, Sum>& op) {
        using device_op = std::decay_t<decltype(thrust_op(op.op))>;
        return thrust_with_square<device_op>{thrust_op(op.op)};
    }
};
template <class A, class C, class V, class Sum>
struct thrust_reduction<kick_drift<A, C, V, Sum>> {
    static constexpr bool value = !std::is_void<Sum>::value;
    using sum_type = Sum;
    static thrust_kick_drift<A, C, V> term(const kick_drift<A, C, V, Sum>& op) { return {op.a, op.c, op.v}; }
};

// Element i of every operand, handed to the op: the operands are raw pointers, held in a Thrust
// tuple (device code cannot use std::tuple). An index rather than a zip iterator, because Thrust
// hands a transform_reduce's function the zip's values, not references to the elements. The
// result (void for updates, the term of a sum) is passed on.
template <class Op, class Pointers, std::size_t N>
struct thrust_element_call {
    Op op;
    Pointers pointers;
    ODEINT_CONTACT_HOST_DEVICE auto operator()(std::ptrdiff_t i) const { return call(i, std::make_index_sequence<N>{}); }
    template <std::size_t... I>
    ODEINT_CONTACT_HOST_DEVICE auto call(std::ptrdiff_t i, std::index_sequence<I...>) const {
        return op(thrust::get<I>(pointers)[i]...);
    }
};

template <class First, class... Rest>
constexpr bool check_thrust_operands() {
    // Thrust 1.x tuples hold at most 10 elements.
    static_assert(1 + sizeof...(Rest) <= 10,
                  "odeint_contact: the Thrust algebra passes at most 10 vectors to one op (Thrust's tuple limit)");
    static_assert((std::is_same<typename thrust::iterator_system<typename std::remove_cv_t<First>::iterator>::type,
                                typename thrust::iterator_system<typename std::remove_cv_t<Rest>::iterator>::type>::value &&
                   ...),
                  "odeint_contact: the operands of one algebra call must live in one Thrust system (all "
                  "device_vector or all host_vector)");
    return true;
}

// One pass of op over the operands, all of first's length.
template <class Op, class First, class... Rest>
void thrust_for_each(const Op& op, First& first, Rest&... rest) {
    static_assert(check_thrust_operands<First, Rest...>());
    constexpr std::size_t n_operands = 1 + sizeof...(Rest);
    const auto n = static_cast<std::ptrdiff_t>(first.size());
    const auto policy = thrust_policy_of<std::remove_cv_t<First>>();
    const auto pointers = thrust::make_tuple(thrust_raw(first), thrust_raw(rest)...);
    using pointers_type = std::decay_t<decltype(pointers)>;
    const thrust::counting_iterator<std::ptrdiff_t> begin(0);
    if constexpr (thrust_reduction<Op>::value) {
        // The update and the sum in one pass: each element is visited once, by the term that
        // writes it. The additions are in the system's order (serial on the host system).
        using reduction = thrust_reduction<Op>;
        using sum_type = typename reduction::sum_type;
        using term_type = decltype(reduction::term(op));
        const sum_type part = thrust::transform_reduce(
            policy, begin, begin + n, thrust_element_call<term_type, pointers_type, n_operands>{reduction::term(op), pointers},
            sum_type{}, thrust::plus<sum_type>());
        *op.sum = *op.sum + part;
    } else {
        using device_op = std::decay_t<decltype(thrust_op(op))>;
        thrust::for_each(thrust_pass_policy_of<std::remove_cv_t<First>>(), begin, begin + n,
                         thrust_element_call<device_op, pointers_type, n_operands>{thrust_op(op), pointers});
    }
}

template <class T>
struct thrust_abs {
    ODEINT_CONTACT_HOST_DEVICE T operator()(const T& x) const { return x < T(0) ? -x : x; }
};

}  // namespace detail
}  // namespace odeint_contact

#endif
