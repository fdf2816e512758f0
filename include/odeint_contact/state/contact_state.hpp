// SPDX-License-Identifier: BSL-1.0
// odeint_contact/state/contact_state.hpp
//
// contact_state<Q, P, S>: the point (q, p, s) of a contact manifold in Darboux coordinates, the
// state type of every odeint-contact stepper. It is also a first-class odeint state: the header
// registers its algebra (contact_algebra) and its resizing with odeint, so odeint's own steppers
// (runge_kutta4, controlled and dense runge_kutta_dopri5, ...) accept it with their default
// template arguments.
//
// Q (coordinates) may be a number, a Boost.Units quantity, std::array or std::vector of either,
// any range odeint's algebras handle (odeint's openmp_state), an Eigen dense object, or any type
// for which component_traits (component_traits.hpp, doc/concepts.md) is specialised; P (momenta)
// defaults to Q and S (action) to the scalar type of Q. A derivative is a contact_state too, with the units of velocity, force and energy
// (ds/dt = p.dT/dp - H is an energy, not a power).
#ifndef ODEINT_CONTACT_STATE_CONTACT_STATE_HPP
#define ODEINT_CONTACT_STATE_CONTACT_STATE_HPP

#include <type_traits>

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resize.hpp>
#include <boost/numeric/odeint/util/same_size.hpp>

#include <odeint_contact/state/component_traits.hpp>
#include <odeint_contact/state/contact_algebra.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {

template <class Q, class P = Q, class S = detail::scalar_of_t<Q>>
struct contact_state {
    using coordinate_type = Q;
    using momentum_type = P;
    using action_type = S;

    static_assert(detail::check_component<Q>() && detail::check_component<P>());

    // Zero (or empty), so that odeint's scratch states (which it copies along with the stepper
    // in integrate_const) are never read uninitialised; g++ 12 -O2 -Wall flags exactly that for
    // runge_kutta4 on std::array-based states. Aggregate initialisation {q, p, s} is unaffected.
    Q q = detail::zero_component<Q>();
    P p = detail::zero_component<P>();
    S s{};
};

}  // namespace odeint_contact

namespace boost {
namespace numeric {
namespace odeint {

template <class Q, class P, class S>
struct algebra_dispatcher<odeint_contact::contact_state<Q, P, S>> {
    using algebra_type = odeint_contact::contact_algebra;
};

// Deriving from odeint's own answer for a resizeable / fixed-size type keeps the base
// boost::true_type up to Boost 1.85 and std::true_type from 1.86 on, whichever odeint expects.
template <class Q, class P, class S>
struct is_resizeable<odeint_contact::contact_state<Q, P, S>>
    : std::conditional_t<is_resizeable<Q>::value || is_resizeable<P>::value,
                         is_resizeable<std::vector<double>>, is_resizeable<double>> {};

template <class Q1, class P1, class S1, class Q2, class P2, class S2>
struct same_size_impl<odeint_contact::contact_state<Q1, P1, S1>,
                      odeint_contact::contact_state<Q2, P2, S2>> {
    static bool same_size(const odeint_contact::contact_state<Q1, P1, S1>& x,
                          const odeint_contact::contact_state<Q2, P2, S2>& y) {
        bool same = true;
        if constexpr (is_resizeable<Q1>::value) same = same && odeint::same_size(x.q, y.q);
        if constexpr (is_resizeable<P1>::value) same = same && odeint::same_size(x.p, y.p);
        return same;
    }
};

template <class Q1, class P1, class S1, class Q2, class P2, class S2>
struct resize_impl<odeint_contact::contact_state<Q1, P1, S1>,
                   odeint_contact::contact_state<Q2, P2, S2>> {
    static void resize(odeint_contact::contact_state<Q1, P1, S1>& x,
                       const odeint_contact::contact_state<Q2, P2, S2>& y) {
        if constexpr (is_resizeable<Q1>::value) odeint::resize(x.q, y.q);
        if constexpr (is_resizeable<P1>::value) odeint::resize(x.p, y.p);
    }
};

}  // namespace odeint
}  // namespace numeric
}  // namespace boost

#endif
