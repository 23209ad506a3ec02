#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Download the newest Debian linux-source-7.x .deb through this machine's own
# Debian mirror (read from the apt sources), without touching the system's apt
# configuration: a private apt tree with its own sources, lists and cache.
#
# Usage: base-deb.sh CACHE_DIR [WANTED_VERSION]
# Prints the path of the cached .deb on stdout; the version goes to
# CACHE_DIR/linux-source.version.  If WANTED_VERSION (the one series/ was
# exported against) is still on the mirror or in the cache it is used,
# otherwise the newest 7.x is used and a loud warning is printed.
set -euo pipefail

cache=${1:?cache dir}
want=${2:-}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
. "$(dirname "$0")/apt-private.sh"
private_apt "$cache/apt"
opts=("${APT_OPTS[@]}")

newest_cached() {
	ls "$cache"/linux-source-7.*_all.deb 2>/dev/null | sort -V | tail -n 1
}

if [ -n "$want" ] && [ -f "$cache/linux-source.version" ] &&
   [ "$(cat "$cache/linux-source.version")" = "$want" ] &&
   [ -f "$(cat "$cache/linux-source.deb")" ]; then
	cat "$cache/linux-source.deb"
	exit 0
fi

if ! apt-get "${opts[@]}" -q update >&2; then
	deb=$(newest_cached)
	[ -n "$deb" ] || { echo "base-deb: mirror unreachable and nothing cached" >&2; exit 1; }
	echo "base-deb: WARNING: mirror unreachable, using cached $deb" >&2
	echo "$deb" > "$cache/linux-source.deb"
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
	wpkg=linux-source-$(echo "$want" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
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

deb="$cache/${pkg}_$(echo "$ver" | sed 's/:/%3a/')_all.deb"
if [ ! -s "$deb" ]; then
	(cd "$cache" && apt-get "${opts[@]}" -q download "$pkg=$ver" >&2)
fi
[ -s "$deb" ] || deb=$(ls "$cache/${pkg}_"*"_all.deb" | sort -V | tail -n 1)
echo "$ver" > "$cache/linux-source.version"
echo "$deb" > "$cache/linux-source.deb"
echo "$deb"
