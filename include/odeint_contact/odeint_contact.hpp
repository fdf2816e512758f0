// SPDX-License-Identifier: BSL-1.0
// odeint_contact/odeint_contact.hpp - the umbrella header: everything odeint-contact offers.
#ifndef ODEINT_CONTACT_ODEINT_CONTACT_HPP
#define ODEINT_CONTACT_ODEINT_CONTACT_HPP

#include <odeint_contact/action.hpp>
#include <odeint_contact/action_term.hpp>
#include <odeint_contact/chi2.hpp>
#include <odeint_contact/chi4.hpp>
#include <odeint_contact/chi6.hpp>
#include <odeint_contact/chi8.hpp>
#include <odeint_contact/component_traits.hpp>
#include <odeint_contact/composition_tables.hpp>
#include <odeint_contact/contact_algebra.hpp>
#include <odeint_contact/contact_lagrangian.hpp>
#include <odeint_contact/contact_state.hpp>
#include <odeint_contact/controlled.hpp>
#include <odeint_contact/cvi2.hpp>
#include <odeint_contact/cvi4.hpp>
#include <odeint_contact/cvi6.hpp>
#include <odeint_contact/cvi8.hpp>
#include <odeint_contact/dense_output.hpp>
#include <odeint_contact/errors.hpp>
#include <odeint_contact/galerkin_cvi4.hpp>
#include <odeint_contact/hessian_matrix.hpp>
#include <odeint_contact/kinetic.hpp>
#include <odeint_contact/reversible_adaptive.hpp>
#include <odeint_contact/separable_hamiltonian.hpp>
#include <odeint_contact/split_hamiltonian.hpp>

#endif
