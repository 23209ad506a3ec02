#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check's judge of the committed `make napi-bench` results (DOC:
# Documentation/bench/): the run boots four kernels, so it runs by hand and
# commits its output; this makes sure what the cover letter quotes is
#   - of the patches in SERIES_DIR (run.txt's series: line, as
#     series-hash.sh DIR bench computes it);
#   - derived from the committed raw counts by the committed code:
#     napi_report.py, run again on labels.* and windows.*, gives table.md
#     and results.json byte for byte.
#
# Usage: bench-report.sh SERIES_DIR DOC
#        bench-report.sh --selftest SERIES_DIR DOC
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=$here/../net-core/bench
raw=(run.txt labels.base windows.base labels.head windows.head
     labels.base.2 windows.base.2 labels.head.2 windows.head.2)
report=napi_report.py target="make napi-bench"
if [ "${1:-}" = --selftest ]; then
	dir=${2:?series dir} doc=${3:?results dir} tmp=$(mktemp -d) bad=0
	trap 'rm -rf "$tmp"' EXIT
	# case NAME EXIT: the judge on $tmp/NAME (a copy of DOC, changed)
	case_() {
		"$0" "$dir" "$tmp/$1" > "$tmp/out" 2>&1
		rc=$?
		[ "$rc" = "$2" ] && echo "ok: $1 (exit $rc)" ||
			{ echo "FAIL: $1: exit $rc, want $2"; cat "$tmp/out"; bad=1; }
	}
	cases=(stale missing table number window)
	for c in good "${cases[@]}"; do
		cp -r "$doc" "$tmp/$c"
	done
	# the copies are of this series, whether or not DOC is (pending-run.sh):
	# the cases test the judge, not the committed run
	cur=$("$here/series-hash.sh" "$dir" bench)
	for c in good "${cases[@]}"; do
		sed -i "s/^series: .*/series: $cur/" "$tmp/$c/run.txt"
	done
	sed -i 's/^series: .*/series: 0123456789abcdef/' "$tmp/stale/run.txt"
	rm "$tmp/missing/windows.head"
	# a number of the table changed by hand
	sed -i '0,/| [0-9][0-9]* ±/s/| \([0-9]\)\([0-9]*\) ±/| 9\2 ±/' "$tmp/table/table.md"
	sed -i '0,/"median": [0-9]/s/"median": \([0-9]\)/"median": 9\1/' \
		"$tmp/number/results.json"
	# a raw count changed (the first window's, doubled): the committed
	# table no longer follows from it
	awk 'NR == 1 { $1 *= 2 } { print }' "$doc/windows.head" > "$tmp/window/windows.head"
	case_ good 0
	for c in "${cases[@]}"; do
		case_ "$c" 1
	done
	exit $bad
fi
dir=${1:?series dir} doc=${2:?results dir}
for f in "${raw[@]}" table.md results.json; do
	[ -s "$doc/$f" ] || { echo "no $doc/$f: run $target and commit its output"; exit 1; }
done
want=$("$here/series-hash.sh" "$dir" bench)
have=$(sed -n 's/^series: //p' "$doc/run.txt")
if [ "$have" != "$want" ]; then
	echo "$doc is of series '$have', $dir/ is $want: run $target"
	# pending: these numbers are of another series, and claim nothing of
	# this one: not re-derived (the report may have changed since)
	"$here/pending-run.sh" "$doc" "$want" || exit 1
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "${raw[@]}"; do
	cp "$doc/$f" "$tmp/"
done
"$bench/$report" "$tmp" > "$tmp/table.md" || { echo "$report failed"; exit 1; }
for f in table.md results.json; do
	diff -u "$doc/$f" "$tmp/$f" ||
		{ echo "$doc/$f does not follow from the raw counts ($report)"; exit 1; }
done
echo "make napi-bench's results ($(sed -n 's/^date: //p' "$doc/run.txt")) follow from their counts"
