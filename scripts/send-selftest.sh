#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Self-test of `make send` on the checks' good series
# (scripts/checks/selftest/good/): without a sender identity it must refuse;
# with one, every patch must come out authored by the sender with exactly one
# Signed-off-by of theirs after the Assisted-by, the cover letter's text kept;
# a patch taken over from its author (good/0003) keeps that author and their
# Signed-off-by, first, and gets the sender's last.
#
# Usage: send-selftest.sh TREE
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/checks/lib.sh
. "$here/checks/lib.sh"
tree=$(cd "${1:?tree}" && pwd)
good=$here/checks/selftest/good
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; git -C "$tree" update-ref -d refs/heads/send-selftest' EXIT
export GIT_COMMITTER_NAME=selftest GIT_COMMITTER_EMAIL=selftest@example.org

c=$(git -C "$tree" rev-parse series-base)
for p in "$good"/*.patch; do
	case "$p" in *0000-cover-letter.patch) continue ;; esac
	c=$(patch_commit "$tree" "$c" "$p" "$tmp") || { echo "cannot apply $p"; exit 1; }
done
git -C "$tree" update-ref refs/heads/send-selftest "$c"
unset GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL

fail=0
mkdir "$tmp/series"
for p in "$good"/*.patch; do cp "$p" "$tmp/series/v1-$(basename "$p")"; done
export GIT_CONFIG_NOSYSTEM=1 SERIES_DIR=$tmp/series
if GIT_CONFIG_GLOBAL=/dev/null "$here/send.sh" "$tree" "$tmp/out0" send-selftest \
	> "$tmp/log0" 2>&1; then
	echo "FAIL: send went on without a sender identity"; fail=1
elif ! grep -q 'refusing: no sender identity' "$tmp/log0"; then
	echo "FAIL: send failed without an identity, but not by refusing:"; cat "$tmp/log0"; fail=1
else
	echo "ok: refuses without a sender identity"
fi

printf '[user]\n\tname = Test Sender\n\temail = sender@example.org\n' > "$tmp/gitconfig"
if ! GIT_CONFIG_GLOBAL=$tmp/gitconfig "$here/send.sh" "$tree" "$tmp/out" send-selftest \
	> "$tmp/log" 2>&1; then
	echo "FAIL: send with an identity failed:"; tail -n 20 "$tmp/log"; fail=1
else
	n=0 kept=0
	for p in "$tmp"/out/*.patch; do
		case "$p" in *0000-cover-letter.patch) continue ;; esac
		n=$((n + 1))
		sob=$(grep -c '^Signed-off-by:' "$p")
		last=$(sed -n '/^---$/q;p' "$p" | grep -E '^[A-Za-z-]+: ' | tail -n 2 | tr '\n' '|')
		author='Test Sender <sender@example.org>' want=1
		if grep -q '^From: Jane Author' "$p"; then
			author='Jane Author <jane@example.org>' want=2 kept=$((kept + 1))
			[ "$(grep -m1 '^Signed-off-by:' "$p")" = "Signed-off-by: $author" ] ||
				{ echo "FAIL: $(basename "$p"): its author's Signed-off-by is not first"; fail=1; }
		fi
		if [ "$sob" -ne "$want" ] || ! grep -qxF "From: $author" "$p" ||
		   [ "${last%%:*}" != "Assisted-by" ] ||
		   [ "${last#*|}" != "Signed-off-by: Test Sender <sender@example.org>|" ]; then
			echo "FAIL: $(basename "$p"): From: not $author, or $sob Signed-off-by," \
			     "trailers '$last'"; fail=1
		fi
	done
	[ "$kept" = 1 ] || { echo "FAIL: $kept patch(es) kept Jane Author, not 1"; fail=1; }
	blurb=$(sed -n '/^$/,$p' "$good"/0000-cover-letter.patch | sed -n 2p)
	[ -n "$blurb" ] && grep -qF "$blurb" "$tmp"/out/*-0000-cover-letter.patch ||
		{ echo "FAIL: the cover letter's text was not kept"; fail=1; }
	grep -q '^To: .*kuba@kernel.org' "$tmp/log" && grep -q '^Cc: .*netdev@vger.kernel.org' "$tmp/log" ||
		{ echo "FAIL: To/Cc lack netdev's maintainers or list (get_maintainer.pl)"; fail=1; }
	[ $fail -eq 0 ] && echo "ok: $n patch(es) signed off by the sender, $((n - kept)) authored by" \
		"them, $kept by its own author; cover kept; To/Cc printed"
fi
# a Fixes: tag that names no commit of the tree: refused, and nothing signed
fixes=$(git -C "$tree" log -1 --format=%B send-selftest |
	git -C "$tree" interpret-trailers \
		--trailer 'Fixes: 000000000000 ("a commit nobody has")' |
	git -C "$tree" commit-tree "send-selftest^{tree}" -p send-selftest~)
git -C "$tree" update-ref refs/heads/send-selftest "$fixes"
if GIT_CONFIG_GLOBAL=$tmp/gitconfig "$here/send.sh" "$tree" "$tmp/out2" send-selftest \
	> "$tmp/log2" 2>&1; then
	echo "FAIL: send went on with a Fixes: id the tree does not have"; fail=1
elif ! grep -q "Fixes: tag(s) not verified" "$tmp/log2"; then
	echo "FAIL: send failed on a bad Fixes: id, but not by refusing it:"; cat "$tmp/log2"; fail=1
else
	echo "ok: refuses a Fixes: id that is not a commit of the tree"
fi
exit $fail
