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

OUT/waits.KERNEL (insn-window.c) has, per window, how long its packets
waited in vCPU 1's instructions: from the driver's netif_receive_skb() to
the stack's __netif_receive_skb_core(), and to udp_rcv(). From them: the
gro_normal_batch sweep (list mode's bound: the saving each value buys, as a
fraction of the 64-packet batch's, and the wait it costs) and a lone
packet's wait per mode (the 1-packet windows).

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
    ("the driver's own netif_receive_skb_list() (base) vs napi_rx_mode=1",
     "base-driver-list", "head-list"),
    ("napi_gro_receive() driver, gro off", "base-gro-off", "head-gro-off"),
    ("napi_gro_receive() driver, gro on", "base-gro-on", "head-gro-on"),
    ("netif_receive_skb() outside NAPI (pktgen netif_receive)",
     "base-nonapi", "head-nonapi"),
]


WAITS = ("n_core", "core", "core_max", "n_deliver", "deliver",
         "deliver_max", "left", "unpaired")
BATCHES = (1, 2, 4, 8, 16, 32, 64)


def lines(out, name):
    """The lines of OUT/NAME, split into words."""
    text = (out / name).read_text(encoding="utf-8")
    return [line.split() for line in text.split("\n") if line]


def load(out, kernel):
    """Per configuration: {rep: {packets: (received, sleeps, counts, waits)}}."""
    labels = lines(out, f"labels.{kernel}")
    windows = [[int(x) for x in w] for w in lines(out, f"windows.{kernel}")]
    waits = [dict(zip(WAITS, map(int, w))) for w in lines(out, f"waits.{kernel}")]
    if not labels or labels[-1] != ["done"]:
        sys.exit(f"report: {kernel}: the guest did not finish (labels.{kernel})")
    labels = labels[:-1]
    if not len(labels) == len(windows) == len(waits):
        sys.exit(f"report: {kernel}: {len(labels)} labels, {len(windows)}"
                 f" windows, {len(waits)} waits")
    runs = {}
    for (conf, packets, rep, received, sleeps), counts, wait in zip(
            labels, windows, waits):
        if conf.startswith("warmup-"):
            continue
        runs.setdefault(conf, {}).setdefault(int(rep), {})[int(packets)] = (
            int(received), int(sleeps), counts, wait)
    return runs


def windows_of(runs, conf):
    """Per repetition: (packets, received, sleeps, per-packet counts,
    waits of the N-packet window, waits of the 1-packet window)."""
    for rep in runs.get(conf, {}).values():
        (pkts, (rcv_n, sl_n, w_n, wait_n)), (_, (_, _, w_1, wait_1)) = sorted(
            rep.items(), reverse=True)
        yield (pkts, rcv_n, sl_n, [(a - b) / pkts for a, b in zip(w_n, w_1)],
               wait_n, wait_1)


def shape(conf):
    """The traffic of a configuration: udp (to the receiver), fwd-udp
    (through it), or tcp (fwd-tcp-*, host-tcp-*: no pktgen, no regime)."""
    if "-tcp-" in conf:
        return "tcp"
    return "fwd-udp" if conf.startswith("fwd-udp-") else "udp"


def sender_floor(runs, kind):
    """The sender's lowest instructions per packet over a boot's windows of
    one shape of traffic (the router's neighbour also runs on vCPU 0)."""
    return min((w[3][0] for conf in runs if not conf.endswith("-nonapi")
                and shape(conf) == kind for w in windows_of(runs, conf)),
               default=0)


def waited(res, key):
    """The median over a regime's windows of their median wait, and the
    largest wait of them all; None if no window paired a packet."""
    waits = [w for w in res.get("waits", []) if w["n_" + key]]
    if not waits:
        return None
    return (statistics.median(w[key] for w in waits),
            max(w[key + "_max"] for w in waits))


