// odeint_contact/kinetic.hpp
//
// Kinetic parts T(p) of a separable contact Hamiltonian H = T(p) + V(q,t) + F(s,t).
//
// The kinetic concept (for a user type K, momenta p, buffer dTdp of the derivative's q type):
//   k.value(p)           T(p), an energy
//   k.gradient(p, dTdp)  writes dT/dp (a velocity) into dTdp
// The contact flow of T is then exact: q += tau dT/dp, s += tau (p . dT/dp - T), p unchanged.
//
// quadratic_kinetic<Mass>{m} is T = |p|^2 / (2m). Mass may be a number or a Boost.Units mass.
#ifndef ODEINT_CONTACT_KINETIC_HPP
#define ODEINT_CONTACT_KINETIC_HPP

#include <boost/numeric/odeint/algebra/default_operations.hpp>

#include <odeint_contact/contact_state.hpp>
#include <odeint_contact/detail/traits.hpp>
#include <odeint_contact/errors.hpp>

namespace odeint_contact {

template <class Mass = double>
class quadratic_kinetic {
public:
    using mass_type = Mass;
    using value_type = detail::plain_value_t<Mass>;

    quadratic_kinetic() : quadratic_kinetic(detail::unit_one<Mass>()) {}

    explicit quadratic_kinetic(const Mass& mass) : m_mass(mass), m_inverse_mass(value_type(1) / mass) {
        if (!(detail::raw_value(mass) > 0) || !detail::is_finite(mass))
            throw parameter_error("odeint_contact::quadratic_kinetic: the mass must be positive and "
                                  "finite, got " + detail::format(mass));
    }

    const Mass& mass() const { return m_mass; }

    template <class P>
    auto value(const P& p) const {
        return detail::dot(p, p) / (m_mass + m_mass);
    }

    template <class P, class V>
    void gradient(const P& p, V& dTdp) const {
        using scale = boost::numeric::odeint::default_operations::scale_sum1<inverse_mass_type>;
        contact_algebra::for_each2(dTdp, p, scale(m_inverse_mass));
    }

private:
    using inverse_mass_type = decltype(value_type(1) / std::declval<const Mass&>());
    Mass m_mass;
    inverse_mass_type m_inverse_mass;
};

}  // namespace odeint_contact

#endif
