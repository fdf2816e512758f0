// SPDX-License-Identifier: BSL-1.0
// Copying a contact state (or its q and p) through the stepper's algebra and operations, so that
// a state type the library does not know (Thrust, MPI, Eigen blocks) is copied as its algebra
// says and not by assignment.
#ifndef ODEINT_CONTACT_DETAIL_ALGEBRA_STATE_COPY_HPP
#define ODEINT_CONTACT_DETAIL_ALGEBRA_STATE_COPY_HPP

#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

// q and p of `from` into those of `to` (s is a scalar; callers that keep it assign it).
template <class Value, class Operations, class Alg, class Q, class P, class FromQ, class FromP>
ODEINT_CONTACT_DETAIL_HOT void copy_qp(Alg& algebra, Q& q, P& p, const FromQ& from_q, const FromP& from_p) {
    using copy = typename Operations::template scale_sum1<Value>;
    algebra.for_each2(q, from_q, copy(Value(1)));
    algebra.for_each2(p, from_p, copy(Value(1)));
}

// The whole state: q, p and s.
template <class Value, class Operations, class Alg, class To, class From>
ODEINT_CONTACT_DETAIL_HOT void copy_state(Alg& algebra, To& to, const From& from) {
    copy_qp<Value, Operations>(algebra, to.q, to.p, from.q, from.p);
    to.s = from.s;
}

}  // namespace detail
}  // namespace odeint_contact

#endif
