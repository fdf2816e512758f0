// SPDX-License-Identifier: BSL-1.0
// bench/gpu: the library's steppers on contact_state<thrust::device_vector<double>> for two large
// systems, in picoseconds per site-step (member-step), against the same problems written by hand
// in the same run.
//   ring      H = sum p^2/2 + sum (q_{i+1} - q_i)^2/2 + q_i^4/4 + gamma s, N = 1e6, 1e7, 1e8
//   ensemble  H = sum p^2/2 - eps cos(2 q_i - 2 t) + gamma s, independent members, M = 1e5, 1e6, 1e7
// Methods: chi2 and chi<tables::kahan_li8>, both with the potentials' value_and_kick
// (example/gpu/device_models.hpp).
// Built by nvcc (bench/gpu/gpu_bench.cu, CMake option ODEINT_CONTACT_CUDA): the reference is
// hand-written CUDA, the fused floor of chi2 (ring: a drift kernel with |p|^2 and a
// kick-scale-kick kernel with V, s on the device, no host synchronisation; ensemble: one kernel
// per step with q, p and a per-member s in global memory); times by cudaEvents.
// Built by g++ (target gpu_bench_omp): device_vector on Thrust's OpenMP device system against
// the library on odeint's openmp_state<double> with the same potentials (goal: within 1.2x); wall
// times, OMP_NUM_THREADS threads.
//   gpu_bench [ring|ensemble|all] [--sizes N...] [--quick]
// Prints one row per (problem, size, method) and a summary table last.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <thrust/device_vector.h>
#include <thrust/extrema.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>

#include <odeint_contact/odeint_contact.hpp>
#include <odeint_contact/state/thrust.hpp>

#include "../../example/gpu/device_models.hpp"

#if defined(__CUDACC__)
#include <cub/block/block_reduce.cuh>
#include <cuda_runtime.h>
#else
#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/range_algebra.hpp>
#include <boost/numeric/odeint/util/copy.hpp>
#include <boost/numeric/odeint/util/resize.hpp>
#include <boost/numeric/odeint/util/same_size.hpp>
#include <boost/numeric/odeint/util/split.hpp>
// clang-format off
#include <boost/numeric/odeint/external/openmp/openmp.hpp>
// clang-format on
#include <odeint_contact/state/openmp.hpp>
#include <omp.h>
#endif

namespace oc = odeint_contact;
using device = thrust::device_vector<double>;

namespace {

constexpr double gamma_ = 0.01;
constexpr double eps = 0.1;
constexpr double dt = 0.01;

// ---- timing ------------------------------------------------------------------------------------

#if defined(__CUDACC__)
void check(cudaError_t e, const char* what) {
    if (e != cudaSuccess) {
        std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        std::exit(1);
    }
}
struct timer {
    cudaEvent_t start, stop;
    timer() {
        check(cudaEventCreate(&start), "cudaEventCreate");
        check(cudaEventCreate(&stop), "cudaEventCreate");
    }
    ~timer() {
        cudaEventDestroy(start);
        cudaEventDestroy(stop);
    }
    void begin() { check(cudaEventRecord(start), "cudaEventRecord"); }
    double seconds() {
        check(cudaEventRecord(stop), "cudaEventRecord");
        check(cudaEventSynchronize(stop), "cudaEventSynchronize");
        float ms = 0;
        check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
        return double(ms) * 1e-3;
    }
};
#else
struct timer {
    std::chrono::steady_clock::time_point start;
    void begin() { start = std::chrono::steady_clock::now(); }
    double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); }
};
#endif

// ---- problems ----------------------------------------------------------------------------------

struct start_q {
    ODEINT_CONTACT_HOST_DEVICE double operator()(std::ptrdiff_t i) const { return 0.5 * sin(0.001 * double(i)); }
};
struct start_p {
    ODEINT_CONTACT_HOST_DEVICE double operator()(std::ptrdiff_t i) const { return 0.1 * cos(0.003 * double(i)); }
};

template <class V>
void fill(V& q, V& p, std::size_t n) {
    q.resize(n);
    p.resize(n);
    thrust::counting_iterator<std::ptrdiff_t> i(0);
    const auto m = static_cast<std::ptrdiff_t>(n);
    thrust::transform(device_models::policy_of(q), i, i + m, device_models::raw(q), start_q{});
    thrust::transform(device_models::policy_of(p), i, i + m, device_models::raw(p), start_p{});
}

