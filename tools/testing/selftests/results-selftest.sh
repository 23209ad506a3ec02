#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Self-test of results.sh: synthetic VM runs it must judge as failed (a
# splat on the console, a KUnit failure, a kselftest "not ok", a missing
# result after a hang) or skipped, and a clean one it must pass; bad
# arguments must be a usage error (64), never a verdict. The negative
# control's judge must reject every base run that proves nothing.
#
# Usage: results-selftest.sh TREE
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tree=${1:?tree}
r=$here/results.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
# The synthetic runs have no wire unless a case says so (VM_WIRE=TEST):
# make check's own default, targets.sh's WIRE_TESTS, is not theirs.
export VM_WIRE=

# expect WANT WHAT CMD...: CMD must exit WANT
expect() {
	local want=$1 what=$2 rc
	shift 2
	"$@" > "$tmp/out" 2>&1
	rc=$?
	if [ "$rc" -eq "$want" ]; then
		echo "ok: $what (exit $rc)"
	else
		echo "FAIL: $what: exit $rc, want $want"; sed 's/^/    /' "$tmp/out"; bad=1
	fi
}

# run DIR: a synthetic VM run; KUnit result RES (ok/not ok), TAP lines
mkrun() {
	local d=$tmp/$1 kres=$2
	mkdir -p "$d/ksft-logs"
	cat > "$d/console.log" <<EOC
[    0.1] KTAP version 1
[    0.1] 1..1
[    0.1]     KTAP version 1
[    0.1]     # Subtest: selftest_suite
[    0.1]     1..1
[    0.1]     $kres 1 selftest_case
[    0.1] $kres 1 selftest_suite
EOC
	printf 'TAP version 13\n1..1\n' > "$d/kselftest.tap"
	echo "$d"
}

good=$(mkrun good ok)
echo "ok 1 selftests: drivers/net: ping.py" >> "$good/kselftest.tap"
echo "# Totals: pass:1 fail:0" > "$good/ksft-logs/ping.py"
expect 0 "clean run: kunit" "$r" kunit "$tree" "$good"
expect 0 "clean run: kselftest" "$r" kselftest drivers/net:ping.py "$good"
expect 0 "clean run: console" "$r" console "$good"

kfail=$(mkrun kfail "not ok")
expect 1 "a failing KUnit case" "$r" kunit "$tree" "$kfail"
nokunit=$(mkrun nokunit ok)
echo "[    0.1] booted" > "$nokunit/console.log"
expect 1 "no KUnit results at all" "$r" kunit "$tree" "$nokunit"

echo "not ok 1 selftests: drivers/net: ping.py # exit=1" >> "$kfail/kselftest.tap"
expect 1 "a failing kselftest" "$r" kselftest drivers/net:ping.py "$kfail"
expect 1 "a kselftest with no result (hang)" "$r" kselftest drivers/net:stats.py "$kfail"
echo "ok 2 selftests: drivers/net: psp.py # SKIP" >> "$kfail/kselftest.tap"
echo "# SKIP no PSP device" > "$kfail/ksft-logs/psp.py"
expect 2 "a skipped kselftest" "$r" kselftest drivers/net:psp.py "$kfail"
# a test the series adds must pass on the head: its SKIP is a failure
expect 1 "a new test that skips on the head" "$r" new drivers/net:psp.py "$kfail"
expect 1 "a new test that fails on the head" "$r" new drivers/net:ping.py "$kfail"
expect 0 "a new test that passes on the head" "$r" new drivers/net:ping.py "$good"

