#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Refine the weights of symmetric composition tables to 50 significant digits.

A symmetric composition of a symmetric second-order step S2 is
    S(h) = S2(g_1 h) S2(g_2 h) ... S2(g_m h),  g_i = g_{m+1-i},  sum g_i = 1.
It has order p when it agrees with the exact flow through h^p for every symmetric S2. A
symmetric S2 is exp(tau Y1 + tau^3 Y3 + tau^5 Y5 + ...) for some vector fields Y_j; generic
random matrices Y_j (not commuting, so every Lie word of the order conditions is seen) model it.
The composition's power series in h is then compared with exp(h Y1) through h^p: the matrix
entries of the differences are the residuals, a smooth function of the weights that vanishes
exactly on the tables of order p.

Unknowns: g_1 ... g_n of the outer half (m = 2n + 1 odd), the middle one being 1 - 2 sum.
Starting from the printed digits (about 26 for the published tables), Gauss-Newton with the
Moore-Penrose step (SVD, singular values below 1e-60 of the largest dropped) converges to the
nearest solution: where a table has more weights than order conditions (Kahan-Li s9odr6 and
s17odr8, Sofroniou-Spaletta s35odr10; their authors spent the freedom on a small error
constant) the minimum-norm correction keeps the refined weights within the printed digits'
rounding of the published ones, which is what test/test_chi_multiprecision.cpp checks.

A second set of random matrices (another seed, another size) checks the result: residual near
1e-100 through h^p and far from zero (1e-5 to 20) at h^(p+1), so the order is not higher.

