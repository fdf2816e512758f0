// SPDX-License-Identifier: BSL-1.0
// The steppers as templates of the state, for BOOST_AUTO_TEST_CASE_TEMPLATE over steppers on a
// state type a test chooses (test_eigen, test_openmp, test_mpi).
#ifndef ODEINT_CONTACT_TEST_STEPPER_TEMPLATES_HPP
#define ODEINT_CONTACT_TEST_STEPPER_TEMPLATES_HPP

#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>

#include <odeint_contact/odeint_contact.hpp>

namespace test_support {

struct use_chi2 {
    template <class S>
    using type = odeint_contact::chi2<S>;
};
struct use_chi4 {
    template <class S>
    using type = odeint_contact::chi4<S>;
};
struct use_chi6 {
    template <class S>
    using type = odeint_contact::chi6<S>;
};
struct use_chi8 {
    template <class S>
    using type = odeint_contact::chi8<S>;
};
struct use_cvi2 {
    template <class S>
    using type = odeint_contact::cvi2<S>;
};
struct use_cvi4 {
    template <class S>
    using type = odeint_contact::cvi4<S>;
};
struct use_runge_kutta4 {
    template <class S>
    using type = boost::numeric::odeint::runge_kutta4<S>;
};

}  // namespace test_support

#endif
