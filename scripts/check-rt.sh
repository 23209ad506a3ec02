#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check-rt: the VM kernel with PREEMPT_RT (net-core/vm-rt.config), one
# boot that runs KUnit and net-core/rt-tests.txt, judged as make check judges
# its VM run. The KUnit case napi_rx_rt_interleaved must PASS here (it skips
# without PREEMPT_RT). Writes the summary that make check requires to match
# the series: Documentation/check-rt.txt (commit it).
#
# Usage: check-rt.sh TREE OUT
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
tree=$(cd "${1:?tree}" && pwd); out=${2:?out}
mkdir -p "$out"; out=$(cd "$out" && pwd)
summary=$top/Documentation/check-rt.txt
. "$top/tools/testing/selftests/targets.sh"
res=$out/results.txt
: > "$res"

# step NAME CMD...: one line per step, as make check prints them
fail=0
step() {
	local name=$1 rc; shift
	"$@" > "$out/$name.log" 2>&1
	rc=$?
	case $rc in
	0) echo "PASS  $name" ;;
	2) echo "SKIP  $name: $(grep -m1 . "$out/$name.log")"; fail=1 ;;
	*) echo "FAIL  $name (log: $out/$name.log)"; tail -n 15 "$out/$name.log" | sed 's/^/      | /'; fail=1 ;;
	esac | tee -a "$res"
	return $rc
}

build() {
	# shellcheck disable=SC2046 # one target per word
	VM_EXTRA_CONFIG=$top/net-core/vm-rt.config \
		"$top/scripts/vm-config.sh" "$tree" "$out/vm" $(vm_targets) &&
	grep -qx CONFIG_PREEMPT_RT=y "$out/vm/.config" &&
	"$top/scripts/kmake.sh" "$tree" "$out/vm" bzImage
}
rt_case() {
	local parsed=$out/kunit.log
	grep -E '\[(PASSED|SKIPPED|FAILED)\] napi_rx_rt_interleaved' "$parsed" |
		tee /dev/stderr | grep -q PASSED
}

step rt-kernel build || exit 1
VM_TESTS=$top/net-core/rt-tests.txt \
	step rt-boot "$top/tools/testing/selftests/vm.sh" "$tree" "$out/vm" "$out/run"
step kunit "$top/tools/testing/selftests/results.sh" kunit "$tree" "$out/run"
step kunit-rt-case rt_case
while read -r t; do
	# the series' own test: it must pass, not skip
	step "ksft:${t#*:}" "$top/tools/testing/selftests/results.sh" new "$t" "$out/run"
done < <(vm_tests "$top/net-core/rt-tests.txt")
step console-scan "$top/tools/testing/selftests/results.sh" console "$out/run"

{
	echo "# make check-rt: the series on a PREEMPT_RT VM kernel."
	echo "# make check requires this file to match series/ (series: line)."
	echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
	echo "series: $("$top/scripts/series-hash.sh" "$top/series")"
	echo "head: $(git -C "$tree" log -1 --format='%h %s')"
	echo "kernel: $(grep -m1 -o 'Linux version [^ ]*' "$out/run/console.log" 2>/dev/null)" \
		"$(grep -m1 -o 'PREEMPT_RT' "$out/run/console.log" 2>/dev/null)"
	grep -m1 -E 'Testing complete\..*' "$out/kunit.log" | sed 's/^.*\] *//;s/^/kunit: /'
	cat "$res"
	((fail)) && echo "result: FAIL" || echo "result: PASS"
} > "$summary"
echo "summary: ${summary#"$top"/}"
exit $fail
