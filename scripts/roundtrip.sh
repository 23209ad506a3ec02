#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The round trip: DIR (default series/) is exactly what `make export` writes
# from TREE, the tree that git am makes of series/; and so is series/net/
# (the net fixes, net-base..series-base of TREE) when DIR is the default.
#
# Usage: roundtrip.sh TREE [DIR]      exit 0 the same, 1 they differ (the
#                                     diff is printed), 3 the export failed
#        roundtrip.sh --selftest TREE a copy of series/ with hand edits git
#                                     would not write must differ (exit 1,
#                                     the edit in the diff), and a failing
#                                     export must be exit 3, not a "differs"
# EXPORT: the export command (default scripts/export.py)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/identity
. "$top/scripts/identity"
export PROJECT_NAME PROJECT_EMAIL

# roundtrip TREE DIR [PREFIX FROM HEAD]
roundtrip() {
	local tree=$1 dir=$2 prefix=${3:-$SUBJECT_PREFIX} from=${4:-series-base} \
		head=${5:-HEAD} tmp rc
	tmp=$(mktemp -d)
	mkdir -p "$dir"
	# the net fixes are a directory of their own, not part of series/
	cp -a "$dir/." "$tmp/" && rm -rf "$tmp/net"
	if ! BASE_DESC="$(sed -n 's/^linux-source: //p' "$dir/BASE" 2>/dev/null)" \
		EXPORT_FROM=$from "${EXPORT:-$top/scripts/export.py}" "$tree" "$tmp" \
		"$prefix" "$head"; then
		echo "roundtrip: the export failed: nothing was compared"
		rm -rf "$tmp"
		return 3
	fi
	diff -ru --exclude=net "$dir" "$tmp" && echo "$dir/ is exactly what make export writes"
	rc=$?
	rm -rf "$tmp"
	return $rc
}

selftest() {
	local tree=$1 tmp p rc fail=0
	tmp=$(mktemp -d)
	cp -a "$top/series/." "$tmp/"
	sed -i 's/^base-commit: \(.\)/base-commit: 0\1/' "$tmp/BASE"
	for p in "$tmp"/v*-0001-*.patch; do
		[ -f "$p" ] && sed -i '0,/ changed, /s// changed,  /' "$p"
	done
	roundtrip "$tree" "$tmp" > "$tmp.out" 2>&1
	rc=$?
	if [ $rc -eq 1 ] && grep -q '^-base-commit: 0' "$tmp.out"; then
		echo "ok: a hand-edited copy of series/ is rejected, the edit shown"
	else
		echo "FAIL: a hand-edited copy of series/: exit $rc, want 1 with the edit in the diff"
		sed 's/^/    /' "$tmp.out" | tail -n 10; fail=1
	fi
	EXPORT=false roundtrip "$tree" "$top/series" > "$tmp.out" 2>&1
	rc=$?
	if [ $rc -eq 3 ]; then
		echo "ok: a failing export is an error, not a difference"
	else
		echo "FAIL: a failing export: exit $rc, want 3"; fail=1
	fi
	rm -rf "$tmp" "$tmp.out"
	return $fail
}

if [ "${1:-}" = --selftest ]; then
	selftest "${2:?usage: roundtrip.sh --selftest TREE}"
elif [ -n "${2:-}" ]; then
	roundtrip "$1" "$2"
else
	tree=${1:?usage: roundtrip.sh TREE [DIR]}
	rc=0
	if [ -d "$top/series/net" ] ||
	   [ "$(git -C "$tree" rev-list --count net-base..series-base)" != 0 ]; then
		roundtrip "$tree" "$top/series/net" "$NET_SUBJECT_PREFIX" net-base series-base || rc=$?
	fi
	roundtrip "$tree" "$top/series" || rc=$?
	exit $rc
fi
