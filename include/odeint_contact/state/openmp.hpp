// SPDX-License-Identifier: BSL-1.0
// odeint_contact/state/openmp.hpp
//
// OpenMP support: odeint's openmp_state<T> (a vector of chunks, one per thread) as q and p of a
// contact_state, e.g. contact_state<odeint::openmp_state<double>>. Every contact stepper and
// odeint's own steppers run their element-wise work through openmp_nested_algebra; this header
// adds the library's sums over the chunks. Compile with -fopenmp (CMake: OpenMP::OpenMP_CXX);
// without it everything runs serially with the same numbers.
// Kept: sums are added in chunk order, so a run equals the serial run of the same openmp_state bit
// for bit whatever the threads, and a std::vector run up to the order of the reductions.
// When not to use it: below ~1e4 elements per thread the fork/join of each pass costs more than it
// saves. The user's potential receives the openmp_state and parallelises its own loops.
// Not included by odeint_contact.hpp. Measurements: doc/performance.md.
#ifndef ODEINT_CONTACT_STATE_OPENMP_HPP
#define ODEINT_CONTACT_STATE_OPENMP_HPP

#include <cstddef>
#include <vector>

// odeint's OpenMP headers use its dispatcher, range_algebra, same_size and resize without
// including them (Boost 1.74): these come first.
#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/range_algebra.hpp>
#include <boost/numeric/odeint/util/copy.hpp>
#include <boost/numeric/odeint/util/resize.hpp>
#include <boost/numeric/odeint/util/same_size.hpp>
#include <boost/numeric/odeint/util/split.hpp>
// clang-format off
#include <boost/numeric/odeint/external/openmp/openmp.hpp>
// clang-format on

#include <odeint_contact/state/contact_state.hpp>

namespace odeint_contact {

template <class T>
struct component_traits<boost::numeric::odeint::openmp_state<T>> {
    using scalar_type = detail::scalar_of_t<T>;

    template <class U>
    static auto dot(const boost::numeric::odeint::openmp_state<T>& a, const U& b) {
        using chunk_traits = component_traits<std::vector<T>>;
        decltype(chunk_traits::dot(a[0], b[0])) sum{};
        const std::ptrdiff_t chunks = static_cast<std::ptrdiff_t>(a.size());
        // Each thread forms its chunks' sums; `ordered` adds them one after the other in chunk
        // order (the additions, not the sums, are serialised).
#ifdef _OPENMP
#pragma omp parallel for ordered schedule(static)
#endif
        for (std::ptrdiff_t i = 0; i < chunks; ++i) {
            const auto part = chunk_traits::dot(a[static_cast<std::size_t>(i)], b[static_cast<std::size_t>(i)]);
#ifdef _OPENMP
#pragma omp ordered
#endif
            sum = sum + part;
        }
        return sum;
    }
};

}  // namespace odeint_contact

#endif
