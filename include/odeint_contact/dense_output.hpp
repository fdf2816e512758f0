// SPDX-License-Identifier: BSL-1.0
// odeint_contact/dense_output.hpp: kept so that existing includes keep working; the header is
// odeint_contact/adaptive/dense_output.hpp (doc/CONTRIBUTING.md#where-things-are).
#include <odeint_contact/adaptive/dense_output.hpp>
