#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make tree: DEST = base commit + one commit per patch of series/net/ (the
# fixes for net, tag net-base..series-base) + one per patch of series/
# (series-base..napi-list), by git am.
# Base: $KSRC (a clean git tree of the user's, e.g. net-next) or the Debian
# linux-source package (base-tree.sh).
#
# $KSRC is only read: its git commands run without optional locks (git status
# would refresh and rewrite its index), and DEST has its own copy of the
# objects (no clone --shared: a gc --prune there cannot break DEST).
#
# Commits made in DEST are the user's work until make export writes them to
# series/. refs/napi-list/series is the commit series/ was last applied as
# or exported from; if branch napi-list is elsewhere and its commits are not
# what series/ gives, tree.sh changes nothing and says how to export or set
# them aside. A git am that fails is aborted, and DEST is left as it was.
#
# Usage: tree.sh DEST CACHE_DIR   (SERIES_DIR: another series/ directory)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
dest=${1:?dest}
cache=${2:?cache dir}
series=${SERIES_DIR:-$top/series}
branch=napi-list
mark=refs/napi-list/series
# shellcheck source=scripts/identity
. "$here/identity"

if [ -n "${KSRC:-}" ]; then
	ksrc() { git --no-optional-locks -C "$KSRC" "$@"; }
	ksrc rev-parse --git-dir >/dev/null 2>&1 ||
		{ echo "tree: KSRC=$KSRC is not a git tree" >&2; exit 1; }
	if [ -n "$(ksrc status --porcelain --untracked-files=no)" ]; then
		echo "tree: KSRC=$KSRC has uncommitted changes; commit or stash them first" >&2
		exit 1
	fi
	src=$(cd "$KSRC" && pwd) rev=$(ksrc rev-parse HEAD)
	echo "tree: base is $KSRC at $(ksrc log -1 --format='%h ("%s")')" >&2
else
	src=$("$here/base-tree.sh" "$cache") rev=base
fi

fresh=
if [ ! -d "$dest/.git" ]; then
	mkdir -p "$(dirname "$dest")"
	# a local clone: objects hard-linked or copied, never borrowed
	git clone -q --no-checkout "$src" "$dest"
	fresh=1
fi
cd "$dest"
# no background gc: after the series' git am, git gc --auto repacked the
# whole kernel history (minutes of a core) while the kernel built
git config gc.auto 0
if [ -s .git/objects/info/alternates ]; then
	echo "tree: $dest borrows objects from $(tr '\n' ' ' < .git/objects/info/alternates)(an older" \
	     "harness's clone --shared): copying them, once" >&2
	git repack -a -d -q
	rm .git/objects/info/alternates
fi
if [ -d .git/rebase-apply ] || [ -d .git/rebase-merge ]; then
	cat >&2 <<EOM
tree: a git am or rebase is in progress in $dest. Finish it
tree:   (git -C $dest am --continue, or rebase --continue)
tree: or abort it (git -C $dest am --abort, or rebase --abort), then run make tree again.
EOM
	exit 1
fi
if [ -f .git/index ] &&
   [ -n "$(git status --porcelain --untracked-files=no)" ]; then
	echo "tree: $dest has uncommitted changes; commit them (and make export) first" >&2
	exit 1
fi

# commits made on a detached HEAD are on no branch: checking out the base
# would leave them to the reflog
cur=$(git rev-parse -q --verify HEAD || true)
if [ -z "$fresh" ] && [ -n "$cur" ] && ! git symbolic-ref -q HEAD >/dev/null &&
   ! git merge-base --is-ancestor "$cur" "refs/heads/$branch" 2>/dev/null &&
   ! git merge-base --is-ancestor "$cur" "$mark" 2>/dev/null; then
	echo "tree: HEAD of $dest is detached at $(git log -1 --format='%h ("%s")' "$cur")," \
	     "on no branch: keep it on one (git -C $dest branch NAME) first" >&2
	exit 1
fi
git fetch -q "$src" "$rev"
base=$(git rev-parse FETCH_HEAD)
old=
[ -n "$fresh" ] || old=$(git rev-parse -q --verify "refs/heads/$branch" || true)
old_base=$(git rev-parse -q --verify series-base || true)

shopt -s nullglob
patches=()
for p in "$series"/*.patch; do
	case "$p" in *-0000-cover-letter.patch) continue ;; esac
	patches+=("$p")
done
# series/ applied on the base, on a detached HEAD: the branch stays as it is
# until the result is known
git checkout -q --detach "$base"

# series/net/ first: series/ applies on the fixes (its cover letter lists
# them as prerequisite patches). A fix the base has already (a net-next
# checkout once net was merged into it) is left out.
pristine=$base
fixes=()
for p in "$series"/net/*.patch; do
	case "$p" in *-0000-cover-letter.patch) continue ;; esac
	if ! git apply --check "$p" 2>/dev/null &&
	   git apply --reverse --check "$p" 2>/dev/null; then
		echo "tree: $(basename "$p"): the base has it already, left out" >&2
		continue
	fi
	fixes+=("$p")
done
# am WHAT PATCH...: git am them on HEAD, or abort, say so and exit 1.
# Committer = author, committer date = author date: the same series on the
# same base gives the same commit ids everywhere.
am() {
	local what=$1 out; shift
	(($#)) || return 0
	if ! out=$(GIT_COMMITTER_NAME="$PROJECT_NAME" GIT_COMMITTER_EMAIL="$PROJECT_EMAIL" \
		   git am -q --committer-date-is-author-date "$@" 2>&1); then
		# what failed, without am's advice on how to go on: it is aborted
		echo "$out" | grep -v -e '^When you have resolved' -e '^If you prefer to skip' \
			-e '^To restore the original' -e '^hint:' >&2
		git am --abort
		[ -n "$old" ] && git checkout -q "$branch"
		echo "tree: $what does not apply on the base $(git rev-parse --short "$base") (the" \
		     "failing patch is above); the am is aborted and $dest is as it was." \
		     "The series needs a rebase." >&2
		exit 1
	fi
}
am series/net/ "${fixes[@]}"
base=$(git rev-parse HEAD)
am series/ "${patches[@]}"
head=$(git rev-parse HEAD)

# commits: author, date, message and tree of each commit of BASE..TIP
commits() { git log --reverse --format='%an <%ae> %ad%n%B%n%T' "$1..$2"; }
if [ -n "$old" ] && [ "$old" != "$head" ] &&
   [ "$old" != "$(git rev-parse -q --verify "$mark" || true)" ] &&
   { [ -z "$old_base" ] || [ "$(commits "$old_base" "$old")" != "$(commits "$base" "$head")" ]; }; then
	git checkout -q "$branch"
	cat >&2 <<EOM
tree: $branch in $dest has commits that series/ does not hold:
$(git log --oneline "${old_base:+$old_base..}$old" | head -n 20 | sed 's/^/tree:   /')
tree: nothing was changed. Keep them: make export (series/ from them), then
tree: make tree. Or set them aside: git -C $dest branch -m $branch $branch-old
EOM
	exit 1
fi

git tag -f net-base "$pristine" >/dev/null
git tag -f series-base "$base" >/dev/null
git checkout -q -B "$branch" "$head"
git update-ref "$mark" "$head"
[ -n "$old" ] && [ "$old" != "$head" ] &&
	echo "tree: previous $branch of $dest was $old (see git reflog)" >&2
echo "tree: $dest at $(git log -1 --format='%h %s'), $(git rev-list --count series-base..HEAD) patch(es)" \
     "on $(git rev-list --count net-base..series-base) net fix(es) on base $(git rev-parse --short=12 net-base)" >&2
