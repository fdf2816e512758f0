// SPDX-License-Identifier: BSL-1.0
// odeint_contact/component_traits.hpp: kept so that existing includes keep working; the header is
// odeint_contact/state/component_traits.hpp (doc/CONTRIBUTING.md#where-things-are).
#include <odeint_contact/state/component_traits.hpp>
