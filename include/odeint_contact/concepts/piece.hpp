// SPDX-License-Identifier: BSL-1.0
// A piece phi(q, p, s, t) of a split contact Hamiltonian H = phi_1 + ... + phi_n
// (make_split_hamiltonian, split_hamiltonian.hpp): what the library calls on it. X is the
// contact state, W a derivative-typed scratch state, Alg the stepper's algebra.
//   required  flow(x, t, dt) (or flow(x, t, dt, work)): the exact flow of phi, in place
//   system    value(x, t) -> phi;  partials(x, t, dq, dp) writes dphi/dq, dphi/dp, -> dphi/ds
//   optional  flow(in, out, t, dt[, work]), flow_with(algebra, ...): out of place, through the
//             algebra;  kick(q, t, g) -> phi (phi of q and t only);  scaling_flow(s, t, dt) ->
//             action_flow;  value_and_kick (as a potential's);  static constexpr bool autonomous,
//             keeps_q, keeps_p;  a static check<State, Deriv, Time, Value, Flow>() of its own
// Every member is const: the library holds the pieces as const, so a non-const optional member
// would never be called, and is a static_assert rather than a silent slow path.
// Users: doc/concepts.md#split-hamiltonian-pieces-with-exact-flows.
#ifndef ODEINT_CONTACT_CONCEPTS_PIECE_HPP
#define ODEINT_CONTACT_CONCEPTS_PIECE_HPP

#include <type_traits>
#include <utility>

#include <odeint_contact/detail/detect.hpp>