# The negative control (results.sh base): a new test on the base kernel
# counts only if the run completed and the test failed for real, or skipped
# naming what the base lacks. mkbase NAME TAP-LINE...: a complete base run.
lacks='napi_rx_mode|rx_legacy'
mkbase() {
	local d=$tmp/$1; shift
	mkdir -p "$d/ksft-logs"
	{ printf 'TAP version 13\n1..%s\n' $#; printf '%s\n' "$@"; } > "$d/kselftest.tap"
	echo "$d"
}
rxl="drivers/net/netdevsim:rx-legacy.sh"
nrl="drivers/net:napi_rx_list.py"
d=$(mkbase base-fail "not ok 1 selftests: drivers/net: napi_rx_list.py # exit=1")
expect 0 "base: a real failure" "$r" base "$nrl" "$lacks" "$d"
d=$(mkbase base-skip "ok 1 selftests: drivers/net/netdevsim: rx-legacy.sh # SKIP")
echo "SKIP: netdevsim has no rx_legacy switch" > "$d/ksft-logs/rx-legacy.sh"
expect 0 "base: a SKIP naming the missing feature" "$r" base "$rxl" "$lacks" "$d"
d=$(mkbase base-pass "ok 1 selftests: drivers/net: napi_rx_list.py")
expect 1 "base: the new test passes" "$r" base "$nrl" "$lacks" "$d"
mkdir -p "$tmp/base-never"
expect 1 "base: the VM never ran (no TAP)" "$r" base "$nrl" "$lacks" "$tmp/base-never"
d=$(mkbase base-crash "not ok 1 selftests: drivers/net: napi_rx_list.py # exit=1")
sed -i 's/^1\.\.1$/1..2/' "$d/kselftest.tap"
expect 1 "base: the VM crashed mid-run (1 of 2 results)" "$r" base "$nrl" "$lacks" "$d"
d=$(mkbase base-noplan)
sed -i '/^1\.\./d' "$d/kselftest.tap"
expect 1 "base: the runner never started (no plan)" "$r" base "$nrl" "$lacks" "$d"
d=$(mkbase base-other "not ok 1 selftests: drivers/net: ping.py # exit=1")
expect 1 "base: no result line for the test" "$r" base "$nrl" "$lacks" "$d"
d=$(mkbase base-timeout "not ok 1 selftests: drivers/net: napi_rx_list.py # TIMEOUT 600 seconds")
expect 1 "base: a timeout" "$r" base "$nrl" "$lacks" "$d"
d=$(mkbase base-skip-other "ok 1 selftests: drivers/net/netdevsim: rx-legacy.sh # SKIP")
echo "SKIP: no tracefs net events" > "$d/ksft-logs/rx-legacy.sh"
expect 1 "base: a SKIP for another reason" "$r" base "$rxl" "$lacks" "$d"
d=$(mkbase base-skip-none "ok 1 selftests: drivers/net/netdevsim: rx-legacy.sh # SKIP")
expect 1 "base: a SKIP with no reason" "$r" base "$rxl" "$lacks" "$d"

# make vm-test's judge (results.sh all): fails if any part fails
printf 'drivers/net:ping.py\n' > "$tmp/list"
expect 0 "all: a clean run" "$r" all "$tree" "$good" "$tmp/list"
vmt=$(mkrun vmtest-fail ok)
echo "not ok 1 selftests: drivers/net: ping.py # exit=1" >> "$vmt/kselftest.tap"
expect 1 "all: a run with a kselftest 'not ok'" "$r" all "$tree" "$vmt" "$tmp/list"
vmt=$(mkrun vmtest-none ok)
expect 1 "all: a run with no kselftest result" "$r" all "$tree" "$vmt" "$tmp/list"

# kmemleak (make check-debug): a scan after the boot, after each test and
# at the end, each empty; a leak, a scan missing (the VM died) or no scans
# at all fail
km=$(mkrun kml-good ok)
cp "$good/kselftest.tap" "$km/"; cp "$good/ksft-logs/ping.py" "$km/ksft-logs/"
mkdir -p "$km/kmemleak"; : > "$km/kmemleak/boot"; : > "$km/kmemleak/ping.py"; : > "$km/kmemleak/end"
expect 0 "kmemleak: empty scans" "$r" kmemleak "$km" "$tmp/list"
expect 0 "all: a clean run with kmemleak scans" "$r" all "$tree" "$km" "$tmp/list"
km=$(mkrun kml-leak ok)
cp "$good/kselftest.tap" "$km/"
mkdir -p "$km/kmemleak"; : > "$km/kmemleak/boot"; : > "$km/kmemleak/end"
printf 'unreferenced object 0xffff888004a1b200 (size 232):\n  comm "softirq"\n' > "$km/kmemleak/ping.py"
expect 1 "kmemleak: a leak after a test" "$r" kmemleak "$km" "$tmp/list"
expect 1 "all: a run with a kmemleak report" "$r" all "$tree" "$km" "$tmp/list"
km=$(mkrun kml-missing ok)
mkdir -p "$km/kmemleak"; : > "$km/kmemleak/boot"
expect 1 "kmemleak: no scan after a test (VM died)" "$r" kmemleak "$km" "$tmp/list"
km=$(mkrun kml-noend ok)
mkdir -p "$km/kmemleak"; : > "$km/kmemleak/boot"; : > "$km/kmemleak/ping.py"
expect 1 "kmemleak: no last scan after the last test" "$r" kmemleak "$km" "$tmp/list"
expect 1 "kmemleak: no scans at all" "$r" kmemleak "$good" "$tmp/list"

# the wire (real drivers): the test passes, each case passes or skips for
# the driver's API (busy polling: the NAPI id), the log shows datagrams and
# a multi-packet poll, and the wire boot's console is clean
wt=drivers/net:napi_rx_list.py
# mkwire NAME [WIRE.TXT LINE] [TAP LINE] [LOG LINES]: a run with wire-NAME/
mkwire() {
	local d=$tmp/$1 w=$tmp/$1/wire-run/wire-pcnet32-e100
	mkdir -p "$w/ksft-logs"
	echo "[    1.0] a clean boot" > "$d/wire-run/console.log"
	echo "${2:-wire: pcnet32 enp0s11 local, e100 enp0s10 in netns wire}" > "$w/wire.txt"
	printf 'TAP version 13\n1..1\n%s\n' "${3:-ok 1 selftests: drivers/net: napi_rx_list.py}" \
		> "$w/kselftest.tap"
	printf '%s\n' "${4:-# # list/legacy: 2000 received, 0 counted drops}" \
		"# ok 1 napi_rx_list.test_udp_in_order.list_legacy" \
		"# ok 2 napi_rx_list.test_udp_in_order.list_gro # SKIP the driver uses the legacy API, not gro" \
		"${5:-# # 26 polls, 25 of them with several packets}" \
		"${6:-# ok 3 napi_rx_list.test_list_batches}" > "$w/ksft-logs/napi_rx_list.py"
	printf 'trace buffer_size_kb: 1408\nprintk: 4 4 1 7\n' |
		tee "$w/state-drivers_net:napi_rx_list.py.before" \
		> "$w/state-drivers_net:napi_rx_list.py.after"
	echo "$d"
}
expect 0 "wire: a clean run, a SKIP for the driver's API" "$r" wire "$wt" "$(mkwire w-good)" pcnet32-e100
# its evidence, each line with the case it came from
grep -qx 'evidence: napi_rx_list.test_udp_in_order.list_legacy: list/legacy: 2000 received, 0 counted drops' "$tmp/out" &&
	grep -qx 'evidence: napi_rx_list.test_list_batches: 26 polls, 25 of them with several packets' "$tmp/out" &&
	echo "ok: wire: a clean run shows its evidence with its cases" ||
	{ echo "FAIL: wire: a clean run's evidence lines"; cat "$tmp/out"; bad=1; }
d=$(mkwire w-state)
echo "trace buffer_size_kb: 7 (expanded: 1408)" > "$d/wire-run/wire-pcnet32-e100/state-drivers_net:napi_rx_list.py.after"
expect 1 "wire: the test left the trace buffer smaller" "$r" wire "$wt" "$d" pcnet32-e100
d=$(mkwire w-nostate)
rm "$d/wire-run/wire-pcnet32-e100/state-drivers_net:napi_rx_list.py.after"
expect 1 "wire: no host state after the test" "$r" wire "$wt" "$d" pcnet32-e100
expect 1 "wire: no wire run (VM died before it)" "$r" wire "$wt" "$good" pcnet32-e100
expect 1 "wire: a NIC missing" "$r" wire "$wt" \
	"$(mkwire w-nonic 'wire: pcnet32 (none) local, e100 enp0s10 in netns wire')" pcnet32-e100
expect 1 "wire: no carrier" "$r" wire "$wt" "$(mkwire w-nocarrier $'wire: x\nwire: no carrier')" pcnet32-e100
expect 1 "wire: no result line (hang)" "$r" wire "$wt" "$(mkwire w-hang '' 'TAP version 13')" pcnet32-e100
expect 1 "wire: the test failed" "$r" wire "$wt" \
	"$(mkwire w-fail '' 'not ok 1 selftests: drivers/net: napi_rx_list.py # exit=1')" pcnet32-e100
expect 1 "wire: the test skipped as a whole" "$r" wire "$wt" \
	"$(mkwire w-skipall '' 'ok 1 selftests: drivers/net: napi_rx_list.py # SKIP')" pcnet32-e100
expect 0 "wire: busy poll skips, the legacy API marks no NAPI id" "$r" wire "$wt" \
	"$(mkwire w-busy '' '' '' '' '# ok 3 napi_rx_list.test_busy_poll # SKIP the driver'"'"'s skbs carry no NAPI id')" \
	pcnet32-e100
expect 1 "wire: busy poll skips for another reason" "$r" wire "$wt" \
	"$(mkwire w-busy2 '' '' '' '' '# ok 3 napi_rx_list.test_busy_poll # SKIP no socket busy polling (CONFIG_NET_RX_BUSY_POLL)')" \
	pcnet32-e100
expect 1 "wire: another case skips for the NAPI id" "$r" wire "$wt" \
	"$(mkwire w-busy3 '' '' '' '' '# ok 3 napi_rx_list.test_list_batches # SKIP the driver'"'"'s skbs carry no NAPI id')" \
	pcnet32-e100
expect 0 "wire: netdevsim's own case skips" "$r" wire "$wt" \
	"$(mkwire w-nsim '' '' '' '' '# ok 3 napi_rx_list.test_nsim_rx_list # SKIP rx_legacy is netdevsim'"'"'s')" \
	pcnet32-e100
expect 1 "wire: another case skips as netdevsim's" "$r" wire "$wt" \
	"$(mkwire w-nsim2 '' '' '' '' '# ok 3 napi_rx_list.test_list_batches # SKIP rx_legacy is netdevsim'"'"'s')" \
	pcnet32-e100
d=$(mkwire w-splat)
echo "[  169.8] WARNING: kernel/dma/mapping.c:700 at dma_free_attrs+0xa8/0xb0" >> "$d/wire-run/console.log"
expect 1 "wire: a splat on the wire boot's console" "$r" wire "$wt" "$d" pcnet32-e100
expect 1 "wire: a case skipped for another reason" "$r" wire "$wt" \
	"$(mkwire w-skip '' '' '' '' '# ok 3 napi_rx_list.test_list_batches # SKIP no poll delivered more than one packet')" \
	pcnet32-e100
expect 1 "wire: a case failed" "$r" wire "$wt" \
	"$(mkwire w-casefail '' '' '' '' '# not ok 3 napi_rx_list.test_list_batches')" pcnet32-e100
expect 1 "wire: no datagram received" "$r" wire "$wt" \
	"$(mkwire w-notraffic '' '' '# # list/legacy: 0 received, 0 counted drops')" pcnet32-e100
expect 1 "wire: no multi-packet poll" "$r" wire "$wt" \
	"$(mkwire w-nomulti '' '' '' '# # 26 polls, 0 of them with several packets')" pcnet32-e100
# make vm-test with the wire on: a run without it (the VM died first) fails
VM_WIRE=$wt expect 1 "all: the wire asked for and not run" "$r" all "$tree" "$good" "$tmp/list"
gw=$(mkwire all-wire); cp -r "$good"/. "$gw"
VM_WIRE=$wt expect 0 "all: a clean run with the wire" "$r" all "$tree" "$gw" "$tmp/list"

# the ARM boards (vm-arm.sh): vexpress' smsc911x calls netif_receive_skb(),
# without a receive list (at once in every mode), zynq's macb
# napi_gro_receive(); mkarm NAME MACHINE [SED]: a clean run of
# it (the lines of a real one, with the serial console's CR LF line ends),
# then SED applied to its console.log
mkarm() {
	local d=$tmp/$1/$2 drv=smsc911x mode gro n ge e big rx un al
	[ "$2" = zynq ] && drv=macb
	mkdir -p "$d"
	{
		echo "[    2.9] $drv eth0: identified"
		echo "napi-arm: nic eth0 driver $drv carrier 1"
		for gro in on off; do
			n=0
			for mode in immediate list gro; do
				e=3955 ge=0 big=0 rx=1477 un=390 al=0
				if [ "$2" = zynq ]; then
					e=0 ge=3955 un=0 al=390 big=0 rx=1477
					[ $gro = on ] && big=250 rx=280
				fi
				echo "napi-arm: case udp $mode gro=$gro rxmode=$n gro_now=$gro iperf=0 sent=3940" \
				     "recv=3920 lost=0 ooo=0 polls=400 multi=390 entry=$e gro_entry=$ge rx=3955" \
				     "udp=3940 big=0 unbatched=$un unalternating=$al overrun=0 nicdrop=0 sockdrop=0"
				[ $e -ne 0 ] && e=1477
				[ $ge -ne 0 ] && ge=1477
				echo "napi-arm: case tcp $mode gro=$gro rxmode=$n gro_now=$gro iperf=0 sent=2097152" \
				     "recv=2097152 lost=0 ooo=0 polls=200 multi=190 entry=$e gro_entry=$ge rx=$rx" \
				     "udp=0 big=$big unbatched=$un unalternating=$al overrun=0 nicdrop=0 sockdrop=0"
				n=$((n + 1))
			done
		done
		echo "napi-arm: done"
	} | sed 's/$/\r/' > "$d/console.log"
	[ $# -lt 3 ] || sed -i "$3" "$d/console.log"
	echo "$tmp/$1"
}
# armfail WHAT NAME SED WHY [MACHINE]: a run of MACHINE (vexpress) that SED
# breaks, which the judge must fail, saying WHY
armfail() {
	expect 1 "arm: $1" "$r" arm "$(mkarm "$2" "${5:-vexpress}" "$3")" "${5:-vexpress}"
	grep -qF -- "$4" "$tmp/out" ||
		{ echo "FAIL: arm: $1: not for its reason ($4)"; sed 's/^/    /' "$tmp/out"; bad=1; }
}
expect 0 "arm: a clean run (vexpress)" "$r" arm "$(mkarm a-good vexpress)" vexpress
expect 0 "arm: a clean run (zynq)" "$r" arm "$(mkarm a-zgood zynq)" zynq
# its evidence: a line a case, with the case's counts, and none on a failure
n=$(grep -c '^evidence: zynq macb: [a-z]* [a-z]* gro=o[nf]*: .*; [0-9]* polls, [0-9]* with several packets$' "$tmp/out")
[ "$n" = 12 ] && grep -q '^evidence: zynq macb: udp list gro=off: 3940 sent, 3940 processed, 3920 read, ' "$tmp/out" &&
	grep -q '^evidence: zynq macb: tcp gro gro=on: 2097152 of 2097152 bytes; 1477 driver calls, 280 passed up (GRO merged); ' "$tmp/out" &&
	echo "ok: arm: a clean run prints 12 evidence lines" ||
	{ echo "FAIL: arm: a clean run printed $n evidence lines, not 12 with its counts"; cat "$tmp/out"; bad=1; }
expect 1 "arm: no run (no console log)" "$r" arm "$tmp/a-none" vexpress
armfail "no carrier" a-nocarrier 's/carrier 1/carrier 0/' 'no smsc911x NIC with a carrier'
armfail "another driver" a-driver 's/driver smsc911x/driver macb/' 'no smsc911x NIC with a carrier'
armfail "the guest did not finish" a-hang '/napi-arm: done/d' 'the guest did not finish'
armfail "a splat" a-splat '1a[    3.0] BUG: kernel NULL pointer dereference' 'splats on the console'
armfail "11 of 12 cases" a-missing '/case tcp list gro=off/d' '11 of 12 cases ran'
armfail "a case twice, one missing" a-twice '/case tcp list gro=off/s/tcp list/tcp gro/' 'the case twice;'
armfail "a line a printk cut short" a-cut '/case udp list gro=on/s/ unbatched=.*$/\r/' 'no unbatched;'
armfail "the mode did not take effect (no sysctl)" a-nosysctl 's/rxmode=[0-9]/rxmode=/' 'no rxmode;'
armfail "GRO setting did not take effect" a-gronow \
	'/case udp list gro=off/s/gro_now=off/gro_now=on/' 'the mode or GRO setting did not take effect;'
armfail "list mode processed before the poll's last call (macb)" a-unbatched \
	'/case udp list gro=on/s/unbatched=0/unbatched=3/' 'a packet processed before its poll'"'"'s last call;' zynq
armfail "no receive list, yet batched (smsc911x, list mode)" a-unalt \
	'/case udp list gro=off/s/unalternating=0/unalternating=1/' 'at once: calls and processing did not alternate;'
armfail "a datagram not processed" a-lost '/case udp gro gro=off/s/udp=3940/udp=3939/' 'neither processed nor counted dropped by the NIC or QEMU;'
armfail "iperf3 received none" a-recv0 '/case udp gro gro=off/s/recv=3920/recv=0/' 'iperf3 read fewer than half of the datagrams sent;'
armfail "iperf3 read 1969 of 3940" a-recvhalf '/case udp gro gro=off/s/recv=3920/recv=1969/' 'iperf3 read fewer than half of the datagrams sent;'
# the client ended the test with 482 processed datagrams still to read
# (seen on zynq): they came after the last one it read
expect 0 "arm: iperf3 stopped reading, 482 processed after its last" "$r" arm \
	"$(mkarm a-tail vexpress '/case udp list gro=off/s/recv=3920/recv=3458/')" vexpress
# losses under host load: each one counted where it happened passes
nicdrops='/case udp list gro=off/{s/lost=0/lost=40/;s/udp=3940/udp=3900/;s/entry=3955/entry=3915/;s/rx=3955/rx=3915/}'
expect 0 "arm: datagrams the NIC counted as dropped" "$r" arm \
	"$(mkarm a-nicdrop vexpress "$nicdrops;/case udp list gro=off/s/nicdrop=0/nicdrop=40/")" vexpress
expect 0 "arm: datagrams UDP counted as dropped" "$r" arm \
	"$(mkarm a-sockdrop vexpress '/case udp list gro=off/{s/lost=0/lost=140/;s/sockdrop=0/sockdrop=140/}')" vexpress
# iperf3's recv is the highest sequence number read, its gaps (lost)
# included: 3940 with 40 lost is 3900 read, all of those processed
expect 0 "arm: iperf3 read up to the last datagram, with gaps" "$r" arm \
	"$(mkarm a-lastseq vexpress "$nicdrops;/case udp list gro=off/{s/recv=3920/recv=3940/;s/nicdrop=0/nicdrop=40/}")" vexpress
armfail "iperf3 read more than were processed" a-readmore \
	"$nicdrops;/case udp list gro=off/{s/recv=3920/recv=3940/;s/lost=40/lost=39/;s/nicdrop=0/nicdrop=40/}" 'more processed than sent, or read than processed;'
# a frame QEMU's NIC model refused: slirp says so on the console (stderr),
# before the line of the case it happened in
slirp='Slirp: Failed to send packet, ret: -1'
expect 0 "arm: a datagram QEMU's NIC model refused" "$r" arm \
	"$(mkarm a-qemudrop vexpress "/case udp list gro=off/{s/udp=3940/udp=3939/;i $slirp
}")" vexpress
armfail "a datagram lost, QEMU's refusal in the next case" a-qemunext \
	"/case udp list gro=off/{s/udp=3940/udp=3939/;a $slirp
}" 'neither processed nor counted dropped by the NIC or QEMU;'
armfail "datagrams not processed, counted by UDP, not the NIC" a-wrongdrop \
	"$nicdrops;/case udp list gro=off/s/sockdrop=0/sockdrop=40/" 'neither processed nor counted dropped by the NIC or QEMU;'
armfail "datagrams lost beyond the counted drops" a-morelost \
	"$nicdrops;/case udp list gro=off/{s/nicdrop=0/nicdrop=40/;s/lost=40/lost=41/}" 'iperf3 lost more than were not processed or UDP dropped;'
armfail "a processed datagram lost, a drop of another frame counted" a-masked \
	'/case udp list gro=off/{s/recv=3920/recv=3939/;s/lost=0/lost=1/;s/nicdrop=0/nicdrop=1/}' 'iperf3 lost more than were not processed or UDP dropped;'
armfail "out of order, drops counted" a-ooodrop \
	"$nicdrops;/case udp list gro=off/{s/nicdrop=0/nicdrop=40/;s/ooo=0/ooo=1/}" 'out of order or twice (iperf3);'
armfail "more processed than sent" a-dup '/case udp list gro=off/s/udp=3940/udp=3941/' 'more processed than sent, or read than processed;'
armfail "iperf3 counted a loss" a-ilost '/case udp list gro=off/s/lost=0/lost=2/' 'iperf3 lost more than were not processed or UDP dropped;'
armfail "a datagram out of order" a-ooo '/case udp list gro=off/s/ooo=0/ooo=1/' 'out of order or twice (iperf3);'
armfail "TCP bytes lost" a-tcplost '/case tcp list gro=off/s/recv=2097152/recv=2000000/' 'bytes lost;'
armfail "processed != passed up" a-rx '/case udp list gro=off/s/rx=3955/rx=3950/' 'processed != passed up;'
armfail "no multi-packet poll" a-nomulti '/case udp list gro=on/s/multi=390/multi=0/' 'no poll delivered several packets;'
grep -q '^evidence:' "$tmp/out" && { echo "FAIL: arm: a failed run printed evidence lines"; bad=1; }
armfail "no traffic" a-notraffic '/case udp immediate gro=on/s/sent=3940/sent=0/' 'no traffic;'
armfail "merged without GRO" a-merge '/case tcp list gro=on/s/big=0/big=5/' 'merged without GRO, or processed != passed up;'
armfail "GRO fed outside gro mode" a-gro '/case udp list gro=on/s/gro_entry=0/gro_entry=3955/' 'napi_gro_receive() traced where GRO was not fed;'
armfail "the trace lost events" a-overrun '/case udp gro gro=on/s/overrun=0/overrun=7/' 'the trace lost events;'
armfail "iperf3 failed" a-iperf '/case tcp immediate gro=on/s/iperf=0/iperf=1/' 'iperf3 failed;'
armfail "zynq: a netif_receive_skb() call" a-zentry '/case udp list gro=on/s/entry=0/entry=5/' 'netif_receive_skb() calls from a GRO driver;' zynq
armfail "zynq: GRO on merged nothing" a-znomerge '/case tcp immediate gro=on/s/big=250/big=0/' 'GRO merged no segment;' zynq
armfail "zynq: GRO off, not batched" a-zunb \
	'/case udp immediate gro=off/s/unbatched=0/unbatched=1/' 'a packet processed before its poll'"'"'s last call;' zynq
expect 64 "arm: an unknown machine" "$r" arm "$(mkarm a-machine vexpress)" versatile
# the negative control (make check-arm): the boards on the base kernel,
# which has no sysctl (guest-arm.sh's rxmode= is empty); smsc911x, without a
# receive list on the series' kernel too, delivers at once on both
nosysctl='s/rxmode=[0-9]/rxmode=/'
base_v="$nosysctl"
# basefail WHAT NAME SED WHY [MACHINE]: a base run the control must reject
basefail() {
	expect 1 "arm-base: $1" "$r" arm-base "$(mkarm "$2" "${5:-vexpress}" "$3")" "${5:-vexpress}"
	grep -qF -- "$4" "$tmp/out" ||
		{ echo "FAIL: arm-base: $1: not for its reason ($4)"; sed 's/^/    /' "$tmp/out"; bad=1; }
}
expect 0 "arm-base: a base run (vexpress)" "$r" arm-base "$(mkarm b-good vexpress "$base_v")" vexpress
expect 0 "arm-base: a base run (zynq)" "$r" arm-base "$(mkarm b-zgood zynq "$nosysctl")" zynq
basefail "the series' kernel (all pass)" b-head '' 'exited 0, not 1'
expect 1 "arm-base: no console log" "$r" arm-base "$tmp/b-none" vexpress
basefail "the guest did not finish" b-hang "$base_v;/napi-arm: done/d" 'did not get to its cases'
basefail "a splat on the console" b-splat "$base_v;1a[    3.0] BUG: kernel NULL pointer dereference" 'did not get to its cases'
basefail "11 of 12 cases" b-missing "$base_v;/case tcp list gro=off/d" 'not each of the 12 cases ran once'
basefail "a case twice, one missing" b-twice "$base_v;/case tcp list gro=off/s/tcp list/tcp gro/" 'not each of the 12 cases ran once'
basefail "zynq: no traffic, iperf3 failed, the trace lost events" b-zidle \
	"$nosysctl;s/iperf=0/iperf=1/;s/sent=[0-9]*/sent=0/;s/overrun=0/overrun=7/" 'for what the base does not lack' zynq
basefail "vexpress: the trace lost events" b-overrun "$base_v;/case udp list /s/overrun=0/overrun=50/" 'for what the base does not lack'
basefail "zynq: one case with the sysctl" b-zone "$nosysctl;/case tcp gro gro=on/s/rxmode=/rxmode=2/" 'a case passed' zynq
expect 64 "arm-base: an unknown machine" "$r" arm-base "$(mkarm b-machine vexpress "$base_v")" versatile

# usage errors: never a verdict (a mistyped mode used to exit 0, a pass)
expect 64 "a mistyped mode" "$r" kselftests drivers/net:ping.py "$good"
expect 64 "no mode at all" "$r"
expect 64 "a missing argument" "$r" kselftest drivers/net:ping.py

for splat in "BUG: kernel NULL pointer dereference" "WARNING: CPU: 0 PID: 1 at net/core/dev.c:1" \
	     "Call Trace:" "BUG: KASAN: use-after-free" "unreferenced object 0xffff8880" \
	     "kmemleak: 2 new suspected memory leaks (see /sys/kernel/debug/kmemleak)"; do
	d=$(mkrun "splat$RANDOM" ok)
	echo "[    1.0] $splat" >> "$d/console.log"
	expect 1 "console: $splat" "$r" console "$d"
done
exit $bad
