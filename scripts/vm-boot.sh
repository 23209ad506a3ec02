#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The one way the harness boots a kernel: KOUT's bzImage with virtme-ng under
# QEMU TCG (no KVM on these machines), as root, stdin closed, and always
# under a timeout: a guest that halts instead of powering off would make vng
# wait forever (exit 124 then, as timeout(1) says).
#
# Usage: vm-boot.sh SECONDS KOUT [vng options: --cpus, --memory, --rwdir,
#                                  --qemu-opts, --exec, -v ...]
secs=${1:?seconds} kout=${2:?kernel build dir}
shift 2
exec timeout -k 10 "$secs" vng --run "$kout/arch/x86/boot/bzImage" \
	--disable-kvm --user root "$@" < /dev/null
