// SPDX-License-Identifier: BSL-1.0
// The chi base step for a Hamiltonian split into pieces, H = phi_1 + ... + phi_n
// (make_split_hamiltonian, split_hamiltonian.hpp; a separable Hamiltonian is the split one of
// its three parts, steps/chi_stage.hpp), for the composition engine (composition.hpp).
//
// One stage of weight w is the symmetric splitting
//   S2(w dt) = phi_1(w dt/2) ... phi_{n-1}(w dt/2) phi_n(w dt) phi_{n-1}(w dt/2) ... phi_1(w dt/2)
// of the pieces' flows, every one at the stage's midpoint time (chi2's convention for V and F of
// a separable Hamiltonian). A first piece that declares itself autonomous (its flow is the exact
// flow of a term without t, so flows over a and b compose to one over a + b) has its half flows
// at the end of one stage and the start of the next fused (the flows of T of a separable
// Hamiltonian): a composition of m stages then makes m + 1 flows of it instead of 2m.
//
// When `in` and `out` differ (out of place, and in place on dynamically sized q and p, which the
// engine runs into its spare state) and p is dynamically sized, a first piece that keeps p
// (kinetic_piece) flows from `in` into `out` and leaves p in `in`, and the first flow that
// changes p reads it from there: the state is not copied, and a step touches the input and the
// result only. Otherwise `out` starts as a copy of `in`. Which pieces do what, and which fused
// kernel a stage takes, is detail/piece_kernels.hpp.
//
// Failure: `in` is never written unless it is `out`; the engine restores an in-place input when
// a piece throws, so the caller's state is unchanged. part_context names the stage and the piece
// that threw.
#ifndef ODEINT_CONTACT_DETAIL_STEPS_SPLIT_STAGE_HPP
#define ODEINT_CONTACT_DETAIL_STEPS_SPLIT_STAGE_HPP

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>
#include <boost/numeric/odeint/util/state_wrapper.hpp>

#include <boost/numeric/odeint/algebra/default_operations.hpp>

#include <odeint_contact/concepts/piece.hpp>
#include <odeint_contact/detail/piece_kernels.hpp>
#include <odeint_contact/state/contact_algebra.hpp>
#include <odeint_contact/detail/composition.hpp>
#include <odeint_contact/detail/concept_checks.hpp>
#include <odeint_contact/detail/algebra/state_copy.hpp>
#include <odeint_contact/detail/step_failure.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

// ---- the piece concept: its detectors are concepts/piece.hpp -----------------------------

// A piece's flow(x, t, dt, work) that only a non-const piece could call, beside a const flow(x, t,
// dt): skipped without a word otherwise, so it is our static_assert.
template <class Piece, class X, class T, class W>
constexpr bool check_piece_flow_work() {
    constexpr bool flow_work = has_piece_flow_work<const Piece&, X, T, W>::value ||
                               !has_piece_flow_work<Piece&, X, T, W>::value;
    static_assert(flow_work, "odeint_contact: a piece's flow(x, t, dt, work) must be a const member function (the "
                             "library holds the pieces of H as const; as it is, it would never be called)");
    return flow_work;
}

template <class Piece, class X, class T, class W, class Value>
constexpr bool check_piece_flow() {
    constexpr bool callable = has_piece_flow<const Piece&, X, T>::value || has_piece_flow_work<const Piece&, X, T, W>::value;
    constexpr bool mutable_only = has_piece_flow<Piece&, X, T>::value || has_piece_flow_work<Piece&, X, T, W>::value;
    static_assert(callable || mutable_only,
                  "odeint_contact: a piece of make_split_hamiltonian needs a member flow(x, t, dt) that "
                  "replaces the contact_state x by the flow of the piece's contact vector field over dt "
                  "with t frozen (see split_hamiltonian.hpp)");
    static_assert(callable || !mutable_only,
                  "odeint_contact: a piece's flow(x, t, dt) must be const (the library holds the pieces "
                  "of H as const)");
    if constexpr (callable)
        return check_piece_flow_work<Piece, X, T, W>() &&
               piece_kernel<Piece>::template check<X, W, T, Value, true>();
    else
        return false;
}

