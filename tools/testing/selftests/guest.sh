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
ksft() {
	./run_kselftest.sh --override-timeout "$tmo" -p "$out/ksft-logs" "$@" \
		>> "$out/kselftest.tap" 2>&1
	echo "run_kselftest.sh $* exit $?" >> "$out/guest.txt"
}
: > "$out/kselftest.tap"
KML=/sys/kernel/debug/kmemleak
[ -e "$KML" ] || mount -t debugfs none /sys/kernel/debug 2>/dev/null
if [ ! -w "$KML" ]; then
	ksft "${args[@]}"
else
	# a kernel with kmemleak (make check-debug): one test at a time, and
	# after each a scan, whose report is kept in kmemleak/NAME. kmemleak
	# reports an object unreferenced in two scans (its checksum must be
	# stable) and older than 5 s. A scan of this kernel under TCG takes
	# minutes, so: the scan thread is off (these scans are the ones that
	# count), the boot gets two scans, each test one, and a last scan
	# (kmemleak/end) follows the last test. A leak that a test's scan
	# reports was made by that test or by the one before it.
	mkdir -p "$out/kmemleak"
	leaks() {
		local name=$1 n=$2
		sleep 6
		while [ "$n" -gt 0 ]; do
			echo scan > "$KML" || return
			n=$((n - 1))
		done
		cat "$KML" > "$out/kmemleak/$name.tmp" &&
			mv "$out/kmemleak/$name.tmp" "$out/kmemleak/$name"
		echo clear > "$KML"
	}
	echo scan=off > "$KML"
	leaks boot 2
	# the list on fd 3: a test must not read it from its stdin
	while read -r t <&3; do
		ksft -t "$t" < /dev/null
		leaks "${t#*:}" 1
	done 3< "$list"
	leaks end 1
fi
dmesg > "$out/dmesg.txt"
