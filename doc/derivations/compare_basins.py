#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Compare basin maps of example/spin_orbit_basins the way doc/spin_orbit.md says they must be.

    python3 doc/derivations/compare_basins.py REF1.csv REF2.csv [REF3.csv ...] -- RUN.csv [RUN.csv ...]

The REF files are one tight reference (rkf78 at 1e-13) run on the same grid shifted by tiny amounts
(`--shift`); the RUN files are the methods to judge, on the unshifted grid. Printed:
  - the reference's self-agreement: the share of cells whose label is the same in every REF file
    (the reproducible cells), and its basin sizes in each;
  - for every RUN: its basin sizes, the largest distance of any of them from the references' mean
    against the references' own spread (the largest distance of any REF from that mean), and its
    membership: the share of the reproducible cells that it labels as the references do.
Labels are compared cell by cell in file order (same grid size); only the standard library is used.
"""
import csv
import sys


def labels(path):
    with open(path) as f:
        return [row["label"] for row in csv.DictReader(f)]


def sizes(ls):
    out = {}
    for l in ls:
        out[l] = out.get(l, 0) + 1
    return {k: v / len(ls) for k, v in out.items()}


split = sys.argv.index("--")
refs = [labels(p) for p in sys.argv[1:split]]
runs = {p: labels(p) for p in sys.argv[split + 1:]}
n = len(refs[0])
reproducible = [i for i in range(n) if all(r[i] == refs[0][i] for r in refs)]
keys = sorted({l for r in refs + list(runs.values()) for l in r})
mean = {k: sum(sizes(r).get(k, 0) for r in refs) / len(refs) for k in keys}
spread = max(abs(sizes(r).get(k, 0) - mean[k]) for r in refs for k in keys)
print(f"{n} cells; reproducible under the {len(refs)} references: {len(reproducible) / n:.3f}")
for path, r in zip(sys.argv[1:split], refs):
    print(f"  {path}: " + "  ".join(f"{k} {sizes(r).get(k, 0):.4f}" for k in keys))
print(f"references' spread of basin sizes about their mean: {spread:.4f}")
for path, r in runs.items():
    distance = max(abs(sizes(r).get(k, 0) - mean[k]) for k in keys)
    member = sum(r[i] == refs[0][i] for i in reproducible) / len(reproducible)
    print(f"{path}: " + "  ".join(f"{k} {sizes(r).get(k, 0):.4f}" for k in keys) +
          f"; sizes off by {distance:.4f}; membership on reproducible cells {member:.3f}")
