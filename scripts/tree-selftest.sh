#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Self-test of make tree (tree.sh) with KSRC, on a toy "kernel" repository
# and a one-patch toy series in a temporary directory:
#   - KSRC is only read: its index is not rewritten (git status would);
#   - DEST does not borrow KSRC's objects: it survives KSRC's removal;
#   - a commit made in DEST and not exported is not rebuilt over: tree.sh
#     refuses, says how to keep or set it aside, and changes nothing;
#   - a patch that does not apply is aborted: no .git/rebase-apply left,
#     the branch as it was, and the next run works;
#   - a rebuild of the same series gives the same commit;
#   - a commit on a detached HEAD is not left behind;
#   - a DEST made with clone --shared (older harness) gets its own objects;
#   - series/net/ (the fixes for net) is applied first: net-base is the
#     base, series-base the fixes, napi-list the series on them; a fix the
#     base has already is left out.
#
# Usage: tree-selftest.sh
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME=selftest GIT_AUTHOR_EMAIL=selftest@example.org
export GIT_COMMITTER_NAME=selftest GIT_COMMITTER_EMAIL=selftest@example.org
export GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z"
ksrc=$tmp/ksrc dest=$tmp/dest

ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; [ -f "$tmp/err" ] && sed 's/^/    /' "$tmp/err"; fail=1; }
# tree SERIES_DIR: tree.sh with KSRC and that series; its stderr in $tmp/err
tree() {
	KSRC=$ksrc SERIES_DIR=$1 "$here/tree.sh" "$dest" "$tmp/cache" 2> "$tmp/err"
}

# whole OK BAD: DEST needs nothing of KSRC (moved away meanwhile)
whole() {
	mv "$ksrc" "$ksrc.away"
	if git -C "$dest" fsck --connectivity-only napi-list > /dev/null 2> "$tmp/err" &&
	   [ ! -s "$dest/.git/objects/info/alternates" ]; then
		ok "$1"
	else
		bad "$2"
	fi
	mv "$ksrc.away" "$ksrc"
}

# the toy kernel, and a series of one patch on it
git init -q -b main "$ksrc"
printf 'line 1\nline 2\nline 3\n' > "$ksrc/README"
git -C "$ksrc" add README && git -C "$ksrc" commit -q -m "toy kernel"
git clone -q "$ksrc" "$tmp/work"
sed -i 's/line 2/line two/' "$tmp/work/README"
git -C "$tmp/work" commit -q -a -m "README: spell two"
mkdir "$tmp/series" "$tmp/broken"
git -C "$tmp/work" format-patch -q -o "$tmp/series" HEAD~
sed 's/^-line 2$/-line 9/' "$tmp/series"/0001-*.patch > "$tmp/broken/0001-broken.patch"

# KSRC's index: a file with a new mtime makes git status refresh and
# rewrite it; tree.sh must not
touch -d '2001-01-01' "$ksrc/README"
before=$(stat -c '%Y %s' "$ksrc/.git/index"; sha1sum < "$ksrc/.git/index")
sleep 1
if tree "$tmp/series"; then
	ok "a tree on KSRC: $(git -C "$dest" log -1 --format=%s napi-list)"
else
	bad "tree.sh failed on a clean KSRC"
fi
after=$(stat -c '%Y %s' "$ksrc/.git/index"; sha1sum < "$ksrc/.git/index")
if [ "$before" = "$after" ]; then
	ok "KSRC's index was not rewritten"
else
	bad "KSRC's index was rewritten"
fi

whole "DEST has its own objects: whole without KSRC" "DEST is not whole without KSRC"

first=$(git -C "$dest" rev-parse napi-list)
if tree "$tmp/series" && [ "$(git -C "$dest" rev-parse napi-list)" = "$first" ]; then
	ok "a rebuild of the same series gives the same commit"
else
	bad "a rebuild of the same series: $(git -C "$dest" rev-parse napi-list), was $first"
fi

