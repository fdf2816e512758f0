// SPDX-License-Identifier: BSL-1.0
// odeint_contact/state/mpi.hpp
//
// MPI support: odeint's mpi_state<Inner> (each rank holds a slice; Boost.MPI) as q and p of a
// contact_state, s a number replicated on every rank; odeint::split and unsplit scatter and gather.
// Every contact stepper but galerkin_cvi4 works on the local slices through mpi_nested_algebra;
// this header adds the library's sums over all ranks, and all_reduce_sum for a potential's global
// V.
// Cost: one collective per sum (one or two per flow of T), plus the potential's halo exchange.
// Kept: every rank holds the same s bit for bit (partial sums added in rank order); one rank equals
// the std::vector run bit for bit.
// When not to use it: small slices (below ~1e4 sites per rank the messages show, below ~1e3 they
// dominate). Failure: the same exception on every rank, each restoring its slice; a user's part
// must throw on all ranks alike (else comm.abort()). States on MPI_COMM_WORLD; the slices' lengths
// are not checked. Not in odeint_contact.hpp; link Boost::mpi, MPI::MPI_CXX. Details: doc/mpi.md.
#ifndef ODEINT_CONTACT_STATE_MPI_HPP
#define ODEINT_CONTACT_STATE_MPI_HPP

#include <cstddef>
#include <vector>

#include <boost/mpi/collectives/all_gather.hpp>
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/datatype.hpp>
#include <boost/numeric/odeint/external/mpi/mpi.hpp>
// odeint::split and unsplit send whole slices, std::vectors, through Boost.MPI, which serialises
// them; odeint's MPI headers leave that include to the user.
#include <boost/serialization/vector.hpp>

#include <odeint_contact/state/contact_state.hpp>

namespace odeint_contact {

// The sum of `local` over the ranks of comm, the same bits on every rank: the partial sums are
// gathered on every rank and added in rank order (MPI's own all_reduce may associate the
// additions differently on different ranks). A collective: every rank of comm must call it.
// Potentials should form their global V with it, so that V, and s, agree on every rank.
template <class T>
T all_reduce_sum(const boost::mpi::communicator& comm, const T& local) {
    static_assert(boost::mpi::is_mpi_datatype<T>::value,
                  "odeint_contact::all_reduce_sum: the sum is exchanged between ranks as an MPI datatype "
                  "(double, float, ...); Boost.Units quantities and multiprecision numbers are not");
    const std::size_t ranks = static_cast<std::size_t>(comm.size());
    // One buffer per thread, grown to the largest communicator seen: no allocation per step.
    thread_local std::vector<T> parts;
    if (parts.size() < ranks) parts.resize(ranks);
    boost::mpi::all_gather(comm, local, parts.data());
    T sum = parts[0];
    for (std::size_t r = 1; r < ranks; ++r) sum = sum + parts[r];
    return sum;
}

template <class Inner>
struct component_traits<boost::numeric::odeint::mpi_state<Inner>> {
    using scalar_type = detail::scalar_of_t<Inner>;
    // odeint's own choice for mpi_state, on the algebra the library uses for the slice.
    using algebra_type = boost::numeric::odeint::mpi_nested_algebra<detail::component_algebra_t<Inner>>;

    template <class U>
    static auto dot(const boost::numeric::odeint::mpi_state<Inner>& a, const U& b) {
        return all_reduce_sum(a.world, detail::dot(a(), b()));
    }
};

}  // namespace odeint_contact

#endif
