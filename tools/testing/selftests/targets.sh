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
# Empty for now: on the wire napi_rx_list.py still fails cases (the
# emulated NICs lose frames before their drivers pass them up and count
# none; on pcnet32 some datagrams arrive without a matching trace event:
# README, "Testing on a real board"). To run it: VM_WIRE=drivers/net:napi_rx_list.py
# (vm.sh), or here WIRE_TESTS=drivers/net:napi_rx_list.py
# shellcheck disable=SC2034 # for the scripts that source this file
WIRE_TESTS=
# shellcheck disable=SC2034
WIRE_PAIRS="e100-pcnet32 pcnet32-e100"
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
