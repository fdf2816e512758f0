// SPDX-License-Identifier: BSL-1.0
// The machinery of contact_algebra (contact_algebra.hpp): the algebra odeint would choose for
// each component, the split of a for_eachN over q, p and s, the fused ops of the steppers.
#ifndef ODEINT_CONTACT_DETAIL_ALGEBRA_CONTACT_ALGEBRA_HPP
#define ODEINT_CONTACT_DETAIL_ALGEBRA_CONTACT_ALGEBRA_HPP

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/array_algebra.hpp>
#include <boost/numeric/odeint/algebra/range_algebra.hpp>
#include <boost/numeric/odeint/algebra/vector_space_algebra.hpp>

#include <odeint_contact/detail/algebra/for_each_members.hpp>
#include <odeint_contact/detail/traits.hpp>

namespace odeint_contact {

template <class Q, class P, class S>
struct contact_state;

namespace detail {

template <class T>
struct is_contact_state : std::false_type {};
template <class Q, class P, class S>
struct is_contact_state<contact_state<Q, P, S>> : std::true_type {};

// A component whose component_traits name an algebra_type gets that algebra (odeint's
// mpi_nested_algebra for mpi_state, which is no range: odeint_contact/state/mpi.hpp). Otherwise scalars
// (numbers, quantities) are updated as whole objects (odeint's vector_space_algebra), Eigen
// objects as whole objects or, when large, block by block (eigen_block_algebra below; Eigen
// fuses each expression into one loop); ranges of plain numbers with
// the algebra odeint picks for them (array_algebra, range_algebra, openmp_nested_algebra for
// openmp_state, ...); ranges of quantities with range_algebra, which only needs element-wise
// operations.
template <class T>
using traits_algebra_type_op = typename component_traits<T>::algebra_type;
template <class T>
using has_traits_algebra = is_detected<traits_algebra_type_op, T>;

// ---- Eigen objects, block by block --------------------------------------------------------------

// A dynamically sized Eigen Matrix or Array (a plain object: one contiguous array, with the
// static Map functions of Eigen's PlainObjectBase), recognised without including Eigen.
template <class T>
using eigen_plain_members_op =
    requires_all<typename T::MapType, typename T::ConstMapType, decltype(std::declval<T&>().data()),
                 decltype(T::IsRowMajor), decltype(T::IsVectorAtCompileTime), decltype(T::SizeAtCompileTime)>;
template <class T>
using eigen_dynamic_size_op = std::bool_constant<(T::SizeAtCompileTime < 0)>;
template <class T>
using is_eigen_plain_dynamic =
    std::conjunction<is_detected<eigen_plain_members_op, T>,
                     std::bool_constant<default_kind<T>() == component_kind::eigen>,
                     detected_or_t<std::false_type, eigen_dynamic_size_op, T>>;

// Elements per block: the operands of a fused op (up to 5 arrays, 5 KB) stay in the L1 cache
// between the op's Eigen expressions. Much smaller blocks pay more per block, larger ones were
// slower at N = 1e6 (doc/performance.md, "Figures behind implementation choices").
inline constexpr std::ptrdiff_t eigen_block_elements = 128;

// The outer slices [first, first + count) of x (columns of a column-major matrix, rows of a
// row-major one, elements of a vector) as an Eigen Map, writable when x is.
template <class X>
auto eigen_outer_block(X& x, std::ptrdiff_t first, std::ptrdiff_t count) {
    using T = std::remove_const_t<X>;
    if constexpr (T::IsVectorAtCompileTime) {
        return T::Map(x.data() + first, count);
    } else if constexpr (T::IsRowMajor) {
        return T::Map(x.data() + first * x.cols(), count, x.cols());
    } else {
        return T::Map(x.data() + first * x.rows(), x.rows(), count);
    }
}

template <class X>
std::ptrdiff_t eigen_inner_size(const X& x) {
    if constexpr (X::IsVectorAtCompileTime)
        return 1;
    else
        return X::IsRowMajor ? x.cols() : x.rows();
}

// An op on dynamically sized Eigen objects of one layout is applied to consecutive blocks of
// them, in order, rather than once to the whole objects (as odeint's vector_space_algebra does).
// Each statement of an op is an Eigen expression, one vectorised loop: on whole objects an op
// of several statements, or one with a sum (with_sum_of_squares, kick_drift), makes a pass over
// memory per statement, where on blocks that stay in cache each array is read and written once,
// as by range_algebra on a std::vector (bench/ring at N = 1e6, doc/performance.md). Element by
// element the operations are the same; a sum an op accumulates is formed block after block.
// Small objects, fixed sizes, other types and operands of different layouts: the whole objects,
// as vector_space_algebra.
template <class Tuple, std::size_t... I>
inline void for_each_eigen_block(Tuple&& args, std::index_sequence<I...>) {
    const auto& op = std::get<sizeof...(I)>(args);
    using first_type = std::decay_t<std::tuple_element_t<0, std::decay_t<Tuple>>>;
    if constexpr ((is_eigen_plain_dynamic<std::decay_t<std::tuple_element_t<I, std::decay_t<Tuple>>>>::value && ...)) {
        // bool: the enumerations of different Eigen types do not compare
        constexpr bool same_order =
            ((bool(std::decay_t<std::tuple_element_t<I, std::decay_t<Tuple>>>::IsRowMajor) == bool(first_type::IsRowMajor) &&
              bool(std::decay_t<std::tuple_element_t<I, std::decay_t<Tuple>>>::IsVectorAtCompileTime) ==
                  bool(first_type::IsVectorAtCompileTime)) &&
             ...);
        const auto& first = std::get<0>(args);
        if constexpr (same_order) {
            const bool same_shape =
                ((std::get<I>(args).rows() == first.rows() && std::get<I>(args).cols() == first.cols()) && ...);
            if (same_shape && first.size() > eigen_block_elements) {
                const std::ptrdiff_t inner = eigen_inner_size(first);
                const std::ptrdiff_t outer = first.size() / inner;
                const std::ptrdiff_t step = std::max<std::ptrdiff_t>(1, eigen_block_elements / inner);
                for (std::ptrdiff_t j = 0; j < outer; j += step) {
                    const std::ptrdiff_t count = std::min(step, outer - j);
                    auto blocks = std::make_tuple(eigen_outer_block(std::get<I>(args), j, count)...);
                    op(std::get<I>(blocks)...);
                }
                return;
            }
        }
    }
    op(std::get<I>(args)...);
}

// The algebra of an Eigen component: vector_space_algebra, with ops on large dynamically sized
// objects applied block by block (for_each_eigen_block).
struct eigen_block_algebra {
    ODEINT_CONTACT_DETAIL_FOR_EACH_MEMBERS(for_each_eigen_block)

