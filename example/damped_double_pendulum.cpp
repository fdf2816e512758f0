// SPDX-License-Identifier: BSL-1.0
// damped_double_pendulum: a contact Lagrangian whose Hamiltonian is not separable.
//
// Two unit masses on unit rods, angles q = (theta_1, theta_2) from the downward vertical:
//     L(q, v, z) = v.M(q)v/2 + 2g cos theta_1 + g cos theta_2 - gamma z,
//     M(q) = [[2, c], [c, 1]],  c = cos(theta_1 - theta_2).
// Herglotz's equations give the pendulum with the friction force -gamma p (p = M(q) v, the angular
// momenta), and the mechanical energy E = v.M v/2 - 2g cos theta_1 - g cos theta_2 decays. The mass
// matrix depends on q, so H(q, p) = p.M(q)^{-1} p/2 + ... mixes q and p: neither chi nor the
// separable cvi2 applies. make_contact_lagrangian(L) gives cvi2 and galerkin_cvi4 (and odeint's
// steppers, through the same object) what they need: L and its partials.
//
// Output: a table on stdout (steps, evaluations of L and its partials per step, largest energy
// error against the reference over the run) and, in the current directory, for cvi2 (dt = 0.05),
// galerkin_cvi4 (dt = 0.1) and the reference (odeint's dense-output Dormand-Prince at 1e-12 on the
// same system):
//   damped_double_pendulum_<method>.csv       every 0.1: t, theta_1, theta_2, x_2, y_2 (the lower
//                                             bob), E;
//   damped_double_pendulum_<method>_path.csv  the bob's path t, x_2, y_2 finely: the reference
//                                             every 0.005; a variational method at its steps and,
//                                             between them, at 9 points of the cubic Hermite
//                                             interpolant of the angles through both ends with the
//                                             method's own velocities (v from p there). Chords
//                                             between the samples every 0.1 gave the figure
//                                             corners; the interpolant adds no information beyond
//                                             the steps' q and p, it only draws them smoothly.
// doc/plots/damped_double_pendulum.gp draws the figure.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include <odeint_contact/odeint_contact.hpp>

#include "double_pendulum.hpp"

namespace odeint = boost::numeric::odeint;
namespace oc = odeint_contact;

using pendulum::coordinates;
using pendulum::double_pendulum;
using pendulum::evaluation_count;
using pendulum::state_type;

template <class System>
struct csv_writer {
    const System& system;
    const double_pendulum& lagrangian;
    std::FILE* file;

    void operator()(const state_type& x, double t) {
        coordinates v;
        system.velocity(x, t, v);
        const double e = lagrangian.energy(x.q, v);
        const double x2 = std::sin(x.q[0]) + std::sin(x.q[1]);
        const double y2 = -std::cos(x.q[0]) - std::cos(x.q[1]);
        std::fprintf(file, "%.6f,%.10f,%.10f,%.10f,%.10f,%.10f\n", t, x.q[0], x.q[1], x2, y2, e);
    }
};

// The lower bob at angles q.
void write_bob(std::FILE* file, double t, const coordinates& q) {
    std::fprintf(file, "%.6f,%.10f,%.10f\n", t, std::sin(q[0]) + std::sin(q[1]), -std::cos(q[0]) - std::cos(q[1]));
}

// One step's piece of the path: (t_a, q_a, v_a) to (t_a + dt, q_b, v_b) by the cubic Hermite
// interpolant, the start point and `inner` points inside (the end point is the next piece's start).
void write_hermite_piece(std::FILE* file, double t, double dt, const coordinates& qa, const coordinates& va,
                         const coordinates& qb, const coordinates& vb, int inner) {
    for (int j = 0; j <= inner; ++j) {
        const double u = double(j) / (inner + 1);
        const double h00 = (1 + 2 * u) * (1 - u) * (1 - u), h10 = u * (1 - u) * (1 - u);
        const double h01 = u * u * (3 - 2 * u), h11 = u * u * (u - 1);
        coordinates q;
        for (int i = 0; i < 2; ++i) q[i] = h00 * qa[i] + h10 * dt * va[i] + h01 * qb[i] + h11 * dt * vb[i];
        write_bob(file, t + u * dt, q);
    }
}

