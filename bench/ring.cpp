// SPDX-License-Identifier: BSL-1.0
// Large systems: a ring of N anharmonic oscillators with friction,
//   H = |p|^2/2 + sum_i [ (q_{i+1} - q_i)^2/2 + q_i^4/4 ] + f s,   f = 0.1,
// for N = 1e3 ... 1e7, time per step of chi2, chi4 and cvi2 on std::vector and Eigen::VectorXd
// states and of odeint's runge_kutta4 on std::vector, against hand-written loops of the same
// methods in plain doubles that fuse everything a person writing for this one problem would:
//   chi (a composition of k stages):  C | V+B+A+B | C | ... : 2k+1 passes over (q, p), each
//        reading q and p and writing one of them (the flow of T with |p|^2 in the same loop;
//        the potential's gradient computed in the loop that moves p, with no buffer): 6k + 3
//        arrays streamed;
//   cvi2: (V, p -> pi with grad V_k) | (q += dt pi, |pi|^2) | (V, p from pi with grad V_{k+1}):
//        9 arrays, no buffer.
// The library runs through odeint::integrate_n_steps with ring_potential, whose value_and_kick
// moves p in the pass that computes grad V (chi and plain cvi2 call it; the action f s is affine
// in s). Printed: seconds per step and the ratios library / hand-written (goal <= 1.10) and
// library / runge_kutta4. Rows:
//   chi2, chi4, cvi2  the library with value_and_kick against the fully fused loops above;
//   chi2/k   the same library times against a fully fused chi2 that writes into a second pair
//            of arrays and swaps them in, as the library's strong guarantee must
//            (hand_chi2_kept): what the guarantee's working set costs;
//   chi2/g, chi4/g  the library with ring_gradient_potential (value_and_gradient only: grad V
//            into the stepper's buffer, 8k + 3 arrays) against a hand-written chi that takes the
//            gradient from a buffer the potential fills (hand_chi_buffered);
//   cvi2/f   plain cvi2 with ring_gradient_potential (12 arrays) against the loop that evaluates
//            V and grad V into a buffer at the start of every step, as a plain do_step must;
//   cvi2/s   the library's do_step with a carried sample (ring_potential; the sample holds
//            grad V, so no kick: 10 arrays) against the loop that carries grad V from step to step.
//
//   ring [N...]               all methods at N = 1e3, 1e4, ..., 1e7 or the N given
//   ring --openmp N           chi2 on contact_state<openmp_state<double>> with 1 and 2 threads
//   ring --split [N...]       chi2 and chi4 on std::vector: the separable Hamiltonian against the
//                             same one as the library's pieces (make_split_hamiltonian); the
//                             same base step, so a check of the instantiations, not of two paths
//   ring --steps WHAT N K     K untimed steps at N on std::vector of WHAT: chi2, chi4, cvi2 (with
//                             value_and_kick), chi2/g, chi4/g, cvi2/g (without), cvi2/s (carried
//                             sample), hand_chi2, hand_chi2/g (gradient buffer), hand_cvi2
//                             (carrying grad V), hand_cvi2/f (evaluating it at the start),
//                             hand_cvi2/k (fully fused); WHAT@eigen (chi2@eigen, ...) the
//                             library's on Eigen::VectorXd; for callgrind and cachegrind: the
//                             difference of two K gives a step
//
// Build in Release (target ring). Times are the minimum over repeats, in CPU time of the
// thread (wall time for --openmp).
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include <time.h>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/external/eigen/eigen.hpp>

#include <Eigen/Dense>

#include <odeint_contact/odeint_contact.hpp>
#include <odeint_contact/state/openmp.hpp>

#include <omp.h>