// What the chi steppers need of the pieces (state X, scratch W of the Deriv type, time T, the
// stepper's Value).
template <class Pieces, class X, class T, class W, class Value>
struct check_piece_flows;
template <class... Pieces, class X, class T, class W, class Value>
struct check_piece_flows<std::tuple<Pieces...>, X, T, W, Value> {
    static constexpr bool value = (check_piece_flow<Pieces, X, T, W, Value>() && ...);
};

template <class Piece, class X, class T>
constexpr bool check_piece_value() {
    constexpr bool value = has_piece_value<const Piece&, X, T>::value;
    static_assert(value || has_piece_value<Piece&, X, T>::value,
                  "odeint_contact: a piece of make_split_hamiltonian needs a member value(x, t) returning "
                  "its term of H, for H.value and for H as an odeint system (see split_hamiltonian.hpp)");
    static_assert(value || !has_piece_value<Piece&, X, T>::value,
                  "odeint_contact: a piece's value(x, t) must be const (the library holds the pieces of "
                  "H as const)");
    return value;
}

template <class Piece, class X, class T, class DQ, class DP>
constexpr bool check_piece_partials() {
    constexpr bool partials = has_piece_partials<const Piece&, X, T, DQ, DP>::value;
    static_assert(partials || has_piece_partials<Piece&, X, T, DQ, DP>::value,
                  "odeint_contact: a piece of make_split_hamiltonian needs a member partials(x, t, dq, dp) "
                  "writing dphi/dq into dq and dphi/dp into dp and returning dphi/ds, for H as an odeint "
                  "system (see split_hamiltonian.hpp)");
    static_assert(partials || !has_piece_partials<Piece&, X, T, DQ, DP>::value,
                  "odeint_contact: a piece's partials(x, t, dq, dp) must be const (the library holds the "
                  "pieces of H as const)");
    return partials;
}

// What H.value needs of its pieces.
template <class Pieces, class State, class Time>
struct check_piece_values;
template <class... Pieces, class State, class Time>
struct check_piece_values<std::tuple<Pieces...>, State, Time> {
    static constexpr bool value = (check_piece_value<Pieces, State, Time>() && ...);
};

// What H as an odeint system needs of its pieces (State x, Deriv dxdt, Time t): the library's
// check of its own pieces (piece_kernel), value, then partials, piece by piece.
template <class Pieces, class State, class Deriv, class Time>
struct check_piece_terms;
template <class... Pieces, class State, class Deriv, class Time>
struct check_piece_terms<std::tuple<Pieces...>, State, Deriv, Time> {
    using DQ = decltype(std::declval<Deriv&>().p);  // dphi/dq has the type of dp/dt
    using DP = decltype(std::declval<Deriv&>().q);  // dphi/dp has the type of dq/dt
    using Value = plain_value_t<std::decay_t<decltype(std::declval<State&>().s)>>;
    static constexpr bool value = ((piece_kernel<Pieces>::template check<State, Deriv, Time, Value, false>() &&
                                    check_piece_value<Pieces, State, Time>() &&
                                    check_piece_partials<Pieces, State, Time, DQ, DP>()) &&
                                   ...);
};

// Sets every element of a component to zero: for partials that vanish (dT/dq, dV/dp).
struct assign_zero {
    template <class T>
    void operator()(T& t) const {
        if constexpr (is_eigen_like<T>::value)
            t.setZero();
        else
            t = T{};
    }
};

// ---- the split step for the composition engine ------------------------------------------------

// x, unchanged, as a value GCC must hold in a register: for the action flow's factor in the
// split step's kick-scale-kick. On small fixed-size p (std::array) GCC 12 for x86-64 without
// SSE3 vectorises that update of p and broadcasts the factor by loading the flow's whole result
// {s', factor} from the stack as one 16-byte vector, right after the call has stored it there as
// two 8-byte halves. A load that spans two stores cannot take its data from them (store-to-load
// forwarding fails) and waits until both have reached the cache, a large part of a chi2 step
// on perturbed Kepler (doc/performance.md, "Small states"). An empty asm
// that holds x in an SSE register makes the broadcast come from that register; it emits no
// instruction. Clang keeps the result in registers without it.
template <class T>
T held_in_register(T x) {
#if defined(__GNUC__) && !defined(__clang__) && (defined(__x86_64__) || defined(__i386__)) && defined(__SSE2__)
    if constexpr (std::is_same<T, double>::value || std::is_same<T, float>::value) asm("" : "+x"(x));
#endif
    return x;
}

