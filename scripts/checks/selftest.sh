#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Self-test of the checks: each must reject (exit 1) every bad input under
# selftest/<check>/ and accept (exit 0) the good series, selftest/good/ (and
# selftest/good-net/ with SERIES_TREE=net for the series checks). Patches
# become unreferenced commits on BASE through a temporary index: TREE's work
# tree, index and refs are left alone.
#
# Usage: selftest.sh TREE [BASE (default series-base)]
#   selftest/<check>/<case>.patch     per-patch check, bad input
#   selftest/<check>/<case>.expect    optional: strings the output must hold
#   selftest/<check>/<case>/*.patch   per-series check, bad input
#   selftest/<check>/<case>/SERIES_TREE  optional: its SERIES_TREE
# and every check, called with bad arguments, must exit 64 (usage error).
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/checks/lib.sh
. "$here/lib.sh"
st=$here/selftest
tree=${1:?usage: selftest.sh TREE [BASE]}
base=$(git -C "$tree" rev-parse --verify -q "${2:-series-base}^{commit}") || {
	echo "selftest: no ${2:-series-base} in $tree" >&2
	exit 2
}
patch_checks=(checkpatch kdoc source_inline header_inline deprecated_api
	      check_selftest linters ynl)
series_checks=(series_format trailers)
export GIT_COMMITTER_NAME=selftest GIT_COMMITTER_EMAIL=selftest@example.org
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
bad=0

# commit PARENT PATCH: PATCH applied on PARENT as a commit; prints its id.
commit() {
	patch_commit "$tree" "$1" "$2" "$TMP"
}

# expect WANT CHECK CASE EXPECTFILE CMD...: run CMD, want exit WANT (and
# the strings of EXPECTFILE, if any, in its output).
expect() {
	local want=$1 check=$2 case=$3 strings=$4 rc s what=reject
	shift 4
	[ "$want" = 0 ] && what=pass
	[ "$want" = 64 ] && what="usage error"
	"$@" >"$TMP/out" 2>&1
	rc=$?
	if [ "$rc" != "$want" ]; then
		case $rc in
		0) rc=pass ;; 1) rc=reject ;; 2) rc=skip ;; 64) rc="usage error" ;;
		*) rc="exit $rc" ;;
		esac
		echo "FAIL $check $case: expected $what, got $rc"
		head -n 5 "$TMP/out" | sed 's/^/    /'
		bad=1
		return
	fi
	if [ -f "$strings" ]; then
		while IFS= read -r s; do
			grep -qF -- "$s" "$TMP/out" && continue
			echo "FAIL $check $case: rejected, but without '$s'"
			bad=1
			return
		done <"$strings"
	fi
	echo "ok $check $case"
}

# Per-patch checks: bad inputs.
for check in "${patch_checks[@]}"; do
	n=0
	for p in "$st/$check"/*.patch; do
		[ -f "$p" ] || continue
		n=$((n + 1))
		case=$(basename "$p" .patch)
		if ! c=$(commit "$base" "$p" 2>"$TMP/err"); then
			echo "FAIL $check $case: patch does not apply: $(head -n 1 "$TMP/err")"
			bad=1
			continue
		fi
		expect 1 "$check" "$case" "${p%.patch}.expect" \
			"$here/$check.sh" "$tree" "$c"
	done
	[ $n -gt 0 ] || { echo "FAIL $check: no bad inputs"; bad=1; }
done

# Per-patch checks: the good series, patch by patch.
parent=$base
for p in "$st"/good/*.patch; do
	case $(basename "$p") in 0000-*) continue ;; esac
	case=good/$(basename "$p" .patch)
	if ! c=$(commit "$parent" "$p" 2>"$TMP/err"); then
		echo "FAIL good $case: patch does not apply: $(head -n 1 "$TMP/err")"
		bad=1
		break
	fi
	for check in "${patch_checks[@]}"; do
		expect 0 "$check" "$case" - "$here/$check.sh" "$tree" "$c"
	done
	parent=$c
done

# Per-series checks: bad series, then the good ones.
for check in "${series_checks[@]}"; do
	n=0
	for d in "$st/$check"/*/; do
		[ -d "$d" ] || continue
		n=$((n + 1))
		t=net-next
		[ -f "$d/SERIES_TREE" ] && t=$(cat "$d/SERIES_TREE")
		SERIES_TREE=$t expect 1 "$check" "$(basename "$d")" "$d/expect" \
			"$here/$check.sh" --series "$d"/*.patch
	done
	[ $n -gt 0 ] || { echo "FAIL $check: no bad inputs"; bad=1; }
	SERIES_TREE=net-next expect 0 "$check" good - \
		"$here/$check.sh" --series "$st"/good/*.patch
	SERIES_TREE=net expect 0 "$check" good-net - \
		"$here/$check.sh" --series "$st"/good-net/*.patch
done

# Usage errors: bad arguments must be neither a SKIP (2, not counted as a
# failure) nor a rejection (1, which the bad inputs above would take for one).
for check in "${patch_checks[@]}"; do
	expect 64 "$check" "usage: one argument" - "$here/$check.sh" "$tree"
	expect 64 "$check" "usage: no such commit" - "$here/$check.sh" "$tree" no-such-commit
done
for check in "${series_checks[@]}"; do
	expect 64 "$check" "usage: no patches" - "$here/$check.sh"
	SERIES_TREE=netnext expect 64 "$check" "usage: SERIES_TREE=netnext" - \
		"$here/$check.sh" --series "$st"/good/*.patch
done

if [ $bad = 0 ]; then
	echo "selftest: all cases ok"
else
	echo "selftest: FAILED"
fi
exit $bad
