// SPDX-License-Identifier: BSL-1.0
// The member functions for_each1 ... for_each15 that odeint asks of an algebra, each forwarding
// its states and op as a tuple, with the index sequence of the states, to one function: written
// once here for every algebra of the library (contact_algebra.hpp, detail/algebra/contact_algebra.hpp,
// thrust.hpp). Used inside a class body:
//     ODEINT_CONTACT_DETAIL_FOR_EACH_MEMBERS(apply)
// where apply(std::tuple<A&&...>, std::index_sequence<0, ..., N - 1>) does the pass.
#ifndef ODEINT_CONTACT_DETAIL_ALGEBRA_FOR_EACH_MEMBERS_HPP
#define ODEINT_CONTACT_DETAIL_ALGEBRA_FOR_EACH_MEMBERS_HPP

#include <tuple>
#include <utility>

#define ODEINT_CONTACT_DETAIL_FOR_EACH_N(N, apply)                                                 \
    template <class... A>                                                                         \
    static void for_each##N(A&&... a) {                                                           \
        static_assert(sizeof...(A) == (N) + 1, "for_each" #N " takes " #N " states and an op");    \
        apply(std::forward_as_tuple(a...), std::make_index_sequence<N>{});                        \
    }

#define ODEINT_CONTACT_DETAIL_FOR_EACH_MEMBERS(apply)  \
    ODEINT_CONTACT_DETAIL_FOR_EACH_N(1, apply)         \
    ODEINT_CONTACT_DETAIL_FOR_EACH_N(2, apply)         \
    ODEINT_CONTACT_DETAIL_FOR_EACH_N(3, apply)         \
    ODEINT_CONTACT_DETAIL_FOR_EACH_N(4, apply)         \
    ODEINT_CONTACT_DETAIL_FOR_EACH_N(5, apply)         \
    ODEINT_CONTACT_DETAIL_FOR_EACH_N(6, apply)         \
    ODEINT_CONTACT_DETAIL_FOR_EACH_N(7, apply)         \
    ODEINT_CONTACT_DETAIL_FOR_EACH_N(8, apply)         \
    ODEINT_CONTACT_DETAIL_FOR_EACH_N(9, apply)         \
    ODEINT_CONTACT_DETAIL_FOR_EACH_N(10, apply)        \
    ODEINT_CONTACT_DETAIL_FOR_EACH_N(11, apply)        \
    ODEINT_CONTACT_DETAIL_FOR_EACH_N(12, apply)        \
    ODEINT_CONTACT_DETAIL_FOR_EACH_N(13, apply)        \
    ODEINT_CONTACT_DETAIL_FOR_EACH_N(14, apply)        \
    ODEINT_CONTACT_DETAIL_FOR_EACH_N(15, apply)

#endif