def sweep(base, head):
    """list mode's bound: what each gro_normal_batch saves, and costs."""
    print("| gro_normal_batch | instructions/packet | saving vs base |"
          " of the saving at 64 | wait to the stack: median / max |")
    print("|---:|---:|---:|---:|---:|")
    ref = per_packet(base, "base-legacy", False)
    res = {b: per_packet(head, "head-list" if b == 8 else f"head-list-b{b}",
                         False) for b in BATCHES}
    full = res[64]["median"] - ref["median"] if res[64]["reps"] else None
    unpaired = sum(w["unpaired"] + w["left"] for row in res.values()
                   for w in row.get("waits", []))
    for batch in BATCHES:
        row = res[batch]
        if not row["reps"] or not ref["reps"]:
            print(f"| {batch} | {fmt(row)} | - | - | - |")
            continue
        save = ref["median"] - row["median"]
        frac = f"{save / -full:.2f}" if full else "-"
        wait = waited(row, "core")
        wait = f"{wait[0]:.0f} / {wait[1]}" if wait else "-"
        print(f"| {batch} | {fmt(row)} | {save / ref['median'] * 100:.1f} % |"
              f" {frac} | {wait} |")
    if unpaired:
        print(f"\nwaits: {unpaired} marks unpaired or packets left in the"
              " sweep's windows (stray packets: the pairing is by order)")


def tcp_cost(runs, conf):
    """A TCP configuration's receiving-vCPU instructions per byte and per
    packet on the wire (the receiving port's), medians over the repetitions
    (every window: no pktgen, no regime), and the spread of the first."""
    per_byte, per_wire = [], []
    for rep in runs.get(conf, {}).values():
        (size, (rcv_n, _, w_n, _)), (_, (rcv_1, _, w_1, _)) = sorted(
            rep.items(), reverse=True)
        work = w_n[1] - w_1[1]
        per_byte.append(work / (size - 1))
        if rcv_n > rcv_1:
            per_wire.append(work / (rcv_n - rcv_1))
    if not per_byte:
        return None
    med = statistics.median(per_byte)
    return {"byte": med, "spread": (max(per_byte) - min(per_byte)) / med / 2,
            "wire": statistics.median(per_wire) if per_wire else None,
            "reps": len(per_byte)}


ROUTER_MODES = (("base", "legacy", "base: netif_receive_skb()"),
                ("base", "gro-on", "base: GRO driver"),
                ("head", "immediate", "immediate"), ("head", "list", "list"),
                ("head", "gro", "gro"), ("head", "gro-on", "GRO driver"))


def router(base, head):
    """Instructions per forwarded packet, each mode, egress offloads on and
    off; and the ratio to the base's netif_receive_skb() driver."""
    kernels = {"base": base, "head": head}
    print("| traffic, egress TX csum+TSO | "
          + " | ".join(name for _, _, name in ROUTER_MODES) + " |")
    print("|---|" + "---:|" * len(ROUTER_MODES))
    for traffic in ("udp", "tcp"):
        for egress in ("on", "off"):
            cells, ref = [], None
            for kernel, mode, _ in ROUTER_MODES:
                conf = f"fwd-{traffic}-{mode}-{egress}"
                runs = kernels[kernel]
                if traffic == "udp":
                    res = per_packet(runs, conf, False) if conf in runs else None
                    val = res["median"] if res and res["reps"] else None
                else:
                    res = tcp_cost(runs, conf)
                    val = res["wire"] if res else None
                if val is None:
                    cells.append("-")
                    continue
                ref = ref or (val if mode == "legacy" else None)
                cells.append(f"{val:.0f}" + (f" ({val / ref:.3f})" if ref else ""))
            what = "64-byte UDP" if traffic == "udp" else "TCP, MSS segments"
            print(f"| {what}, {egress} | " + " | ".join(cells) + " |")


