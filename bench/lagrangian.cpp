// SPDX-License-Identifier: BSL-1.0
// bench/lagrangian: the contact-Lagrangian steppers on the damped double pendulum of
// example/damped_double_pendulum.cpp (non-separable: configuration-dependent mass matrix), against
// odeint's controlled runge_kutta_dopri5 on the same system object, at equal accuracy.
//
// For each method and step (or tolerance): the error at T = 10 against dopri5 at 1e-13 (max over
// q, p, s), CPU time per run, and evaluations per step of L, its partials and its hessian (dopri5:
// per accepted step, each system call being one Legendre transform v(p) by Newton and one
// partials and value). Then, for each cvi2 / galerkin_cvi4 run, the dopri5 time and evaluations
// interpolated (log-log, between the two tolerances that bracket the error) at the same error.
// Two variants of the pendulum: with its hessian (exact Newton Jacobians) and without (central
// differences of the partials).
// A plain program, never a test; timings mean something only in an optimised build.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "../example/double_pendulum.hpp"
#include "time_of.hpp"

namespace {

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

using pendulum::coordinates;
using pendulum::state_type;
using counts = pendulum::evaluation_count;
using pendulum_with_hessian = pendulum::double_pendulum;
using pendulum_base = pendulum::double_pendulum_without_hessian;

// The pendulum (with or without its hessian) counting into c.
template <class Lagrangian>
Lagrangian counted(counts* c) {
    pendulum::double_pendulum p;
    p.count = c;
    if constexpr (std::is_same<Lagrangian, pendulum::double_pendulum>::value)
        return p;
    else
        return Lagrangian{p};
}

const state_type start{{1.2, 1.6}, {0.0, 0.0}, 0.0};
constexpr double end_time = 10.0;

double distance(const state_type& a, const state_type& b) {
    return std::max({std::abs(a.q[0] - b.q[0]), std::abs(a.q[1] - b.q[1]), std::abs(a.p[0] - b.p[0]),
                     std::abs(a.p[1] - b.p[1]), std::abs(a.s - b.s)});
}

struct rates {
    double values, partials, hessians;
};
struct result {
    double error, seconds, steps;
    rates per_step;
};

template <class Lagrangian, class Stepper>
result fixed_step(Stepper stepper, double dt, const state_type& reference) {
    counts c;
    const Lagrangian l = counted<Lagrangian>(&c);
    const auto system = oc::make_contact_lagrangian(l);
    const int steps = static_cast<int>(std::lround(end_time / dt));
    state_type x = start;
    odeint::integrate_n_steps(stepper, system, x, 0.0, dt, steps);
    const counts once = c;
    const double seconds = time_of([&] {
        state_type y = start;
        odeint::integrate_n_steps(stepper, system, y, 0.0, dt, steps);
    });
    return {distance(x, reference), seconds, double(steps),
            {double(once.values) / steps, double(once.partials) / steps, double(once.hessians) / steps}};
}

template <class Lagrangian>
result dopri5(double tolerance, const state_type& reference) {
    counts c;
    const Lagrangian l = counted<Lagrangian>(&c);
    const auto system = oc::make_contact_lagrangian(l);
    state_type x = start;
    const auto run = [&](state_type& y) {
        return odeint::integrate_adaptive(
            odeint::make_controlled(tolerance, tolerance, odeint::runge_kutta_dopri5<state_type>()), system, y, 0.0,
            end_time, 0.01);
    };
    const std::size_t steps = run(x);
    const counts once = c;
    const double seconds = time_of([&] {
        state_type y = start;
        run(y);
    });
    const double n = double(steps);
    return {distance(x, reference), seconds, n,
            {double(once.values) / n, double(once.partials) / n, double(once.hessians) / n}};
}

void print(const char* name, const std::string& parameter, const result& r) {
    std::printf("%-22s %10s %10.3e %8.0f %8.1f %8.1f %8.1f %12.3e\n", name, parameter.c_str(), r.error, r.steps,
                r.per_step.values, r.per_step.partials, r.per_step.hessians, r.seconds);
}

// dopri5's time and evaluations (all of L, partials, hessians per run) at `error`, interpolated
// log-log between the two tolerances of `sweep` whose errors bracket it.
void equal_accuracy(const char* name, const result& r, const std::vector<result>& sweep) {
    for (std::size_t i = 1; i < sweep.size(); ++i) {
        const result& a = sweep[i - 1];
        const result& b = sweep[i];
        if (!(a.error >= r.error && r.error >= b.error)) continue;
        const double w = std::log(a.error / r.error) / std::log(a.error / b.error);
        const double seconds = std::exp(std::log(a.seconds) + w * std::log(b.seconds / a.seconds));
        const auto total = [](const result& x) {
            return x.steps * double(x.per_step.values + x.per_step.partials + x.per_step.hessians);
        };
        const double evaluations = std::exp(std::log(total(a)) + w * std::log(total(b) / total(a)));
        std::printf("%-22s error %9.2e: time %9.3e s vs dopri5 %9.3e s (ratio %5.2f); evaluations %8.0f vs %8.0f\n",
                    name, r.error, r.seconds, seconds, r.seconds / seconds, total(r), evaluations);
        return;
    }
    std::printf("%-22s error %9.2e: outside the dopri5 sweep\n", name, r.error);
}

template <class Lagrangian>
void study(const char* title) {
    std::printf("\n== %s ==\n", title);
    counts c;
    const Lagrangian l = counted<Lagrangian>(&c);
    state_type reference = start;
    odeint::integrate_adaptive(odeint::make_controlled(1e-13, 1e-13, odeint::runge_kutta_dopri5<state_type>()),
                               oc::make_contact_lagrangian(l), reference, 0.0, end_time, 0.001);
    std::printf("%-22s %10s %10s %8s %8s %8s %8s %12s\n", "method", "dt / tol", "error", "steps", "L/step",
                "dL/step", "d2L/step", "s per run");
    std::vector<result> sweep;
    for (double tol : {1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11}) {
        sweep.push_back(dopri5<Lagrangian>(tol, reference));
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.0e", tol);
        print("dopri5", buffer, sweep.back());
    }
    std::vector<std::pair<std::string, result>> runs;
    for (double dt : {0.04, 0.02, 0.01}) runs.push_back({"cvi2 dt " + std::to_string(dt).substr(0, 4),
                                                         fixed_step<Lagrangian>(oc::cvi2<state_type>(), dt, reference)});
    for (double dt : {0.1, 0.05, 0.025})
        runs.push_back({"galerkin_cvi4 dt " + std::to_string(dt).substr(0, 5),
                        fixed_step<Lagrangian>(oc::galerkin_cvi4<state_type>(), dt, reference)});
    for (const auto& r : runs) print(r.first.c_str(), "", r.second);
    std::printf("-- at equal accuracy --\n");
    for (const auto& r : runs) equal_accuracy(r.first.c_str(), r.second, sweep);
}

}  // namespace

int main() {
    study<pendulum_with_hessian>("damped double pendulum, with hessian");
    study<pendulum_base>("damped double pendulum, without hessian (difference Jacobians)");
    return 0;
}
