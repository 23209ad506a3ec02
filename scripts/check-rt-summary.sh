#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check's judge of make check-rt's summary: it must exist, be of the
# patches in SERIES_DIR (series: line) and say "result: PASS". A second VM
# kernel (PREEMPT_RT) does not fit CI's budget, so check-rt runs by hand and
# its summary is committed; this makes a stale one fail.
#
# Usage: check-rt-summary.sh SERIES_DIR SUMMARY
#        check-rt-summary.sh --selftest SERIES_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ "${1:-}" = --selftest ]; then
	dir=${2:?series dir} tmp=$(mktemp -d) bad=0
	trap 'rm -rf "$tmp"' EXIT
	good="series: $("$here/series-hash.sh" "$dir")"
	printf 'date: x\n%s\nresult: PASS\n' "$good" > "$tmp/good"
	printf 'date: x\nseries: 0123456789abcdef\nresult: PASS\n' > "$tmp/stale"
	printf 'date: x\n%s\nFAIL  kunit\nresult: FAIL\n' "$good" > "$tmp/failed"
	: > "$tmp/empty"
	for c in good:0 stale:1 failed:1 empty:1 missing:1; do
		"$0" "$dir" "$tmp/${c%:*}" > "$tmp/out" 2>&1
		rc=$?
		[ "$rc" = "${c#*:}" ] && echo "ok: ${c%:*} summary (exit $rc)" ||
			{ echo "FAIL: ${c%:*} summary: exit $rc"; cat "$tmp/out"; bad=1; }
	done
	exit $bad
fi
dir=${1:?series dir} f=${2:?summary}
[ -f "$f" ] || { echo "no $f: run make check-rt and commit it"; exit 1; }
want=$("$here/series-hash.sh" "$dir")
have=$(sed -n 's/^series: //p' "$f")
[ "$have" = "$want" ] ||
	{ echo "$f is of series '$have', $dir/ is $want: run make check-rt"; exit 1; }
grep -qx 'result: PASS' "$f" || { grep -v '^#' "$f"; echo "make check-rt failed"; exit 1; }
echo "check-rt of this series passed ($(sed -n 's/^date: //p' "$f"))"