namespace {

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

constexpr double friction = 0.1;
constexpr double dt = 1e-3;

double site_force(double left, double x, double right) { return (x - left) - (right - x) + x * x * x; }
double site_energy(double x, double right) {
    const double d = right - x;
    return 0.5 * d * d + 0.25 * x * x * x * x;
}

// The potential for the library, on anything with data() and size(): one pass. This one has
// value_and_gradient only, so the steppers take grad V from a buffer (rows .../g).
struct ring_gradient_potential {
    template <class Q, class D>
    double value_and_gradient(const Q& q, double, D& g) const {
        const std::size_t n = static_cast<std::size_t>(q.size());
        const double* x = q.data();
        double* out = g.data();
        out[0] = site_force(x[n - 1], x[0], x[1]);
        double v = site_energy(x[0], x[1]);
        for (std::size_t i = 1; i + 1 < n; ++i) {
            out[i] = site_force(x[i - 1], x[i], x[i + 1]);
            v += site_energy(x[i], x[i + 1]);
        }
        out[n - 1] = site_force(x[n - 2], x[n - 1], x[0]);
        v += site_energy(x[n - 1], x[0]);
        return v;
    }
    template <class Q>
    double value(const Q& q, double t) const {
        Q g = q;
        return value_and_gradient(q, t, g);
    }
    template <class Q, class D>
    void gradient(const Q& q, double t, D& g) const {
        value_and_gradient(q, t, g);
    }

    // openmp_state: the chunks in parallel, neighbours across chunk boundaries from the adjacent
    // chunk; V summed per chunk and then in chunk order. Kick(c, i, force) stores the force.
    template <class Store>
    static double chunked(const odeint::openmp_state<double>& q, Store store) {
        const auto chunks = static_cast<std::ptrdiff_t>(q.size());
        double v = 0;
#pragma omp parallel for ordered schedule(static)
        for (std::ptrdiff_t cc = 0; cc < chunks; ++cc) {
            const auto c = static_cast<std::size_t>(cc);
            const std::vector<double>& x = q[c];
            const std::size_t m = x.size();
            const double left = q[(c + q.size() - 1) % q.size()].back();
            const double right = q[(c + 1) % q.size()].front();
            double part = 0;
            for (std::size_t i = 0; i < m; ++i) {
                const double l = i > 0 ? x[i - 1] : left;
                const double r = i + 1 < m ? x[i + 1] : right;
                store(c, i, site_force(l, x[i], r));
                part += site_energy(x[i], r);
            }
#pragma omp ordered
            v += part;
        }
        return v;
    }
    double value_and_gradient(const odeint::openmp_state<double>& q, double, odeint::openmp_state<double>& g) const {
        return chunked(q, [&g](std::size_t c, std::size_t i, double f) { g[c][i] = f; });
    }
    double value(const odeint::openmp_state<double>& q, double t) const {
        odeint::openmp_state<double> g = q;
        return value_and_gradient(q, t, g);
    }
    void gradient(const odeint::openmp_state<double>& q, double t, odeint::openmp_state<double>& g) const {
        value_and_gradient(q, t, g);
    }
};

// The same potential with value_and_kick: p_out = a p_in - b grad V in the pass that computes
// grad V, as a hand-written loop does (the default rows).
struct ring_potential : ring_gradient_potential {
    template <class Q, class P>
    double value_and_kick(const Q& q, double, double a, double b, const P& p_in, P& p_out) const {
        const std::size_t n = static_cast<std::size_t>(q.size());
        const double* x = q.data();
        const double* y = p_in.data();
        double* out = p_out.data();
        // The ends peeled, so that the loop body has no index arithmetic beyond i +- 1.
        out[0] = a * y[0] - b * site_force(x[n - 1], x[0], x[1]);
        double v = site_energy(x[0], x[1]);
        for (std::size_t i = 1; i + 1 < n; ++i) {
            out[i] = a * y[i] - b * site_force(x[i - 1], x[i], x[i + 1]);
            v += site_energy(x[i], x[i + 1]);
        }
        out[n - 1] = a * y[n - 1] - b * site_force(x[n - 2], x[n - 1], x[0]);
        v += site_energy(x[n - 1], x[0]);
        return v;
    }
    double value_and_kick(const odeint::openmp_state<double>& q, double, double a, double b,
                          const odeint::openmp_state<double>& p_in, odeint::openmp_state<double>& p_out) const {
        return chunked(q, [&](std::size_t c, std::size_t i, double f) { p_out[c][i] = a * p_in[c][i] - b * f; });
    }
};

template <class Potential = ring_potential>
auto hamiltonian() {
    return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, Potential{}, oc::linear_action(friction));
}

