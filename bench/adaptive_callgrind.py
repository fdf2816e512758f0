#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Instructions at equal error for bench/adaptive: the machine-independent stand-in for its
wall-clock column on a loaded machine.

    bench/adaptive_callgrind.py build/dev/bench/adaptive --instructions [--only e09[:METHOD]]
    bench/adaptive_callgrind.py build/dev/example/van_der_pol cost

runs the program once under callgrind (each point once, inside measured_run, one callgrind dump
per point), pairs the dumps with the printed points in order (rows "method parameter error
evaluations seconds" under a title line), and prints every point's instructions, then each
method's instructions at the errors 1e-2 ... 1e-10 (log-log between the two points that bracket
the error) and their ratios to rkf78 and dopri5.
"""
import math
import pathlib
import subprocess
import sys
import tempfile

ERRORS = [1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10]


def at_error(points, error):
    """points: (error, cost); cost at `error`, log-log between the first bracketing pair."""
    for (ea, ca), (eb, cb) in zip(points, points[1:]):
        if min(ea, eb) <= error <= max(ea, eb) and ea != eb:
            w = math.log(ea / error) / math.log(ea / eb)
            return math.exp(math.log(ca) + w * math.log(cb / ca))
    return None


def main():
    command = sys.argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "cg"
        printed = subprocess.run(
            ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=*measured_run*",
             "--dump-after=(anonymous namespace)::measured_run*", f"--callgrind-out-file={out}", *command],
            check=True, capture_output=True, text=True).stdout
        dumps = sorted(pathlib.Path(tmp).glob("cg.*"), key=lambda p: int(p.suffix[1:]))
        counts = []
        for dump in dumps:
            for line in dump.read_text().splitlines():
                if line.startswith("summary:") or line.startswith("totals:"):
                    counts.append(int(line.split()[1]))
                    break
    problems, current, summary = {}, None, False
    rows = []
    for line in printed.splitlines():
        fields = line.split()
        if not fields:
            summary = False  # a blank line ends the bench's summary tables
            continue
        if line.startswith("time (s)"):
            summary = True
        if summary or fields[0] == "method":
            continue
        try:
            parameter, error, gradients = (float(f) for f in fields[-4:-1])
            float(fields[-1])
        except ValueError:
            current = problems.setdefault(line, {})  # a title
            continue
        rows.append((current, " ".join(fields[:-4]), parameter, error, gradients))
    if len(rows) != len(counts):
        sys.exit(f"{len(rows)} points printed, {len(counts)} callgrind dumps")
    for (table, name, parameter, error, gradients), count in zip(rows, counts):
        if not math.isfinite(error):
            continue  # a run that failed (its dump is still one)
        table.setdefault(name, []).append((error, count))
        print(f"{name:22s} {parameter:9.2e} {error:10.3e} {gradients:9.0f} {count:12d} {count / gradients:7.0f}/grad")
    for title, table in problems.items():
        print(f"\n{title}: instructions at equal error (millions)")
        print(f"{'method':22s}" + "".join(f"{e:>10.0e}" for e in ERRORS))
        at = {name: [at_error(points, e) for e in ERRORS] for name, points in table.items()}
        for name, costs in at.items():
            print(f"{name:22s}" + "".join(f"{c / 1e6:10.2f}" if c else f"{'-':>10s}" for c in costs))
        for base in ("rkf78", "dopri5"):
            if base not in at:
                continue
            print(f"ratio to {base}")
            for name, costs in at.items():
                ratios = [c / b if c and b else None for c, b in zip(costs, at[base])]
                print(f"{name:22s}" + "".join(f"{r:10.2f}" if r else f"{'-':>10s}" for r in ratios))


if __name__ == "__main__":
    main()
