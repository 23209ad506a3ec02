#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn the windows `make bench` counted into its tables (markdown).

OUT/labels.KERNEL names, line by line, the windows whose per-vCPU
instruction counts are the lines of OUT/windows.KERNEL (guest.sh and
insn-window.c: each vCPU's count, then each vCPU's kernel-only count). Per
repetition and configuration, instructions per packet = (window of N
packets - window of 1 packet) / (datagrams UDP took in the first - in the
second), on the vCPU that did the receive work: vCPU 1 (the pinned NAPI
thread), or vCPU 0 for the non-NAPI case. (A datagram the sender's
netdevsim dropped for a full peer ring, in the throttled regime, never
reached the receiver: it is not divided by.)
The tables give the median over the repetitions and their spread.

Each pktgen window is in one of two regimes (guest.sh): the receiver keeps
up, or the ring fills and the sender spins. The sender's own instructions
per packet tell them apart: more than twice the lowest of its boot (for
the same shape of traffic) means it spun. A window whose sender did not
spin but lost more than LOSSY of its datagrams before UDP did not keep up
either (its ring overflowed between the sender's checks): it is in neither
regime, and counted in the windows run only. Each regime gets its own
table, with how many windows it holds. TCP windows have no pktgen and no
regime.

OUT/waits.KERNEL (insn-window.c) has, per window, how long packets waited
in vCPU 1's instructions: from the driver's netif_receive_skb() to the
stack's __netif_receive_skb_core() and to udp_rcv(), and from the start of
the driver's poll to udp_rcv(). From them: the gro_normal_batch sweep
(list mode's bound: the saving each value buys, as a fraction of the
64-packet batch's, and the wait it costs) and a lone packet's wait per
mode (the 1-packet windows).

OUT/times.KERNEL (guest.sh), if both kernels have one: the wall time of
each part of the bench, and from it an estimate of a full run's (every
configuration, FULL_N packets, FULL_REPS repetitions).

The tables go to stdout; the same numbers, machine-readable, to
OUT/results.json (plot.py draws them).

Usage: report.py OUT
"""

import json
import re
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
    ("the same, napi_rx_mode=1 with gro_normal_batch 64 (a whole poll)",
     "base-driver-list", "head-list-b64"),
    ("napi_gro_receive() driver, gro off", "base-gro-off", "head-gro-off"),
    ("napi_gro_receive() driver, gro on", "base-gro-on", "head-gro-on"),
    ("netif_receive_skb() outside NAPI (pktgen netif_receive)",
     "base-nonapi", "head-nonapi"),
]

WAITS = ("n_core", "core", "core_max", "n_deliver", "deliver",
         "deliver_max", "n_poll", "poll", "poll_max", "left", "unpaired")
BATCHES = (1, 2, 4, 8, 16, 32, 64)
# The share of a window's datagrams it may lose before UDP, its sender not
# spinning, and still count as the receiver keeping up
LOSSY = 0.01
# A full run: bench.sh's default N and REPS, every configuration
FULL_N, FULL_REPS = 40000, 7
# the parts of times.KERNEL (guest.sh's part()), in the order shown
PARTS = (("udp", "64-byte UDP into a socket (and a lone packet)"),
         ("batch", "gro_normal_batch sweep (besides 8)"),
         ("router-udp", "router, 64-byte UDP"), ("router-tcp", "router, TCP"),
         ("end-host", "end host, TCP"))
# (kernel, MODE, column title) of the router and end-host tables
MODES = (("base", "legacy", "base: netif_receive_skb()"),
         ("base", "gro-on", "base: GRO driver"),
         ("head", "immediate", "immediate"), ("head", "list", "list"),
         ("head", "gro", "gro"), ("head", "gro-on", "GRO driver"))
ROUTES = (("udp", "eg-on", "64-byte UDP, egress offloads on"),
          ("udp", "eg-off", "64-byte UDP, egress offloads off"),
          ("tcp", "eg-on", "TCP, egress offloads on"),
          ("tcp", "eg-off", "TCP, egress offloads off"),
          ("tcp", "eg-off:rx-nocsum",
           "TCP, no RX checksum, egress offloads off"))


def lines(out, name):
    """The lines of OUT/NAME, split into words."""
    text = (out / name).read_text(encoding="utf-8")
    return [line.split() for line in text.split("\n") if line]


def load(out, kernel):
    """Per configuration: {rep: {size: (received, sleeps, counts, waits)}}."""
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
    for (conf, size, rep, received, sleeps), counts, wait in zip(
            labels, windows, waits):
        if conf.startswith("warmup-"):
            continue
        runs.setdefault(conf, {}).setdefault(int(rep), {})[int(size)] = (
            int(received), int(sleeps), counts, wait)
    return runs


def shape(conf):
    """The traffic of a configuration: udp (to the receiver), fwd-udp
    (through it), or tcp (fwd-tcp:*, host-tcp:*: no pktgen, no regime)."""
    if "-tcp:" in conf:
        return "tcp"
    return "fwd-udp" if conf.startswith("fwd-udp:") else "udp"


def windows_of(runs, conf):
    """Per repetition, a dict: size, the received counts of both windows,
    sleeps, the work per unit (each count column: (N window - 1 window) /
    (N - 1)), the waits of both windows."""
    for rep in runs.get(conf, {}).values():
        (size, (rcv_n, sl_n, w_n, wait_n)), (_, (rcv_1, _, w_1, wait_1)) = \
            sorted(rep.items(), reverse=True)
        work = [a - b for a, b in zip(w_n, w_1)]
        yield {"size": size, "rcv": rcv_n, "rcv_1": rcv_1, "sleeps": sl_n,
               "work": work, "unit": [w / (size - 1) for w in work],
               "wait": wait_n, "wait_1": wait_1}


def sender_floor(runs, kind):
    """The sender's lowest instructions per packet over a boot's windows of
    one shape of traffic (the router's neighbour also runs on vCPU 0)."""
    return min((w["unit"][0] for conf in runs if not conf.endswith("-nonapi")
                and shape(conf) == kind for w in windows_of(runs, conf)),
               default=0)


def in_regime(conf, win, floor, spun):
    """Whether window WIN of CONF is in the regime SPUN: its sender did more
    than twice FLOOR instructions per unit, or it did not and WIN lost at
    most LOSSY of its datagrams (TCP and non-NAPI windows: in both)."""
    if shape(conf) == "tcp" or conf.endswith("-nonapi"):
        return True
    if win["unit"][0] > 2 * floor:
        return spun
    return not spun and win["size"] - win["rcv"] <= LOSSY * win["size"]


def regime(runs, conf, spun):
    """The windows of CONF in one regime (TCP: all of them)."""
    floor = sender_floor(runs, shape(conf))
    for win in windows_of(runs, conf):
        if in_regime(conf, win, floor, spun):
            yield win


def stats(values):
    """Median, half the range in percent of it, count; None if empty."""
    if not values:
        return None
    med = statistics.median(values)
    return {"median": med, "n": len(values),
            "spread": (max(values) - min(values)) / med * 50 if med else 0}


def per_packet(runs, conf, spun):
    """Instructions per packet on the receiving vCPU in one regime, with
    the windows used and run, the datagrams lost, packets per wake-up."""
    cpu = 0 if conf.endswith("-nonapi") else 1
    wins = [w for w in regime(runs, conf, spun) if w["rcv"] > w["rcv_1"]]
    res = stats([w["work"][cpu] / (w["rcv"] - w["rcv_1"]) for w in wins]) or {"n": 0}
    res["total"] = sum(1 for _ in windows_of(runs, conf))
    res["lost"] = sum(max(w["size"] - w["rcv"], 0) for w in wins)
    res["wins"] = wins
    wake = [w["size"] / w["sleeps"] for w in wins if w["sleeps"]]
    res["per_wake"] = statistics.median(wake) if wake else None
    return res


def num(res):
    """The numbers of a stats() result (median, spread, windows used and
    run) for results.json; None if it has none."""
    if not res or not res.get("n"):
        return None
    return {k: res[k] for k in ("median", "spread", "n", "total") if k in res}


def fmt(res, digits=0):
    """The median, half the range in percent of it, windows used/run."""
    if not res or not res["n"]:
        return f"- (0/{res['total'] if res else 0})"
    total = f"/{res['total']}" if "total" in res else ""
    return (f"{res['median']:.{digits}f} ±{res['spread']:.1f} %"
            f" ({res['n']}{total})")


def table(base, head, spun):
    """One regime's table of 64-byte UDP into a socket; notes on losses."""
    regime_name = "throttled" if spun else "keeps up"
    print("| receive path, 64-byte UDP | base | series | series/base |"
          " packets per NAPI thread wake-up (series) |")
    print("|---|---:|---:|---:|---:|")
    notes, rows = [], []
    for name, b_conf, h_conf in ROWS:
        if spun and h_conf.endswith("-nonapi"):
            continue
        b_res = per_packet(base, b_conf, spun)
        h_res = per_packet(head, h_conf, spun)
        ratio = None
        if b_res["n"] and h_res["n"]:
            ratio = h_res["median"] / b_res["median"]
        wake = h_res["per_wake"]
        if h_conf.endswith("-nonapi"):
            wake = None
        print(f"| {name} | {fmt(b_res)} | {fmt(h_res)} |"
              f" {'-' if ratio is None else f'{ratio:.3f}'} |"
              f" {'-' if wake is None else f'{wake:.0f}'} |")
        rows.append({"path": name, "base_config": b_conf, "head_config": h_conf,
                     "base": num(b_res), "head": num(h_res), "ratio": ratio,
                     "packets_per_wakeup": wake})
        for conf, res in ((b_conf, b_res), (h_conf, h_res)):
            if res["lost"]:
                notes.append(f"{conf} ({regime_name}): {res['lost']} datagrams"
                             " did not reach UDP")
    return notes, rows


def waited(wins, key):
    """The median of the windows' median waits and the largest wait; None
    if no window has one."""
    wins = [w["wait"] for w in wins if w["wait"]["n_" + key]]
    if not wins:
        return None
    return {"median": statistics.median(w[key] for w in wins),
            "max": max(w[key + "_max"] for w in wins)}


def fmt_wait(wait):
    """A waited() result as "median / max"."""
    return "-" if wait is None else f"{wait['median']:.0f} / {wait['max']}"


def sweep(base, head, spun):
    """list mode's bound in one regime: what each gro_normal_batch saves,
    and what a packet waits for it."""
    print("| gro_normal_batch | instructions/packet | saving vs base |"
          " of the saving at 64 | packets per wake-up |"
          " wait to the stack: median / max | wait to UDP: median / max |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    ref = per_packet(base, "base-legacy", spun)
    res = {b: per_packet(head, "head-list" if b == 8 else f"head-list-b{b}",
                         spun) for b in BATCHES}
    full = None
    if ref["n"] and res[64]["n"]:
        full = ref["median"] - res[64]["median"]
        # a saving within the noise is no yardstick
        noise = (res[64]["spread"] + ref["spread"]) / 100 * ref["median"]
        if abs(full) <= noise:
            full = None
    left, rows = 0, []
    for batch in BATCHES:
        row = res[batch]
        left += sum(w["wait"]["left"] + w["wait"]["unpaired"] for w in row["wins"])
        core, deliver = waited(row["wins"], "core"), waited(row["wins"], "deliver")
        out = {"batch": batch, "head": num(row), "saving": None,
               "of_saving_at_64": None, "packets_per_wakeup": row["per_wake"],
               "wait_to_stack": core, "wait_to_udp": deliver}
        rows.append(out)
        if not row["n"] or not ref["n"]:
            print(f"| {batch} | {fmt(row)} | - | - | - | - | - |")
            continue
        save = ref["median"] - row["median"]
        out["saving"] = save / ref["median"]
        out["of_saving_at_64"] = save / full if full else None
        frac = f"{save / full:.2f}" if full else "-"
        wake = f"{row['per_wake']:.0f}" if row["per_wake"] else "-"
        print(f"| {batch} | {fmt(row)} | {save / ref['median'] * 100:.1f} % |"
              f" {frac} | {wake} | {fmt_wait(core)} | {fmt_wait(deliver)} |")
    if left:
        print(f"\n{left} packets left unpaired in these windows (the pairing"
              " is by order within a poll)")
    return {"base_legacy": num(ref), "rows": rows, "unpaired": left}


def fwd_udp(runs, conf):
    """Instructions per forwarded datagram (those behind the router), the
    receiver keeping up; and the datagrams not forwarded."""
    wins = list(regime(runs, conf, False))
    per = [w["work"][1] / (w["rcv"] - w["rcv_1"]) for w in wins
           if w["rcv"] > w["rcv_1"]]
    res = stats(per) or {"n": 0}
    res["total"] = sum(1 for _ in windows_of(runs, conf))
    res["lost"] = sum(max(w["size"] - w["rcv"], 0) for w in wins)
    return res


def tcp_cost(runs, conf):
    """A TCP configuration's receiving-vCPU instructions per byte (all,
    and kernel only) and per packet on the wire (the receiving port's)."""
    wins = list(windows_of(runs, conf))
    res = {"byte": stats([w["unit"][1] for w in wins]),
           "kbyte": stats([w["unit"][3] for w in wins if len(w["unit"]) > 3]),
           "wire": stats([w["work"][1] / (w["rcv"] - w["rcv_1"]) for w in wins
                          if w["rcv"] > w["rcv_1"]])}
    return res if res["byte"] else {}


def router(base, head):
    """Instructions per forwarded packet, each mode; against the base's
    netif_receive_skb() driver."""
    kernels = {"base": base, "head": head}
    print("| traffic | " + " | ".join(t for _, _, t in MODES) + " |")
    print("|---|" + "---:|" * len(MODES))
    notes, rows = [], []
    for traffic, opts, title in ROUTES:
        cells, ref = [], None
        for kernel, mode, column in MODES:
            conf = f"fwd-{traffic}:{mode}:{opts}"
            runs = kernels[kernel]
            if traffic == "udp":
                res = fwd_udp(runs, conf)
                if res.get("lost"):
                    notes.append(f"{kernel} {conf}: {res['lost']} datagrams"
                                 " not forwarded")
            else:
                res = tcp_cost(runs, conf).get("wire")
            if not res or not res["n"]:
                cells.append("-")
                continue
            if mode == "legacy":
                ref = res["median"]
            rows.append({"traffic": title, "config": conf, "kernel": kernel,
                         "mode": column, "per_packet": num(res),
                         "vs_base": res["median"] / ref if ref else None})
            ratio = f" ({res['median'] / ref:.3f})" if ref else ""
            cells.append(f"{res['median']:.0f} ±{res['spread']:.1f} %{ratio}")
        print(f"| {title} | " + " | ".join(cells) + " |")
    for note in notes:
        print(f"- {note}")
    return rows


def end_host(base, head):
    """A TCP stream into a read socket: per byte and per wire packet, with
    and without RX checksum offload."""
    print("| receive path | instructions/byte | kernel only | per wire packet |"
          " vs immediate (per byte) | no RX checksum: per byte |")
    print("|---|---:|---:|---:|---:|---:|")
    ref = tcp_cost(head, "host-tcp:immediate")
    rows = []
    for kernel, mode, name in MODES:
        runs = base if kernel == "base" else head
        res = tcp_cost(runs, f"host-tcp:{mode}")
        nocsum = tcp_cost(runs, f"host-tcp:{mode}:rx-nocsum")
        if res or nocsum:
            rows.append({"mode": name, "config": f"host-tcp:{mode}", "kernel": kernel,
                         "per_byte": num(res.get("byte")),
                         "kernel_per_byte": num(res.get("kbyte")),
                         "per_wire_packet": num(res.get("wire")),
                         "vs_immediate": res["byte"]["median"] / ref["byte"]["median"]
                                         if res and ref else None,
                         "no_rx_csum_per_byte": num(nocsum.get("byte"))})
        nocsum = fmt(nocsum.get("byte"), 2) if nocsum else "-"
        if not res:
            print(f"| {name} | - | - | - | - | {nocsum} |")
            continue
        ratio = f"{res['byte']['median'] / ref['byte']['median']:.3f}" if ref else "-"
        kbyte = f"{res['kbyte']['median']:.2f}" if res["kbyte"] else "-"
        wire = f"{res['wire']['median']:.0f}" if res["wire"] else "-"
        print(f"| {name} | {fmt(res['byte'], 2)} | {kbyte} | {wire} | {ratio} |"
              f" {nocsum} |")
    return rows


def lone_packet(base, head):
    """A lone packet (the 1-packet windows): from the driver's poll and
    from its netif_receive_skb() to UDP, per mode; against immediate's."""
    print("| configuration | poll start to UDP | driver's call to the stack |"
          " driver's call to UDP | vs immediate (poll start to UDP) |")
    print("|---|---:|---:|---:|---:|")
    rows = [(c, base) for c in ("base-legacy", "base-driver-list",
                                "base-gro-on")]
    rows += [(c, head) for c in ("head-immediate", "head-list", "head-gro",
                                 "head-gro-on")]
    ref, odd, out = None, 0, []
    for conf, runs in rows:
        got = [w["wait_1"] for w in windows_of(runs, conf)]
        odd += sum(1 for w in got if w["n_poll"] != 1)
        got = [w for w in got if w["n_poll"] == 1]
        if not got:
            print(f"| {conf} | - | - | - | - |")
            continue
        polls = [w["poll"] for w in got]
        poll = statistics.median(polls)
        called = [w for w in got if w["n_deliver"] == 1]
        core = statistics.median(w["core"] for w in called) if called else None
        udp = statistics.median(w["deliver"] for w in called) if called else None
        if conf == "head-immediate":
            ref = poll
        ratio = poll / ref if ref and conf.startswith("head-") else None
        out.append({"config": conf, "poll_to_udp": poll, "windows": len(got),
                    "poll_to_udp_min": min(polls), "poll_to_udp_max": max(polls),
                    "call_to_stack": core, "call_to_udp": udp,
                    "vs_immediate": ratio})
        print(f"| {conf} | {poll:.0f} ({len(got)} windows) |"
              f" {'-' if core is None else f'{core:.0f}'} |"
              f" {'-' if udp is None else f'{udp:.0f}'} |"
              f" {'-' if ratio is None else f'{ratio:.3f}'} |")
    if odd:
        print(f"\n{odd} 1-packet windows of these rows did not deliver exactly"
              " one packet to UDP after a poll began: left out")
    return out


def load_times(out, kernel):
    """times.KERNEL: N, REPS, every configuration's part, per configuration
    run its part and per repetition [configure, window of N, window of 1]
    in seconds, and the guest's total; None if there is no file."""
    if not (out / f"times.{kernel}").exists():
        return None
    rows = lines(out, f"times.{kernel}")
    if len(rows) < 3 or rows[-1][0] != "done" or rows[1][0] != "all":
        sys.exit(f"report: {kernel}: times.{kernel} is not whole")
    every = dict(reversed(c.split("/", 1)) for c in rows[1][1:])
    confs = {}
    for part, conf, rep, *secs in rows[2:-1]:
        confs.setdefault(conf, {"part": part, "reps": {}})["reps"][int(rep)] = [
            float(x) for x in secs]
    run = re.search(rf"^{kernel} boot \(configure and count\): (\d+) s$",
                    (out / "run.txt").read_text(encoding="utf-8"), re.M)
    return {"n": int(rows[0][1]), "reps": int(rows[0][3]), "all": every,
            "confs": confs, "guest": float(rows[-1][1]),
            "boot": int(run.group(1)) if run else None}


def full_run(tim, conf):
    """The estimated seconds of CONF in a full run: its warm-up as
    measured, then FULL_REPS times the median configure and 1-packet
    window (a window's fixed cost: a TCP window starts its writer) and
    the median N window's time beyond the 1-packet one, scaled to
    FULL_N."""
    reps = tim["confs"][conf]["reps"]
    warm = sum(reps.get(0, [0]))
    counted = [v for r, v in reps.items() if r]
    if not counted:
        return warm
    conf_s, win_n, win_1 = (statistics.median(v[i] for v in counted)
                            for i in range(3))
    extra = max(win_n - win_1, 0) * FULL_N / tim["n"]
    return warm + FULL_REPS * (conf_s + 2 * win_1 + extra)


def hms(sec):
    """Seconds as "H h MM min" (or "M min" under an hour)."""
    mins = round(sec / 60)
    return f"{mins // 60} h {mins % 60:02d} min" if mins >= 60 else f"{mins} min"


def timing(out):
    """The wall time of each part, per kernel, and a full run's estimate;
    None without both kernels' times."""
    tims = {k: load_times(out, k) for k in ("base", "head")}
    if list(tims.values()) == [None, None]:
        return None
    if None in tims.values():
        sys.exit("report: times.base or times.head alone")
    print("\nTime per part (wall time of the emulator on this host):\n")
    res = {"full_n": FULL_N, "full_reps": FULL_REPS, "parts": []}
    totals = {k: 0.0 for k in tims}
    print("| part | base: configurations run | base s | head: configurations run |"
          " head s | full run, estimated: base | head |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for part, title in PARTS:
        row, cells = {"part": part, "title": title}, []
        for kernel, tim in tims.items():
            every = [c for c, p in tim["all"].items() if p == part]
            ran = [c for c in every if c in tim["confs"]]
            spent = sum(sum(sum(v) for v in tim["confs"][c]["reps"].values())
                        for c in ran)
            est = [full_run(tim, c) for c in ran]
            # a configuration not run: its part's median
            full = sum(est) + (len(every) - len(ran)) * statistics.median(est) \
                if est else None
            if full is not None:
                totals[kernel] += full
            row[kernel] = {"configs": len(every), "run": len(ran),
                           "seconds": round(spent, 1),
                           "full_estimate": round(full) if full is not None else None}
            cells.append(("-", "-", "-") if not every else
                         (f"{len(ran)} of {len(every)}", f"{spent:.0f}",
                          "-" if full is None else hms(full)))
        res["parts"].append(row)
        print(f"| {title} | {cells[0][0]} | {cells[0][1]} | {cells[1][0]} |"
              f" {cells[1][1]} | {cells[0][2]} | {cells[1][2]} |")
    cells = []
    for kernel, tim in tims.items():
        parts = sum(sum(sum(v) for v in c["reps"].values())
                    for c in tim["confs"].values())
        # set-up: the boot and what the guest does before the windows
        setup = (tim["boot"] if tim["boot"] is not None else tim["guest"]) - parts
        totals[kernel] += setup
        res[kernel] = {"n": tim["n"], "reps": tim["reps"], "guest": tim["guest"],
                       "boot": tim["boot"], "setup": round(setup, 1),
                       "full_estimate": round(totals[kernel])}
        cells.append((f"{setup:.0f}", hms(setup)))
    print(f"| boot and set-up (netdevsim, pktgen, netns) | | {cells[0][0]} | |"
          f" {cells[1][0]} | {cells[0][1]} | {cells[1][1]} |")
    boots = [t["boot"] if t["boot"] is not None else f"{t['guest']:.0f} (guest)"
             for t in tims.values()]
    print(f"| **whole boot** | | {boots[0]} | | {boots[1]} |"
          f" **{hms(totals['base'])}** | **{hms(totals['head'])}** |")
    print(f"\nWall time in seconds of this run (N={tims['head']['n']},"
          f" REPS={tims['head']['reps']}), warm-up included; a full run"
          f" (N={FULL_N}, REPS={FULL_REPS}, every configuration) estimated"
          " from it: each configuration's warm-up as measured, then"
          f" {FULL_REPS} times its median configure, twice its median"
          " 1-packet window (a window's fixed cost) and the median window"
          f" of N's time beyond it scaled by {FULL_N}/N; a configuration"
          " not run counts as its part's median. Both kernels' boots:"
          f" about {hms(totals['base'] + totals['head'])} (the base kernel's"
          " build not counted).")
    return res


def goals(res):
    """The issue's goals, each measured or not, met or missed: a list of
    (goal, measured, verdict)."""
    out = []
    host = {r["config"]: r for r in res["end_host"]}
    gro, imm = host.get("host-tcp:gro"), host.get("host-tcp:immediate")
    if gro and imm and gro["per_byte"] and imm["per_byte"]:
        ratio = gro["per_byte"]["median"] / imm["per_byte"]["median"]
        out.append(("end host: gro <= 0.5x immediate per byte",
                    f"{ratio:.3f}x", "met" if ratio <= 0.5 else "missed"))
    else:
        out.append(("end host: gro <= 0.5x immediate per byte", "-", "not measured"))
    peer = [r for r in res["udp_keeps_up"] if r["base_config"] == "base-driver-list"
            and r["head_config"] == "head-list"]
    if peer and peer[0]["ratio"]:
        dev = abs(peer[0]["ratio"] - 1)
        noise = (peer[0]["base"]["spread"] + peer[0]["head"]["spread"]) / 100
        verdict = "met" if dev <= 0.01 else \
            "missed" if dev > 0.01 + noise else "not resolved (within the noise)"
        out.append(("the core's list = the driver's own list, +-1 % (receiver keeps up)",
                    f"{peer[0]['ratio']:.3f}x (noise +-{noise * 100:.1f} %)", verdict))
    else:
        out.append(("the core's list = the driver's own list, +-1 %", "-", "not measured"))
    at8 = [r for r in res["sweep_keeps_up"]["rows"] if r["batch"] == 8]
    if at8 and at8[0]["of_saving_at_64"] is not None:
        wait = at8[0]["wait_to_stack"]
        out.append(("gro_normal_batch 8: share of the saving at 64 (the wait to the"
                    " stack, median / max)",
                    f"{at8[0]['of_saving_at_64']:.2f}"
                    + (f" ({wait['median']:.0f} / {wait['max']})" if wait else ""),
                    "reported"))
    lone = {r["config"]: r for r in res["lone_packet"]}
    imm, lst = lone.get("head-immediate"), lone.get("head-list")
    if imm and lst:
        # within noise: inside the range of immediate's own windows
        diff = lst["poll_to_udp"] - imm["poll_to_udp"]
        within = imm["poll_to_udp_min"] <= lst["poll_to_udp"] <= imm["poll_to_udp_max"]
        out.append(("a lone packet: list = immediate within noise (poll start to UDP)",
                    f"{diff:+.0f} ({lst['poll_to_udp']:.0f} vs {imm['poll_to_udp']:.0f};"
                    f" immediate's windows {imm['poll_to_udp_min']}"
                    f"..{imm['poll_to_udp_max']})", "met" if within else "missed"))
    else:
        out.append(("a lone packet: list = immediate within noise", "-", "not measured"))
    return out


def main():
    """Print the tables for the directory given."""
    out = Path(sys.argv[1])
    base, head = load(out, "base"), load(out, "head")
    res = {"unit": "instructions of the receiving vCPU, QEMU TCG (emulated CPU)"}
    print("Receiver keeps up (the sender never spun):\n")
    notes, res["udp_keeps_up"] = table(base, head, False)
    print("\nSender throttled (netdevsim's ring filled, pktgen spun):\n")
    more, res["udp_throttled"] = table(base, head, True)
    notes += more
    print("\nInstructions per packet on the receiving vCPU: median over the"
          " windows of the regime (± half their range; windows used/run);"
          " emulated CPU (QEMU TCG).")
    for note in sorted(set(notes)):
        print(f"- {note}")
    for spun, name in ((False, "receiver keeps up"), (True, "sender throttled")):
        print(f"\nList mode's bound, net.core.gro_normal_batch ({name};"
              " saving against the base's netif_receive_skb(); the waits in"
              " the receiving vCPU's instructions from the driver's call to"
              " __netif_receive_skb_core() and to udp_rcv(): median of the"
              " windows' medians, and the largest):\n")
        res["sweep_throttled" if spun else "sweep_keeps_up"] = sweep(base, head, spun)
    print("\nRouter: instructions per forwarded packet on the receiving vCPU"
          " (UDP: per datagram behind the router, receiver keeping up; TCP:"
          " per segment the router received; in parentheses: against the"
          " base's netif_receive_skb() driver):\n")
    res["router"] = router(base, head)
    print("\nEnd host: a TCP stream into a socket read on the receiving vCPU"
          " (median over the repetitions, ± half the range):\n")
    res["end_host"] = end_host(base, head)
    print("\nA lone packet (1-packet windows, median over the repetitions),"
          " in the receiving vCPU's instructions:\n")
    res["lone_packet"] = lone_packet(base, head)
    res["notes"] = sorted(set(notes))
    res["goals"] = [{"goal": g, "measured": m, "verdict": v} for g, m, v in goals(res)]
    print("\nThe goals (issue: the numbers behind the default):\n")
    print("| goal | measured | verdict |")
    print("|---|---|---|")
    for goal, measured, verdict in goals(res):
        print(f"| {goal} | {measured} | {verdict} |")
    time = timing(out)
    if time:
        res["time"] = time
    (out / "results.json").write_text(json.dumps(res, indent=1) + "\n",
                                      encoding="utf-8")


if __name__ == "__main__":
    main()