// [doc:hamiltonian]
// q and p on the device, s (and t) on the host: contact_state<device> with device =
// thrust::device_vector<double>.
auto ring_hamiltonian() {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, device_models::ring_potential{},
                                          oc::linear_action(gamma_));
}
// [/doc:hamiltonian]
auto ensemble_hamiltonian() {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, device_models::ensemble_potential{eps},
                                          oc::linear_action(gamma_));
}

struct row {
    std::string problem, method;
    std::size_t n;
    double ps;        // per site-step
    double ratio;     // against the reference of the row's problem and size
    std::string against;
};
std::vector<row> rows;

void print_row(const row& r) {
    std::printf("%-9s %-10s n=%-10zu %10.2f ps/site-step  %6.2fx %s\n", r.problem.c_str(), r.method.c_str(), r.n, r.ps,
                r.ratio, r.against.c_str());
    std::fflush(stdout);
}

// Steps of a library stepper on a contact_state<V> of n sites: seconds per step (the minimum of
// `repeats` runs of `steps` steps, after one untimed step that sizes the stepper's buffers).
template <class Stepper, class State, class System>
double time_library(const System& system, State& x, std::size_t steps, int repeats) {
    // [doc:steps]
    Stepper stepper;  // e.g. oc::chi2<oc::contact_state<device>>
    double t = 0;
    stepper.do_step(system, x, t, dt);
    // [/doc:steps]
    t += dt;
    double best = 1e300;
    for (int r = 0; r < repeats; ++r) {
        timer clock;
        clock.begin();
        for (std::size_t k = 0; k < steps; ++k) {
            stepper.do_step(system, x, t, dt);
            t += dt;
        }
        best = std::min(best, clock.seconds() / double(steps));
    }
    return best;
}

#if defined(__CUDACC__)
// ---- hand-written CUDA: the fused floor ---------------------------------------------------------

constexpr int block = 256;

int blocks_for(std::size_t n) {
    int sms = 0;
    check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "cudaDeviceGetAttribute");
    const std::size_t wanted = (n + block - 1) / block;
    return int(std::min<std::size_t>(wanted, std::size_t(sms) * 8));
}

// q += tau p over the ring, partial[b] = sum of p^2 over block b's sites.
__global__ void hand_drift(double* q, const double* p, double tau, std::ptrdiff_t n, double* partial) {
    using reduce = cub::BlockReduce<double, block>;
    __shared__ typename reduce::TempStorage temp;
    double p2 = 0;
    for (std::ptrdiff_t i = blockIdx.x * std::ptrdiff_t(block) + threadIdx.x; i < n; i += std::ptrdiff_t(gridDim.x) * block) {
        const double y = p[i];
        q[i] += tau * y;
        p2 += y * y;
    }
    const double sum = reduce(temp).Sum(p2);
    if (threadIdx.x == 0) partial[blockIdx.x] = sum;
}

// p = lambda (p - h g) - h g with g = dV/dq, partial[b] = block b's share of V.
__global__ void hand_ring_kick(const double* q, double* p, double lambda, double h, std::ptrdiff_t n, double* partial) {
    using reduce = cub::BlockReduce<double, block>;
    __shared__ typename reduce::TempStorage temp;
    const device_models::ring_site site{q, n};
    double v = 0;
    for (std::ptrdiff_t i = blockIdx.x * std::ptrdiff_t(block) + threadIdx.x; i < n; i += std::ptrdiff_t(gridDim.x) * block) {
        const double g = site.force(i);
        p[i] = lambda * (p[i] - h * g) - h * g;
        v += site.energy(i);
    }
    const double sum = reduce(temp).Sum(v);
    if (threadIdx.x == 0) partial[blockIdx.x] = sum;
}

// s on the device: s = a s + c (sum of the partials), one block.
__global__ void hand_update_s(double* s, const double* partial, int parts, double a, double c) {
    using reduce = cub::BlockReduce<double, block>;
    __shared__ typename reduce::TempStorage temp;
    double x = 0;
    for (int i = threadIdx.x; i < parts; i += block) x += partial[i];
    const double sum = reduce(temp).Sum(x);
    if (threadIdx.x == 0) *s = a * *s + c * sum;
}

