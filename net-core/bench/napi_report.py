#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make napi-bench's report: OUT/table.md (stdout) and OUT/results.json.

Usage: napi_report.py OUT

OUT/labels.KERNEL has a line a window, "CONFIG B REP ROUNDS RESULT..."
(napi-bench-guest.sh); OUT/windows.KERNEL the plugin's counts, a line a
window in the same order, vCPU 0's count first. A configuration's cost
per packet in one repetition is the difference of its two windows (ROUNDS
and 2 x ROUNDS rounds of B frames) over the frames between them: the
windows' fixed cost cancels. Its path cost is that minus the cost of the
"none" configuration (the module makes and frees the frames, passes none
up) of the same kernel and B. Each number is the median of the
repetitions; the spread is half their range, in percent of the median.
"""
import json
import os
import statistics
import sys

BATCHES = [1, 2, 4, 8, 16, 64]


def load(out, kernel):
    """{(config, b): [per-packet cost of each repetition]}"""
    labels = os.path.join(out, f"labels.{kernel}")
    windows = os.path.join(out, f"windows.{kernel}")
    if not os.path.exists(labels):
        return {}
    with open(labels, encoding="utf-8") as src:
        lab = [line.split() for line in src if line.strip()]
    with open(windows, encoding="utf-8") as src:
        win = [int(line.split()[0]) for line in src if line.strip()]
    if len(lab) != len(win):
        raise SystemExit(f"napi_report: {kernel}: {len(lab)} labels, "
                         f"{len(win)} windows")
    pairs = {}
    for fields, count in zip(lab, win):
        config, batch, rep, rounds = fields[0], int(fields[1]), fields[2], int(fields[3])
        pairs.setdefault((config, batch, rep), []).append((rounds, count))
    costs = {}
    for (config, batch, _), wins in pairs.items():
        if len(wins) != 2:
            raise SystemExit(f"napi_report: {kernel} {config} B={batch}: "
                             f"{len(wins)} windows, not 2")
        (short, short_count), (long, long_count) = sorted(wins)
        costs.setdefault((config, batch), []).append(
            (long_count - short_count) / ((long - short) * batch))
    return costs


def cell(values):
    """(median, spread in %) of a list of costs"""
    med = statistics.median(values)
    spread = (max(values) - min(values)) / 2 / med * 100 if med else 0.0
    return med, spread


def prefix(config):
    """The part before the dot: fwd of fwd.receive-1-on, nothing of receive-1-on."""
    return config.split(".")[0] if "." in config else ""


# the TCP rows, the router's and the end host's: (what, the head's
# configuration, the reference's)
FWD_ROWS = [
    ("no list, netif_receive_skb()", "receive-off-on", ("base", "receive-base-on")),
    ("no list, a driver's own list", "list-off-on", ("base", "list-base-on")),
    ("no list, napi_gro_receive(), GRO on", "gro-off-on", ("base", "gro-base-on")),
    ("list, immediate mode", "receive-0-on", ("base", "receive-base-on")),
    ("list, list mode", "receive-1-on", ("base", "receive-base-on")),
    ("list, gro mode", "receive-2-on", ("base", "receive-base-on")),
    ("list, gro mode against list mode", "receive-2-on", ("head", "receive-1-on")),
    ("list, auto mode", "receive-3-on", ("base", "receive-base-on")),
    ("list, auto mode against list mode", "receive-3-on", ("head", "receive-1-on")),
    ("list, auto mode against gro mode", "receive-3-on", ("head", "receive-2-on")),
    ("list, list mode against a driver's own list (base)", "receive-1-on",
     ("base", "list-base-on")),
]


def fwd_comps():
    """the TCP comparisons: the router with each egress, the end host"""
    return [(f"{where}: {what}", ("head", f"{pre}.{cur}"),
             (ref_kernel, f"{pre}.{ref}"))
            for pre, where in (("fwd", "TCP forwarded, TSO egress"),
                               ("fwdsw", "TCP forwarded, software egress"),
                               ("host", "TCP to a local socket"))
            for what, cur, (ref_kernel, ref) in FWD_ROWS]


def compare(comps, values, title):
    """Print a table of comps on values ({kernel: {config: {b: number}}});
    return its ratios and differences, {label: {b: number}} each."""
    print(title + "\n")
    print("| comparison | " + " | ".join(f"B={b}" for b in BATCHES) + " |")
    print("|---|" + "---:|" * len(BATCHES))
    ratios, delta = {}, {}
    for label, (kernel, config), (ref_kernel, ref_config) in comps:
        cur = values.get(kernel, {}).get(config, {})
        ref = values.get(ref_kernel, {}).get(ref_config, {})
        if not cur or not ref:
            continue
        both = [b for b in BATCHES if b in cur and ref.get(b)]
        ratios[label] = {b: round(cur[b] / ref[b], 4) for b in both}
        delta[label] = {b: round(cur[b] - ref[b], 1) for b in both}
        print(f"| {label} | " + " | ".join(
            f"{delta[label][b]:+.0f} ({ratios[label][b]:.3f})" if b in both else "-"
            for b in BATCHES) + " |")
    print()
    return ratios, delta


def main():
    """Print table.md, write results.json."""
    out = sys.argv[1]
    data = {k: load(out, k) for k in ("base", "head")}
    results = {"per_packet": {}, "path": {}}
    for kernel, costs in data.items():
        # the TCP configurations (fwd.*, fwdsw.*, host.*) have a none of their own
        nones = {(prefix(c), b): v for (c, b), v in costs.items()
                 if c.split(".")[-1].startswith("none-")}
        for (config, batch), values in sorted(costs.items()):
            med, spread = cell(values)
            results["per_packet"].setdefault(kernel, {}).setdefault(config, {})[batch] = \
                {"median": round(med, 2), "spread_pct": round(spread, 3),
                 "n": len(values)}
            none = nones.get((prefix(config), batch))
            if none and not config.split(".")[-1].startswith("none-"):
                results["path"].setdefault(kernel, {}).setdefault(config, {})[batch] = \
                    round(med - statistics.median(none), 2)

    print("Instructions per packet, each window pair's difference (median of the "
          "repetitions, ± half their range); emulated x86_64 (QEMU TCG), one vCPU.\n")
    for kernel in ("base", "head"):
        rows = results["per_packet"].get(kernel, {})
        if not rows:
            continue
        print(f"{kernel}:\n")
        print("| configuration | " + " | ".join(f"B={b}" for b in BATCHES) + " |")
        print("|---|" + "---:|" * len(BATCHES))
        for config, cells in rows.items():
            print(f"| {config} | " + " | ".join(
                f"{cells[b]['median']:.0f} ±{cells[b]['spread_pct']:.2f} %"
                if b in cells else "-" for b in BATCHES) + " |")
        print()

    # the comparisons: (label, (kernel, config), (kernel, config))
    comps = [
        # the NAPI has no receive list, nor does any other (static key off)
        ("no list: netif_receive_skb()", ("head", "receive-off-on"),
         ("base", "receive-base-on")),
        ("no list: a driver's own netif_receive_skb_list()", ("head", "list-off-on"),
         ("base", "list-base-on")),
        ("no list: napi_gro_receive(), GRO on", ("head", "gro-off-on"),
         ("base", "gro-base-on")),
        ("no list: napi_gro_receive(), GRO off", ("head", "gro-off-off"),
         ("base", "gro-base-off")),
        ("no list: netif_rx() (the backlog)", ("head", "netif_rx-off-on"),
         ("base", "netif_rx-base-on")),
        # the NAPI has none, another NAPI has one (static key on)
        ("no list, key on: netif_receive_skb()", ("head", "receive-key-on"),
         ("base", "receive-base-on")),
        ("no list, key on: napi_gro_receive(), GRO on", ("head", "gro-key-on"),
         ("base", "gro-base-on")),
        # the NAPI has a receive list, in each mode
        ("list, immediate mode: netif_receive_skb()", ("head", "receive-0-on"),
         ("base", "receive-base-on")),
        ("list, list mode: netif_receive_skb()", ("head", "receive-1-on"),
         ("base", "receive-base-on")),
        ("list, gro mode: netif_receive_skb()", ("head", "receive-2-on"),
         ("base", "receive-base-on")),
        ("list, list mode, against a driver's own list (base)",
         ("head", "receive-1-on"), ("base", "list-base-on")),
        ("list, list mode, gro_normal_batch 64, against a driver's own list (base)",
         ("head", "receive-long-on"), ("base", "list-base-on")),
        ("list, list mode, against napi_gro_receive(), GRO off (base)",
         ("head", "receive-1-on"), ("base", "gro-base-off")),
    ] + fwd_comps()
    medians = {k: {c: {b: cell["median"] for b, cell in cells.items()}
                   for c, cells in configs.items()}
               for k, configs in results["per_packet"].items()}
    results["ratios"], results["delta"] = compare(
        comps, medians,
        "Series against base: instructions per packet, the difference and the "
        "ratio (the module's own work, which makes and frees the frames, is in "
        "both):")
    # the same comparisons on each path alone: every configuration less its
    # own boot's `none` (the module's own work: it builds and frees the
    # frames, passes nothing up), which moves between two kernels too
    _, results["path_delta"] = compare(
        comps, results["path"],
        "The same, each configuration less its kernel's `none` (the module's own "
        "work, which also moves between two builds): instructions per packet of "
        "the receive path alone (for the end host with its socket read and its "
        "ACKs), and the ratio:")
    worst = max((c["spread_pct"] for k in results["per_packet"].values()
                 for cells in k.values() for c in cells.values()), default=0.0)
    results["worst_spread_pct"] = round(worst, 3)
    print(f"Largest spread of any cell: ±{worst:.3f} %.")
    # the second boot of each kernel: how far the same work's medians differ
    diffs = []
    for kernel, costs in data.items():
        again = load(out, f"{kernel}.2")
        for key, values in costs.items():
            if key in again:
                first, second = statistics.median(values), statistics.median(again[key])
                diffs.append(abs(second - first) / first * 100)
    if diffs:
        results["second_boot_max_diff_pct"] = round(max(diffs), 3)
        print(f"A second boot of each kernel: its medians differ from these by at most "
              f"{max(diffs):.3f} % ({len(diffs)} cells).")
    with open(os.path.join(out, "results.json"), "w", encoding="utf-8") as dst:
        json.dump(results, dst, indent=1, sort_keys=True)
        dst.write("\n")


main()
