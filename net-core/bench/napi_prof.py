#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make napi-prof's report: where the head's instructions differ from the
base's, function by function, per packet.

Usage: napi_prof.py OUT

OUT/prof/funcs.KERNEL (KERNEL base, head) has a line a translated block,
"ADDRESS COUNT": the instructions it ran in the windows of that boot
(insn-window.c, prof=). Each block goes to the kernel text symbol at or
below its address (OUT/KERNEL-kout/System.map), a static function's
compiler suffix (.constprop.0, .isra.0) dropped; a block outside the
kernel's text to [module] (napi_bench.ko) or [other] (user space). OUT/prof/
labels.KERNEL gives the frames of the windows (ROUNDS x B each). A count here includes
the windows' fixed cost (the shell's reads of the control files), which
make napi-bench's differences of two windows cancel: it says where a
difference lies, make napi-bench how large it is.
"""
import bisect
import os
import sys


def symbols(path):
    """sorted text symbols (address, name) and the end of the text"""
    syms, etext = [], None
    with open(path, encoding="utf-8") as src:
        for line in src:
            fields = line.split()
            if len(fields) < 3:
                continue
            addr, kind, name = int(fields[0], 16), fields[1], fields[2]
            if name == "_etext":
                etext = addr
            if kind in "tT":
                syms.append((addr, name.split(".")[0]))
    syms.sort()
    return syms, etext


def profile(out, kernel):
    """({function: instructions}, frames) of one boot"""
    syms, etext = symbols(os.path.join(out, f"{kernel}-kout", "System.map"))
    addrs = [a for a, _ in syms]
    funcs = {}
    with open(os.path.join(out, "prof", f"funcs.{kernel}"), encoding="utf-8") as src:
        for line in src:
            addr, count = line.split()
            addr = int(addr, 16)
            i = bisect.bisect_right(addrs, addr) - 1
            if i >= 0 and etext and addr < etext:
                name = syms[i][1]
            elif addr >= 0xffffffffa0000000 and (etext is None or addr >= etext):
                name = "[module]"
            else:
                name = "[other]"
            funcs[name] = funcs.get(name, 0) + int(count)
    frames = 0
    with open(os.path.join(out, "prof", f"labels.{kernel}"), encoding="utf-8") as src:
        for line in src:
            fields = line.split()
            if fields:
                frames += int(fields[1]) * int(fields[3])
    if not frames:
        raise SystemExit(f"napi_prof: {kernel}: no frames in its windows")
    return funcs, frames


def main():
    """prof.md on stdout"""
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    out = sys.argv[1]
    base, bframes = profile(out, "base")
    head, hframes = profile(out, "head")
    if bframes != hframes:
        raise SystemExit(f"napi_prof: {bframes} frames on the base, "
                         f"{hframes} on the head: not one workload")
    diff = {func: (head.get(func, 0) - base.get(func, 0)) / hframes
            for func in set(base) | set(head)}
    total_b = sum(base.values()) / bframes
    total_h = sum(head.values()) / hframes
    print(f"# make napi-prof: instructions per frame, {hframes} frames "
          f"(windows' fixed cost included)\n")
    print(f"base {total_b:.1f}, head {total_h:.1f}, "
          f"head - base {total_h - total_b:+.1f}\n")
    print("| function | base | head | head - base |")
    print("|---|---:|---:|---:|")
    rows = sorted(diff, key=lambda func: (-abs(diff[func]), func))
    for func in rows:
        if abs(diff[func]) < 0.05:
            break
        print(f"| {func} | {base.get(func, 0) / bframes:.1f} | "
              f"{head.get(func, 0) / hframes:.1f} | {diff[func]:+.1f} |")


if __name__ == "__main__":
    main()