template <std::size_t Stages, class State, class Value, class Deriv, class Time, class Operations, class Errors>
class split_step {
    static constexpr std::size_t stages = Stages;
    using state_type = State;
    using deriv_type = Deriv;
    using time_type = Time;

public:
    using errors = Errors;
    // Symmetric, of order 2: a splitting S2(w dt) whose flows are palindromic.
    static constexpr unsigned order = 2;

    explicit split_step(const std::array<Value, stages>& w) : m_times(w) {}

    template <class System>
    static constexpr bool check() {
        if constexpr (check_units<state_type, deriv_type, time_type>())
            return check_piece_flows<typename System::pieces_type, state_type, time_type, deriv_type, Value>::value;
        else
            return false;
    }

    template <class StateIn>
    bool resize(const StateIn& x) {
        namespace odeint = boost::numeric::odeint;
        const bool work = odeint::adjust_size_by_resizeability(m_work, x, typename odeint::is_resizeable<deriv_type>::type());
        return odeint::adjust_size_by_resizeability(m_kick, x.p, typename odeint::is_resizeable<kick_buffer_t>::type()) ||
               work;
    }

    template <class Alg, class System, class StateIn>
    void begin(Alg&, const System&, const StateIn&, const time_type&, const time_type&) {}

    template <class Alg, class System, class StateIn, class StateOut>
    ODEINT_CONTACT_DETAIL_HOT void stage(Alg& algebra, const System& system, std::size_t i, const StateIn& in, StateOut& out,
               const time_type& t, const time_type& dt, const char* name) {
        using pieces_type = typename System::pieces_type;
        constexpr std::size_t kick = shared_kick_index<pieces_type>();
        // The first flow of a step out of place from `in` into `out` when the first piece keeps p
        // and runs first (a shared kick of piece 0 would come before it); otherwise `out`
        // starts as a copy of `in`. Stage 0 of such a step is an instantiation of its own, so
        // that the other stages and in-place steps carry no test of where p is. Only for
        // dynamically sized p: a fixed-size state is copied in a few instructions, and the
        // second instantiation made GCC stop inlining the stages (doc/performance.md).
        constexpr bool first_out_of_place =
            kick != 0 && piece_kernel<std::tuple_element_t<0, pieces_type>>::keeps_p &&
            boost::numeric::odeint::is_resizeable<std::decay_t<decltype(std::declval<StateOut&>().p)>>::value;
        // Where a step_error came from is noted as it passes (here the stage, in_piece the
        // piece): table-driven unwinding costs nothing on the path of a step that succeeds,
        // where storing the stage and the piece before each flow cost a store each.
        try {
            if (i == 0 && static_cast<const void*>(std::addressof(in)) != static_cast<const void*>(std::addressof(out))) {
                if constexpr (first_out_of_place) {
                    m_p_in_input = false;
                    run_stage<true>(algebra, system.pieces(), i, in, out, t, dt, name);
                } else {
                    copy_state<Value, Operations>(algebra, out, in);
                    run_stage<false>(algebra, system.pieces(), i, in, out, t, dt, name);
                }
            } else {
                run_stage<false>(algebra, system.pieces(), i, in, out, t, dt, name);
            }
        } catch (const typename Errors::step&) {
            m_stage = i;
            throw;
        }
        if (i + 1 == stages) {
            // One check per step, of s: each piece's value enters s' = p . dphi/dp - phi, so a
            // piece that became infinite or NaN shows there. p is not checked: it may be passive
            // (q and s independent of it) and pass through infinity, as in the Lienard systems.
            if (!is_finite(out.s)) {
                m_piece = no_part;  // part_context then names nothing, and reads no stage
                throw typename Errors::step(step_failure_prefix(name, t, dt) + ": the new action s = " +
                                            format(out.s) +
                                            " is not finite: the flow of a part of H became infinite or NaN "
                                            "within the step (a singular potential, an overflow, a step too long "
                                            "for a damping); the state is unchanged");
            }
        }
    }

