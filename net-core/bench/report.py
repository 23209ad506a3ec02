#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn the windows `make bench` counted into its table (markdown).

OUT/labels.KERNEL names, line by line, the windows whose per-vCPU
instruction counts are the lines of OUT/windows.KERNEL (guest.sh and
insn-window.c). Per repetition and configuration, instructions per packet =
(window of N packets - window of 1 packet) / N, on the vCPU that did the
receive work: vCPU 1 (the pinned NAPI thread), or vCPU 0 for the non-NAPI
case. The table gives the median over the repetitions and their spread.

Each NAPI window is in one of two regimes (guest.sh): the receiver keeps up,
or the ring fills and the sender spins. The sender's own instructions per
packet tell them apart: more than twice the lowest of its boot means it
spun. Each regime gets its own table, with how many windows it holds.

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


def windows_of(runs, conf):
    """Per repetition: (packets, received, sleeps, per-packet counts)."""
    for rep in runs[conf].values():
        (pkts, (rcv_n, sl_n, w_n)), (_, (_, _, w_1)) = sorted(
            rep.items(), reverse=True)
        yield pkts, rcv_n, sl_n, [(a - b) / pkts for a, b in zip(w_n, w_1)]


def sender_floor(runs):
    """The sender's lowest instructions per packet over a boot's windows."""
    return min(w[3][0] for conf in runs if not conf.endswith("-nonapi")
               for w in windows_of(runs, conf))


def per_packet(runs, conf, spun):
    """Medians over the repetitions of one regime, and how they went."""
    cpu = 0 if conf.endswith("-nonapi") else 1
    floor = sender_floor(runs)
    insns, per_sleep, lost, total = [], [], 0, 0
    for pkts, rcv_n, sl_n, per_cpu in windows_of(runs, conf):
        total += 1
        if cpu and (per_cpu[0] > 2 * floor) != spun:
            continue
        insns.append(per_cpu[cpu])
        lost += max(pkts - rcv_n, 0)
        if sl_n:
            per_sleep.append(pkts / sl_n)
    if not insns:
        return {"reps": 0, "total": total}
    return {"median": statistics.median(insns), "min": min(insns),
            "max": max(insns), "reps": len(insns), "total": total,
            "lost": lost,
            "per_sleep": statistics.median(per_sleep) if per_sleep else None}


def fmt(res):
    """The median, half the range in percent of it, windows used."""
    if not res["reps"]:
        return f"- (0/{res['total']})"
    spread = (res["max"] - res["min"]) / res["median"] * 100
    return (f"{res['median']:.0f} ±{spread / 2:.1f} %"
            f" ({res['reps']}/{res['total']})")


def table(base, head, spun):
    """One regime's table; the notes on lost datagrams."""
    regime = "throttled" if spun else "keeps up"
    print("| receive path, 64-byte UDP | base | series | series/base |"
          " packets per NAPI thread wake-up (series) |")
    print("|---|---:|---:|---:|---:|")
    notes = []
    for name, b_conf, h_conf in ROWS:
        if spun and h_conf.endswith("-nonapi"):
            continue
        b_res = per_packet(base, b_conf, spun)
        h_res = per_packet(head, h_conf, spun)
        ratio = "-"
        if b_res["reps"] and h_res["reps"]:
            ratio = f"{h_res['median'] / b_res['median']:.3f}"
        wake = h_res.get("per_sleep")
        wake = "-" if wake is None or h_conf.endswith("-nonapi") else f"{wake:.0f}"
        print(f"| {name} | {fmt(b_res)} | {fmt(h_res)} | {ratio} | {wake} |")
        for conf, res in ((b_conf, b_res), (h_conf, h_res)):
            if res.get("lost"):
                notes.append(f"{conf} ({regime}): {res['lost']} datagrams"
                             " did not reach UDP")
    return notes


def main():
    """Print the table for the directory given."""
    out = Path(sys.argv[1])
    base, head = load(out, "base"), load(out, "head")
    print("Receiver keeps up (the sender never spun):\n")
    notes = table(base, head, False)
    print("\nSender throttled (netdevsim's ring filled, pktgen spun):\n")
    notes += table(base, head, True)
    print("\nInstructions per packet on the receiving vCPU: median over the"
          " windows of the regime (± half their range; windows used/run);"
          " emulated CPU (QEMU TCG).")
    for note in sorted(set(notes)):
        print(f"- {note}")


if __name__ == "__main__":
    main()
