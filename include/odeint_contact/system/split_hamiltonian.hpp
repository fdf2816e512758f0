// SPDX-License-Identifier: BSL-1.0
// odeint_contact/system/split_hamiltonian.hpp
//
// make_split_hamiltonian(phi_1, ..., phi_n), n >= 2: H = phi_1 + ... + phi_n as pieces whose
// contact flows the user knows (Proposition 2 of "New directions for contact integrators"). chi
// steps it, a stage of weight w being phi_1(w dt/2) ... phi_n(w dt) ... phi_1(w dt/2) at the
// stage's midpoint time; it is an odeint system too. Pieces provided: kinetic_piece,
// potential_piece, action_piece (a separable H is stepped as these three), position_damping.
// Order and cost: chi<Table>'s order when each flow is exact or symmetric of order >= 2; per stage
// two half flows of phi_1 .. phi_{n-1} and one of phi_n, less what an autonomous first piece and
// the library's own pieces save (detail/piece_kernels.hpp).
// When not to use it: H = T + V + F (make_separable_hamiltonian is shorter, and cvi takes it); a
// piece whose flow has no closed form (computing it costs more than a Runge-Kutta step of H).
// Failure: a piece's step_error gets stepper, t, dt, stage and piece in front; state unchanged.
// The piece concept: doc/concepts.md#split-hamiltonian-pieces-with-exact-flows, concepts/piece.hpp;
// doc/theory.md.
// References: Bravetti, Seri, Zadra, GSI 2021; Zadra, Bravetti, Seri, arXiv 2005.03951 (Lienard
// systems); McLachlan, Quispel, "Splitting methods", Acta Numerica 11 (2002).
#ifndef ODEINT_CONTACT_SYSTEM_SPLIT_HAMILTONIAN_HPP
#define ODEINT_CONTACT_SYSTEM_SPLIT_HAMILTONIAN_HPP

#include <cmath>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>
#include <boost/numeric/odeint/util/state_wrapper.hpp>

#include <odeint_contact/system/action.hpp>
#include <odeint_contact/state/contact_state.hpp>
#include <odeint_contact/detail/checks.hpp>
#include <odeint_contact/detail/concept_checks.hpp>
#include <odeint_contact/detail/steps/split_stage.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>
#include <odeint_contact/system/kinetic.hpp>

namespace odeint_contact {

namespace detail {
template <class C>
void set_zero(C& c) {
    contact_algebra::for_each1(c, assign_zero{});
}

// out = x + a y for components, with the operations odeint picks for them.
template <class C, class X, class A, class Y>
void add_scaled(C& out, const X& x, const A& a, const Y& y) {
    using value_type = plain_value_t<scalar_of_t<C>>;
    using op = typename component_operations_t<C>::template scale_sum2<value_type, A>;
    contact_algebra::for_each3(out, x, y, op(value_type(1), a));
}
template <class C, class A, class Y>
void add_scaled(C& c, const A& a, const Y& y) {
    add_scaled(c, c, a, y);
}

// The split Hamiltonian's per-thread scratch for its system function, and the mark that it is in
// use (cleared also when a piece throws).
template <class Deriv>
struct split_field_scratch {
    boost::numeric::odeint::state_wrapper<Deriv> work;
    bool busy = false;
};
class split_field_scratch_use {
public:
    explicit split_field_scratch_use(bool& busy) : m_busy(busy) { m_busy = true; }
    ~split_field_scratch_use() { m_busy = false; }
    split_field_scratch_use(const split_field_scratch_use&) = delete;
    split_field_scratch_use& operator=(const split_field_scratch_use&) = delete;

private:
    bool& m_busy;
};
}  // namespace detail

// ---- the library's pieces ---------------------------------------------------------------------

// T(p): q += dt dT/dp, s += dt (p . dT/dp - T); p unchanged. The kinetic part's own flow when it
// has one (quadratic_kinetic). Kinetic may be a reference type (the piece then refers to a part
// that outlives it).
template <class Kinetic>
class kinetic_piece {
    using kinetic_t = std::decay_t<Kinetic>;

public:
    static constexpr bool autonomous = true;

    explicit kinetic_piece(Kinetic kinetic) : m_kinetic(std::forward<Kinetic>(kinetic)) {}
    const kinetic_t& kinetic() const { return m_kinetic; }

    // The engine's check of the part (through detail::piece_kernel): the flow needs value and
    // gradient only when the part has no flow of its own; H as a system needs them always.
    template <class State, class Deriv, class Time, class Value, bool Flow>
    static constexpr bool check() {
        using Q = std::decay_t<decltype(std::declval<State&>().q)>;
        using P = std::decay_t<decltype(std::declval<State&>().p)>;
        constexpr bool own_flow = detail::has_kinetic_flow<kinetic_t, Q, P, Time, Q>::value ||
                                  detail::has_kinetic_flow_with<kinetic_t, contact_algebra, Q, P, Time, Q>::value;
        if constexpr (!detail::check_kinetic_optionals<kinetic_t, contact_algebra, Q, P, Time,
                                                        decltype(std::declval<Deriv&>().q)>())
            return false;
        else if constexpr (Flow && own_flow)
            return true;
        else
            return detail::check_kinetic_part<kinetic_t, P, decltype(std::declval<Deriv&>().q)>();
    }

