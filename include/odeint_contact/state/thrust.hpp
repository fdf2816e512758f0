// SPDX-License-Identifier: BSL-1.0
// odeint_contact/state/thrust.hpp
//
// Thrust support: thrust::device_vector<T> (a GPU with nvcc; Thrust's OpenMP or serial device
// systems with a host compiler) and thrust::host_vector<T> as the q and p of a contact_state,
// e.g. contact_state<thrust::device_vector<double>>, with s a number on the host. Every chi and
// cvi stepper, split Hamiltonians and odeint's own steppers (also on a bare Thrust vector) run
// their passes and the library's sums (|p|^2, p . dT/dp) in the vector's system, through this
// header's odeint algebra; a pass that forms a sum is one transform_reduce, one synchronisation.
// Cost: chi2 with a potential's value_and_kick makes 3 passes and 3 synchronisations per step.
// Do not include odeint's external/thrust headers with it (with Boost 1.74 they do not compile
// with Thrust 1.16 and later). What is kept: on the host system a run equals the std::vector run
// bit for bit; on OpenMP or a GPU q and p do where F is affine in s (nvcc: -fmad=false), and s
// up to the order of the sums' additions. galerkin_cvi4 and contact Lagrangians refuse
// device_vector (static_assert). Not included by odeint_contact.hpp; doc/gpu.md.
#ifndef ODEINT_CONTACT_STATE_THRUST_HPP
#define ODEINT_CONTACT_STATE_THRUST_HPP

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/inner_product.h>

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/util/copy.hpp>
#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resize.hpp>
#include <boost/numeric/odeint/util/same_size.hpp>

#include <odeint_contact/state/contact_state.hpp>
#include <odeint_contact/detail/algebra/for_each_members.hpp>
#include <odeint_contact/detail/algebra/thrust_algebra.hpp>

namespace odeint_contact {

// The algebra of a Thrust vector component (and, registered with odeint, of a Thrust vector as
// odeint's state). fuses_reductions: it forms the sums of the library's accumulating ops itself,
// in the op's pass (contact_algebra.hpp).
struct thrust_algebra {
    static constexpr bool fuses_reductions = true;

    ODEINT_CONTACT_DETAIL_FOR_EACH_MEMBERS(apply)

    template <class V>
    static auto norm_inf(const V& x) {
        using T = typename V::value_type;
        const auto first = detail::thrust_raw(x);
        return thrust::transform_reduce(detail::thrust_policy_of<V>(), first, first + x.size(),
                                        detail::thrust_abs<T>{}, T(0), thrust::maximum<T>());
    }

private:
    template <class Tuple, std::size_t... I>
    static void apply(Tuple&& args, std::index_sequence<I...>) {
        detail::thrust_for_each(std::get<sizeof...(I)>(args), std::get<I>(args)...);
    }
};

namespace detail {

template <class V>
struct thrust_component_traits {
    using scalar_type = typename V::value_type;
    using algebra_type = thrust_algebra;

    // a . b in the vector's system; the host system adds in element order, as std::inner_product.
    template <class U>
    static scalar_type dot(const V& a, const U& b) {
        const auto first = thrust_raw(a);
        return thrust::inner_product(thrust_policy_of<V>(), first, first + a.size(), thrust_raw(b), scalar_type(0));
    }
};

}  // namespace detail

template <class T, class A>
struct component_traits<thrust::device_vector<T, A>> : detail::thrust_component_traits<thrust::device_vector<T, A>> {
    // On a GPU the elements are in device memory: no dense solves on host copies.
    static constexpr bool host_elements = false;
};

template <class T, class A>
struct component_traits<thrust::host_vector<T, A>> : detail::thrust_component_traits<thrust::host_vector<T, A>> {};

}  // namespace odeint_contact

// odeint's view of Thrust vectors, once for each vector template (odeint's own headers register
// one base class of both twice, which is why they do not compile).
namespace boost {
namespace numeric {
namespace odeint {

#define ODEINT_CONTACT_THRUST_REGISTER(VECTOR)                                                          \
    template <class T, class A>                                                                        \
    struct algebra_dispatcher<VECTOR<T, A>> {                                                          \
        using algebra_type = odeint_contact::thrust_algebra;                                           \
    };                                                                                                 \
    template <class T, class A>                                                                        \
    struct is_resizeable<VECTOR<T, A>> : is_resizeable<std::vector<double>> {};                       \
    template <class T1, class A1, class T2, class A2>                                                  \
    struct same_size_impl<VECTOR<T1, A1>, VECTOR<T2, A2>> {                                            \
        static bool same_size(const VECTOR<T1, A1>& x, const VECTOR<T2, A2>& y) {                     \
            return x.size() == y.size();                                                               \
        }                                                                                              \
    };                                                                                                 \
    template <class T1, class A1, class T2, class A2>                                                  \
    struct resize_impl<VECTOR<T1, A1>, VECTOR<T2, A2>> {                                               \
        static void resize(VECTOR<T1, A1>& x, const VECTOR<T2, A2>& y) {                              \
            /* Thrust 1.17's resize of an empty vector copies its empty range by &*begin() of a    */ \
            /* null pointer (undefined behaviour, UBSan): an empty vector is replaced instead.      */ \
            if (x.empty())                                                                             \
                VECTOR<T1, A1>(y.size()).swap(x);                                                      \
            else                                                                                       \
                x.resize(y.size());                                                                    \
        }                                                                                              \
    };                                                                                                 \
    template <class T1, class A1, class T2, class A2>                                                  \
    struct copy_impl<VECTOR<T1, A1>, VECTOR<T2, A2>> {                                                 \
        static void copy(const VECTOR<T1, A1>& from, VECTOR<T2, A2>& to) {                            \
            thrust::copy(from.begin(), from.end(), to.begin());                                        \
        }                                                                                              \
    };
ODEINT_CONTACT_THRUST_REGISTER(thrust::device_vector)
ODEINT_CONTACT_THRUST_REGISTER(thrust::host_vector)
#undef ODEINT_CONTACT_THRUST_REGISTER

}  // namespace odeint
}  // namespace numeric
}  // namespace boost

#endif
