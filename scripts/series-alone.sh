#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# What NIPA sees first: the net-next series alone (series/, without the net
# fixes of series/net/) applied with git am on the base, as NIPA applies a
# series to net-next. The patches that do not apply must be exactly those
# the cover letter's "Dependencies:" paragraph names ("patches 11 and 12
# apply on top of the net series"), and none if it names none
# ("Dependencies: none to apply."); the rest must apply, in order, around
# them.
#
# Usage: series-alone.sh TREE SERIES_DIR
#        series-alone.sh --selftest TREE SERIES_DIR
set -uo pipefail
if [ "${1:-}" = --selftest ]; then
	tree=${2:?tree} dir=${3:?series dir} tmp=$(mktemp -d) bad=0
	trap 'rm -rf "$tmp"' EXIT
	# case NAME EXIT: the judge on $tmp/NAME (a copy of DIR, changed)
	case_() {
		"$0" "$tree" "$tmp/$1" > "$tmp/out" 2>&1
		rc=$?
		[ "$rc" = "$2" ] && echo "ok: $1 (exit $rc)" ||
			{ echo "FAIL: $1: exit $rc, want $2"; cat "$tmp/out"; bad=1; }
	}
	for c in good unnamed overclaimed; do
		mkdir "$tmp/$c" && cp "$dir"/v*-*.patch "$tmp/$c/"
	done
	cover=$(basename "$(ls "$dir"/v*-0000-cover-letter.patch)")
	last=$(basename "$(ls "$dir"/v*-[0-9][0-9][0-9][0-9]-*.patch | tail -n 1)")
	# a patch fails that the cover does not name: the last one, whose
	# first context line is changed
	awk '!done && /^@@ / { h = 1; print; next }
	     h && /^ / { print " napi-list: not in the tree"; h = 0; done = 1; next }
	     { print }' "$dir/$last" > "$tmp/unnamed/$last"
	# the cover names a patch that applies: patch 1 (the core)
	if grep -q '^Dependencies: patch' "$tmp/overclaimed/$cover"; then
		sed -i 's/^Dependencies: patch\(es\)\? /Dependencies: patches 1, /' "$tmp/overclaimed/$cover"
	else
		sed -i 's/^Dependencies: .*/Dependencies: patch 1 applies on top of net./' \
			"$tmp/overclaimed/$cover"
	fi
	case_ good 0
	case_ unnamed 1
	case_ overclaimed 1
	exit $bad
fi
tree=$(cd "${1:?tree}" && pwd) dir=$(cd "${2:?series dir}" && pwd)
cover=$(ls "$dir"/v*-0000-cover-letter.patch)
# the numbers in the cover's "Dependencies:" paragraph, before "apply"
claimed=$(awk '/^Dependencies:/ { p = 1 } p && /^$/ { exit } p' "$cover" | tr '\n' ' ' |
	sed -n 's/^Dependencies: patch\(es\)\? \([0-9, and]*\) appl\(y\|ies\).*/\2/p' | grep -o '[0-9]\+' | xargs)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# each patch as git am applies it (no 3-way merge), on what applied before
# it, in one temporary index: no work tree to check out (a patch that does
# not apply leaves the index as it was). The index holds only the files
# the patches name, as net-base has them: git apply reads no other, and
# each apply rewrites a small index rather than the whole tree's.
export GIT_INDEX_FILE=$tmp/index
mapfile -t paths < <(awk '/^diff --git / { sub(/^a\//, "", $3); sub(/^b\//, "", $4)
				      print $3; print $4 }' "$dir"/v*-[0-9][0-9][0-9][0-9]-*.patch |
		     sort -u)
git -C "$tree" rev-parse -q --verify 'net-base^{commit}' > /dev/null || exit 1
# and what net-base has at each leading directory of those paths, unless
# it is a directory: a file or a symbolic link there makes git apply refuse
# a path beneath it, as it would in the whole tree
mapfile -t dirs < <(printf '%s\n' "${paths[@]}" |
		    awk -F/ '{ d = $1; for (i = 2; i <= NF; i++) { print d; d = d "/" $i } }' |
		    sort -u)
{ git -C "$tree" ls-tree -r net-base -- "${paths[@]}"
  [ ${#dirs[@]} = 0 ] || git -C "$tree" ls-tree net-base -- "${dirs[@]}" | awk '$2 != "tree"'
} | git -C "$tree" update-index --index-info || exit 1
failed=
for p in "$dir"/v*-[0-9][0-9][0-9][0-9]-*.patch; do
	case $p in *-0000-cover-letter.patch) continue ;; esac
	n=$(basename "$p" | cut -d- -f2 | sed 's/^0*//')
	git -C "$tree" apply --cached "$p" 2> "$tmp/apply.log" || failed="$failed $n"
done
failed=$(echo $failed)
echo "alone on net-base: patches that do not apply: ${failed:-none}; the cover names: ${claimed:-none}"
[ "$failed" = "$claimed" ] ||
	{ echo "the cover letter's Dependencies: paragraph does not say which patches need the net series"; exit 1; }