    template <class S>
    static auto norm_inf(const S& x) {
        return boost::numeric::odeint::vector_space_algebra::norm_inf(x);
    }
};

// ---- the algebra of each component ----------------------------------------------------------------

template <class T, class = void>
struct component_algebra {
    using type = boost::numeric::odeint::vector_space_algebra;
};
template <class T>
struct component_algebra<T, std::enable_if_t<default_kind<T>() == component_kind::eigen && !has_traits_algebra<T>::value>> {
    using type = eigen_block_algebra;
};
template <class T>
struct component_algebra<T, std::enable_if_t<is_range_v<T> && !has_traits_algebra<T>::value>> {
    using type = std::conditional_t<
        std::is_arithmetic<scalar_of_t<T>>::value,
        typename boost::numeric::odeint::algebra_dispatcher<T>::algebra_type,
        boost::numeric::odeint::range_algebra>;
};
template <class T>
struct component_algebra<T, std::enable_if_t<has_traits_algebra<T>::value>> {
    using type = typename component_traits<T>::algebra_type;
};
template <class T>
using component_algebra_t = typename component_algebra<std::remove_cv_t<T>>::type;

// The operations odeint picks for a component (default_operations but for thrust, MKL, ...);
// the parts of a Hamiltonian use them for their element-wise work on q and p.
template <class T>
using component_operations_t =
    typename boost::numeric::odeint::operations_dispatcher<std::remove_cv_t<T>>::operations_type;

// The helpers below are declared inline for the same inlining heuristics that odeint's own
// algebras get by defining for_eachN inside the class. Without the keyword GCC 12 -O3 left
// for_each_split of runge_kutta4's six-operand sum out of line, and runge_kutta4 on perturbed
// Kepler slowed down by half (bench/table1; doc/performance.md).
template <std::size_t N, class Algebra, class... A>
inline void call_for_each(Algebra& algebra, A&&... a) {
    static_assert(N >= 1 && N <= 15, "odeint algebras provide for_each1 ... for_each15");
    // clang-format off
    if constexpr (N == 1) algebra.for_each1(std::forward<A>(a)...);
    else if constexpr (N == 2) algebra.for_each2(std::forward<A>(a)...);
    else if constexpr (N == 3) algebra.for_each3(std::forward<A>(a)...);
    else if constexpr (N == 4) algebra.for_each4(std::forward<A>(a)...);
    else if constexpr (N == 5) algebra.for_each5(std::forward<A>(a)...);
    else if constexpr (N == 6) algebra.for_each6(std::forward<A>(a)...);
    else if constexpr (N == 7) algebra.for_each7(std::forward<A>(a)...);
    else if constexpr (N == 8) algebra.for_each8(std::forward<A>(a)...);
    else if constexpr (N == 9) algebra.for_each9(std::forward<A>(a)...);
    else if constexpr (N == 10) algebra.for_each10(std::forward<A>(a)...);
    else if constexpr (N == 11) algebra.for_each11(std::forward<A>(a)...);
    else if constexpr (N == 12) algebra.for_each12(std::forward<A>(a)...);
    else if constexpr (N == 13) algebra.for_each13(std::forward<A>(a)...);
    else if constexpr (N == 14) algebra.for_each14(std::forward<A>(a)...);
    else algebra.for_each15(std::forward<A>(a)...);
    // clang-format on
}

template <class Op, class First, class... Rest>
inline void for_each_component(const Op& op, First& first, Rest&... rest) {
    component_algebra_t<First> algebra;
    call_for_each<1 + sizeof...(Rest)>(algebra, first, rest..., op);
}

// The arguments arrive as (s1, ..., sN, op); split off op and recurse into q, p and s when the
// operands are whole contact states.
template <class Tuple, std::size_t... I>
inline void for_each_split(Tuple&& args, std::index_sequence<I...>) {
    const auto& op = std::get<sizeof...(I)>(args);
    using first = std::decay_t<std::tuple_element_t<0, std::decay_t<Tuple>>>;
    if constexpr (is_contact_state<first>::value) {
        for_each_component(op, std::get<I>(args).q...);
        for_each_component(op, std::get<I>(args).p...);
        for_each_component(op, std::get<I>(args).s...);
    } else {
        for_each_component(op, std::get<I>(args)...);
    }
}

// As for_each_split, but q and p (or a component that is not a number) go through Algebra.
template <class Algebra, class Tuple, std::size_t... I>
inline void for_each_split_with(Tuple&& args, std::index_sequence<I...>) {
    const auto& op = std::get<sizeof...(I)>(args);
    using first = std::decay_t<std::tuple_element_t<0, std::decay_t<Tuple>>>;
    Algebra algebra;
    if constexpr (is_contact_state<first>::value) {
        call_for_each<sizeof...(I)>(algebra, std::get<I>(args).q..., op);
        call_for_each<sizeof...(I)>(algebra, std::get<I>(args).p..., op);
        for_each_component(op, std::get<I>(args).s...);
    } else if constexpr (is_scalar_v<first>) {
        for_each_component(op, std::get<I>(args)...);
    } else {
        call_for_each<sizeof...(I)>(algebra, std::get<I>(args)..., op);
    }
}

// An algebra that declares `static constexpr bool fuses_reductions = true` forms the sum of the
// library's accumulating ops below (with_sum_of_squares, kick_drift with a sum) itself, as a
// reduction in the op's pass, rather than calling them (odeint_contact/state/thrust.hpp).
template <class Algebra>
using fuses_reductions_op = std::bool_constant<bool(Algebra::fuses_reductions)>;
template <class Algebra>
using fuses_reductions = detected_or_t<std::false_type, fuses_reductions_op, Algebra>;

// Whether an op given to the component's algebra runs on one thread, element after element in
// order (range_algebra, array_algebra) or once on the whole object (vector_space_algebra):
// then an op may also accumulate a sum, fusing a reduction into an element-wise pass. Parallel
// algebras (openmp_nested_algebra) call it concurrently and get the separate reduction, but for
// those that fuse the reduction themselves.
template <class T>
inline constexpr bool is_sequential_algebra_v =
    std::is_same<component_algebra_t<T>, boost::numeric::odeint::range_algebra>::value ||
    std::is_same<component_algebra_t<T>, boost::numeric::odeint::array_algebra>::value ||
    std::is_same<component_algebra_t<T>, boost::numeric::odeint::vector_space_algebra>::value ||
    std::is_same<component_algebra_t<T>, eigen_block_algebra>::value || fuses_reductions<component_algebra_t<T>>::value;

// t1 = a1 t2 + a2 t3, and *sum += t3 . t3: odeint's scale_sum2 with the sum of squares of its
// last operand in the same pass. Element by element the additions are those of dot(p, p).
template <class Op, class Sum>
struct with_sum_of_squares {
    Op op;
    Sum* sum;
    template <class T1, class T2, class T3>
    void operator()(T1& t1, const T2& t2, const T3& t3) const {
        op(t1, t2, t3);
        *sum = *sum + dot(t3, t3);
    }
};

// t1 = factor (t2 + c t3) + c t3: the kick, friction factor and kick of a splitting stage
// (p -> lambda (p - h dV) - h dV with c = -h) in one pass. Element by element the operations are
// those of odeint's scale_sum2(1, c) followed by scale_sum2(factor, c).
template <class Factor, class Coefficient>
struct scale_kick_scale {
    Factor factor;
    Coefficient c;
    template <class T1, class T2, class T3>
    void operator()(T1& t1, const T2& t2, const T3& t3) const {
        t1 = factor * (t2 + c * t3) + c * t3;
    }
};

// t1 = factor (t2 + c t3): odeint's scale_sum2(1, c) followed by scale_sum1(factor), in one pass.
template <class Factor, class Coefficient>
struct scale_kick {
    Factor factor;
    Coefficient c;
    template <class T1, class T2, class T3>
    void operator()(T1& t1, const T2& t2, const T3& t3) const {
        t1 = factor * (t2 + c * t3);
    }
};

// pi = a p + c g and q = q_in + v pi in one pass, with Sum not void also *sum += pi . pi: cvi2's
// discrete Legendre transform at q_k and its drift (quadratic_kinetic::kicked_flow). Element by
// element the operations of odeint's scale_sum2(a, c) into pi, then of scale_sum2(1, v) from
// q_in and pi (1 q_in is q_in), then the additions of dot(pi, pi).
template <class A, class C, class V, class Sum>
struct kick_drift {
    A a;
    C c;
    V v;
    Sum* sum;
    template <class Q, class Pi, class QIn, class P, class G>
    void operator()(Q& q, Pi& pi, const QIn& q_in, const P& p, const G& g) const {
        if constexpr (is_scalar_v<P>) {
            // pi from a register, not reloaded from memory q might alias
            const Pi k = a * p + c * g;
            pi = k;
            q = q_in + v * k;
            if constexpr (!std::is_void<Sum>::value) *sum = *sum + dot(k, k);
        } else {
            pi = a * p + c * g;
            q = q_in + v * pi;
            if constexpr (!std::is_void<Sum>::value) *sum = *sum + dot(pi, pi);
        }
    }
};

template <class T>
inline auto component_norm_inf(const T& x) {
    if constexpr (is_scalar_v<T>) {
        using std::abs;
        return abs(x);
    } else {
        return component_algebra_t<T>::norm_inf(x);
    }
}

}  // namespace detail
}  // namespace odeint_contact

#endif
