// SPDX-License-Identifier: BSL-1.0
// odeint_contact/errors.hpp
//
// The exception hierarchy of odeint-contact. Every error the library reports derives from
// odeint_contact::error, itself a std::runtime_error, so one catch clause handles them all:
//   parameter_error  an invalid argument (a non-positive mass, a non-finite step, ...);
//   step_error       a step that cannot be taken (an exact flow that blows up within the step,
//                    an implicit equation without a real root). The state given to do_step is
//                    left unchanged when it is thrown.
#ifndef ODEINT_CONTACT_ERRORS_HPP
#define ODEINT_CONTACT_ERRORS_HPP

#include <stdexcept>
#include <string>

namespace odeint_contact {

class error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class parameter_error : public error {
public:
    using error::error;
};

class step_error : public error {
public:
    using error::error;
};

namespace detail {
// The hierarchy as a parameter of detail/ code, which does not include this header.
struct library_errors {
    using parameter = parameter_error;
    using step = step_error;
};
}  // namespace detail

}  // namespace odeint_contact

#endif
