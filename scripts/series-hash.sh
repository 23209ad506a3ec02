#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The identity of the patches in DIR and DIR/net/ (the net fixes, which the
# tree applies first) that the VM kernels build or run, the cover letters
# and commit ids aside: make check-rt and make check-debug
# record it, make check compares it.
#
# A patch that touches only the source files of the drivers in
# drivers/*/build.conf is left out: for each of their OBJS dir/name.o, the
# files dir/name.* and dir/name_* (ucc_geth.c, ucc_geth.h,
# ucc_geth_ethtool.c; not the directory's other drivers). No x86 VM kernel
# builds those drivers (vm-config.sh's fragments enable none of them), so
# such a patch cannot change what check-rt or check-debug ran. It is built
# and checked by make check itself (build-<driver>, build-per-patch). KIND
# arm (make check-arm) keeps the patches to macb too: its ARM kernel runs
# that driver.
#
# Usage: series-hash.sh DIR [KIND]
set -euo pipefail
shopt -s nullglob
here=$(cd "$(dirname "$0")" && pwd)
runs=/
[ "${2:-}" = arm ] && runs=drivers/net/ethernet/cadence/
# shellcheck disable=SC1090 # one build.conf at a time
drivers=$(for conf in "$here"/../drivers/*/build.conf; do
	(. "$conf"; for o in $OBJS; do echo "${o%.o}"; done)
done | sort -u | grep -v "^$runs")

driver_only() {
	local f dir ok
	while read -r f; do
		ok=
		for dir in $drivers; do
			case $f in "$dir".* | "$dir"_*) ok=1 ;; esac
		done
		[ -n "$ok" ] || return 1
	done < <(sed -n 's|^+++ b/||p; s|^--- a/||p' "$1" | sort -u)
}

for f in "${1:?dir}"/net/v*-[0-9][0-9][0-9][0-9]-*.patch \
	 "$1"/v*-[0-9][0-9][0-9][0-9]-*.patch; do
	case $f in *-0000-cover-letter.patch) continue ;; esac
	driver_only "$f" && continue
	# not the commit ids ("From <sha>"): the same patches, exported again;
	# nor the "[PATCH ... m/n]" prefix, which a patch added elsewhere in
	# the series renumbers
	sed -e '1{/^From [0-9a-f]\{40\} /d}' -e 's/^Subject: \[[^]]*\] /Subject: /' "$f"
done | sha256sum | cut -c1-16
