#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Draw `make bench`'s results (OUT/results.json, report.py) as PNGs.

  OUT/per-packet.png: instructions per packet on the receiving vCPU, each
      receive path, for each workload (64-byte UDP into a socket, the
      router's traffic, the end host's TCP stream per byte);
  OUT/batch.png: list mode's bound, net.core.gro_normal_batch, against
      the instructions per packet and the wait it costs a packet.

Emulated CPU (QEMU TCG): instruction counts, not time. Debian's
python3-matplotlib (hence /usr/bin/python3, not the first python3 on PATH).

Usage: plot.py OUT
"""

import json
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
# pylint: disable=wrong-import-position
import matplotlib.pyplot as plt  # noqa: E402

TCG = "instructions, QEMU TCG (emulated CPU)"


def bars(axis, labels, values, title, ylabel):
    """One bar per value (None: no bar), each labelled with its value."""
    axis.set_title(title, fontsize=9)
    if not labels:
        axis.text(0.5, 0.5, "no window in this regime", ha="center",
                  transform=axis.transAxes)
        axis.set_yticks([])
        return
    ticks = range(len(labels))
    got = [v if v is not None else 0 for v in values]
    rects = axis.bar(ticks, got, color="tab:blue")
    for rect, value in zip(rects, values):
        if value is not None:
            axis.annotate(f"{value:.0f}" if value >= 10 else f"{value:.2f}",
                          (rect.get_x() + rect.get_width() / 2, rect.get_height()),
                          ha="center", va="bottom", fontsize=7)
    axis.set_xticks(list(ticks))
    axis.set_xticklabels(labels, rotation=30, ha="right", fontsize=7)
    axis.set_ylabel(ylabel, fontsize=8)


def median(res):
    """The median of a results.json statistic, or None."""
    return res["median"] if res else None


def per_packet(res, path):
    """The instructions-per-packet figure: one panel per workload."""
    routes = sorted({r["traffic"] for r in res["router"]},
                    key=[r["traffic"] for r in res["router"]].index)
    fig, axes = plt.subplots(2 + (len(routes) + 1) // 2, 2,
                             figsize=(11, 4 + 2.6 * ((len(routes) + 1) // 2)))
    axes = list(axes.flat)
    for axis, key, name in ((axes[0], "udp_keeps_up", "receiver keeps up"),
                            (axes[1], "udp_throttled", "sender throttled")):
        rows = [r for r in res[key] if r["head"] or r["base"]]
        labels, values = [], []
        for row in rows:
            for side in ("base", "head"):
                conf = row[f"{side}_config"]
                if conf not in labels and row[side]:
                    labels.append(conf)
                    values.append(median(row[side]))
        bars(axis, labels, values, f"64-byte UDP into a socket ({name})",
             "per packet")
    for axis, traffic in zip(axes[2:], routes):
        rows = [r for r in res["router"] if r["traffic"] == traffic]
        bars(axis, [r["mode"] for r in rows],
             [median(r["per_packet"]) for r in rows], f"router: {traffic}",
             "per forwarded packet")
    host = res["end_host"]
    axis = axes[2 + len(routes)]
    labels = [r["mode"] for r in host] + [r["mode"] + ", no RX csum" for r in host]
    values = [median(r["per_byte"]) for r in host] + \
        [median(r["no_rx_csum_per_byte"]) for r in host]
    keep = [i for i, v in enumerate(values) if v is not None]
    bars(axis, [labels[i] for i in keep], [values[i] for i in keep],
         "end host: TCP stream into a read socket", "per byte")
    for axis in axes[3 + len(routes):]:
        axis.axis("off")
    fig.suptitle(f"make bench: {TCG}; medians", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def batch(res, path):
    """The gro_normal_batch curve: instructions per packet and the wait."""
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for axis, key, name in ((axes[0], "keeps_up", "receiver keeps up"),
                            (axes[1], "throttled", "sender throttled")):
        axis.set_title(name, fontsize=9)
        rows = [r for r in res["sweep_" + key]["rows"] if r["head"]]
        if not rows:
            axis.text(0.5, 0.5, "no window in this regime", ha="center",
                      transform=axis.transAxes)
            continue
        ticks = [r["batch"] for r in rows]
        axis.plot(ticks, [r["head"]["median"] for r in rows], "o-",
                  color="tab:blue", label="list mode, per packet")
        ref = res["sweep_" + key]["base_legacy"]
        if ref:
            axis.axhline(ref["median"], color="tab:gray", ls="--",
                         label="base netif_receive_skb(), per packet")
        peer = [r["base"] for r in res["udp_" + key]
                if r["base_config"] == "base-driver-list" and r["base"]]
        if peer:
            axis.axhline(peer[0]["median"], color="tab:green", ls=":",
                         label="base, the driver's own list, per packet")
        axis.set_xscale("log", base=2)
        axis.set_xticks(ticks)
        axis.set_xticklabels([str(x) for x in ticks])
        axis.set_xlabel("net.core.gro_normal_batch")
        axis.set_ylabel("instructions per packet", color="tab:blue")
        wait = axis.twinx()
        waits = [(r["batch"], r["wait_to_stack"]) for r in rows if r["wait_to_stack"]]
        if waits:
            wait.plot([b for b, _ in waits], [w["median"] for _, w in waits], "s-",
                      color="tab:red", label="wait to the stack, median")
            wait.plot([b for b, _ in waits], [w["max"] for _, w in waits], "^:",
                      color="tab:red", label="wait to the stack, max")
        wait.set_ylabel("instructions a packet waits", color="tab:red")
        lines = axis.get_legend_handles_labels()
        more = wait.get_legend_handles_labels()
        axis.legend(lines[0] + more[0], lines[1] + more[1], fontsize=7,
                    loc="upper center")
    fig.suptitle(f"list mode's bound: {TCG}; medians", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main():
    """Draw both figures of OUT."""
    out = Path(sys.argv[1])
    res = json.loads((out / "results.json").read_text(encoding="utf-8"))
    per_packet(res, out / "per-packet.png")
    batch(res, out / "batch.png")


if __name__ == "__main__":
    main()
