// SPDX-License-Identifier: BSL-1.0
// The composition engine behind chi<Table>, cvi<Table> and galerkin_cvi4: the odeint Stepper
// concept, the checks of the table and of t and dt, the resizing, the strong guarantee, and the
// loop over the stages of a symmetric composition S(dt) = S2(g_1 dt) ... S2(g_m dt) of a base
// step S2. The base steps are in steps/ (one file each); a Step sees the stages one after
// another and so can share work across their boundaries (chi fuses adjacent kinetic flows, cvi
// reuses V and dV/dq).
//
// The Step concept (Value, Time, State from the stepper; N = Table::stages):
//   Step::errors                                  the exception types: errors::parameter for
//                                                 invalid arguments, errors::step for a step that
//                                                 cannot be taken (detail::library_errors)
//   Step::order                                   the base step's order: 2 for a symmetric step
//                                                 that tables compose; another only alone (N = 1)
//   Step::writes_out_last                         optional, true for a step that writes `out`
//                                                 only once nothing in it can fail: the engine
//                                                 then gives it the caller's state as `out`
//   Step(const std::array<Value, N>& weights)     per-stage constants (times, fused steps)
//   template <class System> static constexpr bool check()
//                                                 static_asserts on the system, so a wrong
//                                                 system is reported by what it lacks; false
//                                                 when one failed (the step's body is then not
//                                                 instantiated, and no error follows ours)
//   template <class StateIn> bool resize(const StateIn& x)
//                                                 sizes the step's buffers like x; true if any
//                                                 buffer changed. Not called when neither State
//                                                 nor Deriv is resizeable: a buffer of dynamic
//                                                 size on such states is the step's to size
//   begin(algebra, system, in, t, dt, extra...)   before stage 0 (extra: what a stepper passes
//                                                 through step(), e.g. cvi's sample)
//   stage(algebra, system, i, in, out, t, dt, name)
//                                                 stage i of N: reads `in` at i == 0, writes
//                                                 `out`, which has the stepper's q and p types
//                                                 and is the step's to write: the engine's spare
//                                                 state (swapped or copied into the caller's
//                                                 once the step has succeeded) or, in place on
//                                                 fixed-size q and p, the caller's state, saved
//                                                 before and restored on any exception. So in
//                                                 and out may be the same object (what a stage
//                                                 reads of `in` it reads before writing it), and
//                                                 a step may fail after writing `out`.
//   end(algebra, extra...)                        after the last stage
//   std::string part_context(system, dt) const    after a step_error: where in the step the
//                                                 part that threw it was running (an action
//                                                 flow or solve), or empty when the step threw
//                                                 it itself; the engine then puts the stepper,
//                                                 t, dt and this in front of the part's message
#ifndef ODEINT_CONTACT_DETAIL_COMPOSITION_HPP
#define ODEINT_CONTACT_DETAIL_COMPOSITION_HPP

#include <array>
#include <cstddef>
#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>
#include <boost/numeric/odeint/util/state_wrapper.hpp>
#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <odeint_contact/concepts/step.hpp>
#include <odeint_contact/concepts/table.hpp>
#include <odeint_contact/detail/checks.hpp>
#include <odeint_contact/detail/algebra/state_copy.hpp>
#include <odeint_contact/detail/step_failure.hpp>
#include <odeint_contact/detail/stepper_base.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

// ---- the table concept (composition_tables.hpp; its detectors are concepts/table.hpp) -----

// Table::stages, or 1 for a table without it (which check_table then reports), so that the
// stepper's type can name the stage count before the static_asserts run.
template <class Table, class = void>
struct table_stages : std::integral_constant<std::size_t, 1> {};
template <class Table>
struct table_stages<Table, std::enable_if_t<has_table_stages<Table>::value>>
    : std::integral_constant<std::size_t, std::size_t(Table::stages)> {};

