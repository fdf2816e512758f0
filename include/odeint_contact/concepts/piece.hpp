// SPDX-License-Identifier: BSL-1.0
// A piece phi(q, p, s, t) of a split contact Hamiltonian H = phi_1 + ... + phi_n
// (make_split_hamiltonian, split_hamiltonian.hpp): what the library calls on it. X is the
// contact state, W a derivative-typed scratch state.
//   required  flow(x, t, dt) or flow(x, t, dt, work): the exact flow of phi over dt, t frozen, in place
//   system    value(x, t) -> phi;  partials(x, t, dq, dp) writes dphi/dq, dphi/dp, -> dphi/ds
//   optional  static constexpr bool autonomous: phi has no t (the first piece's half flows fuse)
// Nothing else of a piece is called: what makes the library's own pieces faster (a shared kick,
// kick-scale-kick in one pass, a first flow out of place) is known of them by type, in one place,
// detail/piece_kernels.hpp. Every member is const: the library holds the pieces as const, so a
// non-const member would never be called, and is a static_assert rather than a silent slow path.
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
template <class Self, class X, class T>
using piece_value_op = decltype(std::declval<Self>().value(std::declval<const X&>(), std::declval<const T&>()));
template <class Self, class X, class T, class DQ, class DP>
using piece_partials_op = decltype(std::declval<Self>().partials(std::declval<const X&>(), std::declval<const T&>(),
                                                                 std::declval<DQ&>(), std::declval<DP&>()));
// autonomous: the flow is the exact flow of a term without t (flows over a and b compose to one
// over a + b, so a first piece's half flows fuse across stages).
template <class Piece>
using piece_autonomous_op = std::bool_constant<bool(Piece::autonomous)>;
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
template <class Self, class X, class T>
using has_piece_value = is_detected<piece_value_op, Self, X, T>;
template <class Self, class X, class T, class DQ, class DP>
using has_piece_partials = is_detected<piece_partials_op, Self, X, T, DQ, DP>;

// The optional property, false when absent.
template <class Piece>
using is_autonomous_piece = detected_or_t<std::false_type, piece_autonomous_op, Piece>;


}  // namespace detail
}  // namespace odeint_contact

#endif
