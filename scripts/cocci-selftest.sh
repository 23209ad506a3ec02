#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Self-test of the coccinelle check (cocci.sh), on unreferenced commits made
# on series-base from scripts/checks/selftest/cocci/ (TREE's work tree,
# index and refs are left alone). It must reject:
#   ifnullfree.patch   a NULL test before kfree(): a report on a changed line
#   unparsable.patch   a function spatch cannot parse: code no script sees
#   broken.cocci       a script spatch cannot parse: spatch fails
#   exception.cocci    a script that fails on a file (as the timeout does),
#                      which spatch --dir reports and exits 0 on
# and pass the first patch of the checks' good series.
#
# Usage: cocci-selftest.sh TREE
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/checks/lib.sh
. "$here/checks/lib.sh"
tree=$(cd "${1:?tree}" && pwd)
st=$here/checks/selftest/cocci
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GIT_COMMITTER_NAME=selftest GIT_COMMITTER_EMAIL=selftest@example.org
ifnull=$tree/scripts/coccinelle/free/ifnullfree.cocci
fail=0

# commit PATCH: PATCH on series-base, an unreferenced commit; prints its id
commit() {
	patch_commit "$tree" series-base "$1" "$tmp" || { echo "FAIL: $1 does not apply" >&2; exit 1; }
}

# expect WANT WHAT STRING COMMIT [SCRIPT...]: cocci.sh must exit WANT, and
# its output hold STRING
expect() {
	local want=$1 what=$2 string=$3 c=$4 rc
	shift 4
	"$here/cocci.sh" "$tree" series-base "$c" "$@" > "$tmp/out" 2>&1
	rc=$?
	if [ $rc -ne "$want" ]; then
		echo "FAIL: $what: exit $rc, want $want"; sed 's/^/    /' "$tmp/out"; fail=1
	elif ! grep -qF -- "$string" "$tmp/out"; then
		echo "FAIL: $what: exit $rc, but without '$string'"; sed 's/^/    /' "$tmp/out"; fail=1
	else
		echo "ok: $what: $(grep -m1 -F -- "$string" "$tmp/out" | cut -c1-100)"
	fi
}

c=$(commit "$st/ifnullfree.patch")
expect 1 "the NULL test before kfree() is reported" "NULL check before some freeing functions" "$c"
c=$(commit "$st/unparsable.patch")
expect 1 "a function spatch cannot parse is rejected" "cannot parse" "$c" "$ifnull"
good=$(commit "$(ls "$here"/checks/selftest/good/0001-*.patch)")
expect 1 "a .cocci spatch cannot parse is rejected" "spatch failed" "$good" "$st/broken.cocci"
expect 1 "a script failing on one file is rejected" "EXN:" "$good" "$st/exception.cocci"
expect 0 "a clean patch passes" "none on changed lines" "$good" "$ifnull"
exit $fail
