// Error at a fixed time against cost, for chi2, chi4, chi6, chi8 and odeint's runge_kutta4 on the
// perturbed Kepler problem of the paper (errata section 4: V = -1/|q|, F = f(t) s with
// f(t) = -0.05 sin(pi t), q0 = (0, sqrt 1.5), p0 = (0.8, 0), s0 = 0), integrated to T = 20
// (about three orbits).
//
// Cost is the number of evaluations of dV/dq, counted by the potential itself (the expensive call
// in an N-body-like problem). Error is the largest of |q - q_ref|, |p - p_ref| (Euclidean) and
// |s - s_ref| at T, against a reference: chi8 with dt = 1/128, whose own error the program bounds
// by comparing it with chi8 at half that step and with chi6 at a quarter of it.
//
// Writes error_vs_cost.csv (method, steps, dt, evaluations, error) for doc/plots/error_vs_cost.gp,
// and prints, for a few target accuracies, the fewest evaluations each method needs (interpolated
// between measured points in log-log) - the numbers quoted in doc/choosing_a_method.md.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "paper_problems.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;
using state = paper::kepler_state;

namespace {

constexpr double end_time = 20.0;

// The paper's Kepler potential, counting its gradient evaluations.
struct counted_kepler_potential {
    std::size_t* gradients;
    double value(const paper::kepler_coor& q, double t) const {
        return paper::kepler_potential{}.value(q, t);
    }
    void gradient(const paper::kepler_coor& q, double t, paper::kepler_coor& dVdq) const {
        ++*gradients;
        paper::kepler_potential{}.gradient(q, t, dVdq);
    }
};

struct run_result {
    state x;
    std::size_t evaluations;
};

template <class Stepper>
run_result run(std::size_t steps) {
    std::size_t gradients = 0;
    const auto H =
        oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, counted_kepler_potential{&gradients},
                                       oc::linear_action(paper::kepler_friction{-0.05}));
    state x = paper::kepler_initial_state();
    // integrate_n_steps, not integrate_const: the latter may drop the last step to rounding of t.
    odeint::integrate_n_steps(Stepper(), H, x, 0.0, end_time / double(steps), steps);
    return {x, gradients};
}

double deviation(const state& a, const state& b) {
    return std::max({std::hypot(a.q[0] - b.q[0], a.q[1] - b.q[1]),
                     std::hypot(a.p[0] - b.p[0], a.p[1] - b.p[1]), std::abs(a.s - b.s)});
}

struct point {
    std::string method;
    std::size_t steps;
    double dt;
    std::size_t evaluations;
    double error;
};

// Step counts 10 * 2^(k/4): four points per halving of dt, from dt = 2 down until the error
// reaches `floor` (chi8 at dt ~ 0.03) or the evaluations exceed the budget (chi2 at dt ~ 1e-5).
template <class Stepper>
void sweep(const std::string& method, const state& reference, double floor, std::size_t max_evaluations,
           std::vector<point>& out) {
    for (int k = 0;; ++k) {
        const auto steps = static_cast<std::size_t>(std::lround(10.0 * std::pow(2.0, k / 4.0)));
        const run_result r = run<Stepper>(steps);
        if (r.evaluations > max_evaluations) break;
        const double error = deviation(r.x, reference);
        out.push_back({method, steps, end_time / double(steps), r.evaluations, error});
        if (error < floor) break;
    }
}

// Fewest evaluations for which the method's error is <= target: the first crossing of the target
// by the measured curve, interpolated linearly in log(evaluations)-log(error). NaN if never.
double evaluations_for(const std::vector<point>& points, const std::string& method, double target) {
    const point* previous = nullptr;
    for (const point& p : points) {
        if (p.method != method) continue;
        if (std::isfinite(p.error) && p.error <= target) {
            if (!previous || !std::isfinite(previous->error) || previous->error > 1.0)
                return double(p.evaluations);
            const double a = std::log(previous->error), b = std::log(p.error);
            const double x0 = std::log(double(previous->evaluations)), x1 = std::log(double(p.evaluations));
            return std::exp(x0 + (std::log(target) - a) / (b - a) * (x1 - x0));
        }
        previous = &p;
    }
    return std::nan("");
}

}  // namespace

int main() {
    using chi2 = oc::chi2<state>;
    using chi4 = oc::chi4<state>;
    using chi6 = oc::chi6<state>;
    using chi8 = oc::chi8<state>;
    using rk4 = odeint::runge_kutta4<state>;

    // The reference: chi8 with dt = 1/128. Extrapolated from the sweep below (order 8, error 4e-12
    // at dt = 0.026), its truncation error is ~4e-12 (0.0078/0.026)^8 ~ 3e-16; what the comparison
    // with two other fine runs measures is round-off.
    const state reference = run<chi8>(128 * 20).x;
    const double to_finer = deviation(run<chi8>(256 * 20).x, reference);
    const double to_chi6 = deviation(run<chi6>(512 * 20).x, reference);
    const double reference_error = std::max(to_finer, to_chi6);
    std::printf("reference: chi8, dt = 1/128; differs from chi8 at dt/2 by %.1e, from chi6 at dt/4 by %.1e\n",
                to_finer, to_chi6);

    // Stop a method's sweep when its error is within a factor 10 of the reference's level (below that
    // the curve shows round-off, not the method) or past 2e6 evaluations.
    const double floor = 10 * reference_error;
    const std::size_t budget = 2000000;
    std::vector<point> points;
    sweep<chi2>("chi2", reference, floor, budget, points);
    sweep<chi4>("chi4", reference, floor, budget, points);
    sweep<chi6>("chi6", reference, floor, budget, points);
    sweep<chi8>("chi8", reference, floor, budget, points);
    sweep<rk4>("runge_kutta4", reference, floor, budget, points);

    std::FILE* csv = std::fopen("error_vs_cost.csv", "w");
    if (!csv) {
        std::perror("error_vs_cost.csv");
        return 1;
    }
    std::fprintf(csv, "method,steps,dt,evaluations,error\n");
    for (const point& p : points)
        std::fprintf(csv, "%s,%zu,%.17g,%zu,%.6e\n", p.method.c_str(), p.steps, p.dt, p.evaluations, p.error);
    std::fclose(csv);

    const char* methods[] = {"chi2", "chi4", "chi6", "chi8", "runge_kutta4"};
    std::printf("\nevaluations of dV/dq needed for an error <= target at T = %g\n", end_time);
    std::printf("%-8s", "target");
    for (const char* m : methods) std::printf(" %13s", m);
    std::printf("   cheapest\n");
    for (double target : {1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11}) {
        std::printf("%-8.0e", target);
        const char* best = "-";
        double best_cost = INFINITY;
        for (const char* m : methods) {
            const double n = evaluations_for(points, m, target);
            if (std::isnan(n))
                std::printf(" %13s", "-");
            else
                std::printf(" %13.0f", n);
            if (n < best_cost) {
                best_cost = n;
                best = m;
            }
        }
        std::printf("   %s\n", best);
    }
    return 0;
}
