#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The series on real NIC models of ARM boards (the x86 VM's twin, vm.sh):
# KOUT's ARM kernel (net-core/vm-arm.config) boots each MACHINE with
# guest-arm.sh as /init, and receives through the board's own NIC, whose
# driver is upstream's, unmodified: macb (napi_gro_receive()) on zynq,
# smsc911x (netif_receive_skb()) on vexpress. The host side of each case is
# an iperf3 server on the host, reached through QEMU's user network; the
# guest runs the client in reverse (-R), so the data flows into the NIC.
# Keeps OUT/MACHINE/{console.log,iperf3.log}; judge with results.sh arm.
#
# Usage: vm-arm.sh KOUT OUT [MACHINE...]   (default: zynq vexpress)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
kout=$(cd "${1:?kernel build dir}" && pwd) out=${2:?output dir}
shift 2
[ $# -gt 0 ] || set -- zynq vexpress
mkdir -p "$out"
out=$(cd "$out" && pwd)
"$here/../../../scripts/arm-rootfs.sh" "$here/guest-arm.sh" "$out/initrd.cpio.gz"
rc=0
for m in "$@"; do
	rm -rf "${out:?}/$m"
	mkdir -p "$out/$m"
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	iperf3 -s -B 127.0.0.1 -p "$port" > "$out/$m/iperf3.log" 2>&1 &
	srv=$!
	start=$(date +%s)
	set +e
	"$here/../../../scripts/vm-boot-arm.sh" "$m" "${VM_ARM_TIMEOUT:-1800}" "$kout" \
		"$out/initrd.cpio.gz" "napi_port=$port" > "$out/$m/console.log" 2>&1
	r=$?
	set -e
	kill "$srv" 2>/dev/null; wait "$srv" 2>/dev/null || true
	echo "vm-arm: $m: exit $r after $(( $(date +%s) - start )) s" | tee -a "$out/$m/console.log"
	[ $r -eq 0 ] || rc=1
done
exit $rc
