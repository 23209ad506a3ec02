#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check: everything CI runs, one line per check with its time, then
# "N passed, N failed, N skipped". A SKIP says why and does not count as
# passed. Logs: $W/logs/<check>.log.
#
# Stages: set-up (deps, tree) -> series hygiene (the round trip, NIPA's
# per-series and per-patch checks) -> self-tests (of the checks, the judges
# and the harness's own steps) -> coccinelle -> the harness's own lint ->
# builds (the VM kernel at the head; every drivers/*/build.conf, i.e. the
# converted drivers on their own architectures, against the base; each
# patch's touched objects W=1 C=1) -> one VM boot for KUnit, the kselftests
# and a console scan -> the negative control (the new selftests on the
# base's C code: vm-kernel-base).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
W=${CHECK_DIR:-$top/build/check}
T=$W/linux
L=$W/logs
cache=${CACHE:-$HOME/.cache/napi-list}
mkdir -p "$L"
. scripts/identity
. scripts/checks/lib.sh

npass=0 nfail=0 nskip=0
failed=() skipped=()
t_start=$(date +%s)

# skip NAME SECONDS REASON: count and print a SKIP
skip() {
	nskip=$((nskip + 1)); skipped+=("$1")
	printf 'SKIP  %-34s %5ss  %s\n' "$1" "$2" "$(echo "$3" | cut -c1-80)"
}

# run NAME CMD...: exit 0 PASS, 2 SKIP (first log line is the reason), else FAIL
run() {
	local name=$1 t0 rc dt; shift
	t0=$(date +%s)
	"$@" > "$L/$name.log" 2>&1
	rc=$?
	dt=$(( $(date +%s) - t0 ))
	if [ $rc -eq 0 ]; then
		npass=$((npass + 1))
		printf 'PASS  %-34s %5ss  %s\n' "$name" "$dt" "$(tail -n 1 "$L/$name.log" | cut -c1-60)"
		# what a runtime check saw (results.sh's judges print it)
		grep '^evidence: ' "$L/$name.log" | sed 's/^/      | /'
	elif [ $rc -eq 2 ]; then
		skip "$name" "$dt" "$(grep -m1 . "$L/$name.log")"
	else
		nfail=$((nfail + 1)); failed+=("$name")
		printf 'FAIL  %-34s %5ss  (log: %s)\n' "$name" "$dt" "${L#"$top"/}/$name.log"
		tail -n 15 "$L/$name.log" | sed 's/^/      | /'
	fi
	return $rc
}

finish() {
	echo
	echo "total $(( $(date +%s) - t_start ))s"
	((nfail)) && echo "failed: ${failed[*]}"
	((nskip)) && echo "skipped (not passed; reasons above): ${skipped[*]}"
	echo "$npass passed, $nfail failed, $nskip skipped"
	((nfail == 0))
	exit $?
}

# ---- setup ---------------------------------------------------------------
# the tools and ccache's settings (scripts/env.sh, as for the Makefile's targets)
. scripts/env.sh
deps() { harness_env "$cache" "$L/deps.sh.log" && echo "tools ready in $cache/tools"; }
run deps deps || finish
run tree scripts/tree.sh "$T" "$cache" || finish
commits=$(git -C "$T" rev-list --reverse series-base..HEAD)
npatch=$(echo "$commits" | grep -c . || true)
# the fixes for net (series/net/), which the tree applies first: their own
# series checks (SERIES_TREE=net: Fixes: on every patch), and the per-patch
# checks and builds as for series/
net_commits=$(git -C "$T" rev-list --reverse net-base..series-base)
nnet=$(echo "$net_commits" | grep -c . || true)
shopt -s nullglob
series=(series/v*-*.patch)
net_series=(series/net/v*-*.patch)

# ---- series hygiene -------------------------------------------------------
# series/ is exactly what make export writes from the tree git am made of it
run series-roundtrip scripts/roundtrip.sh "$T"
run roundtrip-selftest scripts/roundtrip.sh --selftest "$T"

if ((npatch)); then
	run series-format scripts/checks/series_format.sh --series "${series[@]}"
	run trailers scripts/checks/trailers.sh --series "${series[@]}"
	if ((nnet)); then
		SERIES_TREE=net run net-series-format scripts/checks/series_format.sh \
			--series "${net_series[@]}"
		SERIES_TREE=net run net-trailers scripts/checks/trailers.sh \
			--series "${net_series[@]}"
	fi
	for c in checkpatch kdoc source_inline header_inline deprecated_api check_selftest linters ynl; do
		per_patch() {
			local c=$1 rc=0 i=0 r
			for sha in $net_commits $commits; do
				i=$((i + 1))
				scripts/checks/$c.sh "$T" "$sha"
				r=$?
				if [ $r -ne 0 ]; then
					echo "^ patch $i (net fixes first): $(git -C "$T" log -1 --format=%s "$sha")"
					[ $r -eq 2 ] && [ $rc -eq 0 ] && rc=2
					[ $r -ne 2 ] && rc=1
				fi
			done
			[ $rc -eq 0 ] && echo "$i patch(es) clean"
			return $rc
		}
		run "$c" per_patch "$c"
	done
