#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The one way the harness boots an ARM kernel (vm-boot.sh's twin): KOUT's
# zImage and the machine's device tree under qemu-system-arm (TCG), with an
# initramfs, one NIC on QEMU's user network, the board's console on stdio,
# and always under a timeout (exit 124 then). The guest ends the run with
# reboot -f (-no-reboot: QEMU exits).
#   zynq:     xilinx-zynq-a9, zc702 tree, cadence_gem (macb), ttyPS0 (uart1)
#   vexpress: vexpress-a9, v2p-ca9 tree, lan9118 (smsc911x), ttyAMA0
#
# Usage: vm-boot-arm.sh MACHINE SECONDS KOUT INITRD [kernel arguments...]
set -euo pipefail
machine=${1:?machine} secs=${2:?seconds} kout=${3:?kernel build dir} initrd=${4:?initrd}
shift 4
dts=$kout/arch/arm/boot/dts
case $machine in
zynq)
	# uart0 is the first serial port, the zc702's console (serial0) uart1
	opts=(-M xilinx-zynq-a9 -dtb "$dts/xilinx/zynq-zc702.dtb"
	      -serial null -serial stdio -nic "user,model=cadence_gem")
	console=ttyPS0 ;;
vexpress)
	opts=(-M vexpress-a9 -smp 2 -dtb "$dts/arm/vexpress-v2p-ca9.dtb"
	      -serial stdio -nic "user,model=lan9118")
	console=ttyAMA0 ;;
*) echo "vm-boot-arm: MACHINE is zynq or vexpress, not $machine" >&2; exit 64 ;;
esac
# no sound card for vexpress' lm4549 (QEMU 7.2 has no -machine audiodev)
QEMU_AUDIO_DRV=none exec timeout -k 10 "$secs" qemu-system-arm "${opts[@]}" -m 512M -display none \
	-monitor none -no-reboot -kernel "$kout/arch/arm/boot/zImage" -initrd "$initrd" \
	-append "console=$console,115200 rdinit=/init panic=-1 $*" < /dev/null
