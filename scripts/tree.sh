#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make tree: DEST = base commit + one commit per patch of series/ (git am).
# Base: $KSRC (a clean git tree of the user's, e.g. net-next; only read from,
# never touched) or the Debian linux-source package (base-tree.sh).
#
# Usage: tree.sh DEST CACHE_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
dest=${1:?dest}
cache=${2:?cache dir}
branch=napi-list
# shellcheck source=scripts/identity
. "$here/identity"

if [ -n "${KSRC:-}" ]; then
	git -C "$KSRC" rev-parse --git-dir >/dev/null 2>&1 ||
		{ echo "tree: KSRC=$KSRC is not a git tree" >&2; exit 1; }
	if [ -n "$(git -C "$KSRC" status --porcelain --untracked-files=no)" ]; then
		echo "tree: KSRC=$KSRC has uncommitted changes; commit or stash them first" >&2
		exit 1
	fi
	src=$(cd "$KSRC" && pwd) rev=$(git -C "$KSRC" rev-parse HEAD)
	echo "tree: base is $KSRC at $(git -C "$KSRC" log -1 --format='%h ("%s")')" >&2
else
	src=$("$here/base-tree.sh" "$cache") rev=base
fi

if [ ! -d "$dest/.git" ]; then
	mkdir -p "$(dirname "$dest")"
	git clone -q --shared --no-checkout "$src" "$dest"
fi
cd "$dest"
if [ -f .git/index ] &&
   [ -n "$(git status --porcelain --untracked-files=no)" ]; then
	echo "tree: $dest has uncommitted changes; commit them (and make export) first" >&2
	exit 1
fi
git fetch -q "$src" "$rev"
old=$(git rev-parse -q --verify HEAD || true)
git tag -f series-base FETCH_HEAD >/dev/null
git checkout -q -B "$branch" series-base
[ -n "$old" ] && [ "$old" != "$(git rev-parse series-base)" ] &&
	echo "tree: previous HEAD of $dest was $old (see git reflog)" >&2

shopt -s nullglob
patches=()
for p in "$top"/series/*.patch; do
	case "$p" in *-0000-cover-letter.patch) continue ;; esac
	patches+=("$p")
done
if ((${#patches[@]})); then
	# Committer = author, committer date = author date: the same series
	# applied on the same base gives the same commit ids everywhere.
	GIT_COMMITTER_NAME="$PROJECT_NAME" GIT_COMMITTER_EMAIL="$PROJECT_EMAIL" \
		git am -q --committer-date-is-author-date "${patches[@]}"
fi
echo "tree: $dest at $(git log -1 --format='%h %s'), $(git rev-list --count series-base..HEAD) patch(es) on base $(git rev-parse --short=12 series-base)" >&2
