#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make bench: instructions per received packet, the series against its base,
# counted by a QEMU TCG plugin (emulated CPU: no caches, no branch
# predictors; it shows work removed, not a board's speed).
#
#   base: the base tree with only the netdevsim rx_legacy patch of series/
#         applied (the unpatched core, with a legacy driver to measure),
#         and net-core/bench/nsim-driver-list.patch (bench only: the same
#         driver with a list of its own, netif_receive_skb_list(), as seeds
#         000 and 002 do: the peer the core's list mode is measured against);
#   head: TREE, the whole series (KOUT: its VM kernel, `make vm-kernel`).
#
# Besides instructions per packet, the plugin counts how long each packet
# waits, in the receiving vCPU's instructions, from the driver's call to
# the stack taking it (and to UDP): guest.sh sweeps gro_normal_batch, the
# bound of list mode, and report.py gives the saving each value buys and
# that wait, and the wait of a lone packet (the 1-packet windows) per mode.
#
# Both kernels boot in turn under QEMU with two vCPUs and run
# net-core/bench/guest.sh; net-core/bench/report.py turns the counted
# windows into the table of the cover letter (OUT/table.md) and
# OUT/results.json, which net-core/bench/plot.py draws (OUT/*.png).
# OUT/run.txt says what ran: the parameters, the kernels, each boot's time;
# OUT/times.KERNEL (guest.sh) each part's, from which report.py estimates a
# full run's.
#
# With PROFILE=1, the plugin also records where the receiving vCPU's
# instructions went (OUT/prof.KERNEL); net-core/bench/profile.py compares
# two configurations by kernel function.
#
# With ONLY=ERE, only the configurations that match (guest.sh lists them).
# Each boot's limit: BENCH_TIMEOUT seconds (default 4 hours: table.md's
# time per part estimates a full run's longer boot, the head's, at about
# 1 h 06 min on the host of Documentation/bench/; 4 h leaves room for a
# slower host).
#
# Usage: [PROFILE=1] [ONLY=ERE] bench.sh TREE KOUT OUT [N [REPS]]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
tree=$(cd "${1:?tree}" && pwd); kout=$(cd "${2:?kernel build dir}" && pwd)
out=${3:?out}; n=${4:-40000}; reps=${5:-7}
cache=${CACHE:-$HOME/.cache/napi-list}
mkdir -p "$out"; out=$(cd "$out" && pwd)

. "$here/lib.sh"
build_plugin "$cache" "$out"
plugin="$out/insn-window.so"

# The base kernel: a worktree at the series' base plus the netdevsim patch
# and the bench-only driver-list variant on it (net-core/bench/, not in
# series/: the peer, a driver's own netif_receive_skb_list()); kept while
# it matches, so that the next run's build is incremental.
src="$out/base-src" bout="$out/base-kout"
patches=("$(ls "$top"/series/*-netdevsim-add-a-debugfs-switch-*.patch)"
	 "$here/nsim-driver-list.patch")
ids() {	# ids REV...: the stable patch-ids of the commits given
	local c
	for c in "$@"; do
		git -C "$src" show "$c" 2>/dev/null | git patch-id --stable | cut -d' ' -f1
	done
}
want="$(git -C "$tree" rev-parse series-base)"
for p in "${patches[@]}"; do
	want+=" $(git patch-id --stable < "$p" | cut -d' ' -f1)"
done
have=
[ -d "$src" ] &&
	have="$(git -C "$src" rev-parse HEAD~2 2>/dev/null) $(ids HEAD~1 HEAD | xargs)"
if [ "$have" != "$want" ]; then
	git -C "$tree" worktree remove --force "$src" 2>/dev/null || rm -rf "$src"
	git -C "$tree" worktree prune
	git -C "$tree" worktree add -q --detach "$src" series-base
	git -C "$src" -c user.name=bench -c user.email=bench@localhost am -q "${patches[@]}"
fi
# Exactly the head kernel's configuration (the series adds no option): a
# difference in options (ftrace's call padding, say) would be counted too.
mkdir -p "$bout"
cp "$kout/.config" "$bout/.config"
make -s -C "$src" O="$bout" olddefconfig
diff <(grep '^CONFIG' "$kout/.config") <(grep '^CONFIG' "$bout/.config") >&2 || {
	echo "bench: the base kernel's configuration differs from the head's" >&2
	exit 1
}
echo "bench: building the base kernel in $bout" >&2
t0=$SECONDS
"$top/scripts/kmake.sh" "$src" "$bout" bzImage
{
	echo "date: $(date -u +%F)"
	echo "N=$n REPS=$reps ONLY=${ONLY:-.}"
	# what bench-report.sh compares with series/ (the head kernel is
	# TREE's: make vm-kernel)
	echo "series: $("$top/scripts/series-hash.sh" "$top/series" bench)"
	echo "head: $(git -C "$tree" log -1 --format='%h %s')"
	echo "qemu: $(dpkg-query -W -f='${Version}' qemu-system-x86)," \
	     "$(nproc) host CPUs; guest: 2 vCPUs, 1 GiB"
	echo "base kernel build: $((SECONDS - t0)) s"
} > "$out/run.txt"

# skips MAP: the plugin's skip ranges: the lock slow paths, each from its
# symbol to the next one
skips() {
	sort "$1" | awk '
		started { printf ",skip=0x%s-0x%s", start, $1; started = 0 }
		$3 ~ /^queued_(spin|read|write)_lock_slowpath$/ { start = $1; started = 1 }'
}

boot() {	# boot KERNEL KOUT
	local map=$2/System.map start stop marks t0 cmd prof=''
	[ -z "${PROFILE:-}" ] || prof=",prof=$out/prof.$1"
	rm -f "$out/prof.$1"
	start=$(sym "$map" pgctrl_write) && stop=$(sym "$map" pgctrl_show) &&
	# the waits (insn-window.c): netdevsim's poll begins, it passes a
	# packet up, the stack takes it, UDP gets it
	marks="poll=0x$(sym "$map" nsim_poll),enter=0x$(sym "$map" netif_receive_skb)" &&
	marks+=",core=0x$(sym "$map" __netif_receive_skb_core),deliver=0x$(sym "$map" udp_rcv)" ||
		exit 1
	rm -f "$out/windows.$1" "$out/labels.$1" "$out/waits.$1"
	echo "bench: $1 kernel, $reps x $n packets per configuration" >&2
	# the guest gets the host's PATH: the tools newer than the
	# distribution's (deps.sh: ethtool's tcp-data-split) come first there
	printf -v cmd 'env PATH=%q %q %q %q %q %q %q' "$PATH" "$here/guest.sh" "$out" "$1" \
		"$n" "$reps" "${ONLY:-.}"
	t0=$SECONDS
	"$top/scripts/vm-boot.sh" "${BENCH_TIMEOUT:-14400}" "$2" --cpus 2 --memory 1G \
		--rwdir "$out" --exec "$cmd" \
		--qemu-opts="-plugin $plugin,start=0x$start,stop=0x$stop$(skips "$map")$prof,out=$out/windows.$1,waits=$out/waits.$1,$marks" \
		> "$out/console.$1.log" 2>&1
	echo "bench: $1 kernel: $((SECONDS - t0)) s" >&2
	echo "$1 boot (configure and count): $((SECONDS - t0)) s" >> "$out/run.txt"
}
boot base "$bout"
boot head "$kout"
"$here/report.py" "$out" | tee "$out/table.md"
# Debian's matplotlib is Debian's python3's (deps.sh)
/usr/bin/python3 "$here/plot.py" "$out"