// One chi2 step of the ring by hand: drift(dt/2) with |p|^2, kick-scale-kick with V, drift(dt/2).
struct hand_ring {
    device q, p, partial, s;
    int blocks;
    explicit hand_ring(std::size_t n) : partial(0), s(1, 0.0), blocks(blocks_for(n)) {
        fill(q, p, n);
        partial.resize(std::size_t(blocks));
    }
    void step() {
        const auto n = static_cast<std::ptrdiff_t>(q.size());
        double* qr = thrust::raw_pointer_cast(q.data());
        double* pr = thrust::raw_pointer_cast(p.data());
        double* part = thrust::raw_pointer_cast(partial.data());
        double* sr = thrust::raw_pointer_cast(s.data());
        const double h = dt / 2;
        const double lambda = std::exp(-gamma_ * dt);
        hand_drift<<<blocks, block>>>(qr, pr, h, n, part);
        hand_update_s<<<1, block>>>(sr, part, blocks, 1.0, h * 0.5);
        hand_ring_kick<<<blocks, block>>>(qr, pr, lambda, h, n, part);
        // s -> lambda (s - h V) - h V
        hand_update_s<<<1, block>>>(sr, part, blocks, lambda, -h * (lambda + 1));
        hand_drift<<<blocks, block>>>(qr, pr, h, n, part);
        hand_update_s<<<1, block>>>(sr, part, blocks, 1.0, h * 0.5);
    }
};

// One chi2 step of every member, with its own s, in one kernel (the anchor).
__global__ void hand_ensemble_step(double* q, double* p, double* s, double t, double lambda, std::ptrdiff_t n) {
    const double h = 0.5 * dt;
    const double tm = t + h;
    for (std::ptrdiff_t i = blockIdx.x * std::ptrdiff_t(block) + threadIdx.x; i < n; i += std::ptrdiff_t(gridDim.x) * block) {
        double x = q[i], y = p[i], z = s[i];
        x += h * y;
        z += h * 0.5 * y * y;
        const double phase = 2 * x - 2 * tm;
        const double g = 2 * eps * sin(phase);
        const double v = -eps * cos(phase);
        y = lambda * (y - h * g) - h * g;
        z = lambda * (z - h * v) - h * v;
        x += h * y;
        z += h * 0.5 * y * y;
        q[i] = x;
        p[i] = y;
        s[i] = z;
    }
}

struct hand_ensemble {
    device q, p, s;
    int blocks;
    double t = 0;
    explicit hand_ensemble(std::size_t n) : s(n, 0.0), blocks(blocks_for(n)) { fill(q, p, n); }
    void step() {
        hand_ensemble_step<<<blocks, block>>>(thrust::raw_pointer_cast(q.data()), thrust::raw_pointer_cast(p.data()),
                                              thrust::raw_pointer_cast(s.data()), t, std::exp(-gamma_ * dt),
                                              static_cast<std::ptrdiff_t>(q.size()));
        t += dt;
    }
};

template <class Hand>
double time_hand(std::size_t n, std::size_t steps, int repeats, Hand& hand) {
    (void)n;
    hand.step();
    check(cudaDeviceSynchronize(), "hand step");
    double best = 1e300;
    for (int r = 0; r < repeats; ++r) {
        timer clock;
        clock.begin();
        for (std::size_t k = 0; k < steps; ++k) hand.step();
        best = std::min(best, clock.seconds() / double(steps));
    }
    check(cudaGetLastError(), "hand kernels");
    return best;
}

struct abs_diff {
    ODEINT_CONTACT_HOST_DEVICE double operator()(double a, double b) const { return a > b ? a - b : b - a; }
};
double max_diff(const device& a, const device& b) {
    return thrust::inner_product(a.begin(), a.end(), b.begin(), 0.0, thrust::maximum<double>(), abs_diff{});
}

template <class System, class Hand>
void run_problem(const char* name, const System& system, std::size_t n, bool quick) {
    const std::size_t steps = quick ? 3 : std::max<std::size_t>(5, std::size_t(2e8 / double(n)) / 10);
    const int repeats = quick ? 1 : 3;
    Hand hand(n);
    const double t_hand = time_hand(n, steps, repeats, hand);
    rows.push_back({name, "hand", n, t_hand / double(n) * 1e12, 1.0, "(fused CUDA kernels)"});
    print_row(rows.back());
    {
        // chi2 from the hand version's start, as many steps: the two must agree to rounding.
        oc::contact_state<device> x;
        fill(x.q, x.p, n);
        const double t = time_library<oc::chi2<oc::contact_state<device>>>(system, x, steps, repeats);
        rows.push_back({name, "chi2", n, t / double(n) * 1e12, t / t_hand, "x hand"});
        print_row(rows.back());
        std::printf("          chi2 and hand after %zu steps: max |q - q_hand| = %.3g\n", 1 + steps * std::size_t(repeats),
                    max_diff(x.q, hand.q));
    }
    {
        oc::contact_state<device> x;
        fill(x.q, x.p, n);
        const std::size_t k8 = std::max<std::size_t>(2, steps / 17);
        const double t = time_library<oc::chi<oc::tables::kahan_li8, oc::contact_state<device>>>(system, x, k8, repeats);
        rows.push_back({name, "kahan_li8", n, t / double(n) * 1e12, t / t_hand / 17, "x hand per stage"});
        print_row(rows.back());
    }
}

