#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Make the pristine base tree as a git repository with one deterministic
# commit (fixed identity and date: the same package version gives the same
# commit id on every machine, so series/'s base-commit: line is checkable).
#
# Usage: base-tree.sh CACHE_DIR
# Prints the path of the cached base repository (a bare git repo),
# CACHE_DIR/base-VERSION.git, VERSION read from the .deb base-deb.sh hands
# over. CACHE_DIR is shared by every clone on the machine: the script holds
# its lock, and a repository appears there only whole (a rename).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${1:?cache dir}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
want=$(sed -n 's/^linux-source: //p' "$here/../series/BASE" 2>/dev/null || true)

deb=$("$here/base-deb.sh" "$cache/deb" "$want")
ver=$(dpkg-deb -f "$deb" Version)
repo="$cache/base-$ver.git"
echo "base: Debian linux-source $ver" >&2
# shellcheck source=scripts/lock.sh
. "$here/lock.sh"
lock "$cache/base.lock"
if git -C "$repo" rev-parse -q --verify refs/heads/base >/dev/null 2>&1; then
	echo "$repo"
	exit 0
fi

# what a killed run left (we hold the lock: nobody else is unpacking), and
# a repository that is not whole
rm -rf "$repo" "$repo.tmp" "$cache"/unpack.*
tmp=$(mktemp -d "$cache/unpack.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
dpkg-deb -x "$deb" "$tmp/deb"
mkdir "$tmp/src"
tar -C "$tmp/src" --strip-components=1 -xf "$tmp"/deb/usr/src/linux-source-*.tar.*
cd "$tmp/src"
git init -q -b base .
# Debian's top-level .gitignore ends with "/*": force-add everything.
git add -f -A .
export GIT_AUTHOR_NAME="Debian linux-source" GIT_AUTHOR_EMAIL="linux-source@debian.invalid"
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
export GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z"
git commit -q -m "Debian linux-source $ver"
git clone -q --bare . "$tmp/repo.git"
# -T: a rename of the directory itself, never into one of that name
mv -T "$tmp/repo.git" "$repo"
echo "$repo"
