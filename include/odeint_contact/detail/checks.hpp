// SPDX-License-Identifier: BSL-1.0
// Run-time checks shared by the steppers and the system function, kept apart from the step
// arithmetic: q and p of one length, finite times, a callable coefficient that is not null, and
// the diagnosis of a non-finite state for error messages (which element is not finite).
// The checks on the path of every step are O(1) for fixed-size states and one comparison of
// lengths for resizeable ones; the diagnosis runs only after a failure.
#ifndef ODEINT_CONTACT_DETAIL_CHECKS_HPP
#define ODEINT_CONTACT_DETAIL_CHECKS_HPP

#include <cstddef>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/range/begin.hpp>
#include <boost/range/end.hpp>

#include <odeint_contact/detail/step_failure.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {
namespace detail {

template <class T>
using size_member_op = decltype(std::declval<const T&>().size());
template <class T>
using has_size_member = is_detected<size_member_op, T>;

// Whether two components have the same number of elements; scalars always do. For fixed-size
// containers both sizes are constants and the comparison folds away.
template <class A, class B>
bool same_length(const A& a, const B& b) {
    if constexpr (has_size_member<A>::value && has_size_member<B>::value)
        return static_cast<std::size_t>(a.size()) == static_cast<std::size_t>(b.size());
    else
        return true;
}

template <class T>
std::string length_of(const T& x) {
    if constexpr (has_size_member<T>::value)
        return std::to_string(static_cast<std::size_t>(x.size()));
    else
        return "1";
}

// The contact flows pair q[i] with p[i]: a p shorter than q would be read past its end, a longer
// one partly ignored. The output of an out-of-place step must have the input's lengths. The
// callers throw parameter_error with lengths_message when this is false.
template <class State>
bool same_lengths(const State& x) {
    return same_length(x.q, x.p);
}
template <class StateIn, class StateOut>
bool same_lengths(const StateIn& in, const StateOut& out) {
    return same_length(in.q, in.p) && same_length(in.q, out.q) && same_length(in.p, out.p);
}

template <class StateIn, class StateOut>
std::string lengths_message(const StateIn& in, const StateOut& out, const std::string& where) {
    if (!same_length(in.q, in.p))
        return message_prefix(where) + "q and p must have the same length, got " + length_of(in.q) +
               " and " + length_of(in.p);
    return message_prefix(where) + "the output state must have the length of the input, got q and p "
           "of length " + length_of(out.q) + " and " + length_of(out.p) + " for an input of length " +
           length_of(in.q);
}

// t and dt finite, and t + dt too: a step evaluates V and F at times up to t + dt. One test says
// all three: a sum with an infinite or NaN term is not finite (inf - inf is NaN), so t + dt is
// finite only when t and dt are. The callers throw parameter_error with times_message when this
// is false.
template <class Time>
bool finite_times(const Time& t, const Time& dt) {
    return is_finite(t + dt);
}

template <class Time>
std::string times_message(const Time& t, const Time& dt, const std::string& where) {
    if (!is_finite(t) || !is_finite(dt))
        return message_prefix(where) + "t and dt must be finite, got t = " + format(t) + ", dt = " + format(dt);
    return message_prefix(where) + "t + dt = " + format(t + dt) + " is not finite (t = " + format(t) +
           ", dt = " + format(dt) + ")";
}

// A coefficient given as a function pointer or std::function must not be empty.
template <class F>
bool is_null_callable(const F& f) {
    if constexpr (std::is_pointer<F>::value || std::is_member_pointer<F>::value)
        return f == nullptr;
    else
        return false;
}
template <class R, class... A>
bool is_null_callable(const std::function<R(A...)>& f) {
    return !f;
}

// "name = value" for the first element of a component that is not finite, "" if there is none.
// Only on the failure path; a loop that stops at the first bad element (odeint's algebras do not
// report positions).
template <class T>
std::string first_non_finite(const T& x, const std::string& name) {
    if constexpr (is_range_v<T>) {
        std::size_t i = 0;
        for (auto it = boost::begin(x); it != boost::end(x); ++it, ++i) {
            std::string found = first_non_finite(*it, name + "[" + std::to_string(i) + "]");
            if (!found.empty()) return found;
        }
        return {};
    } else if constexpr (is_scalar_v<T>) {
        return is_finite(x) ? std::string() : name + " = " + format(x);
    } else {
        return {};  // an Eigen object or a user's component: not looked into
    }
}

// The first non-finite element of a contact state, "" if it is finite.
template <class State>
std::string first_non_finite_of_state(const State& x) {
    std::string found = first_non_finite(x.q, "q");
    if (found.empty()) found = first_non_finite(x.p, "p");
    if (found.empty()) found = first_non_finite(x.s, "s");
    return found;
}

// A system function's message for a vector field that came out non-finite at (x, t), given the
// two numbers it checked: dH/ds and s'.
template <class State, class Time, class DHds, class DsDt>
std::string field_failure(const char* system, const State& x, const Time& t, const DHds& dh_ds, const DsDt& ds_dt) {
    const std::string bad = first_non_finite_of_state(x);
    return message_prefix(std::string(system) + "::operator()") + "the contact vector field is not finite at t = " +
           format(t) + " (dH/ds = " + format(dh_ds) + ", ds/dt = " + format(ds_dt) + ", " +
           (bad.empty() ? std::string("the state is finite") : "the state has " + bad) +
           "). A stepper that steps p as it steps q and s, as odeint's do, cannot pass a pole of p (p "
           "passes through infinity in Lienard systems, q and s do not): integrate such systems with the "
           "contact steppers (doc/choosing_a_method.md)";
}

}  // namespace detail
}  // namespace odeint_contact

#endif
