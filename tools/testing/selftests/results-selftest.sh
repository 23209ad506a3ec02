#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Self-test of results.sh: synthetic VM runs it must judge as failed (a
# splat on the console, a KUnit failure, a kselftest "not ok", a missing
# result after a hang) or skipped, and a clean one it must pass; bad
# arguments must be a usage error (64), never a verdict.
#
# Usage: results-selftest.sh TREE
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tree=${1:?tree}
r=$here/results.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0

# expect WANT WHAT CMD...: CMD must exit WANT
expect() {
	local want=$1 what=$2 rc
	shift 2
	"$@" > "$tmp/out" 2>&1
	rc=$?
	if [ "$rc" -eq "$want" ]; then
		echo "ok: $what (exit $rc)"
	else
		echo "FAIL: $what: exit $rc, want $want"; sed 's/^/    /' "$tmp/out"; bad=1
	fi
}

# run DIR: a synthetic VM run; KUnit result RES (ok/not ok), TAP lines
mkrun() {
	local d=$tmp/$1 kres=$2
	mkdir -p "$d/ksft-logs"
	cat > "$d/console.log" <<EOC
[    0.1] KTAP version 1
[    0.1] 1..1
[    0.1]     KTAP version 1
[    0.1]     # Subtest: selftest_suite
[    0.1]     1..1
[    0.1]     $kres 1 selftest_case
[    0.1] $kres 1 selftest_suite
EOC
	printf 'TAP version 13\n1..1\n' > "$d/kselftest.tap"
	echo "$d"
}

good=$(mkrun good ok)
echo "ok 1 selftests: drivers/net: ping.py" >> "$good/kselftest.tap"
echo "# Totals: pass:1 fail:0" > "$good/ksft-logs/ping.py"
expect 0 "clean run: kunit" "$r" kunit "$tree" "$good"
expect 0 "clean run: kselftest" "$r" kselftest drivers/net:ping.py "$good"
expect 0 "clean run: console" "$r" console "$good"

kfail=$(mkrun kfail "not ok")
expect 1 "a failing KUnit case" "$r" kunit "$tree" "$kfail"
nokunit=$(mkrun nokunit ok)
echo "[    0.1] booted" > "$nokunit/console.log"
expect 1 "no KUnit results at all" "$r" kunit "$tree" "$nokunit"

echo "not ok 1 selftests: drivers/net: ping.py # exit=1" >> "$kfail/kselftest.tap"
expect 1 "a failing kselftest" "$r" kselftest drivers/net:ping.py "$kfail"
expect 1 "a kselftest with no result (hang)" "$r" kselftest drivers/net:stats.py "$kfail"
echo "ok 2 selftests: drivers/net: psp.py # SKIP" >> "$kfail/kselftest.tap"
echo "# SKIP no PSP device" > "$kfail/ksft-logs/psp.py"
expect 2 "a skipped kselftest" "$r" kselftest drivers/net:psp.py "$kfail"

# usage errors: never a verdict (a mistyped mode used to exit 0, a pass)
expect 64 "a mistyped mode" "$r" kselftests drivers/net:ping.py "$good"
expect 64 "no mode at all" "$r"
expect 64 "a missing argument" "$r" kselftest drivers/net:ping.py

for splat in "BUG: kernel NULL pointer dereference" "WARNING: CPU: 0 PID: 1 at net/core/dev.c:1" \
	     "Call Trace:" "BUG: KASAN: use-after-free" "unreferenced object 0xffff8880"; do
	d=$(mkrun "splat$RANDOM" ok)
	echo "[    1.0] $splat" >> "$d/console.log"
	expect 1 "console: $splat" "$r" console "$d"
done
exit $bad