#else
// ---- the CPU build: against openmp_state -------------------------------------------------------

namespace odeint = boost::numeric::odeint;
using chunked = odeint::openmp_state<double>;

// The ring and the ensemble on openmp_state: each chunk on its thread, the neighbours across a
// chunk boundary from the adjacent chunk, V as the sum of the chunks' sums in chunk order.
struct ring_chunked {
    template <class Site>
    static double each(const chunked& q, Site site) {
        const std::ptrdiff_t chunks = static_cast<std::ptrdiff_t>(q.size());
        std::vector<double> part(q.size(), 0.0);
#pragma omp parallel for schedule(static)
        for (std::ptrdiff_t c = 0; c < chunks; ++c) {
            const auto& x = q[std::size_t(c)];
            const std::size_t m = x.size();
            const double left_end = q[std::size_t((c + chunks - 1) % chunks)].back();
            const double right_end = q[std::size_t((c + 1) % chunks)].front();
            double v = 0;
            for (std::size_t i = 0; i < m; ++i) {
                const double l = i > 0 ? x[i - 1] : left_end;
                const double r = i + 1 < m ? x[i + 1] : right_end;
                v += site(std::size_t(c), i, l, x[i], r);
            }
            part[std::size_t(c)] = v;
        }
        double v = 0;
        for (double x : part) v += x;
        return v;
    }
    static double force(double l, double x, double r) { return (x - l) - (r - x) + x * x * x; }
    static double energy(double x, double r) {
        const double d = r - x;
        return 0.5 * d * d + 0.25 * x * x * x * x;
    }
    double value(const chunked& q, double) const {
        return each(q, [](std::size_t, std::size_t, double, double x, double r) { return energy(x, r); });
    }
    void gradient(const chunked& q, double, chunked& g) const {
        each(q, [&](std::size_t c, std::size_t i, double l, double x, double r) {
            g[c][i] = force(l, x, r);
            return 0.0;
        });
    }
    double value_and_kick(const chunked& q, double, double a, double b, const chunked& p_in, chunked& p_out) const {
        return each(q, [&](std::size_t c, std::size_t i, double l, double x, double r) {
            p_out[c][i] = a * p_in[c][i] - b * force(l, x, r);
            return energy(x, r);
        });
    }
};

struct ensemble_chunked {
    template <class Member>
    static double each(const chunked& q, Member member) {
        const std::ptrdiff_t chunks = static_cast<std::ptrdiff_t>(q.size());
        std::vector<double> part(q.size(), 0.0);
#pragma omp parallel for schedule(static)
        for (std::ptrdiff_t c = 0; c < chunks; ++c) {
            double v = 0;
            for (std::size_t i = 0; i < q[std::size_t(c)].size(); ++i) v += member(std::size_t(c), i, q[std::size_t(c)][i]);
            part[std::size_t(c)] = v;
        }
        double v = 0;
        for (double x : part) v += x;
        return v;
    }
    double value(const chunked& q, double t) const {
        return each(q, [&](std::size_t, std::size_t, double x) { return -eps * std::cos(2 * x - 2 * t); });
    }
    void gradient(const chunked& q, double t, chunked& g) const {
        each(q, [&](std::size_t c, std::size_t i, double x) {
            g[c][i] = 2 * eps * std::sin(2 * x - 2 * t);
            return 0.0;
        });
    }
    double value_and_kick(const chunked& q, double t, double a, double b, const chunked& p_in, chunked& p_out) const {
        return each(q, [&](std::size_t c, std::size_t i, double x) {
            const double phase = 2 * x - 2 * t;
            p_out[c][i] = a * p_in[c][i] - b * (2 * eps * std::sin(phase));
            return -eps * std::cos(phase);
        });
    }
};