template <class C>
oc::contact_state<C> initial(std::size_t n) {
    oc::contact_state<C> x{C(static_cast<long>(n)), C(static_cast<long>(n)), 0.0};
    for (std::size_t i = 0; i < n; ++i) {
        x.q.data()[i] = 0.5 * std::sin(0.001 * double(i));
        x.p.data()[i] = 0.1 * std::cos(0.003 * double(i));
    }
    return x;
}
template <>
oc::contact_state<std::vector<double>> initial<std::vector<double>>(std::size_t n) {
    auto e = initial<Eigen::VectorXd>(n);
    return {std::vector<double>(e.q.data(), e.q.data() + n), std::vector<double>(e.p.data(), e.p.data() + n), 0.0};
}

// CPU seconds of this thread (robust against other processes sharing the machine), or wall
// seconds for the OpenMP runs, whose threads this clock would not see.
bool wall_clock = false;

// The hand-written loops' results go here, so that the compiler cannot drop the sums into s
// (which no one would read otherwise) and time a loop without its reductions.
volatile double sink = 0;
double now() {
    if (wall_clock)
        return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// Seconds per step: the minimum over repeats of `steps` steps, after one untimed step (buffers).
template <class Run>
double time_per_step(Run run, std::size_t steps, int repeats) {
    run(1);
    double best = 1e300;
    for (int r = 0; r < repeats; ++r) {
        const double start = now();
        run(steps);
        best = std::min(best, (now() - start) / double(steps));
    }
    return best;
}

// The same Hamiltonian as the library's pieces (make_split_hamiltonian).
auto split_hamiltonian() {
    return oc::make_split_hamiltonian(oc::kinetic_piece(oc::quadratic_kinetic<>{}), oc::potential_piece(ring_potential{}),
                                      oc::action_piece(oc::linear_action(friction)));
}

template <class Stepper, class State, class H>
double library_with(const H& h, State x, std::size_t steps, int repeats) {
    Stepper stepper;
    double t = 0;
    return time_per_step(
        [&](std::size_t k) {
            odeint::integrate_n_steps(std::ref(stepper), h, x, t, dt, k);
            t += double(k) * dt;
        },
        steps, repeats);
}

template <class Stepper, class State, class Potential = ring_potential>
double library(State x, std::size_t steps, int repeats) {
    return library_with<Stepper>(hamiltonian<Potential>(), std::move(x), steps, repeats);
}

// The hand-written composition of k stages of the second-order splitting, F = f s.
template <std::size_t K>
struct hand_chi {
    std::array<double, K> w;
    std::vector<double> q, p;
    double s = 0;

    // C(tau): q += tau p, s += tau |p|^2/2.
    void flow_t(double tau) {
        double pp = 0;
        double* x = q.data();
        const double* y = p.data();
        const std::size_t n = q.size();
        for (std::size_t i = 0; i < n; ++i) {
            x[i] += tau * y[i];
            pp += y[i] * y[i];
        }
        s += 0.5 * tau * pp;
    }
    // B(h) A(2h) B(h) with V and grad V computed in the same loop.
    void flow_vav(double h) {
        const double e = std::exp(-friction * 2 * h);
        const double* x = q.data();
        double* y = p.data();
        const std::size_t n = q.size();
        // The ends peeled, so that the loop body has no index arithmetic beyond i +- 1.
        auto at = [&](std::size_t i, double l, double r) {
            const double g = site_force(l, x[i], r);
            y[i] = e * (y[i] - h * g) - h * g;
            return site_energy(x[i], r);
        };
        double v = at(0, x[n - 1], x[1]);
        for (std::size_t i = 1; i + 1 < n; ++i) v += at(i, x[i - 1], x[i + 1]);
        v += at(n - 1, x[n - 2], x[0]);
        s = e * (s - h * v) - h * v;
    }
    void step() {
        flow_t(w[0] * dt / 2);
        for (std::size_t i = 0; i < K; ++i) {
            flow_vav(w[i] * dt / 2);
            flow_t((i + 1 < K ? (w[i] + w[i + 1]) / 2 : w[i] / 2) * dt);
        }
    }
};

template <std::size_t K>
double hand(std::array<double, K> w, std::size_t n, std::size_t steps, int repeats) {
    auto x0 = initial<std::vector<double>>(n);
    hand_chi<K> m{w, x0.q, x0.p, 0.0};
    const double t = time_per_step(
        [&](std::size_t k) {
            for (std::size_t i = 0; i < k; ++i) m.step();
            sink = sink + m.s;
        },
        steps, repeats);
    return t;
}

// Hand-written chi through the library's interface without value_and_kick: the gradient of V
// into a buffer by the potential's own pass, then one pass B A B over p reading it. What any
// library that takes the gradient from a separate call must stream at least (two arrays more per
// stage than hand_chi, whose loop over p computes the gradient itself); the library without
// value_and_kick / this is the library's own overhead.
template <std::size_t K>
struct hand_chi_buffered {
    hand_chi<K> m;
    std::vector<double> g;
    void flow_vav(double h) {
        const double v = ring_gradient_potential{}.value_and_gradient(m.q, 0.0, g);
        const double e = std::exp(-friction * 2 * h);
        double* y = m.p.data();
        const double* d = g.data();
        const std::size_t n = m.p.size();
        for (std::size_t i = 0; i < n; ++i) y[i] = e * (y[i] - h * d[i]) - h * d[i];
        m.s = e * (m.s - h * v) - h * v;
    }
    void step() {
        const auto& w = m.w;
        m.flow_t(w[0] * dt / 2);
        for (std::size_t i = 0; i < K; ++i) {
            flow_vav(w[i] * dt / 2);
            m.flow_t((i + 1 < K ? (w[i] + w[i + 1]) / 2 : w[i] / 2) * dt);
        }
    }
};

template <std::size_t K>
double hand_buffered(std::array<double, K> w, std::size_t n, std::size_t steps, int repeats) {
    auto x0 = initial<std::vector<double>>(n);
    hand_chi_buffered<K> m{hand_chi<K>{w, x0.q, x0.p, 0.0}, std::vector<double>(n)};
    return time_per_step(
        [&](std::size_t k) {
            for (std::size_t i = 0; i < k; ++i) m.step();
            sink = sink + m.m.s;
        },
        steps, repeats);
}

// Hand-written chi2 that keeps the caller's state intact until the step is done, as the
// library's strong guarantee needs: the same three fused passes as hand_chi<1> (nine arrays
// streamed, the gradient computed in the loop over p), but writing the new q and p into a second
// pair of arrays that is swapped in at the end. It touches four arrays instead of two; library /
// this is what the potential's gradient buffer costs, this / hand_chi<1> what the guarantee's
// working set costs.
struct hand_chi2_kept {
    std::vector<double> q, p, q2, p2;
    double s = 0;
    void step() {
        const double h = dt / 2;
        const double e = std::exp(-friction * dt);
        const std::size_t n = q.size();
        const double* x = q.data();
        const double* y = p.data();
        double* x2 = q2.data();
        double* y2 = p2.data();
        double pp = 0;
        for (std::size_t i = 0; i < n; ++i) {
            x2[i] = x[i] + h * y[i];
            pp += y[i] * y[i];
        }
        double s2 = s + 0.5 * h * pp;
        auto at = [&](std::size_t i, double l, double r) {
            const double g = site_force(l, x2[i], r);
            y2[i] = e * (y[i] - h * g) - h * g;
            return site_energy(x2[i], r);
        };
        double v = at(0, x2[n - 1], x2[1]);
        for (std::size_t i = 1; i + 1 < n; ++i) v += at(i, x2[i - 1], x2[i + 1]);
        v += at(n - 1, x2[n - 2], x2[0]);
        s2 = e * (s2 - h * v) - h * v;
        pp = 0;
        for (std::size_t i = 0; i < n; ++i) {
            x2[i] += h * y2[i];
            pp += y2[i] * y2[i];
        }
        s = s2 + 0.5 * h * pp;
        q.swap(q2);
        p.swap(p2);
    }
};

double hand_kept(std::size_t n, std::size_t steps, int repeats) {
    auto x0 = initial<std::vector<double>>(n);
    hand_chi2_kept m{x0.q, x0.p, std::vector<double>(n), std::vector<double>(n), 0.0};
    return time_per_step(
        [&](std::size_t k) {
            for (std::size_t i = 0; i < k; ++i) m.step();
            sink = sink + m.s;
        },
        steps, repeats);
}

// Hand-written cvi2 for T = |p|^2/2, F = f s (a = 1 - h f, b = 1 + h f), caching grad V.
struct hand_cvi2 {
    std::vector<double> q, p, g;
    double s = 0, v = 0;
    void potential() {
        const std::size_t n = q.size();
        auto at = [&](std::size_t i, double l, double r) {
            g[i] = site_force(l, q[i], r);
            return site_energy(q[i], r);
        };
        v = at(0, q[n - 1], q[1]);
        for (std::size_t i = 1; i + 1 < n; ++i) v += at(i, q[i - 1], q[i + 1]);
        v += at(n - 1, q[n - 2], q[0]);
    }
    void step() {
        const double h = dt / 2;
        const double a = 1 - h * friction;
        const double b = 1 + h * friction;
        const std::size_t n = q.size();
        double pp = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const double pi = a * p[i] - h * g[i];
            q[i] += dt * pi;
            p[i] = pi;
            pp += pi * pi;
        }
        const double r_start = s - h * (v + friction * s);
        potential();
        // s + h f s = r
        s = ((r_start + 0.5 * dt * pp) - h * v) / b;
        for (std::size_t i = 0; i < n; ++i) p[i] = (p[i] - h * g[i]) / b;
    }
    // p = c p - d grad V(q), V(q): the kick with the gradient computed in the loop (no buffer)
    double kick(double c, double d) {
        const std::size_t n = q.size();
        auto at = [&](std::size_t i, double l, double r) {
            p[i] = c * p[i] - d * site_force(l, q[i], r);
            return site_energy(q[i], r);
        };
        double e = at(0, q[n - 1], q[1]);
        for (std::size_t i = 1; i + 1 < n; ++i) e += at(i, q[i - 1], q[i + 1]);
        return e + at(n - 1, q[n - 2], q[0]);
    }
    // The fully fused step (9 arrays): kick to pi with grad V_k, drift, kick with grad V_{k+1};
    // g and v unused.
    void step_kicked() {
        const double h = dt / 2;
        const double a = 1 - h * friction;
        const double b = 1 + h * friction;
        const std::size_t n = q.size();
        const double v0 = kick(a, h);
        double pp = 0;
        for (std::size_t i = 0; i < n; ++i) {
            q[i] += dt * p[i];
            pp += p[i] * p[i];
        }
        const double v1 = kick(1 / b, h / b);
        s = ((s - h * (v0 + friction * s) + 0.5 * dt * pp) - h * v1) / b;
    }
};

