#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
# Finds, in a compiled program, the loads that store-to-load forwarding cannot serve: a 16-byte
# load (movapd, movupd, movaps, movups, movdqa, movdqu) of off(%reg) that follows 8-byte stores
# to both off(%reg) and off+8(%reg) within a few instructions, with no call in between. Such a
# load waits until both stores have reached the cache (doc/performance.md, "Small states: a load
# that forwarding cannot serve"). A deterministic check where the machine has no hardware
# counters to show the stall; it reads the code only, so it also lists such loads on paths
# that never run. x86-64, objdump's AT&T syntax.
#
# Usage: bench/scan_forwarding.py build/release/bench/table1 [window]
import re
import subprocess
import sys

LOADS = {"movapd", "movupd", "movaps", "movups", "movdqa", "movdqu"}
STORES = {"movq", "movsd", "mov"}
INSTRUCTION = re.compile(r"^\s+([0-9a-f]+):\t(\S+)\s*(.*)$")
FUNCTION = re.compile(r"^[0-9a-f]+ <(.*)>:$")
MEMORY = re.compile(r"^(-?0x[0-9a-f]+|-?[0-9]+)?\((%r[a-z0-9]+)\)$")


def memory_operand(text):
    m = MEMORY.match(text.strip())
    if not m:
        return None
    offset = m.group(1) or "0"
    return int(offset, 16) if "x" in offset else int(offset), m.group(2)


def scan(binary, window):
    listing = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-C", binary], capture_output=True,
                             text=True, check=True).stdout
    function, recent, found = "", [], []
    for line in listing.splitlines():
        f = FUNCTION.match(line)
        if f:
            function, recent = f.group(1), []
            continue
        m = INSTRUCTION.match(line)
        if not m:
            continue
        address, op, operands = m.group(1), m.group(2), m.group(3).split("#")[0].strip()
        if op.startswith("call"):
            recent = []
            continue
        if op in LOADS and not operands.startswith("%"):
            source = memory_operand(operands.split(",")[0])
            stored = set()
            for o, r in recent:
                if o in STORES and "," in r:
                    value, target = r.rsplit(",", 1)
                    if value.strip().startswith("%"):
                        t = memory_operand(target)
                        if t:
                            stored.add(t)
            if source and source in stored and (source[0] + 8, source[1]) in stored:
                found.append((function, address, op + " " + operands))
        recent = (recent + [(op, operands)])[-window:]
    return found


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: scan_forwarding.py BINARY [window]")
    window = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    found = scan(sys.argv[1], window)
    for function, address, instruction in found:
        print(f"{address}: {instruction}\n    in {function[:200]}")
    print(f"{len(found)} 16-byte loads over two 8-byte stores in {sys.argv[1]}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