    template <class X, class T, class W>
    void flow(X& x, const T& t, const T& dt, W& work) const {
        contact_algebra algebra;
        flow_with(algebra, x, x, t, dt, work);
    }
    template <class Alg, class X, class T, class W>
    void flow_with(Alg& algebra, X& x, const T& t, const T& dt, W& work) const {
        flow_with(algebra, x, x, t, dt, work);
    }

    // From `in` into `out` in one pass over q (p itself is not written: the piece keeps p, and
    // the steppers take it from `in`; detail/piece_kernels.hpp). `out` may also be `in`.
    template <class Alg, class XIn, class XOut, class T, class W>
    void flow_with(Alg& algebra, const XIn& in, XOut& out, const T&, const T& dt, W& work) const {
        using Q = decltype(in.q);
        using P = decltype(in.p);
        using QOut = decltype(out.q);
        if constexpr (detail::has_kinetic_flow_with<kinetic_t, Alg, Q, P, T, QOut>::value) {
            out.s = in.s + m_kinetic.flow(algebra, in.q, in.p, dt, out.q);
        } else if constexpr (detail::has_kinetic_flow<kinetic_t, Q, P, T, QOut>::value) {
            out.s = in.s + m_kinetic.flow(in.q, in.p, dt, out.q);
        } else {
            if constexpr (detail::has_kinetic_gradient_with<kinetic_t, Alg, P, decltype(work.q)>::value)
                m_kinetic.gradient(algebra, in.p, work.q);
            else
                m_kinetic.gradient(in.p, work.q);
            out.s = in.s + dt * (detail::dot(in.p, work.q) - m_kinetic.value(in.p));
            using value_type = detail::plain_value_t<detail::scalar_of_t<QOut>>;
            using op = typename detail::component_operations_t<QOut>::template scale_sum2<value_type, T>;
            algebra.for_each3(out.q, in.q, work.q, op(value_type(1), dt));
        }
    }

    template <class X, class T>
    auto value(const X& x, const T&) const {
        return m_kinetic.value(x.p);
    }

    template <class X, class T, class DQ, class DP>
    auto partials(const X& x, const T&, DQ& dq, DP& dp) const {
        detail::set_zero(dq);
        m_kinetic.gradient(x.p, dp);
        return std::decay_t<decltype(m_kinetic.value(x.p) / x.s)>{};
    }

private:
    Kinetic m_kinetic;
};

// V(q,t): p -= dt dV/dq, s -= dt V; q unchanged. One call of value_and_gradient when V has it
// (and the steppers' fused kicks, detail/piece_kernels.hpp). Potential may be a reference type.
template <class Potential>
class potential_piece {
    using potential_t = std::decay_t<Potential>;

public:
    explicit potential_piece(Potential potential) : m_potential(std::forward<Potential>(potential)) {}
    const potential_t& potential() const { return m_potential; }

    // The engine's check of the part, and for the flow of its value_and_kick when it has one: a
    // member that is not const or does not return V is named, not skipped (the steppers use
    // value_and_kick only when V's is usable). H as a system never calls value_and_kick.
    template <class State, class Deriv, class Time, class Value, bool Flow>
    static constexpr bool check() {
        using Q = decltype(std::declval<State&>().q);
        using P = decltype(std::declval<State&>().p);
        if constexpr (!detail::check_potential_part<potential_t, Q, Time, decltype(std::declval<Deriv&>().p)>())
            return false;
        else if constexpr (Flow)
            return detail::check_value_and_kick<potential_t, Q, Time, Value, Time, P>();
        else
            return true;
    }

    template <class X, class T, class W>
    void flow(X& x, const T& t, const T& dt, W& work) const {
        contact_algebra algebra;
        flow_with(algebra, x, t, dt, work);
    }
    template <class Alg, class X, class T, class W>
    void flow_with(Alg& algebra, X& x, const T& t, const T& dt, W& work) const {
        const auto v = detail::potential_value_and_gradient(m_potential, x.q, t, work.p);
        using P = decltype(x.p);
        using value_type = detail::plain_value_t<detail::scalar_of_t<P>>;
        using op = typename detail::component_operations_t<P>::template scale_sum2<value_type, T>;
        algebra.for_each3(x.p, x.p, work.p, op(value_type(1), -dt));
        x.s -= dt * v;
    }

