// SPDX-License-Identifier: BSL-1.0
// odeint_contact/composition_tables.hpp: kept so that existing includes keep working; the header is
// odeint_contact/stepper/composition_tables.hpp (doc/CONTRIBUTING.md#where-things-are).
#include <odeint_contact/stepper/composition_tables.hpp>
