#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# coccicheck as NIPA's contest does (report mode, new reports fail), on the
# .c files BASE..HEAD touches: every scripts/coccinelle script with a report
# mode runs on each file at HEAD; a report on a line BASE..HEAD adds or
# changes fails. (Reports on untouched lines were there before: running
# the base too would double the time for nothing.)
#
# A check that did not run does not pass: it fails too when spatch fails on
# a script and a file (a crash, a script it cannot parse, the timeout), and
# when a touched file has more lines spatch cannot parse at HEAD than at BASE
# (code it cannot parse is code no script looks at).
#
# Usage: cocci.sh TREE BASE HEAD [SCRIPT.cocci...]
#   the scripts (default: TREE's report-mode scripts/coccinelle ones);
#   COCCI_TIMEOUT: spatch's timeout per script and file (default 60 s)
set -uo pipefail
tree=$(cd "$1" && pwd) base=$2 head=$3
shift 3
tmo=${COCCI_TIMEOUT:-60}
files=$(git -C "$tree" diff --name-only --diff-filter=AM "$base" "$head" -- '*.c')
[ -n "$files" ] || { echo "no .c file touched"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -gt 0 ]; then
	scripts=$(realpath "$@") || exit 1
else
	scripts=$(grep -l '^virtual report' -r "$tree/scripts/coccinelle" --include='*.cocci' | sort)
fi
[ -n "$scripts" ] || { echo "no coccinelle script"; exit 1; }
for f in $files; do
	mkdir -p "$tmp/src/$(dirname "$f")" "$tmp/base/$(dirname "$f")"
	git -C "$tree" show "$head:$f" > "$tmp/src/$f"
	git -C "$tree" show "$base:$f" > "$tmp/base/$f" 2>/dev/null || rm -f "$tmp/base/$f"
	# the lines HEAD adds or changes: "file:line"
	git -C "$tree" diff -U0 "$base" "$head" -- "$f" |
		sed -n 's/^@@ -[0-9,]* +\([0-9]*\)\(,\([0-9]*\)\)\? @@.*/\1 \3/p' |
		while read -r start n; do
			for ((i = start; i < start + ${n:-1}; i++)); do echo "$f:$i"; done
		done
done > "$tmp/changed"

rc=0
# nbad DIR FILE: the number of lines of DIR/FILE spatch cannot parse
nbad() {
	(cd "$1" && spatch --parse-c "$2" 2>&1) | sed -n 's/.*nb bad = \([0-9]*\).*/\1/p' | tail -n 1
}
for f in $files; do
	h=$(nbad "$tmp/src" "$f") b=0
	[ -f "$tmp/base/$f" ] && b=$(nbad "$tmp/base" "$f")
	if [ -z "$h" ] || [ -z "$b" ]; then
		echo "$f: spatch --parse-c gave no result"; rc=1
	elif [ "$h" -gt "$b" ]; then
		echo "$f: spatch cannot parse $h line(s) at HEAD, $b at BASE: the new ones go unchecked"
		(cd "$tmp/src" && spatch --parse-c "$f" 2>&1) | grep -m 5 '^BAD:' | sed 's/^/  /'
		rc=1
	fi
done

# one spatch per script over the directory of the touched files, $(nproc)
# at a time: spatch --dir takes each file on its own, as one run per file
# would, but starts once per script (on 12 files, 3.4 s against 15 s).
# Per file, spatch --dir does not exit non-zero on an exception (the
# timeout is one): it prints "EXN: ... in FILE" and goes on. A failed run,
# and each such file, is recorded in $tmp/failed with the end of its stderr
# shellcheck disable=SC2016 # the sh -c script expands its own variables
(cd "$tmp/src" && for s in $scripts; do echo "$s"; done |
	TMO=$tmo OUT=$tmp xargs -P "$(nproc)" -n 1 sh -c '
	spatch -D report --very-quiet --no-show-diff --timeout "$TMO" \
		--cocci-file "$0" --dir . 2> "$OUT/err.$$"
	r=$?
	[ $r -eq 0 ] || echo "spatch failed (exit $r): $(basename "$0"):" \
		"$(tail -n 2 "$OUT/err.$$" | tr "\n" " ")" >> "$OUT/failed"
	grep "^EXN:" "$OUT/err.$$" | sed "s|^|spatch failed: $(basename "$0"): |" >> "$OUT/failed"
	rm -f "$OUT/err.$$"' | sed 's|^\./||' > "$tmp/reports")
if [ -s "$tmp/failed" ]; then
	echo "$(wc -l < "$tmp/failed") spatch run(s) failed: their reports are unknown"
	cat "$tmp/failed"
	rc=1
fi
new=$(awk -F: 'NR == FNR { changed[$1 ":" $2] = 1; next }
	       ($1 ":" $2) in changed' "$tmp/changed" "$tmp/reports")
if [ -n "$new" ]; then
	echo "new coccinelle reports:"
	echo "$new"
	rc=1
fi
[ $rc -eq 0 ] || exit 1
echo "$(echo "$files" | wc -w) file(s) x $(echo "$scripts" | wc -w) scripts:" \
	"$(wc -l < "$tmp/reports") report(s), none on changed lines"