# a commit of the user's, not exported
echo "line 4" >> "$dest/README"
git -C "$dest" commit -q -a -m "README: a fourth line"
mine=$(git -C "$dest" rev-parse napi-list)
if tree "$tmp/series"; then
	bad "tree.sh rebuilt over an unexported commit"
elif [ "$(git -C "$dest" rev-parse napi-list)" != "$mine" ] || ! grep -q 'make export' "$tmp/err"; then
	bad "tree.sh refused, but moved napi-list or did not say how to export"
else
	ok "an unexported commit is kept: $(grep -m1 'make export' "$tmp/err" | sed 's/^tree: //')"
fi
git -C "$dest" branch -q -m napi-list napi-list-old
if tree "$tmp/series" && [ "$(git -C "$dest" rev-parse napi-list-old)" = "$mine" ]; then
	ok "set aside as the message says, the next run works and the commit stays"
else
	bad "after setting the commit aside"
fi

# a series that does not apply
at=$(git -C "$dest" rev-parse napi-list)
if tree "$tmp/broken"; then
	bad "a patch that does not apply passed"
elif [ -d "$dest/.git/rebase-apply" ] || [ "$(git -C "$dest" rev-parse napi-list)" != "$at" ] ||
     [ "$(git -C "$dest" symbolic-ref -q HEAD)" != refs/heads/napi-list ]; then
	bad "a failed am left $dest in another state"
else
	ok "a patch that does not apply: am aborted, $dest as it was"
fi
if tree "$tmp/series"; then
	ok "the next run works"
else
	bad "the run after a failed am"
fi

# a commit on a detached HEAD: on no branch
git -C "$dest" checkout -q --detach napi-list
echo "line 5" >> "$dest/README"
git -C "$dest" commit -q -a -m "README: a fifth line, detached"
mine=$(git -C "$dest" rev-parse HEAD)
if tree "$tmp/series" || [ "$(git -C "$dest" rev-parse HEAD)" != "$mine" ]; then
	bad "a commit on a detached HEAD was left behind"
else
	ok "a commit on a detached HEAD is kept: $(sed 's/^tree: //' "$tmp/err" | tail -n 1 | cut -c1-60)..."
fi
git -C "$dest" checkout -q napi-list

# a DEST an older harness made with clone --shared gets its own objects
rm -rf "$dest"
git clone -q --shared --no-checkout "$ksrc" "$dest"
tree "$tmp/series"
whole "a clone --shared DEST got its own objects: whole without KSRC" \
	"a clone --shared DEST still needs KSRC"

# series/net/: a fix for net under the series, in another file
git -C "$tmp/work" checkout -q -b fix HEAD~
echo "fixed" > "$tmp/work/NET"
git -C "$tmp/work" add NET && git -C "$tmp/work" commit -q -m "NET: the fix"
mkdir -p "$tmp/layered/net"
git -C "$tmp/work" format-patch -q -o "$tmp/layered/net" HEAD~
cp "$tmp/series"/0001-*.patch "$tmp/layered/"
# counts NET SERIES: the commits of net-base..series-base, series-base..napi-list
counts() {
	echo "$(git -C "$dest" rev-list --count net-base..series-base)" \
	     "$(git -C "$dest" rev-list --count series-base..napi-list)"
}
if tree "$tmp/layered" && [ "$(counts)" = "1 1" ] &&
   [ "$(git -C "$dest" rev-parse net-base)" = "$(git -C "$ksrc" rev-parse HEAD)" ] &&
   grep -qx fixed "$dest/NET" && grep -qx 'line two' "$dest/README"; then
	ok "series/net/ first: net-base is KSRC, one fix, the series on it"
else
	bad "series/net/ and series/: $(counts) commit(s), want 1 1"
fi
git -C "$ksrc" am -q "$tmp/layered/net"/0001-*.patch
if tree "$tmp/layered" && [ "$(counts)" = "0 1" ] && grep -q 'has it already' "$tmp/err"; then
	ok "a fix KSRC has already is left out: $(grep -m1 'has it already' "$tmp/err" | sed 's/^tree: //')"
else
	bad "a fix KSRC has already: $(counts) commit(s), want 0 1"
fi
exit $fail
