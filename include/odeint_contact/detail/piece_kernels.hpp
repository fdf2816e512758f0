// SPDX-License-Identifier: BSL-1.0
// The one seam between the steps and the library's fast paths: what the chi steps know of a
// piece beyond the piece concept (concepts/piece.hpp), and which fused kernel they take.
//
// A user's piece is seen through its flow and `autonomous` alone (piece_kernel's primary template). The library's
// own pieces (kinetic_piece, potential_piece, action_piece, position_damping; system/
// split_hamiltonian.hpp) are recognised here by type, and their structure is stated once:
//   kinetic_piece    autonomous, keeps p, flows from the input into the result (no copy)
//   potential_piece  a kick: V and dV/dq once for both half flows of a stage; p <- a p - b dV/dq in
//                    the potential's own pass when it has value_and_kick
//   action_piece     keeps q and scales p: B A B in one pass over p
//   position_damping keeps q
// A new fast path is a member of a piece_kernel specialisation here and a branch of the step that
// uses it; the piece concept does not grow. Users: doc/concepts.md#split-hamiltonian-pieces-with-exact-flows.
#ifndef ODEINT_CONTACT_DETAIL_PIECE_KERNELS_HPP
#define ODEINT_CONTACT_DETAIL_PIECE_KERNELS_HPP

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include <odeint_contact/concepts/action.hpp>
#include <odeint_contact/concepts/piece.hpp>
#include <odeint_contact/concepts/potential.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {

template <class Kinetic>
class kinetic_piece;
template <class Potential>
class potential_piece;
template <class Action>
class action_piece;
template <class Damping>
class position_damping;

namespace detail {

// What every piece has: its flow in place, with the scratch when it takes one. The stepper's
// algebra is not passed (a user's flow makes its own passes).
struct piece_kernel_base {
    static constexpr bool keeps_q = false;
    static constexpr bool keeps_p = false;  // and then flows from `in` into `out`, p left in `in`
    static constexpr bool kicks = false;    // phi(q, t): kick(piece, q, t, g) -> phi, g = dphi/dq
    static constexpr bool scales = false;   // keeps q, scales p: scaling_flow(piece, s, t, dt)
    static constexpr bool affine_in_s = false;  // with scales: the factor does not depend on s

    template <class State, class Deriv, class Time, class Value, bool Flow>
    static constexpr bool check() {
        return true;
    }

    template <class Piece, class Alg, class X, class T, class W>
    static void flow(const Piece& piece, Alg&, X& x, const T& t, const T& dt, W& work) {
        if constexpr (has_piece_flow_work<const Piece&, X, T, W>::value)
            piece.flow(x, t, dt, work);
        else
            piece.flow(x, t, dt);
    }
};

// The library's pieces flow in place through the stepper's algebra, so that a parallel one
// (OpenMP, Thrust) reaches their passes, and check what they hold with their own check(), whose
// static_asserts name the part (a potential, an action term) and the member.
template <class Piece>
struct library_piece_kernel : piece_kernel_base {
    static constexpr bool autonomous = false;

    template <class State, class Deriv, class Time, class Value, bool Flow>
    static constexpr bool check() {
        return Piece::template check<State, Deriv, Time, Value, Flow>();
    }

    template <class Alg, class X, class T, class W>
    static void flow(const Piece& piece, Alg& algebra, X& x, const T& t, const T& dt, W& work) {
        piece.flow_with(algebra, x, t, dt, work);
    }
};

// A piece the library does not know: its flow, and whether it declares itself autonomous.
template <class Piece>
struct piece_kernel : piece_kernel_base {
    static constexpr bool autonomous = is_autonomous_piece<Piece>::value;
};

// A piece held as const or by reference in a system's pieces_type is the piece itself.
template <class Piece>
struct piece_kernel<const Piece> : piece_kernel<Piece> {};
template <class Piece>
struct piece_kernel<Piece&> : piece_kernel<std::remove_const_t<Piece>> {};

template <class Kinetic>
struct piece_kernel<kinetic_piece<Kinetic>> : library_piece_kernel<kinetic_piece<Kinetic>> {
    static constexpr bool autonomous = true;
    static constexpr bool keeps_p = true;

    // From `in` into `out` in one pass over q (p is not written: the step reads it from `in`).
    template <class Alg, class XIn, class XOut, class T, class W>
    static void flow_out(const kinetic_piece<Kinetic>& piece, Alg& algebra, const XIn& in, XOut& out, const T& t,
                         const T& dt, W& work) {
        piece.flow_with(algebra, in, out, t, dt, work);
    }
};

template <class Potential>
struct piece_kernel<potential_piece<Potential>> : library_piece_kernel<potential_piece<Potential>> {
    static constexpr bool keeps_q = true;
    static constexpr bool kicks = true;

