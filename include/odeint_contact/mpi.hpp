// SPDX-License-Identifier: BSL-1.0
// odeint_contact/mpi.hpp
//
// MPI support: odeint's mpi_state<Inner> (each rank holds its slice of q and p; Boost.MPI) as the
// q and p of a contact_state, e.g.
//     contact_state<odeint::mpi_state<std::vector<double>>, odeint::mpi_state<std::vector<double>>, double>
// with s a plain number replicated on every rank. Fill q and p with odeint::split (rank 0's
// vector, scattered in contiguous slices) and gather them with odeint::unsplit. Every contact
// stepper but galerkin_cvi4 (a dense Newton solve over the whole state), and odeint's own
// steppers, then do their element-wise work on the local slices through odeint's
// mpi_nested_algebra; this header adds the library's sums (|p|^2, p . dT/dp, T) over all ranks.
// The user's potential receives the local slices: value(q, t) returns the global V (sum its local
// part with all_reduce_sum below), gradient(q, t, dVdq) writes the local slice of dV/dq (halo
// exchange with the neighbouring ranks where sites couple across a slice boundary).
// Cost: one collective per sum (an all-gather of one number per rank), i.e. one or two per flow
// of T, plus the potential's own.
// What is kept: every rank holds the same s, bit for bit, after any number of steps: a sum over
// ranks is formed by gathering the ranks' partial sums on every rank and adding them in rank
// order, so every rank adds the same numbers in the same order, whatever algorithm the MPI
// library uses for its reductions. A run on one rank equals the std::vector run bit for bit; on
// several ranks q and p stay bit for bit where no sum feeds back into them, and everything equals
// the serial run up to the order of the sums' additions.
// Failure: the library's checks depend on replicated numbers only (s, t, dt, and the global T and
// V that enter s), so when a step fails it throws the same exception on every rank, each rank
// restores its slice, and the ranks stay in step. A user's part that throws must do so on every
// rank alike (decide from global values); one that throws on some ranks only leaves the others
// waiting in the next collective: call comm.abort() there instead. q and p must be split alike on
// every rank (odeint::split does so): an mpi_state has no size(), and the library does not check
// the slices' lengths.
// When not to use it: for small slices. A step's messages take microseconds each on one node,
// its arithmetic about 15 ns per site: below ~1e4 sites per rank the messages are a noticeable
// part of a step, below ~1e3 they dominate (doc/mpi.md). The states must use the world
// communicator: odeint's scratch states (and the
// library's) are default-constructed mpi_states, on MPI_COMM_WORLD.
// Not included by odeint_contact.hpp; link Boost.MPI and MPI (CMake: Boost::mpi, MPI::MPI_CXX).
// doc/mpi.md runs the distributed example on a cluster.
#ifndef ODEINT_CONTACT_MPI_HPP
#define ODEINT_CONTACT_MPI_HPP

#include <cstddef>
#include <vector>

#include <boost/mpi/collectives/all_gather.hpp>
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/datatype.hpp>
#include <boost/numeric/odeint/external/mpi/mpi.hpp>
// odeint::split and unsplit send whole slices, std::vectors, through Boost.MPI, which serialises
// them; odeint's MPI headers leave that include to the user.
#include <boost/serialization/vector.hpp>

#include <odeint_contact/contact_state.hpp>

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
