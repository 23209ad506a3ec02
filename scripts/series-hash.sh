#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The identity of the code of the patches in DIR and DIR/net/ (the net
# fixes, which the tree applies first) that the VM kernels build or run,
# the cover letters, commit ids, subjects and messages aside: make
# check-rt, check-debug, check-arm and bench record it, make check
# compares it.
#
# A patch that touches only the source files of the drivers in
# drivers/*/build.conf is left out: for each of their OBJS dir/name.o, the
# files dir/name.* and dir/name_* (ucc_geth.c, ucc_geth.h,
# ucc_geth_ethtool.c; not the directory's other drivers). No x86 VM kernel
# builds those drivers (vm-config.sh's fragments enable none of them), so
# such a patch cannot change what check-rt or check-debug ran. It is built
# and checked by make check itself (build-<driver>, build-per-patch). KIND
# arm (make check-arm) keeps the patches to macb too: its ARM kernel runs
# that driver.
#
# KIND bench (make napi-bench) also leaves out what each patch changes in
# selftests (tools/testing/, but their config fragments, which choose the
# VM kernel's options) and in drivers/net/ethernet/: the bench runs no
# selftest, and its VM has none of those drivers' devices (it counts
# napi_bench.ko's paths), so such changes cannot change its counts.
#
# Usage: series-hash.sh DIR [KIND]
set -euo pipefail
shopt -s nullglob
here=$(cd "$(dirname "$0")" && pwd)
runs=/
[ "${2:-}" = arm ] && runs=drivers/net/ethernet/cadence/
# shellcheck disable=SC1090 # one build.conf at a time
drivers=$(for conf in "$here"/../drivers/*/build.conf; do
	(. "$conf"; for o in $OBJS; do echo "${o%.o}"; done)
done | sort -u | grep -v "^$runs")

driver_only() {
	local f dir ok
	while read -r f; do
		ok=
		for dir in $drivers; do
			case $f in "$dir".* | "$dir"_*) ok=1 ;; esac
		done
		[ -n "$ok" ] || return 1
	done < <(sed -n 's|^+++ b/||p; s|^--- a/||p' "$1" | sort -u)
}

# the patch without the files make napi-bench cannot see (KIND bench)
bench_seen() {
	awk '/^diff --git / { f = $3; sub(/^a\//, "", f)
			     skip = (f ~ /^tools\/testing\// && f !~ /\/config$/) ||
				    f ~ /^drivers\/net\/ethernet\// }
	     !skip' "$1"
}

for f in "${1:?dir}"/net/v*-[0-9][0-9][0-9][0-9]-*.patch \
	 "$1"/v*-[0-9][0-9][0-9][0-9]-*.patch; do
	case $f in *-0000-cover-letter.patch) continue ;; esac
	driver_only "$f" && continue
	# the code each patch changes, as git patch-id sees it: not its commit
	# id (the same patches, exported again), its subject (whose "[PATCH
	# ... m/n]" a patch added elsewhere renumbers) or its message (whose
	# numbers make napi-bench updates: no kernel runs them); --verbatim keeps
	# white space, which is code in a selftest's Python
	if [ "${2:-}" = bench ]; then
		id=$(bench_seen "$f" | git patch-id --verbatim | cut -d' ' -f1)
		[ -n "$id" ] || continue
	else
		id=$(git patch-id --verbatim < "$f" | cut -d' ' -f1)
	fi
	[ -n "$id" ] || { echo "series-hash: $f: no diff in it" >&2; exit 1; }
	echo "$id"
done | sha256sum | cut -c1-16