Run: python3 doc/derivations/composition_weights.py  (mpmath; a few minutes)
Prints the C++ string literals of include/odeint_contact/composition_tables.hpp.
"""
import random
import sys

import mpmath as mp

mp.mp.dps = 110


def random_matrices(n, count, seed):
    rng = random.Random(seed)
    return [[[mp.mpf(rng.uniform(-1, 1)) for _ in range(n)] for _ in range(n)] for _ in range(count)]


def mat_mul(a, b):
    n = len(a)
    return [[mp.fsum(a[i][k] * b[k][j] for k in range(n)) for j in range(n)] for i in range(n)]


def mat_add(a, b):
    return [[x + y for x, y in zip(ra, rb)] for ra, rb in zip(a, b)]


def mat_scale(c, a):
    return [[c * x for x in r] for r in a]


def zero(n):
    return [[mp.mpf(0)] * n for _ in range(n)]


def identity(n):
    return [[mp.mpf(1) if i == j else mp.mpf(0) for j in range(n)] for i in range(n)]


def series_mul(a, b, deg):
    n = len(a[0])
    out = [zero(n) for _ in range(deg + 1)]
    for i in range(deg + 1):
        for j in range(deg + 1 - i):
            out[i + j] = mat_add(out[i + j], mat_mul(a[i], b[j]))
    return out


def series_exp(x, deg):
    """exp of a matrix series x with x[0] = 0, truncated after degree deg."""
    n = len(x[0])
    result = [identity(n)] + [zero(n) for _ in range(deg)]
    term = [identity(n)] + [zero(n) for _ in range(deg)]
    for k in range(1, deg + 1):
        term = [mat_scale(mp.mpf(1) / k, c) for c in series_mul(term, x, deg)]
        result = [mat_add(r, c) for r, c in zip(result, term)]
    return result


class Model:
    """S2(tau) = sum_k tau^k E_k with E from exp(tau Y1 + tau^3 Y3 + ...)."""

    def __init__(self, n, deg, seed):
        self.deg = deg
        ys = random_matrices(n, (deg + 1) // 2, seed)
        x = [zero(n) for _ in range(deg + 1)]
        for j, y in enumerate(ys):
            if 2 * j + 1 <= deg:
                x[2 * j + 1] = y
        self.E = series_exp(x, deg)
        ex = [zero(n) for _ in range(deg + 1)]
        ex[1] = ys[0]
        self.exact = series_exp(ex, deg)

    def composed(self, weights):
        out = None
        for g in weights:
            stage = [mat_scale(g ** k, self.E[k]) for k in range(self.deg + 1)]
            out = stage if out is None else series_mul(out, stage, self.deg)
        return out

    def residuals_by_degree(self, weights):
        c = self.composed(weights)
        return [[c[k][i][j] - self.exact[k][i][j] for i in range(len(c[k])) for j in range(len(c[k]))]
                for k in range(self.deg + 1)]


def full(half):
    middle = 1 - 2 * mp.fsum(half)
    return list(half) + [middle] + list(reversed(half))


def residual(model, half, order):
    r = model.residuals_by_degree(full(half))
    return [x for k in range(2, order + 1) for x in r[k]]


def refine(half, order, model, iterations=12):
    half = [mp.mpf(x) for x in half]
    for it in range(iterations):
        r = residual(model, half, order)
        norm = max(abs(x) for x in r)
        print(f"    iteration {it}: max residual {mp.nstr(norm, 3)}", file=sys.stderr)
        if norm < mp.mpf(10) ** -100:
            break
        step = mp.mpf(10) ** -40
        cols = []
        for i in range(len(half)):
            up = list(half); up[i] += step
            dn = list(half); dn[i] -= step
            ru, rd = residual(model, up, order), residual(model, dn, order)
            cols.append([(a - b) / (2 * step) for a, b in zip(ru, rd)])
        J = mp.matrix(len(r), len(half))
        for i in range(len(half)):
            for k in range(len(r)):
                J[k, i] = cols[i][k]
        U, S, V = mp.svd_r(J, full_matrices=False, compute_uv=True)
        smax = max(S[i] for i in range(len(S)))
        ur = [mp.fsum(U[k, i] * r[k] for k in range(len(r))) for i in range(len(S))]
        delta = [mp.mpf(0)] * len(half)
        for i in range(len(S)):
            if S[i] > smax * mp.mpf(10) ** -60:
                c = ur[i] / S[i]
                for j in range(len(half)):
                    delta[j] += V[i, j] * c
        half = [h - d for h, d in zip(half, delta)]
    return half


TABLES = {
    # name: (order, printed outer half g_1 ... g_n, as published; the middle weight follows
    # from sum = 1)
    "yoshida6": (6, ["0.78451361047755726381949763", "0.23557321335935813368479318",
                     "-1.17767998417887100694641568"]),
    "kahan_li6": (6, ["0.39216144400731413927925056", "0.33259913678935943859974864",
                      "-0.70624617255763935980996482", "0.08221359629355080023149045"]),
    "yoshida8": (8, ["0.91484424622979156674879348", "0.25369333656621135414614602",
                     "-1.44485223686060515769473065", "-0.15824063536805017520406677",
                     "1.93813913762252598657918648", "-1.96061023297531080760763337",
                     "0.10279984939179644069811513"]),
    "mclachlan8": (8, ["0.74167036435061295344822780", "-0.40910082580003159399730010",
                       "0.19075471029623837995387626", "-0.57386247111608226665638773",
                       "0.29906418130365592384446354", "0.33462491824529818378495798",
                       "0.31529309239676659663205666"]),
    "kahan_li8": (8, ["0.13020248308889008087881763", "0.56116298177510838456196441",
                      "-0.38947496264484728640807860", "0.15884190655515560089621075",
                      "-0.39590389413323757733623154", "0.18453964097831570709183254",
                      "0.25837438768632204729397911", "0.29501172360931029887096624"]),
    "sofroniou_spaletta10": (10, ["0.07879572252168641926390768", "0.31309610341510852776481247",
                                  "0.02791838323507806610952027", "-0.22959284159390709415121340",
                                  "0.13096206107716486317465686", "-0.26973340565451071434460973",
                                  "0.07497334315589143566613711", "0.11199342399981020488957508",
                                  "0.36613344954622675119314812", "-0.39910563013603589787862981",
                                  "0.10308739852747107731580277", "0.41143087395589023782070412",
                                  "-0.00486636058313526176219566", "-0.39203335370863990644808194",
                                  "0.05194250296244964703718290", "0.05066509075992449633587434",
                                  "0.04967437063972987905456880"]),
}


def main(names):
    for name in names:
        order, printed = TABLES[name]
        print(f"{name}: order {order}, {2 * len(printed) + 1} stages", file=sys.stderr)
        solve = Model(5, order, seed=1)
        half = refine(printed, order, solve)
        check = Model(6, order + 1, seed=2)
        by_degree = check.residuals_by_degree(full(half))
        through = max(abs(x) for k in range(2, order + 1) for x in by_degree[k])
        beyond = max(abs(x) for x in by_degree[order + 1])
        moved = max(abs(h - mp.mpf(p)) for h, p in zip(half, printed))
        print(f"  check: residual through h^{order} {mp.nstr(through, 3)}, at h^{order + 1} "
              f"{mp.nstr(beyond, 3)}; largest change from the printed digits {mp.nstr(moved, 3)}",
              file=sys.stderr)
        w = full(half)
        print(f"// {name}: order {order}, {len(w)} stages; g_1 ... g_{len(half)}, then the middle")
        for x in half + [w[len(half)]]:
            print('    "' + mp.nstr(x, 50, strip_zeros=False, min_fixed=-5, max_fixed=5) + '",')
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:] or list(TABLES))