else
	echo "      (series/ has no patches yet: per-patch checks have nothing to check)"
fi
# what NIPA gets: series/ alone on the base; the patches that need the net
# fixes must be those the cover letter's "Dependencies:" names
if ((npatch)); then
	run series-alone scripts/series-alone.sh "$T" series
fi
run series-alone-selftest scripts/series-alone.sh --selftest "$T" series
run checks-selftest scripts/checks/selftest.sh "$T"
run send-selftest scripts/send-selftest.sh "$T"
run results-selftest tools/testing/selftests/results-selftest.sh "$T"
run env-selftest scripts/env-selftest.sh "$cache"
run cache-selftest scripts/cache-selftest.sh
run tree-selftest scripts/tree-selftest.sh
run control-tree-selftest scripts/control-tree.sh --selftest

# ---- coccinelle -----------------------------------------------------------
if ((npatch)); then
	run coccicheck scripts/cocci.sh "$T" net-base napi-list
fi
run cocci-selftest scripts/cocci-selftest.sh "$T"

# the harness's own scripts: shellcheck, and ruff + pylint on its Python.
# ruff missing (npm could not install it) is a failure, with its reason.
harness_lint() {
	local rc=0 py=(scripts/export.py net-core/bench/*.py)
	shellcheck -x -S warning scripts/*.sh scripts/checks/*.sh \
		tools/testing/selftests/*.sh net-core/*.sh net-core/bench/*.sh .ci/run || rc=1
	pylint --disable=R -sn "${py[@]}" || rc=1
	if [ -f "$RUFF_WASM_DIR/node_modules/@astral-sh/ruff-wasm-nodejs/package.json" ]; then
		node scripts/checks/ruff-check.mjs "${py[@]}" || rc=1
	else
		echo "ruff: not installed in $RUFF_WASM_DIR: deps.sh could not install it" \
		     "(npm; see ${L#"$top"/}/deps.sh.log)"
		rc=1
	fi
	# README.md: one page of what is true now (at most 200 lines, its make
	# targets in the Makefile, its check table = the runs of this file),
	# and the self-test of that judge
	scripts/readme-lint.sh --selftest || rc=1
	scripts/readme-lint.sh || rc=1
	[ $rc -eq 0 ] && echo "shellcheck, pylint, ruff and README.md clean"
	return $rc
}
run harness-lint harness_lint

# the summaries of make check-rt, check-debug and check-arm (the series on
# a PREEMPT_RT kernel, a debug kernel, ARM boards: run by hand) must be of
# these patches and have passed
run kernel-summary-selftest scripts/kernel-summary.sh --selftest series
run check-rt-summary scripts/kernel-summary.sh series Documentation/check-rt.txt
run check-debug-summary scripts/kernel-summary.sh series Documentation/check-debug.txt
# make check-arm: the ARM boards (macb, smsc911x) at the head and the base
run check-arm-summary scripts/kernel-summary.sh series Documentation/check-arm.txt
# make napi-bench (minutes, by hand: four boots of two kernels of their
# own): its committed results are of this series and follow from their
# raw counts by napi_report.py
run napi-bench-report-selftest scripts/bench-report.sh --selftest series Documentation/bench
run napi-bench-report scripts/bench-report.sh series Documentation/bench

# ---- builds ---------------------------------------------------------------
. tools/testing/selftests/targets.sh
vmbuild() {
	# shellcheck disable=SC2046 # one argument per target
	scripts/vm-config.sh "$T" "$1" $(vm_targets) &&
	scripts/kmake.sh "$T" "$1" bzImage &&
	echo "$(ls -l "$1/arch/x86/boot/bzImage" | awk '{print $5}') bytes bzImage"
}
run vm-kernel vmbuild "$W/vm"
vm_ok=$?

for conf in drivers/*/build.conf; do
	d=$(basename "$(dirname "$conf")")
	cross() {
		local conf=$1 out=$W/cross/$2
		git -C "$T" checkout -q series-base &&
		scripts/cross.sh prepare "$conf" "$T" "$out" &&
		scripts/cross.sh build "$conf" "$T" "$out" "$out/base.log" || return 1
		git -C "$T" checkout -q napi-list || return 1
		if ((npatch)); then
			EXTRA_OBJS="net/core/dev.o net/core/gro.o" \
			scripts/cross.sh build "$conf" "$T" "$out" "$out/head.log" || return 1
		else
			cp "$out/base.log" "$out/head.log"
		fi
		scripts/cross.sh compare "$out/base.log" "$out/head.log"
	}
	run "build-$d" cross "$conf" "$d"
done
git -C "$T" checkout -q napi-list

if ((npatch)) && [ $vm_ok -eq 0 ]; then
	per_patch_build() {
		local i=0 rc=0
		for sha in $net_commits $commits; do
			i=$((i + 1))
			echo "patch $i: $(git -C "$T" log -1 --format=%s "$sha")"
			scripts/patch-build.sh "$T" "$sha" "$W/vm" "$W/cross" | sed 's/^/  /'
			[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
		done
		git -C "$T" checkout -q napi-list
		[ $rc -eq 0 ] && echo "$i patch(es) build without new warnings"
		return $rc
	}
	run build-per-patch per_patch_build
fi
# The kselftests of vm-tests.txt that the series adds: the negative control
# runs them on the base's C code (vm-kernel-base). There, a SKIP counts
# only if its reason names what the base lacks: the series' sysctl or
# netdevsim's switch.
base_lacks='napi_rx_mode|rx_legacy'
mapfile -t new_tests < <(added_tests "$T" series-base)
base_ok=1
if ((${#new_tests[@]})) && [ $vm_ok -eq 0 ]; then
	# The control's kernel is the head with every C file the series
	# changes restored to series-base: the series' code reverted, its
	# headers kept (scripts/control-tree.sh says why, and what it refuses)
	vmbuild_base() {
		# shellcheck disable=SC2046 # one argument per target
		scripts/vm-config.sh "$T" "$W/vm-base" $(vm_targets) &&
		scripts/control-tree.sh "$T" series-base napi-list \
			scripts/kmake.sh "$T" "$W/vm-base" bzImage
	}
	run vm-kernel-base vmbuild_base
	base_ok=$?
fi
if [ $vm_ok -eq 0 ]; then
	run build-selftest scripts/build-selftest.sh "$T" "$W/vm" "$W/cross"
	# the checkouts above touched files: bring the VM kernel back to the head
	run vm-kernel-head vmbuild "$W/vm"
	vm_ok=$?
	# make napi-bench's module (net-core/bench/mod/, a board's too),
	# built against the head's VM kernel: W=1 C=1, no warning
	bench_module() {
		local d=$W/bench-mod rc
		rm -rf "$d" && mkdir -p "$d" &&
		cp net-core/bench/mod/napi_bench.c net-core/bench/mod/Kbuild "$d"/ || return 1
		scripts/kmake.sh "$T" "$W/vm" M="$d" W=1 C=1 napi_bench.o > "$d/build.log" 2>&1
		rc=$?
		cat "$d/build.log"
		[ $rc -eq 0 ] && ! grep -qiE 'warning|error|not available' "$d/build.log" &&
			echo "napi_bench.o builds W=1 C=1 against the head, no warning"
	}
	run bench-module bench_module
fi

# ---- runtime --------------------------------------------------------------
if [ $vm_ok -eq 0 ]; then
	run vm-boot tools/testing/selftests/vm.sh "$T" "$W/vm" "$W/vm-run"
	run kunit tools/testing/selftests/results.sh kunit "$T" "$W/vm-run"
	# the series' own tests must pass: a SKIP of theirs fails (results.sh new)
	for t in $(vm_tests); do
		m=kselftest
		[[ " ${new_tests[*]} " == *" $t "* ]] && m=new
		run "ksft:${t#*:}" tools/testing/selftests/results.sh $m "$t" "$W/vm-run"
	done
	# the same boot: the series' test on unmodified real drivers (the wire)
	for p in $WIRE_PAIRS; do
		for t in $(wire_tests); do
			run "wire:$p:${t#*:}" tools/testing/selftests/results.sh wire "$t" "$W/vm-run" "$p"
		done
	done
	run console-scan tools/testing/selftests/results.sh console "$W/vm-run"
else
	for n in vm-boot kunit console-scan; do
		skip "$n" 0 "no VM kernel"
	done
fi
if ((${#new_tests[@]})) && [ "$base_ok" -eq 0 ]; then
	# the series' own tests on the base kernel: each must fail for real, or
	# skip naming what the base lacks, in a run that completed
	negative_control() {
		local t rc=0 list=$W/new-tests.txt
		printf '%s\n' "${new_tests[@]}" > "$list"
		if ! VM_TESTS=$list VM_WIRE='' tools/testing/selftests/vm.sh "$T" "$W/vm-base" "$W/vm-base-run"; then
			echo "the base VM run failed (console: ${W#"$top"/}/vm-base-run/console.log): no verdict"
			return 1
		fi
		for t in "${new_tests[@]}"; do
			tools/testing/selftests/results.sh base "$t" "$base_lacks" "$W/vm-base-run" || rc=1
		done
		# a test that failed on a splat proves nothing about the series
		tools/testing/selftests/results.sh console "$W/vm-base-run" || rc=1
		[ $rc -eq 0 ] && echo "${#new_tests[@]} new test(s) fail, or skip for what the base lacks, on the base kernel"
		return $rc
	}
	run negative-control negative_control
else
	why="the series adds no kselftest to vm-tests.txt"
	((${#new_tests[@]})) && why="no base VM kernel"
	skip negative-control 0 "$why"
fi
finish
