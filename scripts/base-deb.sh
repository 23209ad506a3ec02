#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Download the newest Debian linux-source-7.x .deb through this machine's own
# Debian mirror (read from the apt sources), without touching the system's apt
# configuration: a private apt tree with its own sources, lists and cache
# (apt-private.sh).
#
# Usage: base-deb.sh CACHE_DIR [WANTED_VERSION]
# Prints the path of the cached .deb on stdout: CACHE_DIR/PKG_VERSION_all.deb,
# keyed by version (its own control file says which: dpkg-deb -f DEB Version).
# If WANTED_VERSION (the one series/ was exported against) is in the cache or
# still on the mirror it is used, otherwise the newest 7.x is used and a loud
# warning is printed. CACHE_DIR is shared by every clone on the machine: the
# script holds its lock, and a .deb appears there only whole (a rename).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${1:?cache dir}
want=${2:-}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
# shellcheck source=scripts/lock.sh
. "$here/lock.sh"
lock "$cache/deb.lock"
# shellcheck source=scripts/apt-private.sh
. "$here/apt-private.sh"
private_apt "$cache/apt"
opts=("${APT_OPTS[@]}")
# what a killed run left (we hold the lock: nobody else is downloading)
rm -rf "$cache"/dl.*

# debfile PKG VERSION: its place in the cache (apt's name: ':' is %3a)
debfile() {
	echo "$cache/${1}_${2//:/%3a}_all.deb"
}
newest_cached() {
	ls "$cache"/linux-source-7.*_all.deb 2>/dev/null | sort -V | tail -n 1
}

wpkg=linux-source-$(echo "$want" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
if [ -n "$want" ] && [ -s "$(debfile "$wpkg" "$want")" ]; then
	debfile "$wpkg" "$want"
	exit 0
fi

if ! apt_private_update; then
	deb=$(newest_cached)
	[ -n "$deb" ] || { echo "base-deb: mirror unreachable and nothing cached" >&2; exit 1; }
	echo "base-deb: WARNING: mirror unreachable, using cached $deb" >&2
	echo "$deb"
	exit 0
fi

# Newest linux-source-7.N package and its newest version over both suites.
best_pkg="" best_ver=""
for pkg in $(apt-cache "${opts[@]}" pkgnames linux-source-7. | grep -E '^linux-source-7\.[0-9]+$'); do
	for ver in $(apt-cache "${opts[@]}" madison "$pkg" | awk '{ print $3 }'); do
		if [ -z "$best_ver" ] || dpkg --compare-versions "$ver" gt "$best_ver"; then
			best_pkg=$pkg best_ver=$ver
		fi
	done
done
[ -n "$best_pkg" ] || { echo "base-deb: no linux-source-7.x on the mirror" >&2; exit 1; }

pkg=$best_pkg ver=$best_ver
if [ -n "$want" ] && [ "$want" != "$ver" ]; then
	if apt-cache "${opts[@]}" madison "$wpkg" | awk '{ print $3 }' | grep -qxF "$want"; then
		pkg=$wpkg ver=$want
	else
		cat >&2 <<EOW
base-deb: WARNING: series/ was exported against linux-source $want, which the
base-deb: WARNING: mirror no longer has; using the newest, $pkg $ver.
base-deb: WARNING: if the series does not apply, it needs a rebase.
EOW
	fi
fi

deb=$(debfile "$pkg" "$ver")
if [ ! -s "$deb" ]; then
	dl=$(mktemp -d "$cache/dl.XXXXXX")
	(cd "$dl" && apt_private -q download "$pkg=$ver")
	got=$(dpkg-deb -f "$dl"/*.deb Version)
	[ "$got" = "$ver" ] || { echo "base-deb: downloaded $got, not $ver" >&2; exit 1; }
	mv "$dl"/*.deb "$deb"
	rm -rf "$dl"
fi
echo "$deb"
