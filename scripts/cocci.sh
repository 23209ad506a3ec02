#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# coccicheck the way NIPA's contest does it (report mode, before vs after),
# on the .c files that BASE..HEAD touches: every scripts/coccinelle script
# with a report mode, on each file at BASE and at HEAD; a report HEAD has
# and BASE has not fails (line numbers stripped).
#
# Usage: cocci.sh TREE BASE HEAD
set -uo pipefail
tree=$(cd "$1" && pwd) base=$2 head=$3
files=$(git -C "$tree" diff --name-only --diff-filter=AM "$base" "$head" -- '*.c')
[ -n "$files" ] || { echo "no .c file touched"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scripts=$(grep -l '^virtual report' -r "$tree/scripts/coccinelle" --include='*.cocci' | sort)
for side in base head; do
	rev=$base; [ $side = head ] && rev=$head
	mkdir -p "$tmp/$side"
	for f in $files; do
		git -C "$tree" cat-file -e "$rev:$f" 2>/dev/null || continue
		mkdir -p "$tmp/$side/$(dirname "$f")"
		git -C "$tree" show "$rev:$f" > "$tmp/$side/$f"
	done
	(cd "$tmp/$side" && for s in $scripts; do
		for f in $files; do [ -f "$f" ] && echo "$s $f"; done
	done | xargs -P "$(nproc)" -n 2 sh -c \
		'spatch -D report --very-quiet --no-show-diff --timeout 60 \
			-I "'"$tree"'/include" --cocci-file "$0" "$1" 2>/dev/null; exit 0' \
		> "$tmp/$side.txt")
	sed -E 's/:[0-9]+(:[0-9]+(-[0-9]+)?)?:/:/' "$tmp/$side.txt" | sort > "$tmp/$side.norm"
done
new=$(comm -13 "$tmp/base.norm" "$tmp/head.norm")
if [ -n "$new" ]; then
	echo "new coccinelle reports:"
	grep -F -f <(echo "$new" | cut -d: -f2- | sed 's/^ *//') "$tmp/head.txt" | head -n 40
	echo "$new" | head -n 40
	exit 1
fi
echo "$(echo "$files" | wc -w) file(s) x $(echo "$scripts" | wc -w) scripts: $(wc -l < "$tmp/head.norm") report(s), none new"
