// SPDX-License-Identifier: BSL-1.0
// Newton's method for the small dense systems of implicit variational steps: R(x) = 0 with
// x in Value^n, the exact (or a finite-difference) Jacobian supplied by the caller, the linear
// system solved by Gaussian elimination with partial pivoting. It knows nothing of contact
// states, potentials or units: the stepper maps its unknowns to plain numbers and back, and turns
// a failed report into its own exception (detail/ includes no public header, errors.hpp is one).
//
// Protocol: solve(x, evaluate, jacobian) with x the predictor on entry and
//   evaluate(x, r)   writes R(x) into r (n numbers);
//   jacobian(x, J)   writes dR/dx into J (n x n, J(i, j) = dR_i/dx_j); it is called only right
//                    after evaluate(x, r) at the same x, so it may reuse what evaluate computed.
// evaluate is called once more after the last update, at the returned x: whatever it computed
// there (stage values, the caller's outputs) belongs to the solution.
//
// Convergence, to the precision of Value (eps = numeric_limits<Value>::epsilon()), with
// tol = 8 eps max(|x|_inf, scale) and d_k the k-th update:
//   - |d_k| <= tol, or
//   - with the observed contraction theta = |d_k| / |d_{k-1}| < 1, the remaining error of a
//     linearly (or faster) converging iteration, theta/(1 - theta) |d_k|, is <= tol (the bound
//     of Hairer & Wanner for simplified Newton; exact Newton has theta -> 0 and stops one update
//     earlier than the first rule), or
//   - rounding floor: |d_k| <= eps^(3/4) max(|x|, scale) and theta >= 1/2. Newton that has
//     reached the level where R is dominated by the rounding of its own evaluation stops
//     shrinking its updates (quadratic convergence would have divided |d| by far more than 2);
//     the iterate is then as accurate as R can be evaluated, and further updates are noise.
//     eps^(3/4) admits a rounding floor up to eps^(-1/4) (1e4 in double) times tol, i.e. a
//     Jacobian that ill-conditioned, and no slow iteration that is still far from its root.
// A finite-difference Jacobian (relative accuracy delta) makes the convergence linear with
// theta ~ delta times the condition of J: still a few iterations, because R itself is exact.
// Failure (the report says which; x is then unspecified, the caller keeps its own copy):
//   not_finite    R(x) or the update has a non-finite entry;
//   singular      a pivot is zero or not finite: J is singular at x;
//   no_convergence   max_iterations updates without meeting the rules above, or divergence
//                 (theta >= 1 while |d| is still above the rounding-floor level, twice in a row).
// No allocation in solve(): resize(n) allocates the buffers once.
#ifndef ODEINT_CONTACT_DETAIL_NUMERICS_NEWTON_HPP
#define ODEINT_CONTACT_DETAIL_NUMERICS_NEWTON_HPP

#include <cmath>
#include <cstddef>
#include <limits>
#include <locale>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace odeint_contact {
namespace detail {

// A dense n x n matrix of plain numbers, row-major.
template <class Value>
class dense_matrix {
public:
    dense_matrix() = default;
    explicit dense_matrix(std::size_t n) { resize(n); }