    template <class Alg>
    void end(Alg&) {}

    template <class System>
    std::string part_context(const System&, const time_type& dt) const {
        if (m_piece == no_part) return {};
        return "in stage " + std::to_string(m_stage + 1) + " of " + std::to_string(stages) + ", in the flow of piece " +
               std::to_string(m_piece + 1) + " (stage weight " + format(stage_span(dt)) + ")";
    }

protected:
    // After a step_error: the piece whose flow threw it (none: std::size_t(-1)), its stage, and
    // that stage's span w_i dt.
    std::size_t failed_piece() const { return m_piece; }
    std::size_t failed_stage() const { return m_stage; }
    time_type stage_span(const time_type& dt) const { return time_type(m_times.weight[m_stage] * dt); }

private:
    // Stage i of the splitting on `out`; with FromInput (stage 0 of a step whose input and
    // output differ) the first flow reads `in`. Forced inline into the step on fixed-size p,
    // where a stage is a few dozen instructions and a call costs as much; on resizeable p left
    // to the compiler, which then keeps a large potential's loops out of the step's function
    // (forced, bench/ring's chi4 took 3 % more instructions; doc/performance.md).
    template <bool FromInput, class Alg, class Pieces, class StateIn, class StateOut>
    ODEINT_CONTACT_DETAIL_HOT void run_stage(Alg& algebra, const Pieces& pieces, std::size_t i, const StateIn& in,
                                             StateOut& out, const time_type& t, const time_type& dt, const char* name) {
        if constexpr (boost::numeric::odeint::is_resizeable<std::decay_t<decltype(out.p)>>::value)
            stage_flows_unforced<FromInput>(algebra, pieces, i, in, out, t, dt, name);
        else
            stage_flows<FromInput>(algebra, pieces, i, in, out, t, dt, name);
    }

    template <bool FromInput, class Alg, class Pieces, class StateIn, class StateOut>
    void stage_flows_unforced(Alg& algebra, const Pieces& pieces, std::size_t i, const StateIn& in, StateOut& out,
                              const time_type& t, const time_type& dt, const char* name) {
        stage_flows<FromInput>(algebra, pieces, i, in, out, t, dt, name);
    }