def end_host(base, head):
    """A TCP stream into a read socket: per byte and per wire packet."""
    print("| receive path | instructions/byte | instructions/wire packet |"
          " vs immediate (per byte) |")
    print("|---|---:|---:|---:|")
    ref = tcp_cost(head, "host-tcp-immediate")
    for kernel, mode, name in ROUTER_MODES:
        res = tcp_cost(base if kernel == "base" else head, f"host-tcp-{mode}")
        if not res:
            print(f"| {name} | - | - | - |")
            continue
        wire = f"{res['wire']:.0f}" if res["wire"] else "-"
        ratio = f"{res['byte'] / ref['byte']:.3f}" if ref else "-"
        print(f"| {name} | {res['byte']:.2f} ±{res['spread'] * 100:.1f} %"
              f" ({res['reps']}) | {wire} | {ratio} |")


def lone_packet(base, head):
    """A lone packet (the 1-packet windows): from the driver's call to the
    stack and to UDP, per mode; each mode against immediate's."""
    print("| configuration | driver to stack | driver to UDP |"
          " vs immediate (to UDP) |")
    print("|---|---:|---:|---:|")
    rows = [(c, base) for c in ("base-legacy", "base-driver-list")]
    odd = sum(1 for runs in (base, head) for conf in runs
              for w in windows_of(runs, conf) if w[5]["n_deliver"] != 1)
    rows += [(c, head) for c in ("head-immediate", "head-list", "head-gro")]
    ref = None
    for conf, runs in rows:
        if conf not in runs:
            continue
        got = [w[5] for w in windows_of(runs, conf) if w[5]["n_deliver"] == 1]
        if not got:
            print(f"| {conf} | - | - | - |")
            continue
        core = statistics.median(w["core"] for w in got)
        udp = statistics.median(w["deliver"] for w in got)
        if conf == "head-immediate":
            ref = udp
        ratio = f"{udp / ref:.3f}" if ref and conf.startswith("head-") else "-"
        print(f"| {conf} | {core:.0f} | {udp:.0f} ({len(got)} windows) |"
              f" {ratio} |")
    if odd:
        print(f"\n{odd} 1-packet windows did not pair exactly one packet"
              " with its udp_rcv(): left out")


def per_packet(runs, conf, spun):
    """Medians over the repetitions of one regime, and how they went."""
    cpu = 0 if conf.endswith("-nonapi") else 1
    floor = sender_floor(runs, shape(conf))
    insns, per_sleep, waits, lone, lost, total = [], [], [], [], 0, 0
    for pkts, rcv_n, sl_n, per_cpu, wait_n, wait_1 in windows_of(runs, conf):
        total += 1
        if cpu and (per_cpu[0] > 2 * floor) != spun:
            continue
        insns.append(per_cpu[cpu])
        waits.append(wait_n)
        lone.append(wait_1)
        lost += max(pkts - rcv_n, 0)
        if sl_n:
            per_sleep.append(pkts / sl_n)
    if not insns:
        return {"reps": 0, "total": total}
    return {"median": statistics.median(insns), "min": min(insns),
            "max": max(insns), "reps": len(insns), "total": total,
            "lost": lost, "waits": waits, "lone": lone,
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
    print("\nList mode's bound, net.core.gro_normal_batch (receiver keeps up;"
          " saving against the base's netif_receive_skb(); the wait in the"
          " receiving vCPU's instructions from the driver's call to"
          " __netif_receive_skb_core(): median of the windows' medians, and"
          " the largest):\n")
    sweep(base, head)
    print("\nRouter: instructions per forwarded packet on the receiving vCPU"
          " (TCP: per segment the router received; in parentheses: against"
          " the base's netif_receive_skb() driver):\n")
    router(base, head)
    print("\nEnd host: a TCP stream into a socket read on the receiving vCPU"
          " (median over the repetitions, ± half the range):\n")
    end_host(base, head)
    print("\nA lone packet (1-packet windows, median over the repetitions),"
          " in the receiving vCPU's instructions:\n")
    lone_packet(base, head)
    for note in sorted(set(notes)):
        print(f"- {note}")


if __name__ == "__main__":
    main()