// fresh: V and grad V evaluated at the start of every step, as the library's plain do_step must
// (it keeps nothing between steps); otherwise carried from the previous step, as hand_cvi2 and
// the library's do_step with a sample do.
// kicked: the fully fused step_kicked instead.
double hand_cvi(std::size_t n, std::size_t steps, int repeats, bool fresh = false, bool kicked = false) {
    auto x0 = initial<std::vector<double>>(n);
    hand_cvi2 m{x0.q, x0.p, std::vector<double>(n), 0.0, 0.0};
    m.potential();
    const double t = time_per_step(
        [&](std::size_t k) {
            for (std::size_t i = 0; i < k; ++i) {
                if (kicked) {
                    m.step_kicked();
                    continue;
                }
                if (fresh) m.potential();
                m.step();
            }
            sink = sink + m.s;
        },
        steps, repeats);
    return t;
}

// cvi2 with the sample (V and grad V) carried from step to step by the caller.
template <class State>
double library_carried(State x, std::size_t steps, int repeats) {
    using stepper_type = oc::cvi2<State>;
    stepper_type stepper;
    const auto h = hamiltonian();
    typename stepper_type::sample_type v;
    double t = 0;
    stepper.initialize(h, x, t, v);
    return time_per_step(
        [&](std::size_t k) {
            for (std::size_t i = 0; i < k; ++i, t += dt) stepper.do_step(h, x, v, t, dt);
        },
        steps, repeats);
}

