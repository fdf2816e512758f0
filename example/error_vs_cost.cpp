// SPDX-License-Identifier: BSL-1.0
// Error at a fixed time against cost for every composition table with both base steps (chi<Table>
// and cvi<Table>) and odeint's runge_kutta4, on two problems:
//   kepler:     the paper's perturbed Kepler problem (doc/theory.md, Errata item 4: V = -1/|q|,
//               F = f(t) s with f(t) = -0.05 sin(pi t), q0 = (0, sqrt 1.5), p0 = (0.8, 0),
//               s0 = 0), to T = 20 (about three orbits);
//   oscillator: the damped oscillator H = p^2/2 + q^2/2 + gamma s, gamma = 0.1, from
//               (q, p, s) = (1, 0.5, 0.25), to T = 20.
//
// Cost is the number of evaluations of dV/dq, counted by the potential itself (the expensive call
// in an N-body-like problem). cvi carries its sample from step to step (initialize, then
// do_step(H, x, sample, t, dt)): one evaluation per stage, plus one at the start. galerkin_cvi4
// (implicit) calls V and dV/dq together N + 3 times per step and the Hessian of V N times (N
// Newton updates); both are counted, the Hessians separately. Each run is also timed (wall
// time: the fastest of repetitions over at least 2 ms). Error is the
// largest of |q - q_ref|, |p - p_ref| (Euclidean) and |s - s_ref| at T, against a reference:
// chi<kahan_li8> with a fine step, whose own error the program bounds by comparing it with the
// same method at half the step and with chi<sofroniou_spaletta10>.
//
// Writes error_vs_cost.csv (problem, base, table, steps, dt, evaluations, error, hessians,
// seconds) for
// doc/plots/error_vs_cost.gp, and prints, per problem and target accuracy, the fewest evaluations
// each method needs (interpolated between measured points in log-log) - the numbers quoted in
// doc/choosing_a_method.md - and the accuracy-per-cost goals (doc/performance.md) on them.
#include <algorithm>
#include <array>
#include <chrono>
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
namespace tables = oc::tables;

namespace {

constexpr double end_time = 20.0;

// What a run's potential counts.
struct counters {
    std::size_t gradients = 0;
    std::size_t hessians = 0;
};

// The paper's Kepler potential, counting its gradient and Hessian evaluations.
struct counted_kepler_potential {
    counters* count;
    double value(const paper::kepler_coor& q, double t) const { return paper::kepler_potential{}.value(q, t); }
    void gradient(const paper::kepler_coor& q, double t, paper::kepler_coor& dVdq) const {
        ++count->gradients;
        paper::kepler_potential{}.gradient(q, t, dVdq);
    }
    void hessian(const paper::kepler_coor& q, double t, oc::hessian_matrix<double>& H) const {
        ++count->hessians;
        paper::kepler_potential{}.hessian(q, t, H);
    }
};

struct kepler {
    static constexpr const char* name = "kepler";
    using state = paper::kepler_state;
    static auto hamiltonian(counters* count) {
        return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, counted_kepler_potential{count},
                                              oc::linear_action(paper::kepler_friction{-0.05}));
    }
    static state start() { return paper::kepler_initial_state(); }
    static double deviation(const state& a, const state& b) {
        return std::max({std::hypot(a.q[0] - b.q[0], a.q[1] - b.q[1]),
                         std::hypot(a.p[0] - b.p[0], a.p[1] - b.p[1]), std::abs(a.s - b.s)});
    }
};

// V = q^2/2, counting its gradient and Hessian evaluations.
struct counted_spring {
    counters* count;
    double value(double q, double) const { return q * q / 2; }
    void gradient(double q, double, double& dVdq) const {
        ++count->gradients;
        dVdq = q;
    }
    void hessian(double, double, oc::hessian_matrix<double>& H) const {
        ++count->hessians;
        H(0, 0) = 1;
    }
};

struct oscillator {
    static constexpr const char* name = "oscillator";
    using state = oc::contact_state<double>;
    static auto hamiltonian(counters* count) {
        return oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, counted_spring{count},
                                              oc::linear_action(0.1));
    }
    static state start() { return {1.0, 0.5, 0.25}; }
    static double deviation(const state& a, const state& b) {
        return std::max({std::abs(a.q - b.q), std::abs(a.p - b.p), std::abs(a.s - b.s)});
    }
};

template <class Problem>
struct run_result {
    typename Problem::state x;
    counters count;
    double seconds;
};

