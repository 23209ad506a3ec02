#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Judge one part of the VM run kept by vm.sh in RUN:
#   results.sh kunit TREE RUN        KUnit results on the console, parsed by
#                                    the tree's tools/testing/kunit/kunit.py
#   results.sh kselftest C:TEST RUN  one kselftest's TAP result (SKIP -> 2)
#   results.sh console RUN           splats: BUG, WARNING, Call Trace, KASAN,
#                                    kmemleak, RCU stalls, lockdep
# Exit: 0 pass, 1 fail, 2 skip, 64 usage error (an unknown mode, missing
# arguments: never a verdict).
set -uo pipefail
usage() {
	echo "usage: results.sh kunit TREE RUN | kselftest C:TEST RUN | console RUN" >&2
	exit 64
}
# nargs N "$@": exactly N arguments, or a usage error
nargs() {
	local n=$1; shift
	[ $# -eq "$n" ] || usage
}
[ $# -ge 1 ] || usage
mode=$1; shift
case $mode in
kunit)
	nargs 2 "$@"
	tree=$1 run=$2
	[ -s "$run/console.log" ] || { echo "no console log"; exit 1; }
	out=$(python3 "$tree/tools/testing/kunit/kunit.py" parse "$run/console.log" 2>&1)
	rc=$?
	echo "$out"
	echo "$out" | grep -q 'Testing complete' || { echo "no KUnit results on the console"; exit 1; }
	n=$(echo "$out" | sed -n 's/.*Ran \([0-9]*\) tests.*/\1/p')
	[ "${n:-0}" -gt 0 ] || { echo "KUnit ran no test"; exit 1; }
	exit $rc
	;;
kselftest)
	nargs 2 "$@"
	t=$1 run=$2
	coll=${t%%:*} prog=${t#*:}
	tap=$run/kselftest.tap
	[ -f "$tap" ] || { echo "no kselftest output (VM crashed or hung?)"; exit 1; }
	# the test's own output (guest.sh runs the runner with per-test logs)
	body=$(cat "$run/ksft-logs/$prog" 2>/dev/null)
	res=$(grep -E "^(not )?ok [0-9]+ selftests: $coll: $prog( |$)" "$tap")
	case "$res" in
	"") echo "$body"; echo "no result line for $t (timeout, crash or hang?)"; exit 1 ;;
	*"# SKIP"*)
		# the reason first: the runner shows the first line for a SKIP
		echo "$body" | grep -m1 -iE 'skip' | sed 's/^# *//'
		echo "$body"; exit 2 ;;
	"not ok"*) echo "$body"; exit 1 ;;
	*) echo "$body"; echo "$res"
	   echo "$body" | grep '# Totals' | tail -n 1 | sed 's/^[# ]*//'; exit 0 ;;
	esac
	;;
console)
	nargs 1 "$@"
	run=$1
	[ -s "$run/console.log" ] || { echo "no console log"; exit 1; }
	pat='BUG:|WARNING:|Call Trace:|general protection|KASAN:|UBSAN:|unreferenced object 0x|rcu: INFO|possible circular locking|inconsistent lock state|Kernel panic|Oops'
	if grep -E "$pat" "$run/console.log"; then
		echo "splats on the console (above)"
		exit 1
	fi
	echo "console clean ($(wc -l < "$run/console.log") lines)"
	;;
*)
	echo "results.sh: unknown mode '$mode'" >&2
	usage
	;;
esac