template <class Table, class Value>
constexpr bool check_table() {
    static_assert(has_table_stages<Table>::value,
                  "odeint_contact: a composition table needs 'static constexpr std::size_t stages', "
                  "the number of stages (see composition_tables.hpp)");
    static_assert(has_table_order<Table>::value,
                  "odeint_contact: a composition table needs 'static constexpr unsigned order', the "
                  "order of the composition (see composition_tables.hpp)");
    constexpr std::size_t n = table_stages<Table>::value;
    static_assert(has_table_weights<Table, Value, n>::value,
                  "odeint_contact: a composition table needs 'template <class Value> static "
                  "std::array<Value, stages> weights()' returning all stage weights (see "
                  "composition_tables.hpp)");
    if constexpr (has_table_stages<Table>::value && has_table_order<Table>::value) {
        static_assert(Table::stages >= 1, "odeint_contact: a composition table needs at least one stage");
        // A palindromic composition of a symmetric step is symmetric, and symmetric methods have
        // even order; one stage is the base step, of order 2.
        static_assert(Table::order >= 2 && Table::order % 2 == 0,
                      "odeint_contact: a composition table must be palindromic-shaped: a symmetric "
                      "composition of a symmetric step has an even order >= 2");
        static_assert(Table::stages > 1 || Table::order == 2,
                      "odeint_contact: a one-stage table is the base step itself, of order 2");
    }
    return true;
}

// The weights of Table in Value, refused at construction (with Error) unless palindromic and
// summing to 1. Inlined into the stepper's constructor, so that weights that are constants
// (single_stage's) reach the step as constants (doc/performance.md).
template <class Table, class Value, class Error>
ODEINT_CONTACT_DETAIL_HOT std::array<Value, Table::stages> checked_weights(const char* name) {
    using std::abs;
    const std::array<Value, Table::stages> w = Table::template weights<Value>();
    Value sum(0), magnitude(0);
    for (std::size_t i = 0; i < w.size(); ++i) {
        if (!is_finite(w[i]) || !(w[i] == w[w.size() - 1 - i]))
            throw_error<Error>([&] {
                return message_prefix(name) +
                       "the table's weights must be finite and palindromic (w[i] == w[stages - 1 - i] exactly), "
                       "which they are not at i = " + std::to_string(i);
            });
        sum += w[i];
        magnitude += abs(w[i]);
    }
    // Summing m terms errs by at most (m - 1) eps/2 sum |w_i|; a table built as the published
    // ones are (middle = 1 - 2 sum of the rest) adds one more rounding. 2 m eps is generous for
    // rounding and still refuses any table whose weights were not meant to sum to 1.
    const Value bound = Value(2 * w.size()) * std::numeric_limits<Value>::epsilon() * magnitude;
    if (!(abs(sum - Value(1)) <= bound))
        throw_error<Error>([&] {
            return message_prefix(name) + "the table's weights must sum to 1, they sum to 1 + " + format(Value(sum - 1));
        });
    return w;
}

// The times of a symmetric splitting's stages, in units of dt, for the chi base steps: stage i
// of weight w_i makes its outer flows over w_i/2 at both ends and evaluates its inner ones at its
// midpoint time; an autonomous outer flow at the end of stage i fuses with the next stage's.
template <class Value, std::size_t Stages>
struct stage_times {
    explicit stage_times(const std::array<Value, Stages>& w) {
        Value elapsed(0);
        for (std::size_t i = 0; i < Stages; ++i) {
            weight[i] = w[i];
            half[i] = w[i] / 2;
            midpoint[i] = elapsed + half[i];
            elapsed += w[i];
            fused[i] = (i + 1 < Stages) ? Value((w[i] + w[i + 1]) / 2) : half[i];
        }
    }
    std::array<Value, Stages> weight;    // w_i
    std::array<Value, Stages> half;      // w_i / 2
    std::array<Value, Stages> midpoint;  // w_1 + ... + w_{i-1} + w_i/2
    std::array<Value, Stages> fused;     // the outer flow after stage i and the next's: (w_i + w_{i+1})/2, last w_k/2
};

// ---- the engine ---------------------------------------------------------------------------------

