// SPDX-License-Identifier: BSL-1.0
// The base step of galerkin_cvi4 (stepper/galerkin_cvi4.hpp), of order 4, run alone by the
// composition engine: the separable Galerkin step (steps/galerkin_separable.hpp) for a separable
// Hamiltonian, the general one (steps/galerkin_lagrangian.hpp) for a system made by
// make_contact_lagrangian. Both need dt != 0: the node velocities divide by it.
#ifndef ODEINT_CONTACT_DETAIL_STEPS_GALERKIN_HPP
#define ODEINT_CONTACT_DETAIL_STEPS_GALERKIN_HPP

#include <array>
#include <cstddef>
#include <string>

#include <odeint_contact/detail/checks.hpp>
#include <odeint_contact/detail/lagrangian.hpp>
#include <odeint_contact/detail/steps/galerkin_lagrangian.hpp>
#include <odeint_contact/detail/steps/galerkin_separable.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

template <class State, class Value, class Deriv, class Time>
class galerkin_step : public separable_galerkin_step<State, Value, Deriv, Time> {
    using separable = separable_galerkin_step<State, Value, Deriv, Time>;
    template <class System>
    static constexpr bool general_v = is_contact_lagrangian_system<System>::value;

public:
    using typename separable::errors;
    using separable::order;
    // Both steps write `out` only once they have succeeded (galerkin_lagrangian.hpp too).
    static constexpr bool writes_out_last = true;

    explicit galerkin_step(const std::array<Value, 1>& w) : separable(w) {}

    template <class System>
    static constexpr bool check() {
        return check_separable_or_lagrangian<System, separable, State, Time>();
    }

    template <class Alg, class System, class StateIn, class StateOut>
    void stage(Alg& algebra, const System& system, std::size_t i, const StateIn& in, StateOut& out, const Time& t,
               const Time& dt, const char* name) {
        if (raw_value(dt) == 0)
            throw typename errors::parameter(message_prefix(std::string(name) + "::do_step") +
                                             "dt must be non-zero (the node velocities divide by it), got t = " +
                                             format(t) + ", dt = " + format(dt));
        if constexpr (general_v<System>) {
            m_general.step(system, in, out, t, dt, name);
            m_general_last = true;
        } else {
            separable::stage(algebra, system, i, in, out, t, dt, name);
            m_general_last = false;
        }
    }

    // Newton updates of the last successful step (for tests and cost studies).
    unsigned last_iterations() const {
        return m_general_last ? m_general.last_iterations() : separable::last_iterations();
    }

private:
    lagrangian_galerkin_step<State, Value, Time, errors> m_general;
    bool m_general_last = false;
};

}  // namespace detail
}  // namespace odeint_contact

#endif