    template <class X, class T>
    auto value(const X& x, const T& t) const {
        return m_potential.value(x.q, t);
    }

    template <class X, class T, class DQ, class DP>
    auto partials(const X& x, const T& t, DQ& dq, DP& dp) const {
        m_potential.gradient(x.q, t, dq);
        detail::set_zero(dp);
        return std::decay_t<decltype(m_potential.value(x.q, t) / x.s)>{};
    }

private:
    Potential m_potential;
};

// F(s,t): the action term's exact flow, s <- s', p <- (p'/p) p; q unchanged. Action may be a
// reference type.
template <class Action>
class action_piece {
    using action_t = std::decay_t<Action>;

public:
    explicit action_piece(Action action) : m_action(std::forward<Action>(action)) {}
    const action_t& action() const { return m_action; }

    // The engine's check of the part: the flow needs only F's exact flow, H as a system only
    // value and derivative.
    template <class State, class Deriv, class Time, class Value, bool Flow>
    static constexpr bool check() {
        using S = std::decay_t<decltype(std::declval<State&>().s)>;
        if constexpr (Flow)
            return detail::check_action_flow<action_t, detail::plain_value_t<S>, S, Time, action_flow>();
        else
            return detail::check_action_part<action_t, S, Time>();
    }

    template <class X, class T>
    void flow(X& x, const T& t, const T& dt) const {
        contact_algebra algebra;
        scale(algebra, x, t, dt);
    }
    template <class Alg, class X, class T, class W>
    void flow_with(Alg& algebra, X& x, const T& t, const T& dt, W&) const {
        scale(algebra, x, t, dt);
    }

    template <class X, class T>
    auto value(const X& x, const T& t) const {
        return m_action.value(x.s, t);
    }

    template <class X, class T, class DQ, class DP>
    auto partials(const X& x, const T& t, DQ& dq, DP& dp) const {
        detail::set_zero(dq);
        detail::set_zero(dp);
        return m_action.derivative(x.s, t);
    }

private:
    template <class Alg, class X, class T>
    void scale(Alg& algebra, X& x, const T& t, const T& dt) const {
        const auto a = m_action.template flow<detail::plain_value_t<std::decay_t<decltype(x.s)>>>(x.s, t, dt);
        using op = typename detail::component_operations_t<decltype(x.p)>::template scale_sum1<decltype(a.factor)>;
        // held in a register: see detail::held_in_register (a 16-byte load of a over its two halves)
        algebra.for_each2(x.p, x.p, op(detail::held_in_register(a.factor)));
        x.s = a.s;
    }

    Action m_action;
};

// f(q,t) s: with q and t frozen, s' = -f s and p' = -s grad f - f p, so
// s <- e^{-f dt} s and p <- e^{-f dt} (p - dt s grad f), conformal factor e^{-f dt}.
template <class Damping>
class position_damping {
public:
    explicit position_damping(Damping f) : m_f(std::move(f)) {}
    const Damping& damping() const { return m_f; }

    // The engine's check of f, which has the members of a potential (its messages call f so).
    template <class State, class Deriv, class Time, class Value, bool Flow>
    static constexpr bool check() {
        return detail::check_potential_part<std::decay_t<Damping>, decltype(std::declval<State&>().q), Time,
                                            decltype(std::declval<Deriv&>().p)>();
    }

    template <class X, class T, class W>
    void flow(X& x, const T& t, const T& dt, W& work) const {
        contact_algebra algebra;
        flow_with(algebra, x, t, dt, work);
    }
    template <class Alg, class X, class T, class W>
    void flow_with(Alg& algebra, X& x, const T& t, const T& dt, W& work) const {
        using std::exp;
        using S = std::decay_t<decltype(x.s)>;
        using value_type = detail::plain_value_t<S>;
        const auto f = m_f.value(x.q, t);
        m_f.gradient(x.q, t, work.p);
        const value_type factor = exp(-value_type(detail::to_value(f * dt)));
        if (!detail::is_finite(factor))
            throw step_error("the factor exp(-f dt) of position_damping is not finite (f = " + detail::format(f) +
                             ", dt = " + detail::format(dt) + ")");
        using op = typename detail::component_operations_t<decltype(x.p)>::template scale_sum2<value_type, value_type>;
        algebra.for_each3(x.p, x.p, work.p, op(factor, value_type(-factor * (dt * x.s))));
        x.s = S(factor * x.s);
    }

    template <class X, class T>
    auto value(const X& x, const T& t) const {
        return m_f.value(x.q, t) * x.s;
    }

