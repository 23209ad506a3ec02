#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make napi-bench: instructions per received packet on each receive path,
# the series against its base, with a workload that has no race: the
# harness module net-core/bench/mod/napi_bench.ko feeds its own NAPI
# exactly B frames a poll, through the API under test, in one CPU's
# softirq (napi-bench-guest.sh says which configurations). The insn-window
# plugin counts the guest's instructions in each window, on an emulated
# CPU (QEMU TCG): work added or removed, not a board's speed.
#
#   base: the tree at series-base (the net fixes, no core change);
#   head: TREE's HEAD, the whole series.
# Both are built here, in OUT, with one configuration: the VM kernel's
# (scripts/vm-config.sh) plus net-core/bench/napi-bench.config (modules),
# and the module is built against each.
#
# OUT/run.txt says what ran; OUT/labels.KERNEL and OUT/windows.KERNEL are
# the raw counts (KERNEL base, head, and base.2, head.2: a second boot); napi_report.py turns them into OUT/table.md and
# OUT/results.json.
#
# PROF=1 (make napi-prof): each kernel boots once, its counts go to
# OUT/prof/, where the plugin also counts each block's instructions in the
# windows (funcs.KERNEL), and napi_prof.py writes OUT/prof/prof.md: per
# frame, the functions whose count differs between base and head. Not a
# run of make napi-bench (the windows' fixed cost stays in).
#
# Usage: [ONLY=ERE] [PROF=1] napi-bench.sh TREE OUT [PACKETS [REPS]]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
tree=$(cd "${1:?tree}" && pwd)
out=${2:?out}; packets=${3:-4096}; reps=${4:-3}
cache=${CACHE:-$HOME/.cache/napi-list}
mkdir -p "$out"; out=$(cd "$out" && pwd)

. "$here/lib.sh"
build_plugin "$cache" "$out"
plugin="$out/insn-window.so"

# the kernels: the head's configuration first, the base's is the same
. "$top/tools/testing/selftests/targets.sh"
hout=$out/head-kout bout=$out/base-kout src=$out/base-src
# shellcheck disable=SC2046 # one argument per target
VM_EXTRA_CONFIG=$here/napi-bench.config "$top/scripts/vm-config.sh" "$tree" "$hout" \
	$(vm_targets)
if [ "$(git -C "$src" rev-parse HEAD 2>/dev/null)" != "$(git -C "$tree" rev-parse series-base)" ]; then
	git -C "$tree" worktree remove --force "$src" 2>/dev/null || rm -rf "$src"
	git -C "$tree" worktree prune
	git -C "$tree" worktree add -q --detach "$src" series-base
fi
mkdir -p "$bout"
cp "$hout/.config" "$bout/.config"
make -s -C "$src" O="$bout" olddefconfig
diff <(grep '^CONFIG' "$hout/.config") <(grep '^CONFIG' "$bout/.config") >&2 || {
	echo "napi-bench: the base kernel's configuration differs from the head's" >&2
	exit 1
}
# where this run's counts go
dst=$out
if [ -n "${PROF:-}" ]; then
	dst=$out/prof
	rm -rf "$dst"; mkdir -p "$dst"
fi
t0=$SECONDS
for k in head:"$tree":"$hout" base:"$src":"$bout"; do
	IFS=: read -r name ksrc kout <<< "$k"
	echo "napi-bench: building the $name kernel and napi_bench.ko in $kout" >&2
	# modules: Module.symvers, which the external module needs
	"$top/scripts/kmake.sh" "$ksrc" "$kout" bzImage modules
	rm -rf "$out/mod-$name"; mkdir -p "$out/mod-$name"
	cp "$here/mod/napi_bench.c" "$here/mod/Kbuild" "$out/mod-$name/"
	"$top/scripts/kmake.sh" "$ksrc" "$kout" M="$out/mod-$name" W=1 modules
done
{
	echo "date: $(date -u +%F)"
	echo "PACKETS=$packets REPS=$reps ONLY=${ONLY:-.}"
	# what the report's check compares with series/
	echo "series: $("$top/scripts/series-hash.sh" "$top/series" bench)"
	echo "head: $(git -C "$tree" log -1 --format='%h %s')"
	echo "qemu: $(dpkg-query -W -f='${Version}' qemu-system-x86)," \
	     "$(nproc) host CPUs; guest: 1 vCPU, 1 GiB"
	echo "kernels and module build: $((SECONDS - t0)) s"
} > "$dst/run.txt"

boot() {	# boot KERNEL KOUT
	local map=$2/System.map start stop t0 cmd popt=
	start=$(sym "$map" pgctrl_write) && stop=$(sym "$map" pgctrl_show) || exit 1
	rm -f "$dst/windows.$1" "$dst/labels.$1"
	printf -v cmd 'env PATH=%q %q %q %q %q %q %q %q' "$PATH" "$here/napi-bench-guest.sh" \
		"$dst" "$1" "$out/mod-${1%.2}/napi_bench.ko" "$packets" "$reps" "${ONLY:-.}"
	[ -z "${PROF:-}" ] || popt=",prof=$dst/funcs.$1"
	t0=$SECONDS
	"$top/scripts/vm-boot.sh" "${BENCH_TIMEOUT:-7200}" "$2" --cpus 1 --memory 1G \
		--rwdir "$out" --exec "$cmd" \
		--qemu-opts="-plugin $plugin,start=0x$start,stop=0x$stop,out=$dst/windows.$1$popt" \
		> "$dst/console.$1.log" 2>&1
	echo "napi-bench: $1 kernel: $((SECONDS - t0)) s" >&2
	echo "$1 boot: $((SECONDS - t0)) s" >> "$dst/run.txt"
}
if [ -n "${PROF:-}" ]; then
	boot base "$bout"
	boot head "$hout"
	"$here/napi_prof.py" "$out" | tee "$dst/prof.md"
	exit
fi
# each kernel boots twice: the second boot's counts (KERNEL.2) show the
# resolution, how far two runs of the same work differ
boot base "$bout"
boot head "$hout"
boot base.2 "$bout"
boot head.2 "$hout"
"$here/napi_report.py" "$out" | tee "$out/table.md"
