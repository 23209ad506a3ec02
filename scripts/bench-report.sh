#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check's judge of the committed `make bench` results (DOC, by default
# Documentation/bench/): a full run takes hours, so `make bench` runs by hand
# and commits its output; this makes sure what the cover letter quotes is
#   - of the patches in SERIES_DIR (run.txt's series: line, as
#     series-hash.sh DIR bench computes it: make bench runs the VM kernel);
#   - derived from the committed raw counts by the committed code:
#     report.py, run again on labels.*, windows.* and waits.* (and
#     times.*, each part's time, if the run has them), gives
#     table.md and results.json byte for byte;
#   - drawable: plot.py draws both figures from that results.json.
#
# With KIND=napi-bench, the same for make napi-bench's results (DOC:
# Documentation/bench/napi-bench/): its raw counts are labels.* and
# windows.*, its report napi_report.py, and it draws no plot.
#
# Usage: [KIND=napi-bench] bench-report.sh SERIES_DIR DOC
#        [KIND=napi-bench] bench-report.sh --selftest SERIES_DIR DOC
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=$here/../net-core/bench
raw=(run.txt labels.base windows.base waits.base labels.head windows.head waits.head)
report=report.py target="make bench"
if [ "${KIND:-bench}" = napi-bench ]; then
	raw=(run.txt labels.base windows.base labels.head windows.head
	     labels.base.2 windows.base.2 labels.head.2 windows.head.2)
	report=napi_report.py target="make napi-bench"
fi
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
	cases=(stale missing table number window half-times)
	[ "${KIND:-bench}" = napi-bench ] && cases=(stale missing table number window)
	for c in good "${cases[@]}"; do
		cp -r "$doc" "$tmp/$c"
	done
	# one kernel's times without the other's
	rm -f "$tmp/half-times/times.base"
	[ ! -d "$tmp/half-times" ] ||
		printf '%s\n' "n 1 reps 1" "all udp/head-list" "done 1" > "$tmp/half-times/times.head"
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
	# a raw count changed (the receiving vCPU's, of the first counted
	# window, doubled): the committed table no longer follows from it
	ln=$(grep -n -v '^warmup-' "$tmp/window/labels.head" | head -n 1 | cut -d: -f1)
	col=2
	[ "${KIND:-bench}" = napi-bench ] && col=1
	awk -v ln="$ln" -v col="$col" 'NR == ln { $col *= 2 } { print }' "$doc/windows.head" \
		> "$tmp/window/windows.head"
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
# each part's time (guest.sh: runs before them have none)
for f in times.base times.head; do
	[ ! -e "$doc/$f" ] || cp "$doc/$f" "$tmp/"
done
"$bench/$report" "$tmp" > "$tmp/table.md" || { echo "$report failed"; exit 1; }
for f in table.md results.json; do
	diff -u "$doc/$f" "$tmp/$f" ||
		{ echo "$doc/$f does not follow from the raw counts ($report)"; exit 1; }
done
if [ "${KIND:-bench}" = napi-bench ]; then
	echo "make napi-bench's results ($(sed -n 's/^date: //p' "$doc/run.txt")) follow from their counts"
	exit 0
fi
/usr/bin/python3 "$bench/plot.py" "$tmp" || { echo "plot.py failed"; exit 1; }
for f in per-packet.png batch.png; do
	[ -s "$tmp/$f" ] || { echo "plot.py drew no $f"; exit 1; }
done
echo "make bench's results ($(sed -n 's/^date: //p' "$doc/run.txt")) follow from their counts"