// Whether the engine runs a step into its spare state and swaps the result into the caller's
// `out` (in place or not): q and p both dynamically sized, and `out` of the stepper's own state
// type (the spare state is one). O(1) for std::vector, Eigen, odeint's OpenMP and MPI states.
template <class State, class StateOut>
struct result_swapped_in
    : std::integral_constant<
          bool, std::is_same<std::remove_cv_t<StateOut>, State>::value &&
                    boost::numeric::odeint::is_resizeable<std::decay_t<decltype(std::declval<State&>().q)>>::value &&
                    boost::numeric::odeint::is_resizeable<std::decay_t<decltype(std::declval<State&>().p)>>::value> {};

// Whether `out` has the stepper's q and p types, so that a step may write the caller's state
// itself (an in-place step on fixed-size q and p, saved and restored by the engine).
template <class State, class StateOut>
inline constexpr bool has_state_parts_v =
    std::is_same<std::decay_t<decltype(std::declval<StateOut&>().q)>,
                 std::decay_t<decltype(std::declval<State&>().q)>>::value &&
    std::is_same<std::decay_t<decltype(std::declval<StateOut&>().p)>,
                 std::decay_t<decltype(std::declval<State&>().p)>>::value;

template <class Step, class Table, class State, class Value, class Deriv, class Time, class Algebra,
          class Operations, class Resizer>
