#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Mirrors NIPA tests/series/series_format (cover letter, at most 15 patches,
# tree in the subject prefix). Stricter: the cover letter is required even
# for 1-2 patches, its template text must be gone, every subject must carry
# "[PATCH net-next" (SERIES_TREE=net: "[PATCH net"), same vN, numbered m/n.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
series_args "$@"
tree=$(series_tree) || exit $EX_USAGE
rc=0
fail() {
	echo "$*"
	rc=1
}

cover=
patches=()
seen='' rfc='' ver=''
for p in "${PATCHES[@]}"; do
	if is_cover "$p"; then
		[ -z "$cover" ] || fail "$(basename "$p"): a second cover letter"
		cover=$p
	else
		patches+=("$p")
	fi
done
n=${#patches[@]}

if [ -z "$cover" ]; then
	fail "no cover letter (0000-cover-letter.patch)"
else
	mbox_subject "$cover" | grep -qF '*** SUBJECT HERE ***' &&
		fail "cover letter subject is still '*** SUBJECT HERE ***'"
	grep -qF '*** BLURB HERE ***' "$cover" &&
		fail "cover letter body is still '*** BLURB HERE ***'"
fi
[ "$n" -gt 0 ] || fail "no patches"
[ "$n" -le 15 ] || fail "$n patches, more than 15"

# "[PATCH net-next v2 3/7] subject": check tree, version and numbering.
re="^\[(RFC )?PATCH $tree( v[0-9]+)? ([0-9]+)/([0-9]+)\] "
i=0
for p in ${cover:+"$cover"} "${patches[@]}"; do
	s=$(mbox_subject "$p")
	if ! [[ $s =~ $re ]]; then
		fail "$(basename "$p"): subject not '[PATCH $tree [vN] m/n] ...': $s"
		[ "$p" = "$cover" ] || i=$((i + 1))
		continue
	fi
	m=$((10#${BASH_REMATCH[3]})) total=$((10#${BASH_REMATCH[4]}))
	if [ -z "$seen" ]; then	# the first subject sets RFC and vN
		seen=1 rfc=${BASH_REMATCH[1]} ver=${BASH_REMATCH[2]}
	fi
	[ "${BASH_REMATCH[1]}${BASH_REMATCH[2]}" = "$rfc$ver" ] ||
		fail "$(basename "$p"): prefix differs from the series': $s"
	[ "$total" -eq "$n" ] ||
		fail "$(basename "$p"): numbered m/$total, the series has $n"
	if [ "$p" = "$cover" ]; then
		[ "$m" -eq 0 ] || fail "$(basename "$p"): cover letter is not 0/$n"
	else
		i=$((i + 1))
		[ "$m" -eq "$i" ] || fail "$(basename "$p"): numbered $m, expected $i"
	fi
done
[ $rc = 1 ] || echo "$n patches + cover letter: [${rfc}PATCH $tree$ver m/$n]"
exit $rc
