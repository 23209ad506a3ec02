#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host side of the one boot that runs all runtime tests: install the
# kselftests of vm-tests.txt from TREE, boot KOUT's bzImage under QEMU TCG
# with virtme-ng (no KVM here), run guest.sh, keep everything in OUT:
#   console.log  the whole console (KUnit results, splats)
#   kselftest.tap, ksft-logs/, dmesg.txt, guest.txt, tests (what ran)
#
# Usage: vm.sh TREE KOUT OUT   (VM_TESTS: another list than vm-tests.txt;
#        VM_TEST_TIMEOUT, VM_TIMEOUT: a test's, the boot's; VM_MEMORY)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tree=$(cd "${1:?tree}" && pwd); kout=$(cd "${2:?kernel build dir}" && pwd); out=${3:?out}
rm -rf "$out"; mkdir -p "$out"; out=$(cd "$out" && pwd)
# shellcheck source=tools/testing/selftests/targets.sh
. "$here/targets.sh"
list=${VM_TESTS:-$VM_TESTS_FILE}
tmo=${VM_TEST_TIMEOUT:-600}
boot_tmo=${VM_TIMEOUT:-900}

vm_tests "$list" > "$out/tests"
targets=$(vm_targets "$list")
ksft="$kout/kselftest"
rm -rf "$ksft"
make -s -C "$tree" O="$kout" headers_install INSTALL_HDR_PATH="$ksft/usr" >/dev/null
make -s -C "$tree/tools/testing/selftests" KHDR_INCLUDES="-isystem $ksft/usr/include" \
	TARGETS="$targets" INSTALL_PATH="$ksft/install" install > "$out/ksft-build.log" 2>&1 ||
	{ tail -20 "$out/ksft-build.log" >&2; exit 1; }

echo "export PATH='$PATH'" > "$out/env"

set +e
"$here/../../../scripts/vm-boot.sh" "$boot_tmo" "$kout" \
	--cpus 2 --memory "${VM_MEMORY:-2G}" --rwdir "$out" \
	--qemu-opts="-nic user,model=i82559er" \
	--exec "$here/guest.sh $out $ksft/install $out/tests $tmo" -v \
	> "$out/console.log" 2>&1
rc=$?
set -e
echo "vng exit $rc" >> "$out/guest.txt"
[ $rc -eq 124 ] && echo "vm: TIMEOUT after ${boot_tmo}s (console: $out/console.log)" >&2
exit $rc