void run_all(const std::vector<std::size_t>& sizes) {
    using vstate = oc::contact_state<std::vector<double>>;
    using estate = oc::contact_state<Eigen::VectorXd>;
    const auto w4 = oc::tables::triple_jump4::weights<double>();
    std::printf("# CPU seconds per step; ratios library / hand-written and library / runge_kutta4\n");
    std::printf("%9s  %-6s %10s %10s %10s %10s  %7s %7s  %7s\n", "N", "method", "vector", "eigen", "hand",
                "rk4", "vec/hand", "eig/hand", "vec/rk4");
    for (std::size_t n : sizes) {
        const std::size_t steps = std::max<std::size_t>(3, std::size_t(2e7) / n);
        const int repeats = n >= 10000000 ? 2 : 5;
        const double rk4 = library<odeint::runge_kutta4<vstate>>(initial<std::vector<double>>(n), steps, repeats);
        auto row = [&](const char* name, double vec, double eig, double hw) {
            std::printf("%9zu  %-6s %10.3e %10.3e %10.3e %10.3e  %7.2f %7.2f  %7.2f\n", n, name, vec, eig, hw, rk4,
                        vec / hw, eig / hw, vec / rk4);
            std::fflush(stdout);
        };
        const double chi2_vec = library<oc::chi2<vstate>>(initial<std::vector<double>>(n), steps, repeats);
        const double chi2_eig = library<oc::chi2<estate>>(initial<Eigen::VectorXd>(n), steps, repeats);
        row("chi2", chi2_vec, chi2_eig, hand<1>({1.0}, n, steps, repeats));
        row("chi2/k", chi2_vec, chi2_eig, hand_kept(n, steps, repeats));
        row("chi2/g",
            library<oc::chi2<vstate>, vstate, ring_gradient_potential>(initial<std::vector<double>>(n), steps, repeats),
            library<oc::chi2<estate>, estate, ring_gradient_potential>(initial<Eigen::VectorXd>(n), steps, repeats),
            hand_buffered<1>({1.0}, n, steps, repeats));
        row("chi4", library<oc::chi4<vstate>>(initial<std::vector<double>>(n), steps, repeats),
            library<oc::chi4<estate>>(initial<Eigen::VectorXd>(n), steps, repeats), hand<3>(w4, n, steps, repeats));
        row("chi4/g",
            library<oc::chi4<vstate>, vstate, ring_gradient_potential>(initial<std::vector<double>>(n), steps, repeats),
            library<oc::chi4<estate>, estate, ring_gradient_potential>(initial<Eigen::VectorXd>(n), steps, repeats),
            hand_buffered<3>(w4, n, steps, repeats));
        row("cvi2", library<oc::cvi2<vstate>>(initial<std::vector<double>>(n), steps, repeats),
            library<oc::cvi2<estate>>(initial<Eigen::VectorXd>(n), steps, repeats),
            hand_cvi(n, steps, repeats, false, true));
        row("cvi2/f",
            library<oc::cvi2<vstate>, vstate, ring_gradient_potential>(initial<std::vector<double>>(n), steps, repeats),
            library<oc::cvi2<estate>, estate, ring_gradient_potential>(initial<Eigen::VectorXd>(n), steps, repeats),
            hand_cvi(n, steps, repeats, true));
        row("cvi2/s", library_carried(initial<std::vector<double>>(n), steps, repeats),
            library_carried(initial<Eigen::VectorXd>(n), steps, repeats), hand_cvi(n, steps, repeats));
    }
}

