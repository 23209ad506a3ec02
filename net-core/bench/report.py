#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn the windows `make bench` counted into its table (markdown).

OUT/labels.KERNEL names, line by line, the windows whose per-vCPU
instruction counts are the lines of OUT/windows.KERNEL (guest.sh and
insn-window.c). Per repetition and configuration, instructions per packet =
(window of N packets - window of 1 packet) / N, on the vCPU that did the
receive work: vCPU 1 (the pinned NAPI thread), or vCPU 0 for the non-NAPI
case. The table gives the median over the repetitions and their spread.

Usage: report.py OUT
"""

import statistics
import sys
from pathlib import Path

ROWS = [
    ("netif_receive_skb() driver, napi_rx_mode=0 (immediate)",
     "base-legacy", "head-immediate"),
    ("netif_receive_skb() driver, napi_rx_mode=1 (list, default)",
     "base-legacy", "head-list"),
    ("netif_receive_skb() driver, napi_rx_mode=2 (gro)",
     "base-legacy", "head-gro"),
    ("napi_gro_receive() driver, gro off", "base-gro-off", "head-gro-off"),
    ("napi_gro_receive() driver, gro on", "base-gro-on", "head-gro-on"),
    ("netif_receive_skb() outside NAPI (pktgen netif_receive)",
     "base-nonapi", "head-nonapi"),
]


def load(out, kernel):
    """Per configuration: {rep: {packets: (received, sleeps, counts)}}."""
    labels = (out / f"labels.{kernel}").read_text(encoding="utf-8").split("\n")
    windows = (out / f"windows.{kernel}").read_text(encoding="utf-8").split("\n")
    labels = [line.split() for line in labels if line]
    windows = [[int(x) for x in line.split()] for line in windows if line]
    if not labels or labels[-1] != ["done"]:
        sys.exit(f"report: {kernel}: the guest did not finish (labels.{kernel})")
    labels = labels[:-1]
    if len(labels) != len(windows):
        sys.exit(f"report: {kernel}: {len(labels)} labels, {len(windows)} windows")
    runs = {}
    for (conf, packets, rep, received, sleeps), counts in zip(labels, windows):
        if conf.startswith("warmup-"):
            continue
        runs.setdefault(conf, {}).setdefault(int(rep), {})[int(packets)] = (
            int(received), int(sleeps), counts)
    return runs


def per_packet(runs, conf):
    """Medians over the repetitions, and how the repetitions went."""
    cpu = 0 if conf.endswith("-nonapi") else 1
    insns, per_sleep, lost = [], [], 0
    for rep in runs[conf].values():
        (pkts, (rcv_n, sl_n, w_n)), (_, (_, _, w_1)) = sorted(
            rep.items(), reverse=True)
        insns.append((w_n[cpu] - w_1[cpu]) / pkts)
        lost += max(pkts - rcv_n, 0)
        if sl_n:
            per_sleep.append(pkts / sl_n)
    return {"median": statistics.median(insns), "min": min(insns),
            "max": max(insns), "reps": len(insns), "lost": lost,
            "per_sleep": statistics.median(per_sleep) if per_sleep else None}


def fmt(res):
    """The median and half the range, in percent of the median."""
    spread = (res["max"] - res["min"]) / res["median"] * 100
    return f"{res['median']:.0f} (±{spread / 2:.1f} %)"


def main():
    """Print the table for the directory given."""
    out = Path(sys.argv[1])
    base, head = load(out, "base"), load(out, "head")
    print("| receive path, 64-byte UDP | base | series | series/base |"
          " packets per NAPI wakeup (series) |")
    print("|---|---:|---:|---:|---:|")
    notes = []
    for name, b_conf, h_conf in ROWS:
        b_res, h_res = per_packet(base, b_conf), per_packet(head, h_conf)
        ratio = h_res["median"] / b_res["median"]
        wake = h_res["per_sleep"]
        wake = "-" if wake is None or h_conf.endswith("-nonapi") else f"{wake:.0f}"
        print(f"| {name} | {fmt(b_res)} | {fmt(h_res)} | {ratio:.3f} | {wake} |")
        for conf, res in ((b_conf, b_res), (h_conf, h_res)):
            if res["lost"]:
                notes.append(f"{conf}: {res['lost']} datagrams did not reach UDP")
    reps = per_packet(head, "head-list")["reps"]
    print(f"\nInstructions per packet on the receiving vCPU, medians of {reps}"
          " repetitions (± half their range); emulated CPU (QEMU TCG).")
    for note in sorted(set(notes)):
        print(f"- {note}")


if __name__ == "__main__":
    main()
