// SPDX-License-Identifier: BSL-1.0
// The precompiled header of the test executables (test/CMakeLists.txt): what every test parses,
// compiled once and reused by all of them instead of parsed 22 times per build.
//
// It holds only headers whose presence changes no test's meaning: Boost.Test, odeint and the
// library's umbrella header. Headers a test includes deliberately or leaves out deliberately
// (<boost/units/limits.hpp>, multiprecision, the units systems) stay in the tests.
//
// Each test is one translation unit whose `#define BOOST_TEST_MODULE` comes before
// <boost/test/unit_test.hpp>, which generates its main(). Here that header comes first, so
// BOOST_TEST_MAIN makes it generate main() instead (the master suite keeps Boost.Test's default
// name); without the precompiled header each test generates its own, as before.
#ifndef ODEINT_CONTACT_TEST_PRECOMPILED_HPP
#define ODEINT_CONTACT_TEST_PRECOMPILED_HPP

#define BOOST_TEST_MAIN
#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#endif
