// SPDX-License-Identifier: BSL-1.0
// odeint_contact/action_term.hpp: kept so that existing includes keep working; the header is
// odeint_contact/system/action_term.hpp (doc/CONTRIBUTING.md#where-things-are).
#include <odeint_contact/system/action_term.hpp>
