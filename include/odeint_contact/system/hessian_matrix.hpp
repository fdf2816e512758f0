// SPDX-License-Identifier: BSL-1.0
// odeint_contact/system/hessian_matrix.hpp
//
// hessian_matrix<Value>: the matrices of second derivatives that optional members fill, in plain
// numbers (the SI values for Boost.Units quantities): a potential's hessian(q, t, H),
// H(i, j) = d^2V/dq_i dq_j (n x n, n = 1 for a scalar q; galerkin_cvi4.hpp), and a contact
// Lagrangian's hessian(q, v, z, t, H) and mass_matrix(M) (contact_lagrangian.hpp). A dense
// square matrix: size(), and the entries as H(i, j), i and j from 0.
#ifndef ODEINT_CONTACT_SYSTEM_HESSIAN_MATRIX_HPP
#define ODEINT_CONTACT_SYSTEM_HESSIAN_MATRIX_HPP

#include <odeint_contact/detail/numerics/newton.hpp>

namespace odeint_contact {

template <class Value>
using hessian_matrix = detail::dense_matrix<Value>;

}  // namespace odeint_contact

#endif