// The split Hamiltonian of the library's pieces against the separable one (goal <= 1.05).
void run_split(const std::vector<std::size_t>& sizes) {
    using vstate = oc::contact_state<std::vector<double>>;
    std::printf("# CPU seconds per step on std::vector, separable and as the library's pieces\n");
    std::printf("%9s  %-6s %10s %10s  %7s\n", "N", "method", "separable", "split", "ratio");
    for (std::size_t n : sizes) {
        const std::size_t steps = std::max<std::size_t>(3, std::size_t(2e7) / n);
        const int repeats = n >= 10000000 ? 2 : 5;
        auto row = [&](const char* name, double separable, double split) {
            std::printf("%9zu  %-6s %10.3e %10.3e  %7.3f\n", n, name, separable, split, split / separable);
            std::fflush(stdout);
        };
        const auto x = initial<std::vector<double>>(n);
        row("chi2", library_with<oc::chi2<vstate>>(hamiltonian(), x, steps, repeats),
            library_with<oc::chi2<vstate>>(split_hamiltonian(), x, steps, repeats));
        row("chi4", library_with<oc::chi4<vstate>>(hamiltonian(), x, steps, repeats),
            library_with<oc::chi4<vstate>>(split_hamiltonian(), x, steps, repeats));
    }
}

