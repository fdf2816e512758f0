// SPDX-License-Identifier: BSL-1.0
// galerkin_cvi4 on a component type that the library knows only through component_traits (as
// odeint's mpi_state, whose elements are spread over MPI ranks): its Newton solve needs plain
// copies of all of q and p, so the static_assert refuses it and points to cvi4 and chi4. The
// control is the same system on std::array.
// expect: a distributed state (odeint's mpi_state), a Thrust device_vector or another type known
#include "common.hpp"

#include <array>

struct vec2 {
    double x = 0, y = 0;
};
inline vec2 operator+(const vec2& a, const vec2& b) { return {a.x + b.x, a.y + b.y}; }
inline vec2 operator*(double c, const vec2& a) { return {c * a.x, c * a.y}; }

template <>
struct odeint_contact::component_traits<vec2> {
    using scalar_type = double;
    static double dot(const vec2& a, const vec2& b) { return a.x * b.x + a.y * b.y; }
};

#ifdef ODEINT_CONTACT_CONTROL
using coordinates = std::array<double, 2>;
#else
using coordinates = vec2;
#endif

struct spring2 {
    double value(const vec2& q, double) const { return (q.x * q.x + q.y * q.y) / 2; }
    void gradient(const vec2& q, double, vec2& dVdq) const { dVdq = q; }
    double value(const std::array<double, 2>& q, double) const { return (q[0] * q[0] + q[1] * q[1]) / 2; }
    void gradient(const std::array<double, 2>& q, double, std::array<double, 2>& dVdq) const { dVdq = q; }
};

int main() {
    namespace oc = odeint_contact;
    using state = oc::contact_state<coordinates, coordinates, double>;
    state x{};
    oc::galerkin_cvi4<state> stepper;
    stepper.do_step(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, spring2{}, oc::linear_action(0.1)), x,
                    0.0, 0.1);
}
