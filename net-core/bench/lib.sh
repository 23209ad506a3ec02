# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
# Sourced by make napi-bench (napi-bench.sh),
# which set here (this directory) and top (the repository).
# shellcheck disable=SC2154 # here, top: the sourcing script's

# build_plugin CACHE OUT: OUT/insn-window.so, the QEMU TCG plugin, built
# against the qemu-plugin.h of the installed QEMU's own Debian source
# package (fetched once through the private apt config, under CACHE).
build_plugin() {
	local cache=$1 out=$2 ver pdir
	ver=$(dpkg-query -W -f='${source:Version}' qemu-system-x86)
	pdir="$cache/tools/qemu-plugin/$ver"
	if [ ! -f "$pdir/qemu-plugin.h" ]; then
		. "$top/scripts/apt-private.sh"
		private_apt "$cache/apt"
		rm -rf "$pdir.tmp"; mkdir -p "$pdir.tmp"
		(cd "$pdir.tmp" && apt_private -q source --download-only "qemu=$ver" &&
		 tar xf ./*.orig.tar.* --wildcards --strip-components=3 '*/include/qemu/qemu-plugin.h')
		find "$pdir.tmp" -mindepth 1 ! -name qemu-plugin.h -delete
		rm -rf "$pdir"; mv "$pdir.tmp" "$pdir"
	fi
	# shellcheck disable=SC2046 # pkg-config's flags are words
	gcc -O2 -Wall -Wextra -Wno-unused-parameter -shared -fPIC -I"$pdir" \
		$(pkg-config --cflags glib-2.0) -o "$out/insn-window.so" \
		"$here/insn-window.c" $(pkg-config --libs glib-2.0)
}

# sym MAP NAME: the address of the one text symbol NAME (a static one may
# carry a compiler suffix, .constprop.0; never .cold); fails unless one
sym() {
	local a
	a=$(awk -v n="$2" '$2 ~ /^[tT]$/ && ($3 == n || index($3, n ".") == 1) &&
		$3 !~ /\.cold$/ { print $1 }' "$1")
	[ -n "$a" ] && [ "$(wc -w <<< "$a")" -eq 1 ] && echo "$a" && return
	echo "bench: $1: not one text symbol $2: ${a:-none}" >&2
	return 1
}