    template <bool FromInput, class Alg, class Pieces, class StateIn, class StateOut>
    ODEINT_CONTACT_DETAIL_HOT void stage_flows(Alg& algebra, const Pieces& pieces, std::size_t i, const StateIn& in,
                                               StateOut& out, const time_type& t, const time_type& dt,
                                               const char* name) {
        using pieces_type = Pieces;
        using S = std::decay_t<decltype(out.s)>;
        constexpr std::size_t n = std::tuple_size<pieces_type>::value;
        constexpr std::size_t kick = shared_kick_index<pieces_type>();
        const time_type ti = t + m_times.midpoint[i] * dt;
        const time_type h = m_times.half[i] * dt;
        const time_type tau = m_times.weight[i] * dt;
        if constexpr (kick < n) {
            // Piece `kick` evaluated once for both of its half flows.
            using kick_t = std::tuple_element_t<kick, pieces_type>;
            using middle_t = std::tuple_element_t<n - 1, pieces_type>;
            step_span<Alg, pieces_type, StateIn, StateOut, FromInput> span{algebra, pieces, in, out, i, ti, h, dt};
            forward(span, std::make_index_sequence<kick>{});
            using Q = std::decay_t<decltype(out.q)>;
            using P = std::decay_t<decltype(out.p)>;
            if constexpr (kick_scale_kick_in_own_pass<pieces_type, kick, Q, time_type, Value, P>()) {
                // kick(h) scale kick(h) on p is lambda (p - h g) - h g = lambda p - (1 + lambda) h g,
                // and when the scaling's factor lambda does not depend on s (affine_in_s) it is
                // known before the kick: the kick piece then does all of it in its own pass
                // (value_and_kick), with g used where it is computed and no buffer for it. s
                // follows as below. A kick that throws after writing part of p: the engine
                // restores an in-place input (composition.hpp).
                // lambda is taken at the s before the kick: any s gives the same factor, and a
                // flow that throws reports the state's own s.
                const Value lambda = held_in_register(in_piece<n - 1>(
                    [&] { return piece_kernel<middle_t>::scaling_flow(std::get<n - 1>(pieces), out.s, ti, tau).factor; }));
                const auto v = in_piece<kick>(
                    [&] { return kick_p(span, std::get<kick>(pieces), lambda, time_type((Value(1) + lambda) * h)); });
                const auto a = in_piece<n - 1>(
                    [&] { return piece_kernel<middle_t>::scaling_flow(std::get<n - 1>(pieces), S(out.s - h * v), ti, tau); });
                // affine_in_s is a user's declaration: the factor the unfused flows would use, at
                // the s after the kick, is here anyway, and one comparison proves the fused p
                // equal to theirs (to rounding) or reports the declaration false.
                if (!same_factor(a.factor, lambda))
                    throw typename Errors::parameter(affine_in_s_message(name, t, dt, i, n - 1, lambda, out.s, a.factor,
                                                                         S(out.s - h * v)));
                out.s = a.s - h * v;
            } else {
                local_kick_buffer_t local_g;
                auto& g = kick_buffer(local_g);
                const auto v = in_piece<kick>([&] { return piece_kernel<kick_t>::kick(std::get<kick>(pieces), out.q, ti, g); });
                if constexpr (kick_scale_kick<pieces_type, kick>()) {
                    // kick(h) scale kick(h) in one pass over p (B A B of a separable Hamiltonian).
                    out.s -= h * v;
                    const auto a = in_piece<n - 1>(
                        [&] { return piece_kernel<middle_t>::scaling_flow(std::get<n - 1>(pieces), out.s, ti, tau); });
                    const auto factor = held_in_register(a.factor);
                    if constexpr (std::is_same<Operations, boost::numeric::odeint::default_operations>::value) {
                        update_p(span, g, scale_kick_scale<Value, time_type>{factor, -h});
                    } else {
                        using scale_sum2 = typename Operations::template scale_sum2<Value, time_type>;
                        update_p(span, g, scale_sum2(Value(1), -h));
                        algebra.for_each3(out.p, out.p, g, scale_sum2(factor, -h));
                    }
                    out.s = a.s - h * v;
                } else {
                    apply_kick(span, g, v);
                    inner(span, std::make_index_sequence<n - 1 - kick - 1>{});
                    flow<n - 1>(span, tau);
                    inner_back(span, std::make_index_sequence<n - 1 - kick - 1>{});
                    apply_kick(span, g, v);
                }
            }
            backward(span, std::make_index_sequence<kick>{});
        } else {
            step_span<Alg, pieces_type, StateIn, StateOut, FromInput> span{algebra, pieces, in, out, i, ti, h, dt};
            forward(span, std::make_index_sequence<n - 1>{});
            flow<n - 1>(span, tau);
            backward(span, std::make_index_sequence<n - 1>{});
        }
    }

    // Factors that differ by a few ulps (an affine action whose flow computes its factor from s
    // rounds differently at two s) give p to rounding; the unfused p = a (p - h g) - h g differs
    // from the fused one by (a - lambda)(p - h g).
    static bool same_factor(const Value& a, const Value& lambda) {
        using std::abs;
        return abs(a - lambda) <= Value(8) * std::numeric_limits<Value>::epsilon() * abs(lambda);
    }

    template <class S>
    static std::string affine_in_s_message(const char* name, const time_type& t, const time_type& dt, std::size_t stage,
                                           std::size_t piece, const Value& lambda, const S& s, const Value& factor,
                                           const S& s_kicked) {
        return step_failure_prefix(name, t, dt) + " in stage " + std::to_string(stage + 1) + " of " +
               std::to_string(stages) + ": the action term of piece " + std::to_string(piece + 1) +
               " declares affine_in_s (the factor p'/p of its flow does not depend on s), but its factor is " +
               format(lambda) + " at s = " + format(s) + " and " + format(factor) + " at s = " + format(s_kicked) +
               ". Declare affine_in_s only for an action F = f(t) s + c(t); without it the step is right, "
               "one pass over p slower; the state is unchanged";
    }