int main() {
    evaluation_count count;
    double_pendulum pendulum;
    pendulum.count = &count;
    const auto system = oc::make_contact_lagrangian(pendulum);
    // The same system without the counter, for the velocities of the drawn path.
    const auto uncounted = oc::make_contact_lagrangian(double_pendulum{});
    const state_type start{{1.2, 1.6}, {0.0, 0.0}, 0.0};
    const double end = 30.0;

    std::printf("%-14s %6s %8s %12s %12s %12s %16s\n", "method", "dt", "steps", "L/step", "dL/step", "d2L/step",
                "max |E - E_ref|");

    // The reference first: its energies at every 0.1 are what the others are compared with. The
    // dense-output stepper chooses its steps regardless of the observation times, so observing
    // it every 0.005 for the path leaves the samples every 0.1 as they were (up to the rounding
    // of the times k * 0.005 against k * 0.1: one of 301 energies moved in its 11th digit).
    const double sample = 0.1;
    const int samples = static_cast<int>(std::lround(end / sample));
    const int path_per_sample = 20;
    std::vector<double> reference_energy;
    {
        std::FILE* file = std::fopen("damped_double_pendulum_reference.csv", "w");
        std::FILE* path = std::fopen("damped_double_pendulum_reference_path.csv", "w");
        std::fprintf(file, "t,theta1,theta2,x2,y2,E\n");
        std::fprintf(path, "t,x2,y2\n");
        state_type x = start;
        auto stepper = odeint::make_dense_output(1e-12, 1e-12, odeint::runge_kutta_dopri5<state_type>());
        int k = 0;
        odeint::integrate_n_steps(stepper, system, x, 0.0, sample / path_per_sample, samples * path_per_sample,
                                  [&](const state_type& y, double t) {
                                      write_bob(path, t, y.q);
                                      if (k++ % path_per_sample != 0) return;
                                      coordinates v;
                                      system.velocity(y, t, v);
                                      reference_energy.push_back(pendulum.energy(y.q, v));
                                      csv_writer<decltype(system)>{system, pendulum, file}(y, t);
                                  });
        std::fclose(path);
        std::fclose(file);
        std::printf("%-14s %6s %8s %12s %12s %12s %16s\n", "dopri5 1e-12", "-", "-", "-", "-", "-", "(reference)");
    }

    const auto compare = [&](auto stepper, const char* name, double dt) {
        std::FILE* file = std::fopen((std::string("damped_double_pendulum_") + name + ".csv").c_str(), "w");
        std::FILE* path = std::fopen((std::string("damped_double_pendulum_") + name + "_path.csv").c_str(), "w");
        std::fprintf(file, "t,theta1,theta2,x2,y2,E\n");
        std::fprintf(path, "t,x2,y2\n");
        state_type x = start;
        coordinates v_start;
        uncounted.velocity(x, 0.0, v_start);
        const int per_sample = static_cast<int>(std::lround(sample / dt));
        const int steps = samples * per_sample;
        double worst = 0;
        count = {};
        // The observer's evaluations (v from p for E) are not the method's: counted apart.
        evaluation_count observer;
        for (int k = 0; k <= steps; ++k) {
            const double t = k * dt;
            if (k % per_sample == 0) {
                const evaluation_count before = count;
                coordinates v;
                system.velocity(x, t, v);
                const double e = pendulum.energy(x.q, v);
                worst = std::max(worst, std::abs(e - reference_energy[static_cast<std::size_t>(k / per_sample)]));
                csv_writer<decltype(system)>{system, pendulum, file}(x, t);
                observer.values += count.values - before.values;
                observer.partials += count.partials - before.partials;
                observer.hessians += count.hessians - before.hessians;
            }
            if (k < steps) {
                const state_type before = x;
                stepper.do_step(system, x, t, dt);
                coordinates v_end;
                uncounted.velocity(x, t + dt, v_end);
                write_hermite_piece(path, t, dt, before.q, v_start, x.q, v_end, 9);
                v_start = v_end;
            } else {
                write_bob(path, t, x.q);
            }
        }
        std::fclose(path);
        std::fclose(file);
        std::printf("%-14s %6.2f %8d %12.1f %12.1f %12.1f %16.3g\n", name, dt, steps,
                    double(count.values - observer.values) / steps, double(count.partials - observer.partials) / steps,
                    double(count.hessians - observer.hessians) / steps, worst);
    };
    compare(oc::cvi2<state_type>(), "cvi2", 0.05);
    compare(oc::galerkin_cvi4<state_type>(), "galerkin_cvi4", 0.1);
    return 0;
}
