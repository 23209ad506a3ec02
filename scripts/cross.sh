#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build a driver's objects (and the core objects the series touches) on its
# own architecture with W=1 C=1 (sparse), `make prepare` + objects only.
#
#   cross.sh prepare CONF TREE OUT   defconfig (+ CONFIG items) and prepare
#   cross.sh build CONF TREE OUT LOG recompile the objects, warnings to LOG
#   cross.sh compare BASELOG HEADLOG  fail on warnings HEAD has and BASE not
#
# CONF is drivers/<name>/build.conf. Warnings are compared with file line and
# column numbers stripped, so moved code is not a new warning.
set -euo pipefail
cmd=$1; shift

case $cmd in
prepare|build)
	conf=$1 tree=$2 out=$3
	# shellcheck disable=SC1090
	. "$conf"
	export ARCH CROSS_COMPILE
	mk=("$(dirname "$0")/kmake.sh" "$tree" "$out")
	;;
esac

case $cmd in
prepare)
	mkdir -p "$out"
	"${mk[@]}" "$DEFCONFIG" >/dev/null
	if [ -n "$CONFIG" ]; then
		for c in $CONFIG; do echo "$c"; done > "$out/extra.config"
		"$tree/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" \
			"$out/extra.config" >/dev/null
		"${mk[@]}" olddefconfig >/dev/null
		for c in $CONFIG; do
			grep -qx "$c" "$out/.config" ||
				{ echo "cross: $c did not survive olddefconfig" >&2; exit 1; }
		done
	fi
	"${mk[@]}" prepare
	;;
build)
	log=$4
	# OBJS_OVERRIDE: only EXTRA_OBJS (a patch's touched objects)
	objs=$OBJS
	[ -n "${OBJS_OVERRIDE:-}" ] && objs=
	for o in ${EXTRA_OBJS:-}; do objs="$objs $o"; done
	for o in $objs; do rm -f "$out/$o"; done
	set +e
	# shellcheck disable=SC2086
	"${mk[@]}" W=1 C=1 $objs > "$log" 2>&1
	rc=$?
	set -e
	if grep -q 'sparse is not available or not up to date' "$log"; then
		echo "cross: C=1 asked for but sparse did not run" >&2
		exit 1
	fi
	if [ $rc -ne 0 ]; then
		grep -E 'error|Error' "$log" | head -20 >&2
		exit 1
	fi
	;;
compare)
	norm() {
		grep -E '(warning|error):' "$1" |
		sed -E 's/^([^:]+):[0-9]+:([0-9]+:)? /\1: /' | sort
	}
	new=$(comm -13 <(norm "$1") <(norm "$2"))
	if [ -n "$new" ]; then
		echo "new warnings:"
		echo "$new"
		exit 1
	fi
	echo "$(norm "$2" | wc -l) warning(s), none new"
	;;
esac