    // Where a shared kick's dphi/dq goes: a local of the stage when `local` is the buffer
    // itself, else m_kick.
    template <class Local>
    auto& kick_buffer(Local& local) {
        if constexpr (std::is_same<Local, kick_buffer_t>::value)
            return local;
        else
            return m_kick.m_v;
    }

    // p <- a p - b dphi/dq by the kick piece, p read from `in` while the first piece's flow left
    // it there; returns phi.
    template <class Span, class Piece>
    auto kick_p(Span& span, const Piece& piece, const Value& a, const time_type& b) {
        using kernel = piece_kernel<Piece>;
        using v_t = std::decay_t<decltype(kernel::value_and_kick(piece, span.x.q, span.t, a, b, span.x.p, span.x.p))>;
        if constexpr (may_defer_p<Span>()) {
            if (m_p_in_input) {
                m_p_in_input = false;
                return v_t(kernel::value_and_kick(piece, span.x.q, span.t, a, b, span.in.p, span.x.p));
            }
        }
        return v_t(kernel::value_and_kick(piece, span.x.q, span.t, a, b, span.x.p, span.x.p));
    }

    // What the flows of one stage share.
    template <class Alg, class Pieces, class StateIn, class X, bool FromInput>
    struct step_span {
        static constexpr bool from_input = FromInput;
        Alg& algebra;
        const Pieces& pieces;
        const StateIn& in;
        X& x;
        std::size_t i;
        const time_type& t;
        const time_type& h;
        const time_type& dt;
    };

    // p still in `in` after the first piece flowed out of place and kept p: the first flow
    // that changes p reads it from there (apply_kick, update_p); a piece's own flow, in place,
    // gets it copied into `out` first.
    template <class Span>
    static constexpr bool may_defer_p() {
        using pieces_type = std::decay_t<decltype(std::declval<Span&>().pieces)>;
        return Span::from_input && piece_kernel<std::tuple_element_t<0, pieces_type>>::keeps_p;
    }

    template <std::size_t K, class Span>
    void flow(Span& span, const time_type& tau) {
        using piece_type = std::tuple_element_t<K, std::decay_t<decltype(span.pieces)>>;
        if constexpr (may_defer_p<Span>()) {
            if (m_p_in_input) {
                using copy = typename Operations::template scale_sum1<Value>;
                span.algebra.for_each2(span.x.p, span.in.p, copy(Value(1)));
                m_p_in_input = false;
            }
        }
        in_piece<K>([&] {
            piece_kernel<piece_type>::flow(std::get<K>(span.pieces), span.algebra, span.x, span.t, tau, m_work.m_v);
        });
    }

    // f(), noting piece K as where a step_error that passes came from (part_context).
    template <std::size_t K, class F>
    ODEINT_CONTACT_DETAIL_HOT decltype(auto) in_piece(const F& f) {
        try {
            return f();
        } catch (const typename Errors::step&) {
            m_piece = K;
            throw;
        }
    }

    // The first flow of a step, from `in` into `out` (see stage); in place on `out` otherwise.
    template <class Span>
    void first_flow(Span& span) {
        using first_t = std::tuple_element_t<0, std::decay_t<decltype(span.pieces)>>;
        if constexpr (Span::from_input && piece_kernel<first_t>::keeps_p) {
            in_piece<0>([&] {
                piece_kernel<first_t>::flow_out(std::get<0>(span.pieces), span.algebra, span.in, span.x, span.t,
                                                span.h, m_work.m_v);
            });
            m_p_in_input = true;
        } else {
            flow<0>(span, span.h);
        }
    }

    // p <- op(p, g) in one pass, p read from `in` while the first piece's flow left it there.
    template <class Span, class G, class Op>
    void update_p(Span& span, const G& g, Op op) {
        if constexpr (may_defer_p<Span>()) {
            if (m_p_in_input) {
                m_p_in_input = false;
                span.algebra.for_each3(span.x.p, span.in.p, g, op);
                return;
            }
        }
        span.algebra.for_each3(span.x.p, span.x.p, g, op);
    }

