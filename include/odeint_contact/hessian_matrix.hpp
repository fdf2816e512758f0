// SPDX-License-Identifier: BSL-1.0
// odeint_contact/hessian_matrix.hpp: kept so that existing includes keep working; the header is
// odeint_contact/system/hessian_matrix.hpp (doc/CONTRIBUTING.md#where-things-are).
#include <odeint_contact/system/hessian_matrix.hpp>
