#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Self-test of the shared cache (base-deb.sh, base-tree.sh), on a throwaway
# cache holding a small fake linux-source .deb of the version series/BASE
# names (nothing is downloaded):
#   - what a killed run leaves (base-V.git.tmp, unpack.*, dl.*) does not
#     break the next run, and is gone after it;
#   - a "last version" file saying otherwise changes nothing: the version is
#     read from the .deb;
#   - two runs at once both succeed, with one whole repository and nothing
#     nested in it.
#
# Usage: cache-selftest.sh
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ver=$(sed -n 's/^linux-source: //p' "$here/../series/BASE")
[ -n "$ver" ] || { echo "no linux-source: in series/BASE"; exit 1; }
pkg=linux-source-$(echo "$ver" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
cache=$tmp/cache repo=$tmp/cache/base-$ver.git

# the fake package: a two-file "kernel" in usr/src/$pkg.tar.xz
mkdir -p "$tmp/pkg/DEBIAN" "$tmp/pkg/usr/src" "$tmp/src/$pkg" "$cache/deb"
echo "# fake kernel Makefile" > "$tmp/src/$pkg/Makefile"
echo "fake" > "$tmp/src/$pkg/README"
tar -C "$tmp/src" -cJf "$tmp/pkg/usr/src/$pkg.tar.xz" "$pkg"
printf 'Package: %s\nVersion: %s\nArchitecture: all\nMaintainer: selftest <selftest@example.org>\nDescription: fake\n' \
	"$pkg" "$ver" > "$tmp/pkg/DEBIAN/control"
dpkg-deb --build "$tmp/pkg" "$cache/deb/${pkg}_${ver//:/%3a}_all.deb" > /dev/null || exit 1

# a killed run's leftovers, and a "last version" that is not this one
mkdir -p "$repo.tmp/objects" "$cache/unpack.killed/src" "$cache/deb/dl.killed"
echo 0.0-bogus > "$cache/deb/linux-source.version"

for i in 1 2; do
	"$here/base-tree.sh" "$cache" > "$tmp/out$i" 2> "$tmp/err$i" &
done
for i in 1 2; do
	wait -n || { echo "FAIL: a run failed:"; sed 's/^/    /' "$tmp"/err*; fail=1; }
done
for i in 1 2; do
	if [ "$(cat "$tmp/out$i")" = "$repo" ]; then
		echo "ok: run $i: $(sed "s|$tmp|TMP|" "$tmp/out$i")"
	else
		echo "FAIL: run $i printed '$(cat "$tmp/out$i")', want $repo"; fail=1
	fi
done
subject=$(git -C "$repo" log -1 --format=%s base 2>&1)
if [ "$subject" = "Debian linux-source $ver" ]; then
	echo "ok: one whole repository, its commit: $subject"
else
	echo "FAIL: $repo: $subject"; fail=1
fi
left=$(cd "$cache" && ls -d base-*.git.tmp unpack.* deb/dl.* "$(basename "$repo")"/base-* 2>/dev/null)
if [ -z "$left" ]; then
	echo "ok: no leftovers, nothing nested"
else
	echo "FAIL: left in the cache: $left"; fail=1
fi
exit $fail
