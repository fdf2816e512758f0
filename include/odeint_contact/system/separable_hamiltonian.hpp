// SPDX-License-Identifier: BSL-1.0
// odeint_contact/system/separable_hamiltonian.hpp
//
// make_separable_hamiltonian(kinetic, potential, action): H(q,p,s,t) = T(p) + V(q,t) + F(s,t), what
// the contact steppers step (chi as kinetic_piece, potential_piece and action_piece, see
// split_hamiltonian.hpp; cvi through its parts) and an odeint system: H(x, dxdt, t) is the contact
// vector field dq/dt = dT/dp, dp/dt = -dV/dq - p dF/ds, ds/dt = p . dT/dp - H, and H.value(x, t) is
// H.
// The potential concept: value(q, t) and gradient(q, t, dVdq); optionally value_and_gradient(q, t,
// dVdq) (V and dV/dq sharing work) and value_and_kick(q, t, a, b, p_in, p_out) (p_out = a p_in - b
// dV/dq, returning V: with an action affine in s the kick needs no gradient buffer and a step on a
// large state streams fewer arrays), hessian for galerkin_cvi4: doc/concepts.md#potential-vq-t,
// concepts/potential.hpp.
// Kinetic and action parts: kinetic.hpp, action.hpp. Cost of each stepper: doc/methods.md.
#ifndef ODEINT_CONTACT_SYSTEM_SEPARABLE_HAMILTONIAN_HPP
#define ODEINT_CONTACT_SYSTEM_SEPARABLE_HAMILTONIAN_HPP

#include <tuple>
#include <utility>

#include <odeint_contact/system/action.hpp>
#include <odeint_contact/state/contact_state.hpp>
#include <odeint_contact/detail/checks.hpp>
#include <odeint_contact/detail/concept_checks.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>
#include <odeint_contact/system/kinetic.hpp>
#include <odeint_contact/system/split_hamiltonian.hpp>

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
