// SPDX-License-Identifier: BSL-1.0
// A composition table (chi<Table>, cvi<Table>; the library's tables are in
// composition_tables.hpp): a symmetric composition S(dt) = S2(w_1 dt) ... S2(w_m dt) of a
// symmetric base step S2 of order 2.
//   static constexpr std::size_t stages                       m, at least 1
//   static constexpr unsigned order                           even, >= 2; 2 when m == 1
//   template <class Value> static std::array<Value, stages> weights()
//                                                             palindromic, summing to 1 (checked
//                                                             when a stepper is made)
// Weights are constants, not text: no number may depend on the process locale.
// Users: doc/concepts.md#composition-tables.
#ifndef ODEINT_CONTACT_CONCEPTS_TABLE_HPP
#define ODEINT_CONTACT_CONCEPTS_TABLE_HPP

#include <array>
#include <cstddef>
#include <type_traits>

#include <odeint_contact/detail/detect.hpp>

namespace odeint_contact {
namespace detail {

template <class Table>
using table_stages_op = decltype(Table::stages);
template <class Table>
using table_order_op = decltype(Table::order);
template <class Table, class Value>
using table_weights_op = decltype(Table::template weights<Value>());

template <class Table>
using has_table_stages = is_detected_convertible<std::size_t, table_stages_op, Table>;
template <class Table>
using has_table_order = is_detected_convertible<unsigned, table_order_op, Table>;
template <class Table, class Value, std::size_t N>
using has_table_weights = is_detected_convertible<std::array<Value, N>, table_weights_op, Table, Value>;

}  // namespace detail
}  // namespace odeint_contact

#endif
