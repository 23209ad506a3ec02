#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check's judge of the summary of make check-rt, check-debug or
# check-arm (Documentation/check-KIND.txt): it must exist, be of the patches
# in SERIES_DIR (series: line, series-hash.sh DIR KIND) and say "result:
# PASS". Another kernel (PREEMPT_RT, debug.config's, ARM's) does not fit
# CI's budget, so those targets run by hand and their summaries are
# committed; this makes a stale one fail.
#
# Usage: kernel-summary.sh SERIES_DIR SUMMARY
#        kernel-summary.sh --selftest SERIES_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ "${1:-}" = --selftest ]; then
	dir=${2:?series dir} tmp=$(mktemp -d) bad=0
	trap 'rm -rf "$tmp"' EXIT
	good="series: $("$here/series-hash.sh" "$dir")"
	printf 'date: x\n%s\nresult: PASS\n' "$good" > "$tmp/good"
	printf 'date: x\nseries: 0123456789abcdef\nresult: PASS\n' > "$tmp/stale"
	printf 'date: x\n%s\nFAIL  kunit\nresult: FAIL\n' "$good" > "$tmp/failed"
	# what check-kernel.sh wrote when a step's fail=1 ran in a subshell
	printf 'date: x\n%s\nFAIL  kunit\nresult: PASS\n' "$good" > "$tmp/failed-pass"
	printf 'date: x\n%s\nSKIP  ksft:x: y\nresult: PASS\n' "$good" > "$tmp/skipped-pass"
	: > "$tmp/empty"
	cp "$tmp/stale" "$tmp/pending"
	printf '# x\n%s %s: a reason\n' pending "${good#series: }" > "$tmp/runs"
	for c in good:0 stale:1 pending:0 failed:1 failed-pass:1 skipped-pass:1 empty:1 missing:1; do
		PENDING_RUNS=$tmp/runs "$0" "$dir" "$tmp/${c%:*}" > "$tmp/out" 2>&1
		rc=$?
		[ "$rc" = "${c#*:}" ] && echo "ok: ${c%:*} summary (exit $rc)" ||
			{ echo "FAIL: ${c%:*} summary: exit $rc"; cat "$tmp/out"; bad=1; }
	done
	# the hash: a patch that touches only a converted driver (no VM kernel
	# builds it) leaves it as it is; one that touches net/ does not
	mkdir "$tmp/s"
	cp -a "$dir/." "$tmp/s/"
	one=$(ls "$dir"/v*-0001-*.patch 2>/dev/null | head -n 1)
	if [ -z "$one" ]; then
		echo "FAIL: no patch in $dir to build the hash cases from"; exit 1
	fi
	v=$(basename "$one" | cut -d- -f1)
	# onefile FILE: a patch of one line of FILE, as patch 99 of $tmp/s
	onefile() {
		printf 'From 0 Mon Sep 17 00:00:00 2001\nSubject: [PATCH] x\n\n---\ndiff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n@@ -1 +1 @@\n-a\n+b\n' \
			"$1" "$1" "$1" "$1" > "$tmp/s/$v-0099-x.patch"
	}
	# (e100, beside the converted lantiq_xrx200 in drivers/net/ethernet/, is
	# in the VM kernel: the wire)
	for c in drivers/net/ethernet/freescale/ucc_geth.c:same \
		 drivers/net/ethernet/intel/e100.c:changed net/core/dev.c:changed; do
		f=${c%:*}
		onefile "$f"
		got=$("$here/series-hash.sh" "$tmp/s")
		# renumbered ([PATCH ... m/n]) by the added patch: the same hash
		sed -i '0,/^Subject: \[/s/^Subject: \[[^]]*\]/Subject: [PATCH net-next v9 7\/77]/' \
			"$tmp/s"/"$v"-0001-*.patch
		if [ "$("$here/series-hash.sh" "$tmp/s")" = "$got" ]; then
			echo "ok: renumbered [PATCH m/n] subjects: the same hash"
		else
			echo "FAIL: renumbering the subjects changed the hash"; bad=1
		fi
		# a new line in a commit message (make napi-bench's numbers): the same
		sed -i '0,/^$/s/^$/\nMeasured: 1 -> 2./' "$tmp/s"/"$v"-0001-*.patch
		if [ "$("$here/series-hash.sh" "$tmp/s")" = "$got" ]; then
			echo "ok: a changed commit message: the same hash"
		else
			echo "FAIL: a changed commit message changed the hash"; bad=1
		fi
		cp "$dir"/"$v"-0001-*.patch "$tmp/s"/
		if { [ "${c#*:}" = same ] && [ "series: $got" = "$good" ]; } ||
		   { [ "${c#*:}" = changed ] && [ "series: $got" != "$good" ]; }; then
			echo "ok: a patch to $f: hash ${c#*:}"
		else
			echo "FAIL: a patch to $f: hash $got, was ${good#series: }"; bad=1
		fi
	done
	# macb is converted (drivers/macb), but make check-arm runs it: a
	# patch to it keeps the hash of rt and debug, and changes arm's
	rm -f "$tmp/s"/"$v"-0099-*.patch
	arm=$("$here/series-hash.sh" "$tmp/s" arm)
	onefile drivers/net/ethernet/cadence/macb_main.c
	if [ "series: $("$here/series-hash.sh" "$tmp/s" rt)" = "$good" ] &&
	   [ "$("$here/series-hash.sh" "$tmp/s" arm)" != "$arm" ]; then
		echo "ok: a patch to macb: the hash of rt kept, of arm changed"
	else
		echo "FAIL: a patch to macb: rt's hash changed or arm's did not"; bad=1
	fi
	# make napi-bench's hash (bench-report.sh) leaves out selftests, but their
	# config fragments, and drivers/net/ethernet/: rt's keeps all three
	bench=$("$here/series-hash.sh" "$dir" bench)
	for c in tools/testing/selftests/drivers/net/napi_rx_list.py:same \
		 drivers/net/ethernet/amd/pcnet32.c:same \
		 tools/testing/selftests/drivers/net/config:changed \
		 drivers/net/netdevsim/netdev.c:changed; do
		f=${c%:*}
		onefile "$f"
		got=$("$here/series-hash.sh" "$tmp/s" bench)
		if [ "series: $("$here/series-hash.sh" "$tmp/s" rt)" != "$good" ] &&
		   { { [ "${c#*:}" = same ] && [ "$got" = "$bench" ]; } ||
		     { [ "${c#*:}" = changed ] && [ "$got" != "$bench" ]; }; }; then
			echo "ok: a patch to $f: the hash of rt changed, of bench ${c#*:}"
		else
			echo "FAIL: a patch to $f: rt's hash kept or bench's not ${c#*:}"; bad=1
		fi
	done
	# an ARM summary carries its judge's evidence: 12 cases on each board
	mkdir "$tmp/arm"
	printf 'date: x\nseries: %s\nresult: PASS\n' "$("$here/series-hash.sh" "$dir" arm)" \
		> "$tmp/arm/check-arm.txt"
	for c in 0:1 24:0 23:1; do
		sed -i '/^evidence: /d' "$tmp/arm/check-arm.txt"
		for ((i = 0; i < ${c%:*}; i++)); do
			echo "evidence: zynq macb: udp list gro=off: $i" >> "$tmp/arm/check-arm.txt"
		done
		"$0" "$dir" "$tmp/arm/check-arm.txt" > "$tmp/out" 2>&1
		rc=$?
		[ "$rc" = "${c#*:}" ] && echo "ok: an ARM summary with ${c%:*} evidence lines (exit $rc)" ||
			{ echo "FAIL: an ARM summary with ${c%:*} evidence lines: exit $rc"; cat "$tmp/out"; bad=1; }
	done
	exit $bad
