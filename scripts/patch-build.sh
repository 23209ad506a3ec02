#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Does COMMIT build without new warnings? Like NIPA's build checks, but on the
# objects the commit touches: each touched .c that a configuration builds, on
# the x86_64 VM configuration and on the configuration of every driver
# (drivers/*/build.conf) whose directory the commit touches, compiled with
# W=1 C=1 (sparse) at COMMIT~ and at COMMIT; a warning COMMIT has and its
# parent has not fails. A touched header rebuilds the series' core objects
# (net/core/dev.o, net/core/gro.o).
#
# Usage: patch-build.sh TREE COMMIT VMOUT CROSSDIR
# TREE's work tree is checked out at COMMIT~ and COMMIT in turn and left at
# COMMIT. VMOUT and CROSSDIR/<driver> are prepared build directories.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
tree=$1 commit=$2 vmout=$3 crossdir=$4
files=$(git -C "$tree" diff --name-only "$commit~" "$commit")
cfiles=$(echo "$files" | grep '\.c$' || true)
core="net/core/dev.o net/core/gro.o"
hdr=$(echo "$files" | grep -c '\.h$' || true)

# objs_for OUT: the touched objects that the configuration in OUT builds
objs_for() {
	local out=$1 f o list=
	for f in $cfiles; do
		o=${f%.c}.o
		[ -f "$out/$o" ] || [ -f "$out/$(dirname "$o")/.$(basename "$o").cmd" ] &&
			list="$list $o"
	done
	[ "$hdr" -gt 0 ] && list="$list $core"
	echo "$list" | tr ' ' '\n' | sed '/^$/d' | sort -u | tr '\n' ' '
}

confs=()
vmobjs=$(objs_for "$vmout")
[ -n "$vmobjs" ] && confs+=("vm|$vmobjs")
# A driver's own configuration when the commit touches the driver; the core
# objects on every architecture are compared at the head (build-<driver>).
for conf in "$top"/drivers/*/build.conf; do
	d=$(basename "$(dirname "$conf")")
	[ -d "$crossdir/$d" ] || continue
	# shellcheck disable=SC1090
	mine=$(. "$conf"; for o in $OBJS; do dirname "$o"; done | sort -u)
	touched=
	for dir in $mine; do
		echo "$files" | grep -q "^$dir/" && touched=1
	done
	[ -n "$touched" ] || continue
	objs=$(objs_for "$crossdir/$d")
	[ -n "$objs" ] && confs+=("$d|$objs")
done
if [ ${#confs[@]} -eq 0 ]; then
	echo "no object that a configuration builds is touched"
	exit 0
fi

rc=0
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
for side in before after; do
	if [ $side = before ]; then rev="$commit~"; else rev="$commit"; fi
	git -C "$tree" checkout -q "$rev"
	for c in "${confs[@]}"; do
		d=${c%%|*} objs=${c#*|}
		if [ "$d" = vm ]; then
			conf=$logs/vm.conf
			printf 'ARCH=x86_64\nCROSS_COMPILE=\nCONFIG=""\nOBJS="%s"\n' "$objs" > "$conf"
			out=$vmout
		else
			conf="$top/drivers/$d/build.conf" out="$crossdir/$d"
		fi
		OBJS_OVERRIDE=1 EXTRA_OBJS="$objs" "$here/cross.sh" build "$conf" "$tree" "$out" \
			"$logs/$d.$side" || { [ $side = after ] && rc=1; echo "$d: build failed at $rev"; }
	done
done
git -C "$tree" checkout -q "$commit"
for c in "${confs[@]}"; do
	d=${c%%|*}
	echo "$d: ${c#*|}"
	"$here/cross.sh" compare "$logs/$d.before" "$logs/$d.after" | sed 's/^/  /' || rc=1
done
exit $rc
