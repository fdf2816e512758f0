// SPDX-License-Identifier: BSL-1.0
// The FPUT-beta ring: N sites on a circle, each bond (i, i+1 mod N) with the energy
//     U(d) = d^2/2 + beta d^4/4,   d = q_{i+1} - q_i,
// so V(q) = sum_i U(q_{i+1} - q_i) and dV/dq_i = U'(q_i - q_{i-1}) - U'(q_{i+1} - q_i). Two
// potentials with the same arithmetic: `chain` on a std::vector (the serial run) and
// `distributed_chain` on odeint's mpi_state (each rank its contiguous slice, as odeint::split
// cuts it), which gets the one neighbour across each end of its slice from the adjacent rank
// (halo exchange with Boost.MPI's sendrecv) and sums V over the ranks with
// odeint_contact::all_reduce_sum. Element by element both compute the same expressions, so
// dV/dq is the same bit for bit and V differs only by the order of its additions.
// Used by example/mpi/fput_chain.cpp and test/test_mpi.cpp.
#ifndef ODEINT_CONTACT_EXAMPLE_FPUT_CHAIN_HPP
#define ODEINT_CONTACT_EXAMPLE_FPUT_CHAIN_HPP

#include <cstddef>
#include <stdexcept>
#include <vector>

#include <boost/mpi/communicator.hpp>
#include <boost/numeric/odeint/external/mpi/mpi.hpp>

#include <odeint_contact/state/mpi.hpp>

namespace fput {

using slice = boost::numeric::odeint::mpi_state<std::vector<double>>;

struct bond {
    double beta = 1.0;
    double energy(double d) const {
        const double d2 = d * d;
        return 0.5 * d2 + 0.25 * beta * d2 * d2;
    }
    double force(double d) const { return d + beta * d * d * d; }  // U'(d)
    // dV/dq_i from the site and its two neighbours.
    double gradient(double left, double x, double right) const { return force(x - left) - force(right - x); }
};

// Sites in order; bond i is (i, i+1 mod N).
struct chain {
    bond b;

    double value(const std::vector<double>& q, double /*t*/) const {
        const std::size_t n = q.size();
        double v = 0;
        for (std::size_t i = 0; i + 1 < n; ++i) v += b.energy(q[i + 1] - q[i]);
        return v + b.energy(q[0] - q[n - 1]);
    }
    void gradient(const std::vector<double>& q, double /*t*/, std::vector<double>& g) const {
        const std::size_t n = q.size();
        g[0] = b.gradient(q[n - 1], q[0], q[n > 1 ? 1 : 0]);
        for (std::size_t i = 1; i + 1 < n; ++i) g[i] = b.gradient(q[i - 1], q[i], q[i + 1]);
        if (n > 1) g[n - 1] = b.gradient(q[n - 2], q[n - 1], q[0]);
    }
};

// [doc:potential]
// The same ring cut into the ranks' slices. Every rank must hold at least one site.
struct distributed_chain {
    bond b;

    // The neighbours just outside this rank's slice: the last site of the rank to the left and
    // the first of the rank to the right (on one rank, its own ends). Two messages of one number
    // each way per evaluation, whatever the slice's length.
    struct halo {
        double left;
        double right;
    };
    static halo exchange(const slice& q) {
        const boost::mpi::communicator& comm = q.world;
        if (q().empty()) throw std::invalid_argument("fput::distributed_chain: a rank without sites");
        const int ranks = comm.size();
        const int right = (comm.rank() + 1) % ranks;
        const int left = (comm.rank() + ranks - 1) % ranks;
        halo h{};
        comm.sendrecv(right, 0, q().back(), left, 0, h.left);
        comm.sendrecv(left, 1, q().front(), right, 1, h.right);
        return h;
    }

    // The bonds from this rank's sites to their right neighbours, summed over the ranks.
    double local_value(const std::vector<double>& q, const halo& h) const {
        const std::size_t n = q.size();
        double v = 0;
        for (std::size_t i = 0; i + 1 < n; ++i) v += b.energy(q[i + 1] - q[i]);
        return v + b.energy(h.right - q[n - 1]);
    }
    void local_gradient(const std::vector<double>& q, const halo& h, std::vector<double>& g) const {
        const std::size_t n = q.size();
        g[0] = b.gradient(h.left, q[0], n > 1 ? q[1] : h.right);
        for (std::size_t i = 1; i + 1 < n; ++i) g[i] = b.gradient(q[i - 1], q[i], q[i + 1]);
        if (n > 1) g[n - 1] = b.gradient(q[n - 2], q[n - 1], h.right);
    }

    double value(const slice& q, double /*t*/) const {
        return odeint_contact::all_reduce_sum(q.world, local_value(q(), exchange(q)));
    }
    void gradient(const slice& q, double /*t*/, slice& g) const { local_gradient(q(), exchange(q), g()); }
    // One halo exchange for both.
    double value_and_gradient(const slice& q, double /*t*/, slice& g) const {
        const halo h = exchange(q);
        local_gradient(q(), h, g());
        return odeint_contact::all_reduce_sum(q.world, local_value(q(), h));
    }
};
// [/doc:potential]

}  // namespace fput

#endif