oc::contact_state<chunked> chunked_start(std::size_t n) {
    std::vector<double> q(n), p(n);
    for (std::size_t i = 0; i < n; ++i) {
        q[i] = start_q{}(std::ptrdiff_t(i));
        p[i] = start_p{}(std::ptrdiff_t(i));
    }
    const std::size_t threads = std::size_t(omp_get_max_threads());
    oc::contact_state<chunked> x{chunked(threads), chunked(threads), 0.0};
    odeint::split(q, x.q);
    odeint::split(p, x.p);
    return x;
}

template <class System, class ChunkedPotential>
void run_problem(const char* name, const System& system, std::size_t n, bool quick) {
    const std::size_t steps = quick ? 3 : std::max<std::size_t>(5, std::size_t(2e7 / double(n)));
    const int repeats = quick ? 1 : 3;
    const auto reference =
        oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, ChunkedPotential{}, oc::linear_action(gamma_));
    double t_ref[2];
    {
        auto x = chunked_start(n);
        t_ref[0] = time_library<oc::chi2<oc::contact_state<chunked>>>(reference, x, steps, repeats);
        rows.push_back({name, "chi2/omp", n, t_ref[0] / double(n) * 1e12, 1.0, "(openmp_state)"});
        print_row(rows.back());
    }
    {
        oc::contact_state<device> x;
        fill(x.q, x.p, n);
        const double t = time_library<oc::chi2<oc::contact_state<device>>>(system, x, steps, repeats);
        rows.push_back({name, "chi2", n, t / double(n) * 1e12, t / t_ref[0], "x openmp_state"});
        print_row(rows.back());
    }
    const std::size_t k8 = std::max<std::size_t>(2, steps / 17);
    {
        auto x = chunked_start(n);
        t_ref[1] = time_library<oc::chi<oc::tables::kahan_li8, oc::contact_state<chunked>>>(reference, x, k8, repeats);
        rows.push_back({name, "li8/omp", n, t_ref[1] / double(n) * 1e12, 1.0, "(openmp_state)"});
        print_row(rows.back());
    }
    {
        oc::contact_state<device> x;
        fill(x.q, x.p, n);
        const double t = time_library<oc::chi<oc::tables::kahan_li8, oc::contact_state<device>>>(system, x, k8, repeats);
        rows.push_back({name, "kahan_li8", n, t / double(n) * 1e12, t / t_ref[1], "x openmp_state"});
        print_row(rows.back());
    }
}
#endif

}  // namespace

int main(int argc, char** argv) {
    std::string which = "all";
    bool quick = false;
    std::vector<std::size_t> sizes;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) {
            quick = true;
        } else if (std::strcmp(argv[i], "--sizes") == 0) {
            while (i + 1 < argc && argv[i + 1][0] != '-') sizes.push_back(std::size_t(std::atof(argv[++i])));
        } else {
            which = argv[i];
        }
    }
#if defined(__CUDACC__)
    cudaDeviceProp prop{};
    check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
    std::printf("device: %s, %d SMs\n", prop.name, prop.multiProcessorCount);
    using ring_hand = hand_ring;
    using ensemble_hand = hand_ensemble;
#else
    std::printf("Thrust OpenMP device system, %d threads (OMP_NUM_THREADS)\n", omp_get_max_threads());
    using ring_hand = ring_chunked;
    using ensemble_hand = ensemble_chunked;
#endif
    const bool ring = which == "all" || which == "ring";
    const bool ensemble = which == "all" || which == "ensemble";
    if (ring)
        for (std::size_t n : sizes.empty() ? std::vector<std::size_t>{1000000, 10000000, 100000000} : sizes)
            run_problem<decltype(ring_hamiltonian()), ring_hand>("ring", ring_hamiltonian(), n, quick);
    if (ensemble)
        for (std::size_t n : sizes.empty() ? std::vector<std::size_t>{100000, 1000000, 10000000} : sizes)
            run_problem<decltype(ensemble_hamiltonian()), ensemble_hand>("ensemble", ensemble_hamiltonian(), n, quick);

    std::printf("\nsummary (ps per site-step; anchors from issue 27, H200: ring fused floor 20.8 ps at 1e8, "
                "ensemble kernel 11.4-14.6 ps)\n");
    std::printf("%-9s %-10s %12s %12s  %s\n", "problem", "method", "n", "ps", "ratio");
    for (const row& r : rows)
        std::printf("%-9s %-10s %12zu %12.2f  %.2f %s\n", r.problem.c_str(), r.method.c_str(), r.n, r.ps, r.ratio,
                    r.against.c_str());
    return 0;
}
