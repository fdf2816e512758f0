// SPDX-License-Identifier: BSL-1.0
// van_der_pol: the forced Van der Pol oscillator q'' - eps (1 - q^2) q' + q = a cos(omega t) as a
// Lienard contact Hamiltonian split into three pieces with exact flows (Zadra, Bravetti, Seri,
// arXiv 2005.03951):
//     H = p s + F(q,t) + f(q) s,   F = q - a cos(omega t),   f = -eps (1 - q^2),
// for which paper eq. 2 gives q' = s, s' = -F - f s; p is passive (q and s do not depend on it)
// and passes through infinity (p' = -p^2 - ...). chi2 and its compositions step it through
// make_split_hamiltonian; runge_kutta_dopri5 integrates q' = s, s' = -F - f s (without p, which
// would stop its step size control at the first pole of p).
//
// Output (current directory):
//   vdp_limit_cycle.csv    t, q and s of chi2 at dt = 0.2, t in [0, 60]
//   vdp_reference.csv      t, q and s of dopri5 at tolerance 1e-12, every 0.02
//   vdp_error_vs_cost.csv  method, step or tolerance, evaluations of f, max error of q and s
//                          over t in [0, 20] against dopri5 at 1e-13: fixed steps, step-doubling
//                          control on q and s (contact_error_checker) and dopri5
// `van_der_pol cost` prints only that table, each run inside measured_run, for
// bench/adaptive_callgrind.py (instructions at equal error).
// doc/plots/van_der_pol.gp renders doc/figures/van_der_pol.png from them.
//
// `van_der_pol trajectory ABC dt steps` prints t, q, p, s of chi2 at every step with the pieces
// in the order given (A = f(q) s, B = F(q,t), C = p s), from q = 1.5, p = -3, s = 0.4 (used to
// compare with the authors' Python code, doc/theory.md).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "van_der_pol.hpp"

