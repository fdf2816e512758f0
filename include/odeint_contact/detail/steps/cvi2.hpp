// SPDX-License-Identifier: BSL-1.0
// The base step of cvi<Table> (stepper/cvi2.hpp): the separable cvi2 step
// (steps/cvi2_separable.hpp, closed forms) for a separable Hamiltonian, the general one
// (steps/cvi2_lagrangian.hpp, Newton) for a system made by make_contact_lagrangian.
#ifndef ODEINT_CONTACT_DETAIL_STEPS_CVI2_HPP
#define ODEINT_CONTACT_DETAIL_STEPS_CVI2_HPP

#include <array>
#include <cstddef>

#include <odeint_contact/detail/concept_checks.hpp>
#include <odeint_contact/detail/lagrangian.hpp>
#include <odeint_contact/detail/steps/cvi2_lagrangian.hpp>
#include <odeint_contact/detail/steps/cvi2_separable.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

// The base step of cvi<Table>: the separable cvi2 step (closed forms) for a separable
// Hamiltonian, the general one (detail/steps/cvi2_lagrangian.hpp, Newton) for a system made by
// make_contact_lagrangian; chosen per system at compile time, so the separable path is unchanged.
template <std::size_t Stages, class State, class Value, class Deriv, class Time, class Algebra, class Operations>
class cvi_step : public cvi2_step<Stages, State, Value, Deriv, Time, Algebra, Operations> {
    using separable = cvi2_step<Stages, State, Value, Deriv, Time, Algebra, Operations>;
    template <class System>
    static constexpr bool general_v = is_contact_lagrangian_system<System>::value;

public:
    using typename separable::errors;
    using typename separable::sample_type;
    static constexpr unsigned order = separable::order;
    static_assert(lagrangian_cvi2_step<Stages, State, Value, Time, errors>::order == order,
                  "the two cvi2 steps are of one order");

    explicit cvi_step(const std::array<Value, Stages>& w) : separable(w), m_general(w) {}

    template <class System>
    static constexpr bool check() {
        return check_separable_or_lagrangian<System, separable, State, Time>();
    }

    template <class Alg, class System, class StateIn>
    void begin(Alg& algebra, const System& system, const StateIn& in, const Time& t, const Time& dt) {
        if constexpr (general_v<System>)
            m_general.begin(in);
        else
            separable::begin(algebra, system, in, t, dt);
    }

    template <class Alg, class System, class StateIn>
    void begin(Alg& algebra, const System& system, const StateIn& in, const Time& t, const Time& dt,
               const sample_type& sample_in, sample_type& sample_out) {
        static_assert(!general_v<System>,
                      "odeint_contact::cvi: a carried sample (V and grad V) is for separable Hamiltonians; "
                      "with a contact Lagrangian call the plain do_step");
        if constexpr (!general_v<System>) separable::begin(algebra, system, in, t, dt, sample_in, sample_out);
    }

    template <class Alg, class System, class StateIn, class StateOut>
    ODEINT_CONTACT_DETAIL_HOT void stage(Alg& algebra, const System& system, std::size_t i, const StateIn& in, StateOut& out, const Time& t,
               const Time& dt, const char* name) {
        if constexpr (general_v<System>)
            m_general.stage(system, i, in, out, t, dt, name);
        else
            separable::stage(algebra, system, i, in, out, t, dt, name);
    }

    // Newton updates of the general step's last stage.
    unsigned last_iterations() const { return m_general.last_iterations(); }

private:
    lagrangian_cvi2_step<Stages, State, Value, Time, errors> m_general;
};

}  // namespace detail
}  // namespace odeint_contact

#endif
