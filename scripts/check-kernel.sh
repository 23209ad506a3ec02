#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check-rt / make check-debug: the VM kernel in another configuration,
# one boot that runs KUnit and a list of kselftests, judged as make check
# judges its VM run, but stricter: a SKIP fails too. Writes the summary that
# make check requires to be of the series: Documentation/check-KIND.txt
# (commit it).
#
#   rt     + net-core/vm-rt.config (PREEMPT_RT); net-core/rt-tests.txt. The
#          KUnit case napi_rx_rt_interleaved must PASS (it skips elsewhere).
#   debug  + the tree's kernel/configs/debug.config (KASAN, lockdep,
#          PROVE_RCU, kmemleak, DEBUG_NET, DEBUG_OBJECTS, ...), then
#          net-core/vm-debug.config (DEBUG_KERNEL, and the symbols that must
#          have ended up set); every test of vm-tests.txt. guest.sh scans
#          kmemleak after the boot (KUnit) and after each test: every scan
#          must be empty. The debug kernel runs about DEBUG_SLOWDOWN (7)
#          times slower under TCG than the VM kernel: the boot's and each
#          test's timeout are that many times longer, and so are the
#          selftest library's fixed wait deadlines and command timeout (vm.sh VM_SLOWDOWN).
#          The KUnit cases napi_rx_promise_locks and napi_rx_promise_checked
#          must PASS (they skip without lockdep or CONFIG_DEBUG_NET).
#
# Usage: check-kernel.sh rt|debug TREE OUT
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
kind=${1:-}
case $kind in rt|debug) ;; *) echo "usage: check-kernel.sh rt|debug TREE OUT" >&2; exit 64 ;; esac
tree=$(cd "${2:?tree}" && pwd); out=${3:?out}
mkdir -p "$out"; out=$(cd "$out" && pwd)
summary=$top/Documentation/check-$kind.txt
. "$top/tools/testing/selftests/targets.sh"
slow=1
if [ "$kind" = rt ]; then
	tests=$top/net-core/rt-tests.txt
	extra=$top/net-core/vm-rt.config upstream=
	want=CONFIG_PREEMPT_RT=y
	title="the series on a PREEMPT_RT VM kernel"
else
	tests=$VM_TESTS_FILE
	extra=$top/net-core/vm-debug.config upstream=$tree/kernel/configs/debug.config
	want=CONFIG_DEBUG_KMEMLEAK=y
	title="the series on a debug VM kernel (kernel/configs/debug.config)"
	slow=${DEBUG_SLOWDOWN:-7}
	# KASAN's shadow and kmemleak's objects
	export VM_MEMORY=3G VM_SLOWDOWN=$slow
fi
# the wire (real drivers, vm.sh) runs in make check, on the VM kernel only
export VM_WIRE=
export VM_TIMEOUT=$((1800 * slow)) VM_TEST_TIMEOUT=$((600 * slow))
res=$out/results.txt
: > "$res"

# shellcheck source=scripts/step.sh
. "$top/scripts/step.sh"

build() {
	# shellcheck disable=SC2046 # one target per word
	VM_EXTRA_CONFIG=$extra VM_UPSTREAM_CONFIG=$upstream \
		"$top/scripts/vm-config.sh" "$tree" "$out/vm" $(vm_targets "$tests") &&
	grep -qx "$want" "$out/vm/.config" &&
	"$top/scripts/kmake.sh" "$tree" "$out/vm" bzImage
}
# must_pass CASE...: each of these KUnit cases passed (did not skip)
must_pass() {
	local c rc=0
	for c; do
		grep -E "\[(PASSED|SKIPPED|FAILED)\] $c( |\$)" "$out/kunit.log" |
			tee /dev/stderr | grep -q PASSED || { echo "$c: did not pass"; rc=1; }
	done
	return $rc
}
# ksft C:TEST: a test the series adds (results.sh new) or a neighbour; a
# SKIP of either fails here (step)
ksft() {
	local mode=kselftest
	[ -n "$(added_tests "$tree" series-base <(echo "$1"))" ] && mode=new
	"$top/tools/testing/selftests/results.sh" "$mode" "$1" "$out/run"
}

step "$kind-kernel" build || exit 1
VM_TESTS=$tests step "$kind-boot" \
	"$top/tools/testing/selftests/vm.sh" "$tree" "$out/vm" "$out/run"
step kunit "$top/tools/testing/selftests/results.sh" kunit "$tree" "$out/run"
[ "$kind" = rt ] && step kunit-rt-case must_pass napi_rx_rt_interleaved
# the check of a driver's promise, with lockdep and CONFIG_DEBUG_NET
[ "$kind" = debug ] && step kunit-debug-cases must_pass napi_rx_promise_locks napi_rx_promise_checked
while read -r t; do
	step "ksft:${t#*:}" ksft "$t"
done < <(vm_tests "$tests")
step console-scan "$top/tools/testing/selftests/results.sh" console "$out/run"
[ "$kind" = debug ] &&
	step kmemleak "$top/tools/testing/selftests/results.sh" kmemleak "$out/run" "$tests"

{
	echo "# make check-$kind: $title."
	echo "# make check requires this file to match series/ (series: line)."
	echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
	echo "series: $("$top/scripts/series-hash.sh" "$top/series")"
	echo "head: $(git -C "$tree" log -1 --format='%h %s')"
	# the preemption model from the version line only (a test's output
	# may name PREEMPT_RT too)
	ver=$(grep -a -m1 'Linux version ' "$out/run/console.log" 2>/dev/null)
	echo "kernel: $(grep -o 'Linux version [^ ]*' <<< "$ver")" \
		"$(grep -oE 'PREEMPT_RT|PREEMPT\(full\)|PREEMPT_DYNAMIC|PREEMPT' <<< "$ver" | head -1)"
	if [ "$kind" = debug ]; then
		echo "config: $(grep -oE '^CONFIG_(KASAN|PROVE_LOCKING|PROVE_RCU|DEBUG_KMEMLEAK|DEBUG_NET|DEBUG_ATOMIC_SLEEP|DEBUG_OBJECTS)=y' \
			"$out/vm/.config" | sed 's/^CONFIG_//;s/=y$//' | tr '\n' ' ')"
		echo "timeouts: boot ${VM_TIMEOUT} s, each test ${VM_TEST_TIMEOUT} s," \
			"the selftest library's wait deadlines and its commands' default timeout ${slow}x too" \
			"(TCG runs the debug kernel about ${slow}x slower)"
	fi
	grep -m1 -E 'Testing complete\..*' "$out/kunit.log" | sed 's/^.*\] *//;s/^/kunit: /'
	cat "$res"
	((fail)) && echo "result: FAIL" || echo "result: PASS"
} > "$summary"
echo "summary: ${summary#"$top"/}"
exit $fail
