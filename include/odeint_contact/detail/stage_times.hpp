// SPDX-License-Identifier: BSL-1.0
// Where each stage of a composition begins, as a fraction of the step: the base steps that need
// their stage's time (cvi2's and the Lagrangian cvi2's implicit solves) take it from here.
#ifndef ODEINT_CONTACT_DETAIL_STAGE_TIMES_HPP
#define ODEINT_CONTACT_DETAIL_STAGE_TIMES_HPP

#include <array>
#include <cstddef>

namespace odeint_contact {
namespace detail {

// g_1 + ... + g_{i-1} for stage i of the weights w.
template <class Value, std::size_t Stages>
std::array<Value, Stages> stage_begins(const std::array<Value, Stages>& w) {
    std::array<Value, Stages> begin;
    Value elapsed(0);
    for (std::size_t i = 0; i < Stages; ++i) {
        begin[i] = elapsed;
        elapsed += w[i];
    }
    return begin;
}

}  // namespace detail
}  // namespace odeint_contact

#endif
