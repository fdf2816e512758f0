// SPDX-License-Identifier: BSL-1.0
// odeint_contact/separable_hamiltonian.hpp
//
// make_separable_hamiltonian(kinetic, potential, action) builds H(q,p,s,t) = T(p) + V(q,t) + F(s,t).
// The result is both what the contact steppers split into exact flows and an ordinary odeint
// system: H(x, dxdt, t) evaluates the contact vector field (paper eq. 2)
//   dq/dt = dT/dp,   dp/dt = -dV/dq - p dF/ds,   ds/dt = p . dT/dp - H,
// so the same object drives runge_kutta4 or runge_kutta_dopri5. H.value(x, t) is H itself.
// The chi steppers step it as make_split_hamiltonian(kinetic_piece(T), potential_piece(V),
// action_piece(F)) (H.pieces(), split_hamiltonian.hpp); the cvi steppers use the parts directly.
//
// The potential concept (for a user type V):
//   v.value(q, t)            V(q,t), an energy
//   v.gradient(q, t, dVdq)   writes dV/dq (a force) into dVdq, the derivative's p type
// Optionally, both at once:
//   v.value_and_gradient(q, t, dVdq)   writes dV/dq into dVdq and returns V(q,t)
// The system function and the steppers need V and dV/dq at the same (q,t) and call it instead of
// gradient then value when it is present. Potentials whose value and gradient share work (a pair
// potential's distances: each square root serves both V and dV/dq) then do that work once.
// Optionally, the kick of p too:
//   v.value_and_kick(q, t, a, b, p_in, p_out)   writes p_out = a p_in - b dV/dq(q,t) and returns
//                            V(q,t); a is a number (the stepper's Value), b a time (the stepper's
//                            Time: b dV/dq is a momentum), p_out may be the same object as p_in
// chi<Table> and the plain do_step of cvi2 call it instead of value_and_gradient when the action
// part is affine in s (action.hpp: linear_action, affine_action): the gradient is then used where
// it is computed, with no buffer for it, and a step on a large state streams fewer arrays (chi2
// 9 instead of 11, cvi2 9 instead of 12; doc/methods.md). It must agree with value and gradient;
// the steppers read q and p_in in it and nothing else of the state.
// See kinetic.hpp and action.hpp for the other two parts.
#ifndef ODEINT_CONTACT_SEPARABLE_HAMILTONIAN_HPP
#define ODEINT_CONTACT_SEPARABLE_HAMILTONIAN_HPP

#include <tuple>
#include <utility>

#include <odeint_contact/action.hpp>
#include <odeint_contact/contact_state.hpp>
#include <odeint_contact/detail/checks.hpp>
#include <odeint_contact/detail/concept_checks.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>
#include <odeint_contact/kinetic.hpp>
#include <odeint_contact/split_hamiltonian.hpp>

namespace odeint_contact {

// Algebra: the algebra of the system function's element-wise passes over q and p (an odeint
// system is called as sys(x, dxdt, t), without the stepper's algebra); contact_algebra picks the
// component's own, contact_algebra_of<odeint::openmp_range_algebra> runs them in parallel on a
// std::vector. The contact steppers pass their own algebra to the parts and do not use it.
template <class Kinetic, class Potential, class Action, class Algebra = contact_algebra>
class separable_hamiltonian {
public:
    using kinetic_type = Kinetic;
    using potential_type = Potential;
    using action_type = Action;
    using algebra_type = Algebra;

    separable_hamiltonian(Kinetic kinetic, Potential potential, Action action)
        : m_pieces(kinetic_piece<Kinetic>(std::move(kinetic)), potential_piece<Potential>(std::move(potential)),
                   action_piece<Action>(std::move(action))) {}

    const Kinetic& kinetic() const { return std::get<0>(m_pieces).kinetic(); }
    const Potential& potential() const { return std::get<1>(m_pieces).potential(); }
    const Action& action() const { return std::get<2>(m_pieces).action(); }

    // H as the split Hamiltonian of the library's pieces, which is how the chi steppers step it
    // (split_hamiltonian.hpp): the parts are held as those pieces.
    using pieces_type = std::tuple<kinetic_piece<Kinetic>, potential_piece<Potential>, action_piece<Action>>;
    const pieces_type& pieces() const { return m_pieces; }

    // The contact vector field, as an odeint system function.
    template <class State, class Deriv, class Time>
    void operator()(const State& x, Deriv& dxdt, const Time& t) const {
        // A part that does not fit stops here, with our message first: the rest is not instantiated.
        if constexpr (detail::check_hamiltonian_parts<Kinetic, Potential, Action, State, Deriv, Time>() &&
                      detail::check_kinetic_optionals<Kinetic, Algebra, decltype(x.q), decltype(x.p), Time,
                                                      decltype(dxdt.q)>()) {
            if (!detail::same_lengths(x, dxdt))
                throw parameter_error(detail::lengths_message(x, dxdt, "separable_hamiltonian::operator()"));
            Algebra algebra;
            if constexpr (detail::has_kinetic_gradient_with<Kinetic, Algebra, decltype(x.p), decltype(dxdt.q)>::value)
                kinetic().gradient(algebra, x.p, dxdt.q);
            else
                kinetic().gradient(x.p, dxdt.q);
            const auto v = detail::potential_value_and_gradient(potential(), x.q, t, dxdt.p);
            const auto fs = action().derivative(x.s, t);
            using value_type = detail::plain_value_t<detail::scalar_of_t<decltype(x.p)>>;
            using op = typename detail::component_operations_t<decltype(dxdt.p)>::template scale_sum2<value_type, decltype(-fs)>;
            algebra.for_each3(dxdt.p, dxdt.p, x.p, op(value_type(-1), -fs));
            dxdt.s = detail::dot(x.p, dxdt.q) - sum(x, v, t);
            // Two numbers computed anyway (split_hamiltonian.hpp): an odeint stepper is stopped
            // here rather than go on with a non-finite derivative.
            if (!detail::is_finite(fs) || !detail::is_finite(dxdt.s))
                throw step_error(detail::field_failure("separable_hamiltonian", x, t, fs, dxdt.s));
        }
    }

    template <class State, class Time>
    auto value(const State& x, const Time& t) const {
        return sum(x, potential().value(x.q, t), t);
    }

private:
    // H = T + V + F with V given, in one order for value() and the system function.
    template <class State, class Energy, class Time>
    auto sum(const State& x, const Energy& v, const Time& t) const {
        return kinetic().value(x.p) + v + action().value(x.s, t);
    }

    pieces_type m_pieces;
};

// make_separable_hamiltonian<Algebra>(kinetic, potential, action) gives the system function
// that algebra (see above).
template <class Algebra = contact_algebra, class Kinetic, class Potential, class Action>
separable_hamiltonian<Kinetic, Potential, Action, Algebra> make_separable_hamiltonian(Kinetic kinetic,
                                                                                        Potential potential,
                                                                                        Action action) {
    return {std::move(kinetic), std::move(potential), std::move(action)};
}

namespace detail {
template <class T>
struct is_separable_hamiltonian : std::false_type {};
template <class K, class V, class A, class Algebra>
struct is_separable_hamiltonian<separable_hamiltonian<K, V, A, Algebra>> : std::true_type {};
}  // namespace detail

}  // namespace odeint_contact

#endif
