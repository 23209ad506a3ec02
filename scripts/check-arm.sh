#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check-arm: the series on ARM boards' real NIC models, with their
# unmodified upstream drivers (tools/testing/selftests/vm-arm.sh: macb on
# zynq, smsc911x on vexpress), and the negative control: the same boards
# on the base kernel, where each case must fail for want of what the series
# adds (results.sh arm-base). Two ARM kernels (ARCH=arm allnoconfig +
# net-core/vm-arm.config), at the head and at series-base, built with the
# same config. Writes the summary that make check requires to be of the
# series: Documentation/check-arm.txt (commit it).
#
# Usage: check-arm.sh TREE OUT
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
tree=$(cd "${1:?tree}" && pwd); out=${2:?out}
mkdir -p "$out"; out=$(cd "$out" && pwd)
summary=$top/Documentation/check-arm.txt
export ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- VM_ARCH=arm
res=$out/results.txt
: > "$res"

# shellcheck source=scripts/step.sh
. "$top/scripts/step.sh"
# build SRC KOUT: the ARM kernel of SRC
build() {
	"$top/scripts/vm-config.sh" "$1" "$2" &&
	"$top/scripts/kmake.sh" "$1" "$2" zImage dtbs
}
# base_src: series-base's files, outside TREE's work tree (which may hold
# the user's work), rewritten only when series-base moved
base_src() {
	local c
	c=$(git -C "$tree" rev-parse series-base) || return 1
	[ "$(cat "$out/base-src/.commit" 2>/dev/null)" = "$c" ] && return 0
	rm -rf "$out/base-src" && mkdir -p "$out/base-src" &&
	git -C "$tree" archive "$c" | tar -x -C "$out/base-src" &&
	echo "$c" > "$out/base-src/.commit"
}
build_base() {
	base_src && build "$out/base-src" "$out/arm-base"
}
# judge RUN MODE: results.sh MODE for each board of RUN
judge() {
	local m rc=0
	for m in zynq vexpress; do
		"$top/tools/testing/selftests/results.sh" "$2" "$1" "$m" || rc=1
	done
	return $rc
}

# the runs' exit codes are not verdicts: the judges read what the boards did
# (each run's directory emptied first: a run that stops early must leave
# nothing of an earlier one for the judges to read)
rm -rf "${out:?}/run" "${out:?}/base-run"
step arm-kernel build "$tree" "$out/arm" &&
	{ "$top/tools/testing/selftests/vm-arm.sh" "$out/arm" "$out/run" > "$out/arm-run.log" 2>&1
	  step arm judge "$out/run" arm; }
step arm-kernel-base build_base &&
	{ "$top/tools/testing/selftests/vm-arm.sh" "$out/arm-base" "$out/base-run" > "$out/arm-base-run.log" 2>&1
	  step negative-control judge "$out/base-run" arm-base; }

{
	echo "# make check-arm: the series on ARM boards' NIC models (QEMU), macb and smsc911x,"
	echo "# and on the base kernel (the negative control)."
	echo "# make check requires this file to match series/ (series: line)."
	echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
	echo "series: $("$top/scripts/series-hash.sh" "$top/series" arm)"
	echo "head: $(git -C "$tree" log -1 --format='%h %s')"
	echo "base: $(git -C "$tree" log -1 --format='%h %s' series-base)"
	echo "kernel: $(grep -m1 -ao 'Linux version [^ ]*' "$out/run/zynq/console.log" 2>/dev/null)" \
		"($(grep -m1 -ao 'Linux version [^ ]*' "$out/base-run/zynq/console.log" 2>/dev/null) at the base)"
	for m in zynq vexpress; do
		grep -ah "^vm-arm: $m:" "$out/run/$m/console.log" "$out/base-run/$m/console.log" 2>/dev/null
	done
	grep -ah '^\(PASS\|FAIL\) napi-arm: case ' "$out/arm.log" 2>/dev/null |
		awk '{ n[$1]++ } END { printf "head cases: %d PASS, %d FAIL\n", n["PASS"], n["FAIL"] }'
	grep -ah '^\(zynq\|vexpress\): 12 of 12' "$out/negative-control.log" 2>/dev/null |
		sed 's/^/base: /'
	# the judge's evidence, a line a case of each board (make check shows them)
	grep -ah '^evidence: ' "$out/arm.log" 2>/dev/null
	cat "$res"
	((fail)) && echo "result: FAIL" || echo "result: PASS"
} > "$summary"
echo "summary: ${summary#"$top"/}"
exit $fail