template <class T>
struct has_sample {
    template <class U>
    static std::true_type test(typename U::sample_type*);
    template <class U>
    static std::false_type test(...);
    static constexpr bool value = decltype(test<T>(nullptr))::value;
};

template <class Problem, class Stepper>
typename Problem::state run_once(std::size_t steps, counters& count) {
    const auto H = Problem::hamiltonian(&count);
    typename Problem::state x = Problem::start();
    const double dt = end_time / double(steps);
    if constexpr (has_sample<Stepper>::value) {
        Stepper stepper;
        typename Stepper::sample_type v;
        stepper.initialize(H, x, 0.0, v);
        for (std::size_t n = 0; n < steps; ++n) stepper.do_step(H, x, v, double(n) * dt, dt);
    } else {
        // integrate_n_steps, not integrate_const: the latter may drop the last step to rounding of t.
        odeint::integrate_n_steps(Stepper(), H, x, 0.0, dt, steps);
    }
    return x;
}

// One counted run, then repetitions until 2 ms (and at least 3 runs) have passed; the wall time
// is the fastest run's, the one least disturbed by other processes on a shared machine.
template <class Problem, class Stepper>
run_result<Problem> run(std::size_t steps) {
    using clock = std::chrono::steady_clock;
    counters count;
    const auto begin = clock::now();
    const typename Problem::state x = run_once<Problem, Stepper>(steps, count);
    auto fastest = clock::now() - begin;
    for (int runs = 1; runs < 3 || clock::now() - begin < std::chrono::milliseconds(2); ++runs) {
        counters ignored;
        const auto start = clock::now();
        run_once<Problem, Stepper>(steps, ignored);
        fastest = std::min(fastest, clock::now() - start);
    }
    return {x, count, std::chrono::duration<double>(fastest).count()};
}

struct point {
    std::string problem, base, table;
    std::size_t steps;
    double dt;
    std::size_t evaluations;  // of dV/dq (galerkin_cvi4: of V and dV/dq together)
    double error;
    std::size_t hessians;
    double seconds;  // wall time of one run
};

// Step counts 10 * 2^(k/4): four points per halving of dt, from dt = 2 down until the error
// reaches `floor` or the evaluations exceed the budget. A step size at which the method throws
// (galerkin_cvi4's Newton iteration on the longest steps) gives no point.
template <class Problem, class Stepper>
void sweep(const char* base, const char* table, const typename Problem::state& reference, double floor,
           std::vector<point>& out) {
    const std::size_t budget = 2000000;
    for (int k = 0;; ++k) {
        const auto steps = static_cast<std::size_t>(std::lround(10.0 * std::pow(2.0, k / 4.0)));
        run_result<Problem> r;
        try {
            r = run<Problem, Stepper>(steps);
        } catch (const oc::step_error&) {
            continue;
        }
        if (r.count.gradients > budget) break;
        const double error = Problem::deviation(r.x, reference);
        out.push_back({Problem::name, base, table, steps, end_time / double(steps), r.count.gradients, error,
                       r.count.hessians, r.seconds});
        if (error < floor) break;
    }
}

// Costs of a point: evaluations of dV/dq; those plus Hessians; wall time.
double gradients_of(const point& p) { return double(p.evaluations); }
double gradients_and_hessians_of(const point& p) { return double(p.evaluations + p.hessians); }
double seconds_of(const point& p) { return p.seconds; }

// Least cost for which the method's error is <= target: the first crossing of the target by the
// measured curve, interpolated linearly in log(cost)-log(error). NaN if never.
double cost_for(const std::vector<point>& points, const std::string& problem, const std::string& base,
                const std::string& table, double target, double (*cost)(const point&)) {
    const point* previous = nullptr;
    for (const point& p : points) {
        if (p.problem != problem || p.base != base || p.table != table) continue;
        if (std::isfinite(p.error) && p.error <= target) {
            if (!previous || !std::isfinite(previous->error) || previous->error > 1.0) return cost(p);
            const double a = std::log(previous->error), b = std::log(p.error);
            const double x0 = std::log(cost(*previous)), x1 = std::log(cost(p));
            return std::exp(x0 + (std::log(target) - a) / (b - a) * (x1 - x0));
        }
        previous = &p;
    }
    return std::nan("");
}

double evaluations_for(const std::vector<point>& points, const std::string& problem, const std::string& base,
                       const std::string& table, double target) {
    return cost_for(points, problem, base, table, target, gradients_of);
}

