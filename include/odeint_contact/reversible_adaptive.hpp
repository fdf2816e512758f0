// SPDX-License-Identifier: BSL-1.0
// odeint_contact/reversible_adaptive.hpp: kept so that existing includes keep working; the header is
// odeint_contact/adaptive/reversible_adaptive.hpp (doc/CONTRIBUTING.md#where-things-are).
#include <odeint_contact/adaptive/reversible_adaptive.hpp>
