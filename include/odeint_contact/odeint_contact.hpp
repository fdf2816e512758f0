// SPDX-License-Identifier: BSL-1.0
// odeint_contact/odeint_contact.hpp - the umbrella header: everything odeint-contact offers.
#ifndef ODEINT_CONTACT_ODEINT_CONTACT_HPP
#define ODEINT_CONTACT_ODEINT_CONTACT_HPP

#include <odeint_contact/system/action.hpp>
#include <odeint_contact/system/action_term.hpp>
#include <odeint_contact/stepper/chi2.hpp>
#include <odeint_contact/stepper/chi4.hpp>
#include <odeint_contact/stepper/chi6.hpp>
#include <odeint_contact/stepper/chi8.hpp>
#include <odeint_contact/state/component_traits.hpp>
#include <odeint_contact/stepper/composition_tables.hpp>
#include <odeint_contact/state/contact_algebra.hpp>
#include <odeint_contact/system/contact_lagrangian.hpp>
#include <odeint_contact/state/contact_state.hpp>
#include <odeint_contact/adaptive/controlled.hpp>
#include <odeint_contact/stepper/cvi2.hpp>
#include <odeint_contact/stepper/cvi4.hpp>
#include <odeint_contact/stepper/cvi6.hpp>
#include <odeint_contact/stepper/cvi8.hpp>
#include <odeint_contact/adaptive/dense_output.hpp>
#include <odeint_contact/errors.hpp>
#include <odeint_contact/stepper/galerkin_cvi4.hpp>
#include <odeint_contact/system/hessian_matrix.hpp>
#include <odeint_contact/system/kinetic.hpp>
#include <odeint_contact/adaptive/reversible_adaptive.hpp>
#include <odeint_contact/system/separable_hamiltonian.hpp>
#include <odeint_contact/system/split_hamiltonian.hpp>

#endif
