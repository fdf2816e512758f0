// SPDX-License-Identifier: BSL-1.0
// The one detection idiom of the library (the detection idiom of the Library Fundamentals TS v2,
// std::experimental::is_detected, written for C++17). A concept header names each expression it
// looks for as an alias template, an "op" (`template <class K, class P> using kinetic_value_op =
// decltype(std::declval<K>().value(std::declval<const P&>()));`), and asks is_detected<op, ...>
// instead of writing a detector struct of its own. Substitution failure inside the op is what
// makes the answer false, so an op names only the expression, never a condition.
#ifndef ODEINT_CONTACT_DETAIL_DETECT_HPP
#define ODEINT_CONTACT_DETAIL_DETECT_HPP

#include <type_traits>

namespace odeint_contact {
namespace detail {

// What detected_t names when the expression is not there: a type no member can return.
struct nonesuch {
    nonesuch() = delete;
    ~nonesuch() = delete;
    nonesuch(const nonesuch&) = delete;
    void operator=(const nonesuch&) = delete;
};

template <class Default, class AlwaysVoid, template <class...> class Op, class... Args>
struct detector {
    using value_t = std::false_type;
    using type = Default;
};
template <class Default, template <class...> class Op, class... Args>
struct detector<Default, std::void_t<Op<Args...>>, Op, Args...> {
    using value_t = std::true_type;
    using type = Op<Args...>;
};

// std::true_type when Op<Args...> is well formed, std::false_type otherwise.
template <template <class...> class Op, class... Args>
using is_detected = typename detector<nonesuch, void, Op, Args...>::value_t;

template <template <class...> class Op, class... Args>
constexpr bool is_detected_v = is_detected<Op, Args...>::value;

// Op<Args...>, or nonesuch.
template <template <class...> class Op, class... Args>
using detected_t = typename detector<nonesuch, void, Op, Args...>::type;

// Op<Args...>, or Default: with an op that yields a std::bool_constant, an optional
// `static constexpr bool` property with its default (detected_or_t<std::false_type, op, T>).
template <class Default, template <class...> class Op, class... Args>
using detected_or_t = typename detector<Default, void, Op, Args...>::type;

// An op that needs several expressions names them all: requires_all<A, B> names a type when A and B are.
template <class...>
struct requires_all;

// Whether Op<Args...> is there and converts to To (a member's result type checked with its presence).
template <class To, template <class...> class Op, class... Args>
using is_detected_convertible = std::is_convertible<detected_t<Op, Args...>, To>;

// Whether Op<Args...> is there and is exactly Exact.
template <class Exact, template <class...> class Op, class... Args>
using is_detected_exact = std::is_same<Exact, detected_t<Op, Args...>>;

}  // namespace detail
}  // namespace odeint_contact

#endif
