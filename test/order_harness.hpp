// SPDX-License-Identifier: BSL-1.0
// The observed convergence order of a stepper, measured one way for every order test.
//
// check_orders<Stepper> runs Stepper from x0 with dt = dt0 / refine0, dt0 / (2 refine0), ...
// (halvings + 1 runs), takes for q, p and s separately the largest deviation from
// reference(k) at the sample times t_k = k dt0 (a maximum over the whole trajectory, so an
// accidental zero of the leading error term at one time cannot fake an order), and checks every
// observed order log2(e(dt) / e(dt/2)) against a band.
//
// Choosing the band: a method of order p has e(dt) = c dt^p (1 + r dt^k + ...) with k = 2 for a
// symmetric method and k = 1 otherwise, so the observed order is p + O(dt^k) and the band's
// half-width must cover r dt0^k at the coarsest step; a method of the neighbouring order is then
// outside it. Round-off and the reference's own error must stay far below the finest error (it
// moves an order by ~1.44 delta / e): the windows of each test say why they do, and
// `finest_error_above` checks that the finest error is not already round-off.
#ifndef ODEINT_CONTACT_TEST_ORDER_HARNESS_HPP
#define ODEINT_CONTACT_TEST_ORDER_HARNESS_HPP

#include <cstddef>
#include <string>

#include <boost/test/unit_test.hpp>

#include "test_support.hpp"

namespace test_support {

struct order_band {
    double low, high;               // every observed order in [low, high]
    double finest_error_above = 0;  // > 0: also check that the finest error exceeds it
};

// Orders of Stepper in q, p and s (see above); the errors are returned for further checks.
template <class Stepper, class System, class State, class Reference>
error_sequence check_orders(const std::string& name, const order_band& band, const System& system, const State& x0,
                            const typename Stepper::time_type& dt0, std::size_t samples, std::size_t refine0,
                            unsigned halvings, const Reference& reference) {
    const error_sequence e = errors_over_halvings<Stepper>(system, x0, dt0, samples, refine0, halvings, reference);
    BOOST_TEST_MESSAGE(name << ": dt " << dt0 / double(refine0) << " .. " << dt0 / double(refine0 << halvings)
                            << "; " << e.describe());
    for (const auto* errors : {&e.q, &e.p, &e.s}) {
        for (const double o : observed_orders(*errors))
            BOOST_TEST((o >= band.low && o <= band.high),
                       name << ": observed order " << o << ", expected [" << band.low << ", " << band.high << "]");
        if (band.finest_error_above > 0) BOOST_TEST(errors->back() > band.finest_error_above, name);
    }
    return e;
}

}  // namespace test_support

#endif