template <template <class...> class Engine, class Problem>
void sweep_tables(const char* base, const typename Problem::state& reference, double floor,
                  std::vector<point>& out) {
    using S = typename Problem::state;
    sweep<Problem, Engine<tables::single_stage, S>>(base, "single_stage", reference, floor, out);
    sweep<Problem, Engine<tables::triple_jump4, S>>(base, "triple_jump4", reference, floor, out);
    sweep<Problem, Engine<tables::suzuki4, S>>(base, "suzuki4", reference, floor, out);
    sweep<Problem, Engine<tables::yoshida6, S>>(base, "yoshida6", reference, floor, out);
    sweep<Problem, Engine<tables::kahan_li6, S>>(base, "kahan_li6", reference, floor, out);
    sweep<Problem, Engine<tables::yoshida8, S>>(base, "yoshida8", reference, floor, out);
    sweep<Problem, Engine<tables::mclachlan8, S>>(base, "mclachlan8", reference, floor, out);
    sweep<Problem, Engine<tables::kahan_li8, S>>(base, "kahan_li8", reference, floor, out);
    sweep<Problem, Engine<tables::sofroniou_spaletta10, S>>(base, "sofroniou_spaletta10", reference, floor, out);
}

const char* const table_names[] = {"single_stage", "triple_jump4", "suzuki4",    "yoshida6",  "kahan_li6",
                                   "yoshida8",     "mclachlan8",   "kahan_li8", "sofroniou_spaletta10"};

template <class Problem>
void measure(std::vector<point>& points) {
    using S = typename Problem::state;
    using reference_method = oc::chi<tables::kahan_li8, S>;
    // The reference: chi<kahan_li8> with dt = 1/128; its truncation error there is far below
    // round-off (order 8, error ~1e-11 at dt = 0.1 on Kepler), so the comparison with two other
    // fine runs measures round-off.
    const S reference = run<Problem, reference_method>(128 * 20).x;
    const double to_finer = Problem::deviation(run<Problem, reference_method>(256 * 20).x, reference);
    const double to_other =
        Problem::deviation(run<Problem, oc::chi<tables::sofroniou_spaletta10, S>>(64 * 20).x, reference);
    const double reference_error = std::max(to_finer, to_other);
    std::printf("%s reference: chi<kahan_li8>, dt = 1/128; differs from itself at dt/2 by %.1e, from "
                "chi<sofroniou_spaletta10> at dt = 1/64 by %.1e\n",
                Problem::name, to_finer, to_other);
    // Stop a sweep when its error is within a factor 10 of the reference's level (below that the
    // curve shows round-off, not the method).
    const double floor = 10 * reference_error;
    sweep_tables<oc::chi, Problem>("chi", reference, floor, points);
    sweep_tables<oc::cvi, Problem>("cvi", reference, floor, points);
    sweep<Problem, odeint::runge_kutta4<S>>("rk4", "runge_kutta4", reference, floor, points);
    sweep<Problem, oc::galerkin_cvi4<S>>("galerkin", "galerkin_cvi4", reference, floor, points);
}

void print_costs(const std::vector<point>& points, const char* problem) {
    std::printf("\n%s: evaluations of dV/dq needed for an error <= target at T = %g\n", problem, end_time);
    std::printf("%-26s", "method");
    const double targets[] = {1e-1, 1e-2, 1e-4, 1e-6, 1e-8, 1e-10, 1e-11};
    for (double target : targets) std::printf(" %9.0e", target);
    std::printf("\n");
    for (const char* base : {"chi", "cvi"}) {
        for (const char* table : table_names) {
            std::printf("%-26s", (std::string(base) + "<" + table + ">").c_str());
            for (double target : targets) {
                const double n = evaluations_for(points, problem, base, table, target);
                if (std::isnan(n))
                    std::printf(" %9s", "-");
                else
                    std::printf(" %9.0f", n);
            }
            std::printf("\n");
        }
    }
    // galerkin_cvi4: calls of V and dV/dq (its Hessians in print_fourth_order).
    const std::array<const char*, 2> others[] = {{"rk4", "runge_kutta4"}, {"galerkin", "galerkin_cvi4"}};
    for (const auto& m : others) {
        std::printf("%-26s", m[1]);
        for (double target : targets) {
            const double n = evaluations_for(points, problem, m[0], m[1], target);
            if (std::isnan(n))
                std::printf(" %9s", "-");
            else
                std::printf(" %9.0f", n);
        }
        std::printf("\n");
    }
}

