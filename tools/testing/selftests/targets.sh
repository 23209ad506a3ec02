# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
# Sourced: the one reader of vm-tests.txt (what the VM runs) or of a list in
# its format (COLLECTION:TEST a line; blank lines and # comments skipped).
#   vm_tests [FILE]            the tests, one a line
#   vm_targets [FILE]          their collections, sorted, on one line: the
#                              kselftest targets whose config fragments go
#                              into the VM kernel
#   added_tests TREE REV [FILE] the tests TREE lacks at REV: those the series
#                              adds, when REV is its base
#   WIRE_TESTS, WIRE_PAIRS     the wire (vm.sh, guest.sh): these kselftests
#                              (NETIF= mode) on each pair of emulated NICs,
#                              LOCAL-REMOTE by driver, the remote in a netns
#   wire_tests                 the wire's tests of this run: VM_WIRE if set
#                              (empty: none), else WIRE_TESTS; the one
#                              place that says, for vm.sh and the judges
# The wire runs on its own boot, on single-threaded TCG (vm.sh): QEMU's
# pcnet model hands a descriptor back before it writes its end-of-packet
# bit (hw/net/pcnet.c, pcnet_receive()), so a poll on another vCPU could
# drop a frame that no counter sees. It needs the net series' pcnet32 fix
# (set_ringparam freed DMA memory with IRQs off: a warning per resize).
# With pcnet32's default RX ring, frames vanished with no counter moving
# (3 of 6 runs failed a case); with its largest ring (guest.sh), 6 of 6
# passed (Documentation/testing.md, "Emulator limits"). VM_WIRE= (empty)
# turns it off for one run; VM_WIRE=TEST runs another test on it.
# One pair: pcnet32 receives, e100 (i82557c) sends from the netns. QEMU's
# eepro100 model fills e100's size-0 end-of-list receive buffer with a
# 0-byte "good" frame and passes the real one late, so e100 cannot be the
# receiving side of a test that counts every datagram in order.
# shellcheck disable=SC2034 # for the scripts that source this file
WIRE_TESTS=drivers/net:napi_rx_list.py
# shellcheck disable=SC2034
WIRE_PAIRS="pcnet32-e100"
wire_tests() {
	echo "${VM_WIRE-$WIRE_TESTS}"
}

VM_TESTS_FILE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/vm-tests.txt

vm_tests() {
	local t
	while read -r t; do
		case "$t" in ''|'#'*) continue ;; esac
		echo "$t"
	done < "${1:-$VM_TESTS_FILE}"
}

vm_targets() {
	vm_tests "$@" | sed 's/:.*//' | sort -u | tr '\n' ' '
}

added_tests() {
	local tree=$1 rev=$2 t
	shift 2
	vm_tests "$@" | while read -r t; do
		git -C "$tree" cat-file -e "$rev:tools/testing/selftests/${t%%:*}/${t#*:}" 2>/dev/null ||
			echo "$t"
	done
}
