#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# coccicheck as NIPA's contest does (report mode, new reports fail), on the
# .c files BASE..HEAD touches: every scripts/coccinelle script with a report
# mode runs on each file at HEAD; a report on a line BASE..HEAD adds or
# changes fails. (Reports on untouched lines were there before: running
# the base too would double the time for nothing.)
#
# Usage: cocci.sh TREE BASE HEAD
set -uo pipefail
tree=$(cd "$1" && pwd) base=$2 head=$3
files=$(git -C "$tree" diff --name-only --diff-filter=AM "$base" "$head" -- '*.c')
[ -n "$files" ] || { echo "no .c file touched"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scripts=$(grep -l '^virtual report' -r "$tree/scripts/coccinelle" --include='*.cocci' | sort)
for f in $files; do
	mkdir -p "$tmp/src/$(dirname "$f")"
	git -C "$tree" show "$head:$f" > "$tmp/src/$f"
	# the lines HEAD adds or changes: "file:line"
	git -C "$tree" diff -U0 "$base" "$head" -- "$f" |
		sed -n 's/^@@ -[0-9,]* +\([0-9]*\)\(,\([0-9]*\)\)\? @@.*/\1 \3/p' |
		while read -r start n; do
			for ((i = start; i < start + ${n:-1}; i++)); do echo "$f:$i"; done
		done
done > "$tmp/changed"
(cd "$tmp/src" && for s in $scripts; do
	for f in $files; do echo "$s $f"; done
done | xargs -P "$(nproc)" -n 2 sh -c \
	'spatch -D report --very-quiet --no-show-diff --timeout 60 \
		--cocci-file "$0" "$1" 2>/dev/null; exit 0' > "$tmp/reports")
new=$(awk -F: 'NR == FNR { changed[$1 ":" $2] = 1; next }
	       ($1 ":" $2) in changed' "$tmp/changed" "$tmp/reports")
if [ -n "$new" ]; then
	echo "new coccinelle reports:"
	echo "$new"
	exit 1
fi
echo "$(echo "$files" | wc -w) file(s) x $(echo "$scripts" | wc -w) scripts:" \
	"$(wc -l < "$tmp/reports") report(s), none on changed lines"