// galerkin_cvi4 against the fourth-order explicit methods: for an error <= target, evaluations
// (galerkin_cvi4: calls of V and dV/dq, then those plus Hessians) and wall time.
void print_fourth_order(const std::vector<point>& points, const char* problem) {
    std::printf("\n%s, fourth order: cost for an error <= target at T = %g (evaluations of dV/dq; "
                "galerkin_cvi4: V&dV/dq calls + Hessians; wall time in microseconds)\n",
                problem, end_time);
    const struct {
        const char *label, *base, *table;
    } methods[] = {{"galerkin_cvi4", "galerkin", "galerkin_cvi4"},
                   {"chi4 (chi<triple_jump4>)", "chi", "triple_jump4"},
                   {"cvi4 (cvi<triple_jump4>)", "cvi", "triple_jump4"},
                   {"chi<suzuki4>", "chi", "suzuki4"},
                   {"runge_kutta4", "rk4", "runge_kutta4"}};
    for (double target : {1e-2, 1e-4, 1e-6, 1e-8, 1e-10}) {
        std::printf("  %.0e:", target);
        for (const auto& m : methods) {
            const double evaluations = cost_for(points, problem, m.base, m.table, target, gradients_of);
            const double with_hessians = cost_for(points, problem, m.base, m.table, target, gradients_and_hessians_of);
            const double seconds = cost_for(points, problem, m.base, m.table, target, seconds_of);
            if (std::string(m.base) == "galerkin")
                std::printf("  %s %.0f+%.0f %.0f us;", m.label, evaluations, with_hessians - evaluations,
                            1e6 * seconds);
            else
                std::printf("  %s %.0f %.0f us;", m.label, evaluations, 1e6 * seconds);
        }
        std::printf("\n");
    }
}

// The accuracy-per-cost goals (doc/performance.md) on the measured curves.
void print_goals(const std::vector<point>& points) {
    std::printf("\nGoal 1 (perturbed Kepler): evaluations for an error <= target, runge_kutta4 / best "
                "4th-order contact method\n");
    for (double target : {1e-4, 1e-5, 1e-6, 1e-7, 1e-8}) {
        const double rk4 = evaluations_for(points, "kepler", "rk4", "runge_kutta4", target);
        double best = INFINITY;
        std::string which;
        for (const char* base : {"chi", "cvi"})
            for (const char* table : {"triple_jump4", "suzuki4"}) {
                const double n = evaluations_for(points, "kepler", base, table, target);
                if (n < best) {
                    best = n;
                    which = std::string(base) + "<" + table + ">";
                }
            }
        std::printf("  %.0e: runge_kutta4 %.0f, %s %.0f: ratio %.2f (%s)\n", target, rk4, which.c_str(), best,
                    rk4 / best, rk4 > best ? "met" : "not met");
    }
    std::printf("\nGoal 2: evaluations for an error <= 1e-10, Yoshida's table / the best other table of "
                "the same order\n");
    for (const char* problem : {"kepler", "oscillator"})
        for (const char* base : {"chi", "cvi"}) {
            const struct {
                const char* yoshida;
                const char* others[2];
            } orders[] = {{"yoshida6", {"kahan_li6", "kahan_li6"}}, {"yoshida8", {"mclachlan8", "kahan_li8"}}};
            for (const auto& o : orders) {
                const double y = evaluations_for(points, problem, base, o.yoshida, 1e-10);
                double best = INFINITY;
                const char* which = "-";
                for (const char* other : o.others) {
                    const double n = evaluations_for(points, problem, base, other, 1e-10);
                    if (n < best) {
                        best = n;
                        which = other;
                    }
                }
                std::printf("  %-10s %s: %s %.0f, %s %.0f: ratio %.2f (%s)\n", problem, base, o.yoshida, y, which,
                            best, y / best, y >= 2 * best ? "met" : "not met");
            }
        }
}

}  // namespace

int main() {
    std::vector<point> points;
    measure<kepler>(points);
    measure<oscillator>(points);

    std::FILE* csv = std::fopen("error_vs_cost.csv", "w");
    if (!csv) {
        std::perror("error_vs_cost.csv");
        return 1;
    }
    std::fprintf(csv, "problem,base,table,steps,dt,evaluations,error,hessians,seconds\n");
    for (const point& p : points)
        std::fprintf(csv, "%s,%s,%s,%zu,%.17g,%zu,%.6e,%zu,%.3e\n", p.problem.c_str(), p.base.c_str(),
                     p.table.c_str(), p.steps, p.dt, p.evaluations, p.error, p.hessians, p.seconds);
    std::fclose(csv);

    print_costs(points, "kepler");
    print_costs(points, "oscillator");
    print_fourth_order(points, "kepler");
    print_fourth_order(points, "oscillator");
    print_goals(points);
    return 0;
}
