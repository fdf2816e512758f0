// SPDX-License-Identifier: BSL-1.0
// odeint_contact/cvi4.hpp: kept so that existing includes keep working; the header is
// odeint_contact/stepper/cvi4.hpp (doc/CONTRIBUTING.md#where-things-are).
#include <odeint_contact/stepper/cvi4.hpp>
