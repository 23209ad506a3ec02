#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Runs inside the VM (virtme-ng): the kselftests listed in TESTS (one
# COLLECTION:TEST a line, as vm.sh wrote them from vm-tests.txt), then saves
# the kernel log. Results go to OUT (a directory the host shares read-write).
#
# Usage: guest.sh OUT KSFT_INSTALL_DIR TESTS TIMEOUT
set -u
out=$1 ksft=$2 list=$3 tmo=$4
# the host's PATH (tools newer than the distribution's come first there)
# shellcheck disable=SC1091
. "$out/env"

echo "guest: $(uname -r), $(nproc) CPUs" > "$out/guest.txt"
args=()
while read -r t; do
	args+=(-t "$t")
done < "$list"
cd "$ksft" || exit 1
export KSFT_MACHINE_SLOW=yes
# each test's own output in ksft-logs/TEST (the runner's default, appending
# to /dev/stdout, loses it in this VM)
./run_kselftest.sh --override-timeout "$tmo" -p "$out/ksft-logs" "${args[@]}" \
	> "$out/kselftest.tap" 2>&1
echo "run_kselftest.sh exit $?" >> "$out/guest.txt"
dmesg > "$out/dmesg.txt"