namespace {

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
using van_der_pol::pair;
using van_der_pol::state;

std::size_t evaluations = 0;  // of f, the cost measure of the error-vs-cost curve
const auto H = van_der_pol::hamiltonian(&evaluations);
const van_der_pol::field field{&evaluations};

// dopri5 at tolerance tol, sampled every dt from 0 to t_end (dense output, so its steps are its own).
std::vector<pair> dopri5(double tol, double dt, std::size_t samples) {
    std::vector<pair> out;
    pair x{1.5, 0.4};
    std::vector<double> times;
    for (std::size_t k = 0; k <= samples; ++k) times.push_back(double(k) * dt);
    odeint::integrate_times(odeint::make_dense_output(tol, tol, odeint::runge_kutta_dopri5<pair>()), field, x,
                            times.begin(), times.end(), dt / 4, [&](const pair& y, double) { out.push_back(y); });
    return out;
}

template <class Stepper>
std::vector<pair> split(double dt, std::size_t steps) {
    std::vector<pair> out;
    state x{1.5, -3.0, 0.4};
    odeint::integrate_n_steps(Stepper(), H, x, 0.0, dt, steps,
                              [&](const state& y, double) { out.push_back({y.q, y.s}); });
    return out;
}

// The largest difference of q and s between x[k * x_every] and reference[k * reference_every].
double max_error(const std::vector<pair>& x, std::size_t x_every, const std::vector<pair>& reference,
                 std::size_t reference_every) {
    double e = 0;
    for (std::size_t k = 0; k * x_every < x.size() && k * reference_every < reference.size(); ++k) {
        const pair& a = x[k * x_every];
        const pair& b = reference[k * reference_every];
        e = std::max({e, std::abs(a[0] - b[0]), std::abs(a[1] - b[1])});
    }
    return e;
}

int trajectory(const std::string& order, double dt, std::size_t steps) {
    auto run = [&](const auto& h) {
        state x{1.5, -3.0, 0.4};
        odeint::integrate_n_steps(oc::chi2<state>(), h, x, 0.0, dt, steps, [](const state& y, double t) {
            std::printf("%.17g %.17g %.17g %.17g\n", t, y.q, y.p, y.s);
        });
        return 0;
    };
    const van_der_pol::momentum_action C;
    const auto B = oc::potential_piece(van_der_pol::forcing{});
    const auto A = oc::position_damping(van_der_pol::damping{});
    if (order == "CBA") return run(oc::make_split_hamiltonian(C, B, A));
    if (order == "BCA") return run(oc::make_split_hamiltonian(B, C, A));
    if (order == "ABC") return run(oc::make_split_hamiltonian(A, B, C));
    if (order == "BAC") return run(oc::make_split_hamiltonian(B, A, C));
    if (order == "CAB") return run(oc::make_split_hamiltonian(C, A, B));
    if (order == "ACB") return run(oc::make_split_hamiltonian(A, C, B));
    std::fprintf(stderr, "van_der_pol trajectory: the order is a permutation of ABC\n");
    return 1;
}

// A step-doubling controlled contact stepper whose error weighs q and s only: p passes through
// infinity at its poles, where its error would reject every step.
// [doc:controlled_qs]
template <class Stepper>
oc::controlled_contact<Stepper> controlled_qs(double tol) {
    return oc::controlled_contact<Stepper>(
        oc::contact_error_checker<double>(tol, tol, oc::error_components::q | oc::error_components::s));
}
// [/doc:controlled_qs]

// The one call per run that callgrind counts (`van_der_pol cost`, bench/adaptive_callgrind.py).
__attribute__((noinline)) void measured_run(const std::function<void()>& run) { run(); }

// Error against cost on t in [0, 20], sampled at every 0.4: fixed steps, step-doubling control
// and dopri5. `cost` prints the rows as bench/adaptive does, for
// bench/adaptive_callgrind.py.
int error_vs_cost(bool cost) {
    const double t_end = 20, sample = 0.4;
    const std::size_t samples = std::size_t(t_end / sample + 0.5);
    const auto reference = dopri5(1e-13, sample, samples);
    std::vector<double> times;
    for (std::size_t k = 0; k <= samples; ++k) times.push_back(double(k) * sample);
    std::FILE* out = cost ? nullptr : std::fopen("vdp_error_vs_cost.csv", "w");
    if (out) std::fprintf(out, "method,parameter,evaluations,error\n");
    if (cost) std::printf("forced Van der Pol, t in [0, 20]\n");
    auto report = [&](const char* method, double parameter, double error) {
        if (cost) {
            std::printf("%-22s %9.1e %10.3e %10zu %10.3e\n", method, parameter, error, evaluations, 0.0);
            return;
        }
        std::fprintf(out, "%s,%g,%zu,%.6g\n", method, parameter, evaluations, error);
        std::printf("%-16s %-9g %8zu evaluations of f, error %.3g\n", method, parameter, evaluations, error);
    };
    auto sweep = [&](auto stepper, const char* name) {
        using stepper_type = decltype(stepper);
        for (std::size_t refine = 1; refine <= 64; refine *= 2) {
            const double dt = sample / double(refine);
            evaluations = 0;
            std::vector<pair> x;
            std::string failure;
            measured_run([&] {
                try {
                    x = split<stepper_type>(dt, samples * refine);
                } catch (const oc::step_error& e) {
                    failure = e.what();  // a step too large: the damping of a diverging q overflows
                }
            });
            if (failure.empty()) report(name, dt, max_error(x, refine, reference, 1));
            else if (cost) report(name, dt, HUGE_VAL);
            else std::printf("%-16s %-9g fails: %s\n", name, dt, failure.c_str());
        }
    };
    // observed at the sample times, where the controlled stepper cuts its steps (dense output
    // would need the vector field of H, which these pieces, having only flows, do not give)
    auto adaptive = [&](auto make, const char* name) {
        for (double tol = 1e-3; tol >= 1e-11; tol /= 10) {
            evaluations = 0;
            std::vector<pair> y;
            measured_run([&] {
                state x{1.5, -3.0, 0.4};
                odeint::integrate_times(make(tol), H, x, times.begin(), times.end(), sample / 4,
                                        [&](const state& z, double) { y.push_back({z.q, z.s}); });
            });
            report(name, tol, max_error(y, 1, reference, 1));
        }
    };
    using kahan_li6 = oc::chi<oc::tables::kahan_li6, state>;
    sweep(oc::chi2<state>(), "chi2");
    sweep(oc::chi4<state>(), "chi4");
    sweep(kahan_li6(), "chi6_kl");
    adaptive([](double tol) { return controlled_qs<oc::chi2<state>>(tol); }, "controlled_chi2");
    adaptive([](double tol) { return controlled_qs<oc::chi4<state>>(tol); }, "controlled_chi4");
    adaptive([](double tol) { return controlled_qs<kahan_li6>(tol); }, "controlled_chi6_kl");
    for (double tol = 1e-3; tol >= 1e-11; tol /= 10) {
        evaluations = 0;
        std::vector<pair> y;
        measured_run([&] {
            pair x{1.5, 0.4};
            odeint::integrate_times(odeint::make_dense_output(tol, tol, odeint::runge_kutta_dopri5<pair>()), field, x,
                                    times.begin(), times.end(), sample / 4,
                                    [&](const pair& z, double) { y.push_back(z); });
        });
        report("dopri5", tol, max_error(y, 1, reference, 1));
    }
    if (out) std::fclose(out);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 2 && std::string(argv[1]) == "cost") return error_vs_cost(true);
    if (argc == 5 && std::string(argv[1]) == "trajectory")
        return trajectory(argv[2], std::atof(argv[3]), std::size_t(std::atol(argv[4])));

    // The limit cycle: chi2 at a large step beside dopri5 at a tight tolerance (sampled 10 times
    // as often, for a smooth curve).
    {
        const double dt = 0.2;
        const std::size_t steps = 300;
        const auto chi = split<oc::chi2<state>>(dt, steps);
        const auto reference = dopri5(1e-12, dt / 10, steps * 10);
        std::FILE* out = std::fopen("vdp_limit_cycle.csv", "w");
        std::fprintf(out, "t,q_chi2,s_chi2\n");
        for (std::size_t k = 0; k <= steps; ++k) std::fprintf(out, "%g,%.10g,%.10g\n", k * dt, chi[k][0], chi[k][1]);
        std::fclose(out);
        out = std::fopen("vdp_reference.csv", "w");
        std::fprintf(out, "t,q_dopri5,s_dopri5\n");
        for (std::size_t k = 0; k <= steps * 10; ++k)
            std::fprintf(out, "%g,%.10g,%.10g\n", k * dt / 10, reference[k][0], reference[k][1]);
        std::fclose(out);
        std::printf("t in [0, 60]: chi2 at dt = 0.2 differs from dopri5 (1e-12) by at most %.3g in q and s\n",
                    max_error(chi, 1, reference, 10));
    }

    return error_vs_cost(false);
}
