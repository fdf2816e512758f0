// SPDX-License-Identifier: BSL-1.0
// odeint_contact/system/kinetic.hpp
//
// Kinetic parts T(p) of a separable contact Hamiltonian H = T(p) + V(q,t) + F(s,t);
// quadratic_kinetic<Mass>{m} is T = |p|^2/(2m), Mass a number or a Boost.Units mass.
// The kinetic concept: value(p) and gradient(p, dTdp); the contact flow of T is then exact,
// q += tau dT/dp, s += tau (p . dT/dp - T), p unchanged. Optionally the whole flow in one call,
// flow(q, p, tau, q_out) (writes q + tau dT/dp, returns the change of s), and forms taking the
// stepper's algebra: they save a buffer, a pass over p and a dot product (doc/concepts.md;
// checked by concepts/kinetic.hpp).
#ifndef ODEINT_CONTACT_SYSTEM_KINETIC_HPP
#define ODEINT_CONTACT_SYSTEM_KINETIC_HPP

#include <type_traits>
#include <utility>

#include <odeint_contact/state/contact_state.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>

namespace odeint_contact {

template <class Mass = double>
class quadratic_kinetic {
    static_assert(!std::is_integral<detail::plain_value_t<Mass>>::value,
                  "odeint_contact::quadratic_kinetic: the mass must be a floating-point number (or a "
                  "quantity of one): 1/m and 1/(2m) in integer arithmetic are 0. quadratic_kinetic{2} "
                  "deduces double; write quadratic_kinetic<double>, not quadratic_kinetic<int>");

public:
    using mass_type = Mass;
    using value_type = detail::plain_value_t<Mass>;

    quadratic_kinetic() : quadratic_kinetic(detail::unit_one<Mass>()) {}

    // 1/m and 1/(2m) are computed only from a mass that has been checked, and each must be a
    // normal number: a subnormal mass has 1/m = inf (q and T become inf and NaN), and a mass
    // near the largest number has 1/(2m) = 0 or a subnormal with a few bits left (T vanishes
    // while dT/dp = p/m does not). 1/(2m) is (1/m)/2, exact and equal to a rounded 1/(2m) for
    // every mass accepted here.
    explicit quadratic_kinetic(const Mass& mass)
        : m_mass(checked(mass)),
          m_inverse_mass(value_type(1) / mass),
          m_half_inverse_mass(m_inverse_mass / value_type(2)) {
        if (!detail::is_normal(m_inverse_mass) || !detail::is_normal(m_half_inverse_mass))
            throw parameter_error("odeint_contact::quadratic_kinetic: the mass " + detail::format(mass) +
                                  " has no usable inverse: 1/m = " + detail::format(m_inverse_mass) +
                                  " and 1/(2m) = " + detail::format(m_half_inverse_mass) +
                                  " must be finite normal numbers");
    }

    const Mass& mass() const { return m_mass; }

    template <class P>
    auto value(const P& p) const {
        // Times a stored 1/(2m) rather than divided by 2m: T lies on the critical path of
        // explicit steppers through the system function (s' = p . dT/dp - H feeds the next
        // stage), where a division costs as much as several multiplications. Exact for m = 1.
        return detail::dot(p, p) * m_half_inverse_mass;
    }

    template <class Algebra, class P, class V>
    void gradient(Algebra& algebra, const P& p, V& dTdp) const {
        using scale = typename detail::component_operations_t<V>::template scale_sum1<inverse_mass_type>;
        algebra.for_each2(dTdp, p, scale(m_inverse_mass));
    }

    template <class P, class V>
    void gradient(const P& p, V& dTdp) const {
        contact_algebra algebra;
        gradient(algebra, p, dTdp);
    }

