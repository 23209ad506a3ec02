#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Self-test of the per-patch build check (patch-build.sh): a patch that adds
# a W=1 warning and a sparse warning must be rejected with both reported; a
# clean patch (the first of the checks' good series) must pass. Both are
# applied on series-base as unreferenced commits; TREE is left at napi-list.
#
# Usage: build-selftest.sh TREE VMOUT CROSSDIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/checks/lib.sh
. "$here/checks/lib.sh"
tree=$1 vmout=$2 crossdir=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; git -C "$tree" checkout -q napi-list' EXIT
export GIT_COMMITTER_NAME=selftest GIT_COMMITTER_EMAIL=selftest@example.org
fail=0

bad=$(patch_commit "$tree" series-base "$here/checks/selftest/build/sparse-and-w1.patch" "$tmp") ||
	{ echo "FAIL: bad patch does not apply"; exit 1; }
if "$here/patch-build.sh" "$tree" "$bad" "$vmout" "$crossdir" > "$tmp/bad.log" 2>&1; then
	echo "FAIL: a patch with new warnings passed"; fail=1
fi
for w in "set but not used" "different base types"; do
	if grep -q "$w" "$tmp/bad.log"; then
		echo "ok: reported: $(grep -m1 "$w" "$tmp/bad.log" | sed 's/^ *//')"
	else
		echo "FAIL: not reported: $w"; fail=1
	fi
done
[ $fail -eq 0 ] || cat "$tmp/bad.log"

good=$(patch_commit "$tree" series-base \
	"$(ls "$here"/checks/selftest/good/0001-*.patch)" "$tmp") ||
	{ echo "FAIL: good patch does not apply"; exit 1; }
if "$here/patch-build.sh" "$tree" "$good" "$vmout" "$crossdir" > "$tmp/good.log" 2>&1; then
	echo "ok: a clean patch passes ($(grep -c ':' "$tmp/good.log") configuration(s))"
else
	echo "FAIL: a clean patch was rejected"; cat "$tmp/good.log"; fail=1
fi
exit $fail