    template <class Q, class T, class G>
    static auto kick(const potential_piece<Potential>& piece, const Q& q, const T& t, G& g) {
        return potential_value_and_gradient(piece.potential(), q, t, g);
    }

    // p_out = a p_in - b dV/dq in the potential's own pass, returns V.
    template <class Q, class T, class Value, class P>
    static constexpr bool kicks_in_own_pass() {
        return has_usable_value_and_kick<std::decay_t<Potential>, Q, T, Value, T, P>::value;
    }
    template <class Q, class T, class A, class B, class PIn, class POut>
    static auto value_and_kick(const potential_piece<Potential>& piece, const Q& q, const T& t, const A& a, const B& b,
                               const PIn& p_in, POut& p_out) {
        return potential_value_and_kick(piece.potential(), q, t, a, b, p_in, p_out);
    }
};

template <class Action>
struct piece_kernel<action_piece<Action>> : library_piece_kernel<action_piece<Action>> {
    static constexpr bool keeps_q = true;
    static constexpr bool scales = true;
    static constexpr bool affine_in_s = is_affine_in_s<std::decay_t<Action>>::value;

    // The flow as {s', p'/p}.
    template <class S, class T>
    static auto scaling_flow(const action_piece<Action>& piece, const S& s, const T& t, const T& dt) {
        return piece.action().template flow<plain_value_t<S>>(s, t, dt);
    }
};

template <class Damping>
struct piece_kernel<position_damping<Damping>> : library_piece_kernel<position_damping<Damping>> {
    static constexpr bool keeps_q = true;
};

// ---- which kernel a chi stage takes ------------------------------------------------------------

// The piece whose two half flows in a stage share one kick: the last kick piece K <= n - 2 whose
// inner pieces K + 1 .. n - 1 all keep q (both half flows then see the same q, at the same stage
// time); n when there is none. An autonomous first piece is left to its fusion across stages.
template <class Pieces, std::size_t... I>
constexpr std::size_t shared_kick_index(std::index_sequence<I...>) {
    constexpr std::size_t n = sizeof...(I);
    constexpr bool kick[] = {piece_kernel<std::tuple_element_t<I, Pieces>>::kicks...};
    constexpr bool keeps[] = {piece_kernel<std::tuple_element_t<I, Pieces>>::keeps_q...};
    std::size_t found = n;
    for (std::size_t k = (piece_kernel<std::tuple_element_t<0, Pieces>>::autonomous ? 1 : 0); k + 1 < n; ++k) {
        bool inner = true;
        for (std::size_t j = k + 1; j < n; ++j) inner = inner && keeps[j];
        if (kick[k] && inner) found = k;
    }
    return found;
}
template <class Pieces>
constexpr std::size_t shared_kick_index() {
    return shared_kick_index<Pieces>(std::make_index_sequence<std::tuple_size<Pieces>::value>{});
}

// kick(h) scale kick(h) in one pass over p: a kick piece just before a scaling middle piece.
template <class Pieces, std::size_t Kick>
constexpr bool kick_scale_kick() {
    constexpr std::size_t n = std::tuple_size<Pieces>::value;
    if constexpr (Kick + 2 == n)
        return piece_kernel<std::tuple_element_t<n - 1, Pieces>>::scales;
    else
        return false;
}

// ... and that pass made by the kick piece itself (value_and_kick), which needs the scaling's
// factor before the kick: only when it does not depend on s.
template <class Pieces, std::size_t Kick, class Q, class T, class Value, class P>
constexpr bool kick_scale_kick_in_own_pass() {
    if constexpr (kick_scale_kick<Pieces, Kick>()) {
        using kick_kernel = piece_kernel<std::tuple_element_t<Kick, Pieces>>;
        return piece_kernel<std::tuple_element_t<std::tuple_size<Pieces>::value - 1, Pieces>>::affine_in_s &&
               kick_kernel::template kicks_in_own_pass<Q, T, Value, P>();
    } else {
        return false;
    }
}

// cvi2 (one stage, steps/cvi2_separable.hpp) moves p in the potential's own passes when it has
// value_and_kick and F is affine in s, so that the slope 1 + h F_s(s_{k+1}) dividing the new p is
// known before s_{k+1} is.
template <class Potential, class Action, class Q, class T, class Value, class P>
constexpr bool cvi2_kicks_in_own_pass() {
    return has_value_and_kick_on<const Potential&, Q, T, Value, T, P>::value &&
           is_affine_in_s<std::decay_t<Action>>::value;
}

}  // namespace detail
}  // namespace odeint_contact

#endif