    // q_out = q + (tau/m) p and tau |p|^2/(2m): T is homogeneous of degree 2, so p . dT/dp = 2T
    // (Euler) and the change of s is tau T, without a dot product of p with dT/dp. tau meets
    // 1/m and 1/(2m) before p does, so p reaches q and s through one multiplication each: p is
    // the output of the previous sub-flow and these products lie on the critical path of a
    // step. For m = 1 the results are bit for bit those of gradient and value (1/m = 1 and
    // 1/(2m) = 1/2 are exact). The pass goes through the stepper's algebra when the stepper
    // passes it (the first overload); the second is the concept's form, with contact_algebra.
    template <class Algebra, class Q, class P, class Time, class QOut>
    auto flow(Algebra& algebra, const Q& q, const P& p, const Time& tau, QOut& q_out) const {
        using velocity_scale = decltype(tau * std::declval<const inverse_mass_type&>());
        using op = typename detail::component_operations_t<QOut>::template scale_sum2<value_type, velocity_scale>;
        const op update(value_type(1), velocity_scale(tau * m_inverse_mass));
        if constexpr (detail::sums_in_order_v<Algebra, QOut> && detail::sums_in_order_v<Algebra, P>) {
            // |p|^2 in the pass that moves q: one pass over p instead of two (bench/ring). The
            // sum starts at -0, the additive identity (x + -0 is x for every x; x + 0 is not for
            // x = -0), so the compiler may drop the first addition; a non-empty sum of squares is
            // the same (detail::negative_zero).
            auto p2 = detail::negative_zero<decltype(detail::dot(p, p))>();
            algebra.for_each3(q_out, q, p, detail::with_sum_of_squares<op, decltype(p2)>{update, &p2});
            return (tau * m_half_inverse_mass) * p2;
        } else {
            algebra.for_each3(q_out, q, p, update);
            return (tau * m_half_inverse_mass) * detail::dot(p, p);
        }
    }

    template <class Q, class P, class Time, class QOut>
    auto flow(const Q& q, const P& p, const Time& tau, QOut& q_out) const {
        contact_algebra algebra;
        return flow(algebra, q, p, tau, q_out);
    }

    // The flow of T over tau from pi = a p + c g, which is written to pi_out in the same pass:
    // q_out = q + (tau/m) pi, returns tau |pi|^2/(2m). cvi2's discrete Legendre transform at q_k
    // followed by its drift, reading p, g and q once and writing pi and q_out once, where the
    // kick and then flow() stream six arrays; the same operations element by element. q_out may
    // be q and pi_out may be p.
    template <class Algebra, class Q, class P, class A, class C, class G, class Time, class QOut, class PiOut>
    auto kicked_flow(Algebra& algebra, const Q& q, const P& p, const A& a, const C& c, const G& g, const Time& tau,
                     QOut& q_out, PiOut& pi_out) const {
        using velocity_scale = decltype(tau * std::declval<const inverse_mass_type&>());
        const velocity_scale v(tau * m_inverse_mass);
        if constexpr (!detail::writes_all_operands_v<Algebra, QOut>) {
            // two passes, as the kick and flow() (std::array: small states)
            using kick = typename detail::component_operations_t<PiOut>::template scale_sum2<A, C>;
            algebra.for_each3(pi_out, p, g, kick(a, c));
            return flow(algebra, q, pi_out, tau, q_out);
        } else if constexpr (detail::sums_in_order_v<Algebra, QOut> && detail::sums_in_order_v<Algebra, PiOut>) {
            auto pi2 = detail::negative_zero<decltype(detail::dot(pi_out, pi_out))>();  // as p2 in flow
            algebra.for_each5(q_out, pi_out, q, p, g, detail::kick_drift<A, C, velocity_scale, decltype(pi2)>{a, c, v, &pi2});
            return (tau * m_half_inverse_mass) * pi2;
        } else {
            algebra.for_each5(q_out, pi_out, q, p, g, detail::kick_drift<A, C, velocity_scale, void>{a, c, v, nullptr});
            return (tau * m_half_inverse_mass) * detail::dot(pi_out, pi_out);
        }
    }

private:
    static const Mass& checked(const Mass& mass) {
        if (!(detail::raw_value(mass) > 0) || !detail::is_finite(mass) || !detail::is_normal(mass))
            throw parameter_error("odeint_contact::quadratic_kinetic: the mass must be positive, finite "
                                  "and a normal (not subnormal) number, got " + detail::format(mass));
        return mass;
    }

    using inverse_mass_type = decltype(value_type(1) / std::declval<const Mass&>());
    Mass m_mass;
    inverse_mass_type m_inverse_mass;
    inverse_mass_type m_half_inverse_mass;
};

// quadratic_kinetic{2} is the mass 2.0, not an integer mass.
template <class Mass>
quadratic_kinetic(Mass) -> quadratic_kinetic<std::conditional_t<std::is_integral<Mass>::value, double, Mass>>;

namespace detail {

// The variational steps (cvi, galerkin_cvi4) are derived for T = |p|^2/(2m) only.
template <class K>
struct is_quadratic_kinetic : std::false_type {};
template <class Mass>
struct is_quadratic_kinetic<quadratic_kinetic<Mass>> : std::true_type {};

}  // namespace detail
}  // namespace odeint_contact

#endif
