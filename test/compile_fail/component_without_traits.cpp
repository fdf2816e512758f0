// SPDX-License-Identifier: BSL-1.0
// A state component type that is neither a number, a Boost range nor an Eigen object (here a
// small vector type with arithmetic operators only): contact_state refuses it with a
// static_assert that names the customization point; specialising it makes the program valid.
// expect: specialise odeint_contact::component_traits<T> with scalar_type and dot(a, b)
#include "common.hpp"

struct vec2 {
    double x = 0, y = 0;
};
inline vec2 operator+(const vec2& a, const vec2& b) { return {a.x + b.x, a.y + b.y}; }
inline vec2 operator*(double c, const vec2& a) { return {c * a.x, c * a.y}; }

#ifdef ODEINT_CONTACT_CONTROL
// [doc:component_traits]
template <>
struct odeint_contact::component_traits<vec2> {
    using scalar_type = double;
    static double dot(const vec2& a, const vec2& b) { return a.x * b.x + a.y * b.y; }
};
// [/doc:component_traits]
#endif

struct spring2 {
    double value(const vec2& q, double) const { return (q.x * q.x + q.y * q.y) / 2; }
    void gradient(const vec2& q, double, vec2& dVdq) const { dVdq = q; }
};

int main() {
    namespace oc = odeint_contact;
    using state = oc::contact_state<vec2, vec2, double>;
    state x{{1.0, 0.0}, {0.0, 1.0}, 0.0};
    oc::chi2<state> chi;
    chi.do_step(oc::make_separable_hamiltonian(oc::quadratic_kinetic<>{}, spring2{}, oc::linear_action(0.1)), x,
                0.0, 0.1);
}
