#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The ARM VM's initramfs: Debian's armhf busybox-static, ethtool and iperf3
# (the same tools a board user runs), with only the libraries they need,
# unpacked from the packages of the machine's own release (fetched through
# its Debian mirror, apt-private.sh foreign_apt, never installed here), and
# INIT as /init (which runs busybox --install first). Fails if a program
# needs a library the image lacks.
#
# Usage: arm-rootfs.sh INIT OUT.cpio.gz
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
init=${1:?init script} out=${2:?output}
cache=${NAPI_LIST_CACHE:-$HOME/.cache/napi-list}
# the programs, then the libraries they link (checked below)
pkgs=(busybox-static ethtool iperf3
      libc6 libgcc-s1 libmnl0 libiperf0 libssl3 libsctp1)
# shellcheck source=scripts/lock.sh
. "$here/lock.sh"
# shellcheck source=scripts/apt-private.sh
. "$here/apt-private.sh"
mkdir -p "$cache"
lock "$cache/apt-armhf.lock"
foreign_apt "$cache/apt-armhf" armhf
debs="$cache/apt-armhf/debs"
mkdir -p "$debs"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && apt_private download "${pkgs[@]/%/:armhf}")
root="$tmp/root"
mkdir -p "$root"
got=
for d in "$tmp"/*.deb; do
	dpkg-deb -x "$d" "$root"
	got="$got $(dpkg-deb -f "$d" Package)=$(dpkg-deb -f "$d" Version)"
	# keep the packages (a record of the versions a run used)
	mv -f "$d" "$debs/"
done
rm -rf "${root:?}/usr/share" "${root:?}/etc"
mkdir -p "$root"/{proc,sys,dev,tmp,etc}
install -m 0755 "$init" "$root/init"
# every program's libraries in the image
bad=0
while IFS= read -r -d '' f; do
	for lib in $(readelf -d "$f" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
		[ -n "$(find "$root" -name "$lib" -print -quit)" ] ||
			{ echo "arm-rootfs: ${f#"$root"} needs $lib, not in the image" >&2; bad=1; }
	done
done < <(find "$root" -type f -perm -u+x -print0)
[ $bad -eq 0 ] || exit 1
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) | gzip -9n > "$out.tmp"
mv "$out.tmp" "$out"
echo "arm-rootfs: $out ($(du -k "$out" | cut -f1) KiB):$got" >&2