    template <class Span, class G, class V>
    void apply_kick(Span& span, const G& g, const V& v) {
        using scale_sum2 = typename Operations::template scale_sum2<Value, time_type>;
        update_p(span, g, scale_sum2(Value(1), -span.h));
        span.x.s -= span.h * v;
    }

    // Pieces 0 .. K-1 before the middle, and back.
    template <class Span, std::size_t... K>
    void forward(Span& span, std::index_sequence<K...>) {
        (leading<K>(span), ...);
    }
    template <class Span, std::size_t... K>
    void backward(Span& span, std::index_sequence<K...>) {
        constexpr std::size_t last = sizeof...(K) - 1;
        (trailing<last - K>(span), ...);
    }

    // The pieces between a shared kick and the middle piece (all keep q).
    template <class Span, std::size_t... K>
    void inner(Span& span, std::index_sequence<K...>) {
        constexpr std::size_t first = std::tuple_size<std::decay_t<decltype(span.pieces)>>::value - 1 - sizeof...(K);
        (flow<first + K>(span, span.h), ...);
    }
    template <class Span, std::size_t... K>
    void inner_back(Span& span, std::index_sequence<K...>) {
        constexpr std::size_t n = std::tuple_size<std::decay_t<decltype(span.pieces)>>::value;
        constexpr std::size_t last = n - 2;
        (flow<last - K>(span, span.h), ...);
    }

    template <std::size_t K, class Span>
    void leading(Span& span) {
        using pieces_type = std::decay_t<decltype(span.pieces)>;
        if constexpr (K == 0 && piece_kernel<std::tuple_element_t<0, pieces_type>>::autonomous) {
            if (span.i == 0) first_flow(span);  // later: fused into the previous stage's
        } else if constexpr (K == 0) {
            first_flow(span);
        } else {
            flow<K>(span, span.h);
        }
    }

    template <std::size_t K, class Span>
    void trailing(Span& span) {
        using pieces_type = std::decay_t<decltype(span.pieces)>;
        if constexpr (K == 0 && piece_kernel<std::tuple_element_t<0, pieces_type>>::autonomous)
            flow<0>(span, time_type(m_times.fused[span.i] * span.dt));
        else
            flow<K>(span, span.h);
    }

    stage_times<Value, stages> m_times;
    using kick_buffer_t = std::decay_t<decltype(std::declval<deriv_type&>().p)>;
    boost::numeric::odeint::state_wrapper<deriv_type> m_work;  // the pieces' scratch
    // A small fixed-size kick buffer is a local of the stage instead of m_kick: the compiler
    // then knows that it is not p, whereas a member might be. On perturbed Kepler (std::array
    // of two doubles) GCC 12 at -O2 then updates p in one vector pass and the kinetic flow
    // after it takes p from that register. With a member the kick wrote p element by element
    // (a vector pass would need a test that g and p do not overlap, which -O2's vectoriser
    // does not make) and the kinetic flow, whose q and p are members of one state and cannot
    // overlap, loaded p as one vector: a 16-byte load over two 8-byte stores, which
    // store-to-load forwarding cannot serve (doc/performance.md, "Small states"). Resizeable
    // buffers stay members (no allocation per step), and so do large ones (no large frame).
    struct no_local_buffer {};
    static constexpr bool local_kick =
        !boost::numeric::odeint::is_resizeable<kick_buffer_t>::value && sizeof(kick_buffer_t) <= 256;
    using local_kick_buffer_t = std::conditional_t<local_kick, kick_buffer_t, no_local_buffer>;
    // a shared kick's dphi/dq, shaped like p, when it is not a local; zeroed, as it is copied with
    // the stepper (traits.hpp, zero_component)
    boost::numeric::odeint::state_wrapper<kick_buffer_t> m_kick{zero_component<kick_buffer_t>()};
    static constexpr std::size_t no_part = std::size_t(-1);
    // After a step_error: its stage, and the piece whose flow threw it (no_part: none)
    std::size_t m_stage = 0;
    std::size_t m_piece = no_part;
    bool m_p_in_input = false;  // the first flow went from `in` into `out` and left p in `in`
};

}  // namespace detail
}  // namespace odeint_contact

#endif
