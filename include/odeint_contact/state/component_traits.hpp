// SPDX-License-Identifier: BSL-1.0
// odeint_contact/state/component_traits.hpp
//
// component_traits<T>: the customization point for the types of q and p (doc/concepts.md). The
// library specialises it for numbers, Boost.Units quantities, Boost ranges (std::array,
// std::vector, nested vectors) and Eigen objects (detail/traits.hpp); a user specialises it for
// another type, or to change how a sum over a component is formed (odeint_contact/state/openmp.hpp,
// odeint_contact/state/mpi.hpp do so for odeint's openmp_state and mpi_state).
#ifndef ODEINT_CONTACT_STATE_COMPONENT_TRAITS_HPP
#define ODEINT_CONTACT_STATE_COMPONENT_TRAITS_HPP

#include <odeint_contact/detail/algebra/component_kind.hpp>

namespace odeint_contact {

// The customization point for state components (doc/concepts.md): what the library needs of a
// q or p type beyond odeint's algebra and operations, which do all element-wise work.
//   typename component_traits<T>::scalar_type      the number type of one element
//   component_traits<T>::dot(a, b)                 sum_i a_i b_i for a of type T and b of the
//                                                  same shape (|p|^2, p . dT/dp)
// and optionally
//   typename component_traits<T>::algebra_type     the odeint algebra for element-wise work on
//                                                  T, where the default (vector_space_algebra
//                                                  for a type that is no range) does not fit
// Specialise it for a type the defaults do not cover, or to change how a sum is formed (in
// parallel, across MPI ranks).
template <class T, class Enable = void>
struct component_traits : detail::default_component_traits<T> {};

}  // namespace odeint_contact

#endif
