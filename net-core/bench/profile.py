#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Where two configurations of `make bench` differ, by kernel function.

Needs a `PROFILE=1 make bench` run: OUT/prof.KERNEL holds, per window,
the instructions vCPU 1 executed per translated block. For each of the two
configurations, the windows of N packets in which the receiver kept up
(report.py's regime; with THROTTLED=1 in the environment, the others) are
summed by function (System.map of the kernel's build) and divided by the
packets; the functions that differ most come first, in instructions per
packet.

Usage: profile.py OUT KOUT_BASE KOUT_HEAD KERNEL:CONFIG KERNEL:CONFIG [TOP]
e.g.   profile.py build/bench build/bench/base-kout build/vm \\
           base:base-legacy head:head-list
"""

import bisect
import collections
import os
import sys
from pathlib import Path

import report


def symbols(kout):
    """Sorted (address, name) of the kernel's text."""
    syms = []
    with open(Path(kout) / "System.map", encoding="utf-8") as file:
        for line in file:
            addr, kind, name = line.split()[:3]
            if kind in "tTwW":
                syms.append((int(addr, 16), name))
    syms.sort()
    return syms


def windows(out, kernel):
    """The profile of each window, in order: {address: instructions}."""
    prof, cur = [], collections.Counter()
    with open(out / f"prof.{kernel}", encoding="utf-8") as file:
        for line in file:
            if line.startswith("window"):
                cur = collections.Counter()
                prof.append(cur)
            else:
                addr, insns = line.split()
                cur[int(addr, 16)] += int(insns)
    return prof


def by_function(out, kout, kernel, conf):
    """Instructions per packet by function, over the kept-up windows."""
    syms = symbols(kout)
    addrs = [a for a, _ in syms]
    prof = windows(out, kernel)
    runs = report.load(out, kernel)
    floor = report.sender_floor(runs, report.shape(conf))
    spun = bool(os.environ.get("THROTTLED"))
    labels = report.lines(out, f"labels.{kernel}")[:-1]
    counts = [[int(x) for x in w] for w in
              report.lines(out, f"windows.{kernel}")]
    ones = {(lab[0], lab[2]): cnt for lab, cnt in zip(labels, counts)
            if lab[1] == "1"}
    total, packets = collections.Counter(), 0
    for i, (lab, cnt) in enumerate(zip(labels, counts)):
        if lab[0] != conf or lab[1] == "1":
            continue
        pkts = int(lab[1])
        # report.py's unit: (N window - 1 window) / (N - 1)
        sender = (cnt[0] - ones[(lab[0], lab[2])][0]) / (pkts - 1)
        if not report.in_regime(conf, sender, floor, spun):
            continue
        packets += pkts - 1
        for addr, insns in prof[i].items():
            j = bisect.bisect_right(addrs, addr) - 1
            total[syms[j][1] if j >= 0 else "?"] += insns
    if not packets:
        sys.exit(f"profile: {kernel}:{conf}: no window of that regime")
    return {name: insns / packets for name, insns in total.items()}


def main():
    """Print the functions where the two configurations differ most."""
    out = Path(sys.argv[1])
    kouts = {"base": sys.argv[2], "head": sys.argv[3]}
    (k_a, c_a), (k_b, c_b) = (arg.split(":") for arg in sys.argv[4:6])
    top = int(sys.argv[6]) if len(sys.argv) > 6 else 25
    prof_a = by_function(out, kouts[k_a], k_a, c_a)
    prof_b = by_function(out, kouts[k_b], k_b, c_b)
    names = sorted(set(prof_a) | set(prof_b),
                   key=lambda n: -abs(prof_b.get(n, 0) - prof_a.get(n, 0)))
    print(f"| function | {c_a} | {c_b} | difference |")
    print("|---|---:|---:|---:|")
    for name in names[:top]:
        a_val, b_val = prof_a.get(name, 0), prof_b.get(name, 0)
        print(f"| {name} | {a_val:.1f} | {b_val:.1f} | {b_val - a_val:+.1f} |")
    print(f"| (all) | {sum(prof_a.values()):.1f} | {sum(prof_b.values()):.1f}"
          f" | {sum(prof_b.values()) - sum(prof_a.values()):+.1f} |")


if __name__ == "__main__":
    main()
