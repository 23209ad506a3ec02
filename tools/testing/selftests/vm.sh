#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host side of the boot that runs all runtime tests: install the
# kselftests of vm-tests.txt from TREE, boot KOUT's bzImage under QEMU TCG
# with virtme-ng (no KVM here), run guest.sh, keep everything in OUT:
#   console.log  the whole console (KUnit results, splats)
#   kselftest.tap, ksft-logs/, dmesg.txt, guest.txt, tests (what ran)
#   wire-run/    the wire's own boot, if it runs (below), laid out the same
#
# Usage: vm.sh TREE KOUT OUT   (VM_TESTS: another list than vm-tests.txt;
#        VM_TEST_TIMEOUT, VM_TIMEOUT: a test's, the boot's; VM_MEMORY;
#        VM_SLOWDOWN: see below; VM_WIRE: below)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tree=$(cd "${1:?tree}" && pwd); kout=$(cd "${2:?kernel build dir}" && pwd); out=${3:?out}
rm -rf "$out"; mkdir -p "$out"; out=$(cd "$out" && pwd)
# shellcheck source=tools/testing/selftests/targets.sh
. "$here/targets.sh"
list=${VM_TESTS:-$VM_TESTS_FILE}
# a test's guard against a hang: napi_rx_list.py takes about 200 s alone
# and reached 600 s with two runs on 2 cores (measured 2026-12-01)
tmo=${VM_TEST_TIMEOUT:-1200}
# the whole run's guard against a hung guest: about 600 s alone, twice that
# with two runs on 2 cores
boot_tmo=${VM_TIMEOUT:-1800}

# the wire (guest.sh): targets.sh's wire_tests run on an e100 and a pcnet32
# NIC joined by one QEMU hub, in a boot of their own (below). The e100 is an
# 82557 C-step: e100 gives an 82558 or later the extended TCB, of which
# QEMU's model reads a second buffer descriptor whatever the count says,
# and sends the stale bytes of the slot's last command (up to 1343 more)
wire=$(wire_tests)
wire_nics="-netdev hubport,id=w0,hubid=0 -device i82557c,netdev=w0"
wire_nics+=" -netdev hubport,id=w1,hubid=0 -device pcnet,netdev=w1"

vm_tests "$list" > "$out/tests"
# the wire's tests' collections too
targets=$({ vm_tests "$list"; tr ' ' '\n' <<< "$wire"; } | vm_targets /dev/stdin)
ksft="$kout/kselftest"
rm -rf "$ksft"
make -s -C "$tree" O="$kout" headers_install INSTALL_HDR_PATH="$ksft/usr" >/dev/null
make -s -C "$tree/tools/testing/selftests" KHDR_INCLUDES="-isystem $ksft/usr/include" \
	TARGETS="$targets" INSTALL_PATH="$ksft/install" install > "$out/ksft-build.log" 2>&1 ||
	{ tail -20 "$out/ksft-build.log" >&2; exit 1; }

# VM_SLOWDOWN=N (make check-debug): the selftest library's fixed wait
# deadlines (wait_port_listen(), wait_file(), ksft_busy_wait()) and a
# command's default timeout (cmd(): 20 s; udevadm settle took longer on the
# debug kernel), N times longer, in the installed copy only: a slower
# kernel, not a broken one
if [ -n "${VM_SLOWDOWN:-}" ]; then
	lib=$ksft/install/net/lib/py
	sed -i -E "s/(def (wait_port_listen|wait_file|ksft_busy_wait)\(.*deadline=)([0-9]+)/\1\3 * $VM_SLOWDOWN/" \
		"$lib/utils.py" "$lib/ksft.py"
	sed -i -E "s/([ (]timeout=)20([,)])/\120 * $VM_SLOWDOWN\2/" "$lib/utils.py"
	n=$(cat "$lib/utils.py" "$lib/ksft.py" |
		grep -cE "def (wait_port_listen|wait_file|ksft_busy_wait)\(.*deadline=[0-9]+ \* $VM_SLOWDOWN|timeout=20 \* $VM_SLOWDOWN")
	[ "$n" -eq 5 ] ||
		{ echo "vm.sh: the library's deadlines and timeouts not found to scale ($n of 5)" >&2; exit 1; }
fi
# boot OUT TESTS WIRE QEMU_OPTS: one boot, guest.sh writing to OUT
boot() {
	local rc
	echo "export PATH='$PATH'" > "$1/env"
	set +e
	"$here/../../../scripts/vm-boot.sh" "$boot_tmo" "$kout" \
		--cpus 2 --memory "${VM_MEMORY:-2G}" --rwdir "$1" \
		${4:+--qemu-opts="$4"} \
		--exec "$here/guest.sh $1 $ksft/install $2 $tmo ${3// /,}" -v \
		> "$1/console.log" 2>&1
	rc=$?
	set -e
	echo "vng exit $rc" >> "$1/guest.txt"
	[ $rc -eq 124 ] && echo "vm: TIMEOUT after ${boot_tmo}s (console: $1/console.log)" >&2
	return $rc
}

rc=0
boot "$out" "$out/tests" "" "" || rc=$?
# The wire in a boot of its own, on single-threaded TCG: QEMU's pcnet model
# gives a receive descriptor back (OWN clear, STP set) before it writes its
# end-of-packet bit, which pcnet32's poll on another vCPU thread may read
# and drop, counted nowhere (hw/net/pcnet.c, pcnet_receive(): the first
# store clears OWN with STP set and ENP not; pcnet32_rx_entry() drops any
# status but STP|ENP, and with STP alone no counter moves). One thread lost
# fewer frames, not none: the losses left follow ring overflows (guest.sh
# gives the receiver its largest ring; Documentation/testing.md,
# "Emulator limits").
# Results in OUT/wire-run/.
if [ -n "$wire" ]; then
	mkdir -p "$out/wire-run"
	: > "$out/wire-run/tests"
	boot "$out/wire-run" "$out/wire-run/tests" "$wire" \
		"$wire_nics -accel tcg,thread=single" || rc=$?
fi
exit $rc