fi
dir=${1:?series dir} f=${2:?summary}
target="make $(basename "$f" .txt)"
kind=$(basename "$f" .txt); kind=${kind#check-}
[ -f "$f" ] || { echo "no $f: run $target and commit it"; exit 1; }
want=$("$here/series-hash.sh" "$dir" "$kind")
have=$(sed -n 's/^series: //p' "$f")
pending=
if [ "$have" != "$want" ]; then
	echo "$f is of series '$have', $dir/ is $want: run $target"
	pending=$("$here/pending-run.sh" "$(basename "$f")" "$want") || exit 1
	echo "$pending"
fi
{ grep -qx 'result: PASS' "$f" && ! grep -qE '^(FAIL|SKIP) ' "$f"; } ||
	{ grep -v '^#' "$f"; echo "$target failed"; exit 1; }
# make check-arm's judge printed an evidence line a case: 12 a board
n=$(grep -c '^evidence: ' "$f")
[ "$kind" != arm ] || [ "$n" = 24 ] ||
	{ echo "$f has $n evidence lines, not 24 (12 cases on each of 2 boards): run $target"; exit 1; }
grep '^evidence: ' "$f"
if [ -n "$pending" ]; then
	echo "$target passed on series $have ($(sed -n 's/^date: //p' "$f")); on this one it is pending"
else
	echo "$target of this series passed ($(sed -n 's/^date: //p' "$f"))"
fi