void run_openmp(std::size_t n) {
    wall_clock = true;
    using pstate = oc::contact_state<odeint::openmp_state<double>>;
    const auto v = initial<std::vector<double>>(n);
    const std::size_t steps = std::max<std::size_t>(3, std::size_t(2e7) / n);
    double base = 0;
    for (int threads : {1, 2}) {
        omp_set_num_threads(threads);
        pstate x{odeint::openmp_state<double>(2), odeint::openmp_state<double>(2), 0.0};
        odeint::split(v.q, x.q);
        odeint::split(v.p, x.p);
        const double t = library<oc::chi2<pstate>>(x, steps, 5);
        if (threads == 1) base = t;
        std::printf("N = %zu, chi2 on openmp_state (2 chunks), %d thread(s): %.3e s per step, speed-up %.2f\n", n,
                    threads, t, base / t);
    }
    const double serial = library<oc::chi2<oc::contact_state<std::vector<double>>>>(v, steps, 5);
    std::printf("N = %zu, chi2 on std::vector: %.3e s per step\n", n, serial);
}

// K steps of one method, untimed (ring --steps), on components of type C; the library's chi
// through integrate_n_steps, as run_all times them; .../g with ring_gradient_potential (no
// value_and_kick).
template <class C>
int run_steps_on(const std::string& what, const std::string& name, std::size_t n, std::size_t k) {
    using state = oc::contact_state<C>;
    auto x = initial<C>(n);
    const auto h = hamiltonian();
    const auto h_g = hamiltonian<ring_gradient_potential>();
    oc::cvi2<state> stepper;
    double t = 0;
    if (what == "chi2") {
        odeint::integrate_n_steps(oc::chi2<state>{}, h, x, t, dt, k);
    } else if (what == "chi2/g") {
        odeint::integrate_n_steps(oc::chi2<state>{}, h_g, x, t, dt, k);
    } else if (what == "chi4") {
        odeint::integrate_n_steps(oc::chi4<state>{}, h, x, t, dt, k);
    } else if (what == "chi4/g") {
        odeint::integrate_n_steps(oc::chi4<state>{}, h_g, x, t, dt, k);
    } else if (what == "cvi2") {
        for (std::size_t i = 0; i < k; ++i, t += dt) stepper.do_step(h, x, t, dt);
    } else if (what == "cvi2/g") {
        for (std::size_t i = 0; i < k; ++i, t += dt) stepper.do_step(h_g, x, t, dt);
    } else if (what == "cvi2/s") {
        typename oc::cvi2<state>::sample_type v;
        stepper.initialize(h, x, t, v);
        for (std::size_t i = 0; i < k; ++i, t += dt) stepper.do_step(h, x, v, t, dt);
    } else if constexpr (std::is_same<C, std::vector<double>>::value) {
        if (what == "hand_chi2") {
            hand_chi<1> m{{1.0}, x.q, x.p, 0.0};
            for (std::size_t i = 0; i < k; ++i) m.step();
            x.s = m.s;
        } else if (what == "hand_chi2/g") {
            hand_chi_buffered<1> m{hand_chi<1>{{1.0}, x.q, x.p, 0.0}, std::vector<double>(n)};
            for (std::size_t i = 0; i < k; ++i) m.step();
            x.s = m.m.s;
        } else if (what == "hand_cvi2" || what == "hand_cvi2/f" || what == "hand_cvi2/k") {
            hand_cvi2 m{x.q, x.p, std::vector<double>(n), 0.0, 0.0};
            m.potential();
            for (std::size_t i = 0; i < k; ++i) {
                if (what == "hand_cvi2/k") {
                    m.step_kicked();
                    continue;
                }
                if (what == "hand_cvi2/f") m.potential();
                m.step();
            }
            x.s = m.s;
        } else {
            std::fprintf(stderr, "ring --steps: unknown method %s\n", name.c_str());
            return 1;
        }
    } else {
        std::fprintf(stderr, "ring --steps: unknown method %s\n", name.c_str());
        return 1;
    }
    std::printf("%s N = %zu, %zu steps: s = %.17g\n", name.c_str(), n, k, x.s);
    return 0;
}