    template <class X, class T, class DQ, class DP>
    auto partials(const X& x, const T& t, DQ& dq, DP& dp) const {
        m_f.gradient(x.q, t, dq);
        using value_type = detail::plain_value_t<std::decay_t<decltype(x.s)>>;
        using op = typename detail::component_operations_t<DQ>::template scale_sum1<value_type>;
        contact_algebra::for_each2(dq, dq, op(value_type(x.s)));
        detail::set_zero(dp);
        return m_f.value(x.q, t);
    }

private:
    Damping m_f;
};

// ---- the split Hamiltonian --------------------------------------------------------------------

template <class... Pieces>
class split_hamiltonian {
    static_assert(sizeof...(Pieces) >= 2,
                  "odeint_contact: make_split_hamiltonian needs at least two pieces (one piece is its own "
                  "flow: integrate it directly)");

public:
    using pieces_type = std::tuple<Pieces...>;
    static constexpr std::size_t piece_count = sizeof...(Pieces);

    explicit split_hamiltonian(Pieces... pieces) : m_pieces(std::move(pieces)...) {}

    const pieces_type& pieces() const { return m_pieces; }
    template <std::size_t I>
    const auto& piece() const {
        return std::get<I>(m_pieces);
    }

    // The contact vector field, as an odeint system function.
    template <class State, class Deriv, class Time>
    void operator()(const State& x, Deriv& dxdt, const Time& t) const {
        // A piece that does not fit stops here, with our message first.
        if constexpr (detail::check_piece_terms<pieces_type, State, Deriv, Time>::value) {
            if (!detail::same_lengths(x, dxdt))
                throw parameter_error(detail::lengths_message(x, dxdt, "split_hamiltonian::operator()"));
            namespace odeint = boost::numeric::odeint;
            if constexpr (odeint::is_resizeable<Deriv>::type::value) {
                // The pieces' partials are written into a scratch before they are summed. A const
                // system may be shared by threads, so the scratch is one per thread (and Deriv
                // type), sized at its first use: no allocation per call after that. A piece whose
                // partials call this function again finds it in use and gets a copy of its own.
                thread_local detail::split_field_scratch<Deriv> scratch;
                if (!scratch.busy) {
                    const detail::split_field_scratch_use use(scratch.busy);
                    odeint::adjust_size_by_resizeability(scratch.work, dxdt, typename odeint::is_resizeable<Deriv>::type());
                    field(x, dxdt, t, scratch.work.m_v);
                    return;
                }
            }
            Deriv work(dxdt);  // a fixed-size state on the stack, or the nested call's own copy
            field(x, dxdt, t, work);
        }
    }

    template <class State, class Time>
    auto value(const State& x, const Time& t) const {
        if constexpr (detail::check_piece_values<pieces_type, State, Time>::value)
            return std::apply([&](const auto&... piece) { return (... + piece.value(x, t)); }, m_pieces);
    }

private:
    template <class State, class Deriv, class Time>
    void field(const State& x, Deriv& dxdt, const Time& t, Deriv& work) const {
        // dxdt.q = sum dphi/dp and dxdt.p = sum dphi/dq, the first piece's written in place.
        const auto ds0 = std::get<0>(m_pieces).partials(x, t, dxdt.p, dxdt.q);
        const auto ds = accumulate<1>(x, t, dxdt, work, ds0);
        using value_type = detail::plain_value_t<detail::scalar_of_t<decltype(x.p)>>;
        using op =
            typename detail::component_operations_t<decltype(dxdt.p)>::template scale_sum2<value_type, decltype(-ds)>;
        contact_algebra::for_each3(dxdt.p, dxdt.p, x.p, op(value_type(-1), -ds));
        dxdt.s = detail::dot(x.p, dxdt.q) - value(x, t);
        // Two numbers computed anyway: s' sums every piece's value and p . dphi/dp, and dH/ds
        // multiplies p in p'. A stepper that steps p like q (odeint's) runs into the poles of p
        // of a Lienard system, and would go on with a non-finite derivative.
        if (!detail::is_finite(ds) || !detail::is_finite(dxdt.s))
            throw step_error(detail::field_failure("split_hamiltonian", x, t, ds, dxdt.s));
    }

    template <std::size_t I, class State, class Time, class Deriv, class Sum>
    auto accumulate(const State& x, const Time& t, Deriv& dxdt, Deriv& work, const Sum& ds) const {
        if constexpr (I == piece_count) {
            return ds;
        } else {
            const auto dsi = std::get<I>(m_pieces).partials(x, t, work.p, work.q);
            using one = detail::plain_value_t<detail::scalar_of_t<decltype(x.p)>>;
            detail::add_scaled(dxdt.q, one(1), work.q);
            detail::add_scaled(dxdt.p, one(1), work.p);
            return accumulate<I + 1>(x, t, dxdt, work, ds + dsi);
        }
    }

    pieces_type m_pieces;
};

template <class... Pieces>
split_hamiltonian<Pieces...> make_split_hamiltonian(Pieces... pieces) {
    return split_hamiltonian<Pieces...>(std::move(pieces)...);
}

}  // namespace odeint_contact

#endif
