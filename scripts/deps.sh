#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Install what the harness needs on a Debian 12 machine (root): Debian
# packages with apt-get, then five tools bookworm lacks or has too old, kept
# under the cache; four from newer suites through a private apt configuration:
#   b4 (trixie's 0.14, arch all: prep --check and prerequisites; bookworm's
#   0.12 has neither; its dependencies are bookworm's, pulled in by its b4),
#   virtme-ng (sid, arch all; runs on bookworm's python3),
#   ethtool (sid: the selftests need `--json -l`; runs on bookworm's libc),
#   sparse (sid's *source*, built here: 7.3's C=1 needs __typeof_unqual__),
# and ruff's WebAssembly build from the npm registry (bookworm has no ruff;
# without it only the ruff checks fail).
# Prints shell assignments for PATH on stdout (eval it). The cache is shared
# by every clone on the machine: the script holds its lock throughout.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${1:?cache dir}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
# shellcheck source=scripts/lock.sh
. "$here/lock.sh"
lock "$cache/deps.lock"

pkgs=(build-essential flex bison bc libelf-dev libssl-dev cpio rsync kmod
      xz-utils zstd git git-email libmailtools-perl python3 perl ccache
      gcc-powerpc-linux-gnu gcc-mips-linux-gnu gcc-arm-linux-gnueabihf
      qemu-system-x86 qemu-system-arm coccinelle ocaml-nox codespell yamllint pylint shellcheck b4
      udev socat iputils-ping iproute2 ethtool iperf3 netcat-openbsd bpftrace clang
      python3-argcomplete python3-git python3-ply python3-requests python3-yaml busybox-static
      libxml2-dev libsqlite3-dev dpkg-dev pkg-config libglib2.0-dev
      python3-matplotlib)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' ||
		missing+=("$p")
done
if ((${#missing[@]})); then
	echo "deps: apt-get install ${missing[*]}" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get -q update >&2
	apt-get -q install -y --no-install-recommends "${missing[@]}" >&2
fi

# shellcheck source=scripts/apt-private.sh
. "$here/apt-private.sh"
private_apt "$cache/apt"
tools="$cache/tools"
mkdir -p "$tools"

# unpack PKG SUITE: the package's files under $tools/PKG, once (the .deb it came
# from is named in $tools/PKG/.done); a run killed before .done redoes it.
unpack() {
	local pkg=$1 suite=$2 deb
	if [ ! -f "$tools/$pkg/.done" ]; then
		rm -rf "${tools:?}/$pkg" "$tools/$pkg.dl"
		mkdir -p "$tools/$pkg.dl"
		(cd "$tools/$pkg.dl" && apt_private -q download "$pkg/$suite")
		deb=$(ls "$tools/$pkg.dl"/*.deb)
		dpkg-deb -x "$deb" "$tools/$pkg"
		basename "$deb" > "$tools/$pkg/.done"
		rm -rf "$tools/$pkg.dl"
	fi
}
unpack b4 trixie
unpack virtme-ng sid
unpack ethtool sid

if [ ! -x "$tools/sparse/sparse" ]; then
	rm -rf "$tools/sparse" "$tools/sparse.src"
	mkdir -p "$tools/sparse.src"
	(cd "$tools/sparse.src" && apt_private -q source --download-only sparse/sid &&
	 dpkg-source -x --no-check ./*.dsc src >&2 &&
	 make -C src -j"$(nproc)" CC=gcc sparse >&2)
	mkdir -p "$tools/sparse"
	cp "$tools/sparse.src/src/sparse" "$tools/sparse/sparse.tmp"
	mv "$tools/sparse/sparse.tmp" "$tools/sparse/sparse"
	rm -rf "$tools/sparse.src"
fi

# ruff for the Python linters (linters.sh, harness-lint): bookworm has none;
# its WebAssembly build from the npm registry runs on node. Without it only
# the ruff checks fail (they say why), not everything else.
if ! { command -v npm >/dev/null ||
       apt-get -q install -y --no-install-recommends nodejs npm >&2; } ||
   ! "$here/checks/install-ruff.sh" "$tools/ruff-wasm"; then
	echo "deps: WARNING: ruff-wasm is not installed (npm failed, above): the ruff checks will FAIL" >&2
fi

echo "PATH=$tools/sparse:$tools/ethtool/usr/sbin:$tools/b4/usr/bin:$tools/virtme-ng/usr/bin:\$PATH"
echo "PYTHONPATH=$tools/b4/usr/lib/python3/dist-packages:$tools/virtme-ng/usr/lib/python3/dist-packages${PYTHONPATH:+:$PYTHONPATH}"
