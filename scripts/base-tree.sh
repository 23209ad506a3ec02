#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Make the pristine base tree as a git repository with one deterministic
# commit (fixed identity and date: the same package version gives the same
# commit id on every machine, so series/'s base-commit: line is checkable).
#
# Usage: base-tree.sh CACHE_DIR
# Prints the path of the cached base repository (a bare git repo).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${1:?cache dir}
want=$(sed -n 's/^linux-source: //p' "$here/../series/BASE" 2>/dev/null || true)

deb=$("$here/base-deb.sh" "$cache/deb" "$want")
ver=$(cat "$cache/deb/linux-source.version")
repo="$cache/base-$ver.git"
echo "base: Debian linux-source $ver" >&2
if [ -f "$repo/refs/heads/base" ] || git -C "$repo" rev-parse -q --verify base >/dev/null 2>&1; then
	echo "$repo"
	exit 0
fi

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
git clone -q --bare . "$repo.tmp"
mv "$repo.tmp" "$repo"
echo "$repo"
