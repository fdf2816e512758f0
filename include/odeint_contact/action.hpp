// SPDX-License-Identifier: BSL-1.0
// odeint_contact/action.hpp: kept so that existing includes keep working; the header is
// odeint_contact/system/action.hpp (doc/CONTRIBUTING.md#where-things-are).
#include <odeint_contact/system/action.hpp>
