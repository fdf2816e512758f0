// SPDX-License-Identifier: BSL-1.0
// odeint_contact/contact_state.hpp: kept so that existing includes keep working; the header is
// odeint_contact/state/contact_state.hpp (doc/CONTRIBUTING.md#where-things-are).
#include <odeint_contact/state/contact_state.hpp>