class composition
    : public forwarding_stepper_base<composition<Step, Table, State, Value, Deriv, Time, Algebra, Operations, Resizer>,
                                     State, Value, Deriv, Time, Algebra, Operations, Resizer> {
    using base = forwarding_stepper_base<composition, State, Value, Deriv, Time, Algebra, Operations, Resizer>;
    friend base;
    static_assert(check_table<Table, Value>());

public:
    using typename base::algebra_type;
    using typename base::order_type;
    using typename base::resizer_type;
    using typename base::state_type;
    using typename base::time_type;

    static constexpr std::size_t stages = Table::stages;
    // A table composes a base step of order 2 into its own order; a step of another order runs
    // alone (the one-stage table).
    static_assert(is_detected<step_order_op, Step>::value,
                  "odeint_contact: a base step declares its order, 'static constexpr unsigned order' (see "
                  "concepts/step.hpp)");
    static_assert(table_stages<Table>::value == 1 || step_order<Step>() == 2,
                  "odeint_contact: a composition table composes a symmetric base step of order 2; this "
                  "base step has another order and runs alone (tables::single_stage)");
    static constexpr order_type order_value =
        order_type(table_stages<Table>::value == 1 ? step_order<Step>() : unsigned(Table::order));
    // order(), do_step and adjust_size come from forwarding_stepper_base: step and resize_buffers.

protected:
    composition(const algebra_type& algebra, const char* name)
        : base(algebra), m_name(name), m_step(checked_weights<Table, Value, typename Step::errors::parameter>(name)) {}

    template <class SystemArg>
    using system_t = typename boost::numeric::odeint::unwrap_reference<std::remove_cv_t<SystemArg>>::type;

    template <class SystemArg, class StateIn, class StateOut, class... Extra>
    ODEINT_CONTACT_DETAIL_HOT void step(SystemArg& system_arg, const StateIn& in, StateOut& out, const time_type& t, const time_type& dt,
              Extra&&... extra) {
        using system_type = system_t<SystemArg>;
        // The checks first, and the step only for a system that passes them: a user's mistake
        // then shows our static_assert as the first error, not what the step's body makes of it.
        if constexpr (Step::template check<std::remove_cv_t<system_type>>()) {
            const system_type& system = system_arg;
            if (!finite_times(t, dt))
                throw typename Step::errors::parameter(times_message(t, dt, std::string(m_name) + "::do_step"));
            if (!same_lengths(in, out))
                throw typename Step::errors::parameter(lengths_message(in, out, std::string(m_name) + "::do_step"));
            // Buffers of fixed size are never resized: no first-step test for them on the path.
            namespace odeint = boost::numeric::odeint;
            if constexpr (odeint::is_resizeable<State>::value || odeint::is_resizeable<Deriv>::value)
                m_resizer.adjust_size(in, [this](const auto& x) { return this->resize_buffers(x); });
            if constexpr (step_writes_out_last<Step>()) {
                // The step keeps the caller's state by construction (concepts/step.hpp).
                run(system, in, out, t, dt, false, extra...);
            } else if constexpr (result_swapped_in<State, StateOut>::value) {
                // Strong guarantee at no cost per element: a step on dynamically sized q and p
                // runs into the spare state and swaps the result in (O(1)), so nothing the caller
                // holds is written before the step has succeeded, in place or out of place.
                // Saving the input instead cost two more reads and two more writes of q and p
                // per step (bench/ring; doc/performance.md).
                auto& next = m_spare.m_v;
                run(system, in, next, t, dt, false, extra...);
                using std::swap;
                swap(out.q, next.q);
                swap(out.p, next.p);
                out.s = next.s;
            } else {
                // Fixed-size q and p (std::array, Eigen's fixed sizes) cannot swap in O(1), and
                // are small: one copy of q, p and s per step. In place, the input is saved beside
                // the step and restored on any exception (also one thrown after the last stage
                // has begun writing, by a user's kinetic part or the check of the result); out of
                // place, or into a state of other q and p types, the step runs into the spare
                // state and the result is copied out once it has succeeded.
                auto& algebra = this->m_algebra;
                if constexpr (has_state_parts_v<State, StateOut>) {
                    if (static_cast<const void*>(std::addressof(in)) == static_cast<const void*>(std::addressof(out))) {
                        copy_state<Value, Operations>(algebra, m_spare.m_v, in);
                        run(system, in, out, t, dt, true, extra...);
                        return;
                    }
                }
                run(system, in, m_spare.m_v, t, dt, false, extra...);
                copy_state<Value, Operations>(algebra, out, m_spare.m_v);
            }
        }
    }

    // The stages, and the context a step_error gains: the stepper, t, dt, and where the failing
    // part was running; a non-finite input is named instead, since it makes whatever fails first
    // fail. With `restore_saved`, out is the caller's state and is restored from the saved input
    // first (so the diagnosis reads the input, not a half-written result).
    template <class System, class StateIn, class StateOut, class... Extra>
    ODEINT_CONTACT_DETAIL_HOT void run(const System& system, const StateIn& in, StateOut& out, const time_type& t, const time_type& dt,
             bool restore_saved, Extra&&... extra) {
        auto& algebra = this->m_algebra;
        try {
            m_step.begin(algebra, system, in, t, dt, extra...);
            for (std::size_t i = 0; i < stages; ++i) m_step.stage(algebra, system, i, in, out, t, dt, m_name);
            m_step.end(algebra, extra...);
        } catch (const typename Step::errors::step& e) {
            if (restore_saved) restore(out);
            const std::string bad = first_non_finite_of_state(in);
            if (!bad.empty())
                throw typename Step::errors::step(step_failure_prefix(m_name, t, dt) + ": the input state is not finite (" +
                                                  bad + "); the state is unchanged");
            const std::string where = m_step.part_context(system, dt);
            if (!where.empty())
                throw typename Step::errors::step(step_failure_prefix(m_name, t, dt) + " " + where + ": " + e.what() +
                                                  "; the state is unchanged");
            throw;
        } catch (...) {
            if (restore_saved) restore(out);
            throw;
        }
    }

    // The step's buffers and the saved input, both: adjust_size and the resizer must size alike.
    template <class StateIn>
    bool resize_buffers(const StateIn& x) {
        namespace odeint = boost::numeric::odeint;
        bool saved = false;
        if constexpr (!step_writes_out_last<Step>())
            saved = odeint::adjust_size_by_resizeability(m_spare, x, typename odeint::is_resizeable<state_type>::type());
        return m_step.resize(x) || saved;
    }

    template <class StateOut>
    void restore(StateOut& out) {
        copy_state<Value, Operations>(this->m_algebra, out, m_spare.m_v);
    }

    const char* m_name;
    resizer_type m_resizer;
    Step m_step;
    // an in-place step's result before it is swapped in, or its saved input (see step)
    boost::numeric::odeint::state_wrapper<State> m_spare;
};

}  // namespace detail
}  // namespace odeint_contact

#endif