namespace odeint_contact {
namespace detail {

// Each member as an expression on a Self: const Piece& for what the library calls, Piece& to tell
// a member that only lacks its const from one that is missing.
template <class Self, class X, class T>
using piece_flow_op = decltype(std::declval<Self>().flow(std::declval<X&>(), std::declval<const T&>(),
                                                         std::declval<const T&>()));
template <class Self, class X, class T, class W>
using piece_flow_work_op = decltype(std::declval<Self>().flow(std::declval<X&>(), std::declval<const T&>(),
                                                              std::declval<const T&>(), std::declval<W&>()));
template <class Self, class XIn, class XOut, class T>
using piece_flow_out_op = decltype(std::declval<Self>().flow(std::declval<const XIn&>(), std::declval<XOut&>(),
                                                             std::declval<const T&>(), std::declval<const T&>()));
template <class Self, class XIn, class XOut, class T, class W>
using piece_flow_out_work_op =
    decltype(std::declval<Self>().flow(std::declval<const XIn&>(), std::declval<XOut&>(), std::declval<const T&>(),
                                       std::declval<const T&>(), std::declval<W&>()));
// flow_with has a name of its own: as flow(algebra, x, t, dt, work) it would have the arity of the
// out-of-place flow(in, out, t, dt, work), and a generic out-of-place flow would be taken for it.
template <class Self, class Alg, class X, class T, class W>
using piece_flow_with_op =
    decltype(std::declval<Self>().flow_with(std::declval<Alg&>(), std::declval<X&>(), std::declval<const T&>(),
                                            std::declval<const T&>(), std::declval<W&>()));
template <class Self, class Alg, class XIn, class XOut, class T, class W>
using piece_flow_out_with_op = decltype(std::declval<Self>().flow_with(
    std::declval<Alg&>(), std::declval<const XIn&>(), std::declval<XOut&>(), std::declval<const T&>(),
    std::declval<const T&>(), std::declval<W&>()));
template <class Self, class X, class T>
using piece_value_op = decltype(std::declval<Self>().value(std::declval<const X&>(), std::declval<const T&>()));
template <class Self, class X, class T, class DQ, class DP>
using piece_partials_op = decltype(std::declval<Self>().partials(std::declval<const X&>(), std::declval<const T&>(),
                                                                 std::declval<DQ&>(), std::declval<DP&>()));
// kick(q, t, g), for a piece phi(q, t) of q and t only: writes dphi/dq into g and returns phi; the
// flow over dt is then p -= dt g, s -= dt phi, q unchanged.
template <class Self, class Q, class T, class G>
using piece_kick_op =
    decltype(std::declval<Self>().kick(std::declval<const Q&>(), std::declval<const T&>(), std::declval<G&>()));
// scaling_flow(s, t, dt), for a piece whose flow keeps q and multiplies p by a factor of s, t and
// dt: returns {s', factor} (an action_flow).
template <class Self, class S, class T>
using piece_scaling_flow_op = decltype(std::declval<Self>().scaling_flow(
    std::declval<const S&>(), std::declval<const T&>(), std::declval<const T&>()));
// A piece's own compile-time checks of what it holds, for its flow (Flow) or for H as an odeint
// system; the engine calls it before anything else of the piece. Flow is a std::bool_constant: an
// op takes types only.
template <class Piece, class State, class Deriv, class Time, class Value, class Flow>
using piece_check_op = decltype(Piece::template check<State, Deriv, Time, Value, Flow::value>());
// autonomous: the flow is the exact flow of a term without t (flows over a and b compose to one
// over a + b, so a first piece's half flows fuse across stages); keeps_q, keeps_p: the flow leaves
// q, p as they are (an out-of-place flow that keeps p need not write out.p).
template <class Piece>
using piece_autonomous_op = std::bool_constant<bool(Piece::autonomous)>;
template <class Piece>
using piece_keeps_q_op = std::bool_constant<bool(Piece::keeps_q)>;
template <class Piece>
using piece_keeps_p_op = std::bool_constant<bool(Piece::keeps_p)>;
template <class System>
using pieces_type_op = typename System::pieces_type;
template <class System>
using pieces_accessor_op = decltype(std::declval<const System&>().pieces());


// A split Hamiltonian (make_split_hamiltonian's result), recognised by what it has.
template <class System>
using has_split_pieces = std::conjunction<is_detected<pieces_type_op, System>, is_detected<pieces_accessor_op, System>>;

template <class Self, class X, class T>
using has_piece_flow = is_detected<piece_flow_op, Self, X, T>;
template <class Self, class X, class T, class W>
using has_piece_flow_work = is_detected<piece_flow_work_op, Self, X, T, W>;
template <class Self, class XIn, class XOut, class T>
using has_piece_flow_out = is_detected<piece_flow_out_op, Self, XIn, XOut, T>;
template <class Self, class XIn, class XOut, class T, class W>
using has_piece_flow_out_work = is_detected<piece_flow_out_work_op, Self, XIn, XOut, T, W>;
template <class Self, class Alg, class X, class T, class W>
using has_piece_flow_with = is_detected<piece_flow_with_op, Self, Alg, X, T, W>;
template <class Self, class Alg, class XIn, class XOut, class T, class W>
using has_piece_flow_out_with = is_detected<piece_flow_out_with_op, Self, Alg, XIn, XOut, T, W>;
template <class Self, class X, class T>
using has_piece_value = is_detected<piece_value_op, Self, X, T>;
template <class Self, class X, class T, class DQ, class DP>
using has_piece_partials = is_detected<piece_partials_op, Self, X, T, DQ, DP>;
template <class Piece, class State, class Deriv, class Time, class Value, bool Flow>
using has_piece_check = is_detected<piece_check_op, Piece, State, Deriv, Time, Value, std::bool_constant<Flow>>;
template <class Self, class Q, class T, class G>
using has_piece_kick_on = is_detected<piece_kick_op, Self, Q, T, G>;
template <class Piece, class Q, class T, class G>
using has_piece_kick = has_piece_kick_on<const Piece&, Q, T, G>;
template <class Self, class S, class T>
using has_scaling_flow_on = is_detected<piece_scaling_flow_op, Self, S, T>;
template <class Piece, class S, class T>
using has_scaling_flow = has_scaling_flow_on<const Piece&, S, T>;

// The optional properties, false when absent.
template <class Piece>
using is_autonomous_piece = detected_or_t<std::false_type, piece_autonomous_op, Piece>;
template <class Piece>
using declares_keeps_q = detected_or_t<std::false_type, piece_keeps_q_op, Piece>;
template <class Piece>
using declares_keeps_p = detected_or_t<std::false_type, piece_keeps_p_op, Piece>;


}  // namespace detail
}  // namespace odeint_contact

#endif