// WHAT on std::vector, or on Eigen::VectorXd with the suffix @eigen (chi2@eigen).
int run_steps(const std::string& what, std::size_t n, std::size_t k) {
    const std::string suffix = "@eigen";
    if (what.size() > suffix.size() && what.compare(what.size() - suffix.size(), suffix.size(), suffix) == 0)
        return run_steps_on<Eigen::VectorXd>(what.substr(0, what.size() - suffix.size()), what, n, k);
    return run_steps_on<std::vector<double>>(what, what, n, k);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 5 && std::strcmp(argv[1], "--steps") == 0)
        return run_steps(argv[2], std::size_t(std::atof(argv[3])), std::size_t(std::atof(argv[4])));
    if (argc >= 2 && std::strcmp(argv[1], "--openmp") == 0) {
        run_openmp(argc >= 3 ? std::size_t(std::atof(argv[2])) : std::size_t(1000000));
        return 0;
    }
    const bool split = argc >= 2 && std::strcmp(argv[1], "--split") == 0;
    std::vector<std::size_t> sizes;
    for (int i = split ? 2 : 1; i < argc; ++i) sizes.push_back(std::size_t(std::atof(argv[i])));
    if (sizes.empty()) sizes = {1000, 10000, 100000, 1000000, 10000000};
    if (split)
        run_split(sizes);
    else
        run_all(sizes);
}