    void resize(std::size_t n) {
        if (n == m_n) return;
        m_n = n;
        m_a.assign(n * n, Value(0));
    }
    std::size_t size() const { return m_n; }
    Value& operator()(std::size_t i, std::size_t j) { return m_a[i * m_n + j]; }
    const Value& operator()(std::size_t i, std::size_t j) const { return m_a[i * m_n + j]; }
    void set_zero() {
        for (auto& a : m_a) a = Value(0);
    }

private:
    std::size_t m_n = 0;
    std::vector<Value> m_a;
};

template <class Value>
bool finite_number(const Value& x) {
    using std::isfinite;
    return bool(isfinite(x));
}

template <class Value>
Value max_abs(const std::vector<Value>& x) {
    using std::abs;
    Value m(0);
    for (const auto& a : x) {
        const Value b = abs(a);
        if (b > m) m = b;
    }
    return m;
}

// Solves A y = b in place (A is overwritten by its LU factors, b by y) with partial pivoting.
// Returns false when a pivot is zero or not finite.
template <class Value>
bool lu_solve_in_place(dense_matrix<Value>& A, std::vector<Value>& b) {
    using std::abs;
    using std::swap;
    const std::size_t n = A.size();
    for (std::size_t k = 0; k < n; ++k) {
        std::size_t pivot = k;
        Value largest = abs(A(k, k));
        for (std::size_t i = k + 1; i < n; ++i) {
            const Value a = abs(A(i, k));
            if (a > largest) {
                largest = a;
                pivot = i;
            }
        }
        if (!(largest > 0) || !finite_number(largest)) return false;
        if (pivot != k) {
            for (std::size_t j = k; j < n; ++j) swap(A(k, j), A(pivot, j));
            swap(b[k], b[pivot]);
        }
        for (std::size_t i = k + 1; i < n; ++i) {
            const Value l = A(i, k) / A(k, k);
            if (l == 0) continue;
            for (std::size_t j = k + 1; j < n; ++j) A(i, j) -= l * A(k, j);
            b[i] -= l * b[k];
        }
    }
    for (std::size_t k = n; k-- > 0;) {
        Value sum = b[k];
        for (std::size_t j = k + 1; j < n; ++j) sum -= A(k, j) * b[j];
        b[k] = sum / A(k, k);
    }
    return true;
}

enum class newton_status { converged, not_finite, singular, no_convergence };

struct newton_report {
    newton_status status = newton_status::no_convergence;
    unsigned iterations = 0;       // updates applied
    unsigned evaluations = 0;      // calls of evaluate
    double last_update = 0;        // |d|_inf of the last update (for messages)
    bool ok() const { return status == newton_status::converged; }
    std::string describe() const {
        std::string what;
        switch (status) {
            case newton_status::converged: what = "converged"; break;
            case newton_status::not_finite: what = "the residual or the Newton update is not finite"; break;
            case newton_status::singular: what = "the Newton Jacobian is singular"; break;
            case newton_status::no_convergence: what = "Newton's method did not converge"; break;
        }
        std::ostringstream out;
        out.imbue(std::locale::classic());  // "1.5e-09", not "1,5e-09", whatever the global locale
        out.precision(3);
        out << what << " after " << iterations << " Newton updates (last |update| = " << last_update << ")";
        return out.str();
    }
};

// The default bound on the number of updates: from an initial guess with one correct bit,
// quadratic convergence needs log2(digits) updates; 8 more allow a slow start (a predictor
// outside the quadratic region, or a finite-difference Jacobian) without letting a hopeless
// iteration run long.
template <class Value>
unsigned default_newton_iterations() {
    unsigned bits = static_cast<unsigned>(std::numeric_limits<Value>::digits);
    unsigned doublings = 0;
    while ((1u << doublings) < bits) ++doublings;
    return doublings + 8;
}

template <class Value>
class newton_solver {
public:
    void resize(std::size_t n) {
        m_r.resize(n);
        m_jacobian.resize(n);
    }
    std::size_t size() const { return m_r.size(); }

    // scale: a magnitude below which |x| is not meaningful (e.g. the size of the step's
    // displacement), so that tol does not vanish for x near 0.
    template <class Evaluate, class Jacobian>
    newton_report solve(std::vector<Value>& x, Evaluate&& evaluate, Jacobian&& jacobian, const Value& scale,
                        unsigned max_iterations = default_newton_iterations<Value>()) {
        using std::sqrt;
        const Value eps = std::numeric_limits<Value>::epsilon();
        const Value floor_level = sqrt(eps) * sqrt(sqrt(eps));  // eps^(3/4)
        newton_report report;
        Value previous(-1);  // |d_{k-1}|; negative before the first update
        unsigned divergent = 0;
        bool done = false;
        for (;;) {
            evaluate(static_cast<const std::vector<Value>&>(x), m_r);
            ++report.evaluations;
            for (const auto& r : m_r)
                if (!finite_number(r)) {
                    report.status = newton_status::not_finite;
                    return report;
                }
            if (done) {
                report.status = newton_status::converged;
                return report;
            }
            if (report.iterations >= max_iterations) {
                report.status = newton_status::no_convergence;
                return report;
            }
            jacobian(static_cast<const std::vector<Value>&>(x), m_jacobian);
            for (auto& r : m_r) r = -r;
            if (!lu_solve_in_place(m_jacobian, m_r)) {
                report.status = newton_status::singular;
                return report;
            }
            for (std::size_t i = 0; i < x.size(); ++i) x[i] += m_r[i];
            ++report.iterations;
            const Value d = max_abs(m_r);
            report.last_update = static_cast<double>(d);
            if (!finite_number(d)) {
                report.status = newton_status::not_finite;
                return report;
            }
            const Value xs = max_abs(x);
            const Value size = xs > scale ? xs : scale;
            const Value tol = Value(8) * eps * size;
            if (d <= tol) {
                done = true;
            } else if (previous > 0) {
                const Value theta = d / previous;
                if (theta < 1 && theta / (Value(1) - theta) * d <= tol)
                    done = true;
                else if (theta >= Value(0.5) && d <= floor_level * size)
                    done = true;  // rounding floor
                else if (theta < 1)
                    divergent = 0;
                else if (++divergent >= 2) {
                    report.status = newton_status::no_convergence;
                    return report;
                }
            }
            previous = d;
        }
    }

private:
    std::vector<Value> m_r;
    dense_matrix<Value> m_jacobian;
};

}  // namespace detail
}  // namespace odeint_contact

#endif
