#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Compare example/van_der_pol's chi2 with the authors' published Lienard integrator.

Zadra, Bravetti, Seri (arXiv 2005.03951) published their code as fzadra/VanDerPolContact. This
script runs its `lienard/integrator.py` (`step1` through its own driver `multimapintegrate`) for
each of its six piece orders, runs `van_der_pol trajectory <order> dt steps` for the same order,
and prints the largest differences in q and s (p is left out: their A map has the opposite sign of
the p-term; see doc/theory.md).

    python3 doc/derivations/compare_van_der_pol.py CHECKOUT VAN_DER_POL [numpy|libm]

CHECKOUT is a checkout of fzadra/VanDerPolContact, VAN_DER_POL the built example. Needs Debian's
python3-numpy and python3-scipy. With `libm` (the default) their exp and cos are the C library's,
which std::exp and std::cos call, and the two agree bit for bit; with `numpy` they are numpy's own
(vectorised) functions, which differ from the C library's in the last bit for some arguments.
"""
import math
import subprocess
import sys
import types

import numpy as np

checkout, program = sys.argv[1], sys.argv[2]
functions = sys.argv[3] if len(sys.argv) > 3 else "libm"
sys.path.insert(0, checkout)
from lienard import integrator, models  # noqa: E402

if functions == "libm":
    libm = types.SimpleNamespace(**{k: getattr(np, k) for k in dir(np) if not k.startswith("__")})
    libm.exp, libm.cos = math.exp, math.cos
    integrator.np = libm
    models.np = libm

system = models.VanDerPol(0.8, a=0.6, omega=1.0)
# Their names list the maps of a step; ours list the pieces of make_split_hamiltonian.
orders = {"cbabc": "CBA", "bcacb": "BCA", "abcba": "ABC", "bacab": "BAC", "cabac": "CAB", "acbca": "ACB"}
worst = 0.0
for dt, steps in ((0.05, 2000), (0.2, 500)):
    tspan = np.linspace(0, dt * steps, steps + 1)
    for theirs, ours in orders.items():
        mapper = getattr(integrator, theirs)
        pq, s, _ = integrator.multimapintegrate(integrator.step1, system, tspan, -3.0, 1.5, 0.4, [mapper, mapper])
        out = subprocess.run([program, "trajectory", ours, repr(dt), str(steps)], capture_output=True, text=True,
                             check=True).stdout
        x = np.array([[float(v) for v in line.split()] for line in out.splitlines()])
        dq = np.abs(x[:, 1] - pq[:, 1])
        ds = np.abs(x[:, 3] - s)
        worst = max(worst, dq.max(), ds.max())
        print(f"{functions} dt={dt} steps={steps} {theirs}={ours}: {len(x)} points, max|dq| = {dq.max():.3g}, "
              f"max|ds| = {ds.max():.3g}, points that differ: {int(np.sum((dq > 0) | (ds > 0)))}")
print(f"largest difference: {worst:.3g}")
