#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Compare example/spin_orbit_capture's chi2 with the authors' spin-orbit notebook.

Bravetti, Seri, Vermeeren, Zadra (CMDA 132, 2020) published their code as mseri/contact-integrators:
`integrators/contact.py` (the CHI2 step `step`, with time-dependent V and f frozen at the midpoint)
and the notebook `The Spin-Orbit problem.ipynb`, whose cell defining `SpinOrbit` (the Cayley
coefficients, V, dV/dq and f) this script executes as it is. It then runs

  1. the capture into resonance (model (a): e = 0.01, eps = 0.0075, Omega = 1, lambda = 1e-4,
     a = -0.001, mu = 0.001, from (p, q) = (3, 2.7), dt = pi/10, 31830 steps: t <= 1e4), step by
     step against `spin_orbit_capture trajectory`;
  2. the notebook's phase space sections (lambda = 0.001, 0.01, 0.1, 0.2, all its starting points,
     600 sections each, the notebook's own driver `integrate2pi`) against
     `spin_orbit_capture sections`,

and prints the largest differences in q and p (and s for the capture run).

    python3 doc/derivations/compare_spin_orbit.py CHECKOUT SPIN_ORBIT_CAPTURE [numpy|libm]

CHECKOUT is a checkout of mseri/contact-integrators, SPIN_ORBIT_CAPTURE the built example. Needs
Debian's python3-numpy and python3-scipy (their module imports scipy). With `libm` (the default)
their exp, sin and cos are the C library's, which std::exp, std::sin and std::cos call; with
`numpy` they are numpy's own functions, which may differ from the C library's in the last bit.
Both runs agree bit for bit in t, q, p and s with either set of functions (measured on commit
34b239e of their repository; doc/spin_orbit.md).
"""
import json
import math
import subprocess
import sys
import types

import numpy as np

checkout, program = sys.argv[1], sys.argv[2]
functions = sys.argv[3] if len(sys.argv) > 3 else "libm"
sys.path.insert(0, checkout)
from integrators import contact  # noqa: E402

numeric = np
if functions == "libm":
    numeric = types.SimpleNamespace(**{k: getattr(np, k) for k in dir(np) if not k.startswith("__")})
    numeric.exp, numeric.cos, numeric.sin = math.exp, math.cos, math.sin
    contact.np = numeric

with open(f"{checkout}/The Spin-Orbit problem.ipynb") as notebook:
    cells = ["".join(c["source"]) for c in json.load(notebook)["cells"] if c["cell_type"] == "code"]
model = {"np": numeric}
exec(next(c for c in cells if "class SpinOrbit" in c), model)  # their model, as published
exec(next(c for c in cells if "def integrate2pi" in c), model)  # their stroboscopic driver
SpinOrbit, integrate2pi = model["SpinOrbit"], model["integrate2pi"]


def ours(*arguments):
    out = subprocess.run([program, *map(str, arguments)], capture_output=True, text=True, check=True).stdout
    return np.array([[float(v) for v in line.split()] for line in out.splitlines()])


worst = 0.0

# 1. The capture run, every step (their loop, as in the notebook's capture cell).
system = SpinOrbit(0.01, 3 / 4 * 0.01, 1, 0.0001, a=-0.001, mu=0.001)
dt = np.pi / 10
steps = int(np.floor(10000 / dt))
p, q, s, t = 3.0, 2.7, 0.0, 0.0
theirs = [(t, q, p, s)]
for _ in range(steps):
    p, q, s, t = contact.step(system, dt, p, q, s, t)
    theirs.append((t, q, p, s))
theirs = np.array(theirs)
x = ours("trajectory", repr(dt), steps)
dt_, dq, dp, ds = (np.abs(x[:, i] - theirs[:, i]) for i in range(4))
worst = max(worst, dq.max(), dp.max())
print(f"{functions} capture run: {len(x)} points, max|dt| = {dt_.max():.3g}, max|dq| = {dq.max():.3g}, "
      f"max|dp| = {dp.max():.3g}, max|ds| = {ds.max():.3g} (|s| <= {np.abs(theirs[:, 3]).max():.3g}), "
      f"points where q or p differ: {int(np.sum((dq > 0) | (dp > 0)))}")

# 2. The phase space sections of the notebook's first four figures.
starts = {
    0.001: [1.137, 1.121, 1.1209, 1.112, 1.0, 0.96, 0.91, 0.876375, 0.86],
    0.01: [1.135, 1.1106, 0.98, 0.93, 0.9, 0.878, 0.86838, 0.845],
    0.1: [1.029, 0.8, 0.82, 0.84, 0.9, 0.92, 0.79235, 0.773],
    0.2: [0.917, 0.81, 0.795, 0.785, 0.765, 0.73, 0.7147, 0.7],
}
for lam, ps in starts.items():
    system = SpinOrbit(0.01, 0.75 * 0.01, 1.0, lam)
    largest, differ = 0.0, 0
    for p0 in ps:
        sol, _, _ = integrate2pi(contact.step, system, 600, 10, p0, 0.0, 0.0)
        x = ours("sections", 0.01, repr(0.75 * 0.01), repr(lam), repr(p0), 0.0, 600)
        d = np.abs(x - sol)
        largest = max(largest, d.max())
        differ += int(np.sum(d.max(axis=1) > 0))
    worst = max(worst, largest)
    print(f"{functions} sections lambda = {lam}: {len(ps)} orbits x 600 sections, max|d(p, q)| = {largest:.3g}, "
          f"sections that differ: {differ}")
print(f"largest difference in q and p: {worst:.3g}")
