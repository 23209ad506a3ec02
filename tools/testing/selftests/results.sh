#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Judge one part of the VM run kept by vm.sh in RUN:
#   results.sh kunit TREE RUN        KUnit results on the console, parsed by
#                                    the tree's tools/testing/kunit/kunit.py
#   results.sh kselftest C:TEST RUN  one kselftest's TAP result (SKIP -> 2)
#   results.sh new C:TEST RUN        the same for a test the series adds: it
#                                    must pass on the head (SKIP -> 1)
#   results.sh base C:TEST LACKS RUN the negative control: a test the series
#                                    adds, on the base kernel. Passes only
#                                    if the run completed (full TAP plan)
#                                    and the test failed for real (not ok,
#                                    no timeout), or skipped with every
#                                    SKIP reason naming LACKS (an ERE, the
#                                    feature the base lacks)
#   results.sh console RUN           splats: BUG, WARNING, Call Trace, KASAN,
#                                    kmemleak, RCU stalls, lockdep
#   results.sh kmemleak RUN [LIST]   a kernel with kmemleak (make
#                                    check-debug): guest.sh's scan after
#                                    the boot (KUnit), after each test of
#                                    LIST and the last one must exist and
#                                    be empty
#   results.sh wire C:TEST RUN PAIR  guest.sh's wire run PAIR (pcnet32-e100:
#                                    the first NIC local, the other its
#                                    netns remote), in the wire's own boot
#                                    RUN/wire-run: the test passes, each
#                                    of its cases passes or skips for a
#                                    reason of wire_skips below, the log
#                                    shows traffic and a poll that
#                                    delivered several packets, the host
#                                    state (tracing, printk, sysctls) is
#                                    as before the test, and the boot's
#                                    console has no splat
#   results.sh arm RUN MACHINE       vm-arm.sh's run of MACHINE (zynq:
#                                    macb, the NAPI GRO API; vexpress:
#                                    smsc911x, netif_receive_skb()): the
#                                    NIC came up, all 12 cases ran and
#                                    each shows what its mode promises
#                                    (arm_case below), the console clean
#   results.sh arm-base RUN MACHINE  the negative control of make
#                                    check-arm: MACHINE's run on the base
#                                    kernel completed (the arm judge got
#                                    to its cases), and each of the 12
#                                    fails, for want of the sysctl (no
#                                    rxmode) and, on vexpress
#                                    (netif_receive_skb()) if its driver
#                                    has a receive list (arm_haslist),
#                                    list mode's UDP batching too
#   results.sh all TREE RUN [LIST]   all of them (make vm-test): KUnit, each
#                                    kselftest of LIST (default
#                                    vm-tests.txt), the console; one line
#                                    each, fails if one fails
# Exit: 0 pass, 1 fail, 2 skip, 64 usage error (an unknown mode, missing
# arguments: never a verdict).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# the ARM boards' netif_receive_skb() driver (smsc911x) has a receive list
# (1) or not (0): the series gives it none, so it must deliver at once in
# every mode, as on the base
arm_haslist=0
usage() {
	echo "usage: results.sh kunit TREE RUN | kselftest C:TEST RUN | new C:TEST RUN |" \
	     "base C:TEST LACKS RUN | console RUN | kmemleak RUN [LIST] |" \
	     "wire C:TEST RUN PAIR | arm RUN MACHINE | arm-base RUN MACHINE |" \
	     "all TREE RUN [LIST]" >&2
	exit 64
}
# nargs N "$@": exactly N arguments, or a usage error
nargs() {
	local n=$1; shift
	[ $# -eq "$n" ] || usage
}
# result C:TEST RUN: sets res (the test's TAP line in RUN, or empty) and
# body (its own output: guest.sh runs the runner with per-test logs)
result() {
	local coll=${1%%:*} prog=${1#*:}
	body=$(cat "$2/ksft-logs/$prog" 2>/dev/null)
	res=$(grep -E "^(not )?ok [0-9]+ selftests: $coll: $prog( |$)" "$2/kselftest.tap")
}
[ $# -ge 1 ] || usage
mode=$1; shift
case $mode in
kunit)
	nargs 2 "$@"
	tree=$1 run=$2
	[ -s "$run/console.log" ] || { echo "no console log"; exit 1; }
	out=$(python3 "$tree/tools/testing/kunit/kunit.py" parse "$run/console.log" 2>&1)
	rc=$?
	echo "$out"
	echo "$out" | grep -q 'Testing complete' || { echo "no KUnit results on the console"; exit 1; }
	n=$(echo "$out" | sed -n 's/.*Ran \([0-9]*\) tests.*/\1/p')
	[ "${n:-0}" -gt 0 ] || { echo "KUnit ran no test"; exit 1; }
	exit $rc
	;;
kselftest|new)
	nargs 2 "$@"
	t=$1 run=$2
	[ -f "$run/kselftest.tap" ] || { echo "no kselftest output (VM crashed or hung?)"; exit 1; }
	result "$t" "$run"
	case "$res" in
	"") echo "$body"; echo "no result line for $t (timeout, crash or hang?)"; exit 1 ;;
	*"# SKIP"*)
		# the reason first: the runner shows the first line for a SKIP
		echo "$body" | grep -m1 -iE 'skip' | sed 's/^# *//'
		echo "$body"
		if [ "$mode" = new ]; then
			echo "$t is a test the series adds: it must pass on the head, not skip"
			exit 1
		fi
		exit 2 ;;
	"not ok"*) echo "$body"; echo "$res"; exit 1 ;;
	*) echo "$body"; echo "$res"
	   echo "$body" | grep '# Totals' | tail -n 1 | sed 's/^[# ]*//'; exit 0 ;;
	esac
	;;
base)
	nargs 3 "$@"
	t=$1 lacks=$2 run=$3 tap=$3/kselftest.tap
	# a run that completed: the runner printed its plan and every result
	[ -f "$tap" ] || { echo "$t: no verdict: the base VM run left no TAP (it never ran, hung or crashed)"; exit 1; }
	plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' "$tap" | head -n 1)
	got=$(grep -cE '^(not )?ok [0-9]+ selftests: ' "$tap")
	if [ -z "$plan" ] || [ "$got" -ne "$plan" ]; then
		echo "$t: no verdict: the base VM run did not complete (${got} of ${plan:-?} results)"
		exit 1
	fi
	result "$t" "$run"
	case "$res" in
	"") echo "$t: no verdict: no result line on the base kernel"; exit 1 ;;
	"not ok"*"# TIMEOUT"*) echo "$t: no verdict: timed out on the base kernel ($res)"; exit 1 ;;
	"not ok"*) echo "$t: fails on the base kernel, as it must ($res)"; exit 0 ;;
	*"# SKIP"*)
		skips=$(echo "$body" | grep 'SKIP')
		if [ -z "$skips" ]; then
			echo "$t: skips on the base kernel without saying why"; exit 1
		elif echo "$skips" | grep -qvE "$lacks"; then
			echo "$t: skips on the base kernel for a reason other than the missing feature ($lacks):"
			echo "$skips" | grep -vE "$lacks" | sed 's/^/  /'
			exit 1
		fi
		echo "$t: skips on the base kernel, as it must: $(echo "$skips" | head -n 1 | sed 's/^[# ]*//')"
		exit 0 ;;
	*) echo "$t PASSES on the base kernel: it does not test the series ($res)"; exit 1 ;;
	esac
	;;
wire)
	nargs 3 "$@"
	t=$1 pair=$3 w=$2/wire-run/wire-$3
	# the cases that may skip on an unmodified driver of the wire (an "ok"
	# line, the whole reason): those that need the other driver API
	# (netdevsim's rx_legacy switch); those that need a receive list, which
	# the series gives to no driver of the wire (pcnet32 and e100 do not
	# opt in: the wire checks that they behave as before); and busy
	# polling, which needs skbs marked with their NAPI id: pcnet32 marks
	# none (no skb_mark_napi_id()); and the case of netdevsim's own switch
	wire_skips="^# ok [0-9]+ [^ ]+ # SKIP the driver uses the (legacy|gro) API, not (legacy|gro)\$"
	wire_skips+="|^# ok [0-9]+ [^ ]+ # SKIP the driver gave its NAPI no receive list\$"
	wire_skips+="|^# ok [0-9]+ [^ ]+\\.test_busy_poll # SKIP the driver's skbs carry no NAPI id\$"
	wire_skips+="|^# ok [0-9]+ [^ ]+\\.test_nsim_rx_list # SKIP rx_legacy is netdevsim's\$"
	[ -f "$w/wire.txt" ] || { echo "no wire run $pair (the VM died before it, or VM_WIRE was empty)"; exit 1; }
	cat "$w/wire.txt"
	grep -qE '\(none\)|no carrier' "$w/wire.txt" && { echo "the wire $pair did not come up"; exit 1; }
	result "$t" "$w"
	case "$res" in
	"") echo "$body" | tail -n 20; echo "no result line for $t on the wire $pair (timeout, crash or hang?)"; exit 1 ;;
	"not ok"*) echo "$body"; echo "$res"; exit 1 ;;
	*"# SKIP"*) echo "$body"; echo "$t skipped as a whole on the wire $pair"; exit 1 ;;
	esac
	cases=$(echo "$body" | grep -E '^# (not )?ok [0-9]+ ')
	bad=$(echo "$cases" | grep -E '^# not ok|# SKIP' | grep -vE "$wire_skips")
	[ -n "$cases" ] || { echo "$body"; echo "no case results in the log"; exit 1; }
	if [ -n "$bad" ]; then
		echo "$body"; echo "cases that failed, or skipped for a reason wire_skips does not allow:"
		echo "$bad"; exit 1
	fi
	# the evidence: datagrams received, and a poll that delivered several
	echo "$body" | grep -qE '^# # .*: [1-9][0-9]* received' ||
		{ echo "$body"; echo "no datagram received on the wire $pair"; exit 1; }
	multi='^# # [0-9]+ polls, [1-9][0-9]* (of them )?with several packets'
	echo "$body" | grep -qE "$multi" ||
		{ echo "$body"; echo "no poll delivered several packets on the wire $pair"; exit 1; }
	# each with the case it came from (the result line after it): the
	# first three streams' counts and the first two polls lines that match
	# multi (a paced stream's "0 with several packets" does not)
	echo "$body" | awk -v multi="$multi" '
		/^# # .*: [0-9]+ received/ && nr < 3 { buf[++n] = $0; nr++; next }
		$0 ~ multi && nm < 2 { buf[++n] = $0; nm++; next }
		/^# (not )?ok [0-9]+ / {
			for (i = 1; i <= n; i++) print "evidence: " $4 ": " substr(buf[i], 5)
			n = 0
		}'
	# a test run on a real host leaves it as it found it (guest.sh
	# host_state, before and after the test)
	s=$w/state-${t//\//_}
	[ -f "$s.before" ] && [ -f "$s.after" ] ||
		{ echo "no host state from before and after $t (guest.sh)"; exit 1; }
	cmp -s "$s.before" "$s.after" ||
		{ echo "$t left the host otherwise than it found it:"; diff "$s.before" "$s.after"; exit 1; }
	# the wire's own boot (vm.sh): no splat on its console either
	"$0" console "$2/wire-run" || exit 1
	echo "$res: $(echo "$cases" | grep -vc SKIP) cases pass, $(echo "$cases" | grep -c SKIP) skip (the driver's API, no receive list, no NAPI id, or netdevsim's switch)"
	;;
console)
	nargs 1 "$@"
	run=$1
	[ -s "$run/console.log" ] || { echo "no console log"; exit 1; }
	pat='BUG:|WARNING:|Call Trace:|general protection|KASAN:|UBSAN:|unreferenced object 0x|suspected memory leak|rcu: INFO|possible circular locking|inconsistent lock state|Kernel panic|Oops'
	if grep -E "$pat" "$run/console.log"; then
		echo "splats on the console (above)"
		exit 1
	fi
	echo "console clean ($(wc -l < "$run/console.log") lines)"
	;;
kmemleak)
	[ $# -eq 1 ] || [ $# -eq 2 ] || usage
	run=$1
	# shellcheck source=tools/testing/selftests/targets.sh
	. "$here/targets.sh"
	[ -d "$run/kmemleak" ] || { echo "no kmemleak scans (no kmemleak in the kernel, or the VM never ran)"; exit 1; }
	rc=0 n=0
	for name in boot $(vm_tests "${2:-$VM_TESTS_FILE}" | sed 's/.*://') end; do
		f=$run/kmemleak/$name
		if [ ! -f "$f" ]; then
			echo "no kmemleak scan after $name (the VM died or hung before it)"; rc=1
		elif [ -s "$f" ]; then
			echo "kmemleak after $name: $(grep -c '^unreferenced object' "$f") leak(s):"
			head -n 40 "$f"; rc=1
		fi
		n=$((n + 1))
	done
	[ $rc -eq 0 ] && echo "kmemleak: $n reports (the boot, each test, the end), no leak"
	exit $rc
	;;
arm)
	nargs 2 "$@"
	m=$2 run=$1/$2
	case $m in
	zynq) drv=macb api=gro ;;
	vexpress) drv=smsc911x api=legacy ;;
	*) usage ;;
	esac
	log=$run/console.log
	[ -s "$log" ] || { echo "$m: no console log (vm-arm.sh never ran it)"; exit 1; }
	grep '^napi-arm: \(nic\|sysctl\|crng\)' "$log"
	grep -q "^napi-arm: nic eth0 driver $drv carrier 1" "$log" ||
		{ tail -n 30 "$log"; echo "$m: no $drv NIC with a carrier"; exit 1; }
	grep -q '^napi-arm: done' "$log" ||
		{ tail -n 30 "$log"; echo "$m: the guest did not finish (crash, hang or timeout)"; exit 1; }
	"$here/results.sh" console "$run" || exit 1
	# arm_case: each case line (guest-arm.sh) against what its mode and the
	# driver's API promise; prints the line and its verdict
	# QEMU's own drops are on the console too (its stderr): a frame the
	# NIC model refused (lan9118's RX FIFO full; it has no register for
	# that) is "Slirp: Failed to send packet", before that case's line
	# a run that passes ends with an evidence line a case (make check-arm's
	# summary keeps them, make check shows them)
	grep -e '^napi-arm: case ' -e 'Slirp: Failed to send packet' "$log" |
	awk -v api=$api -v haslist=$arm_haslist -v board="$m $drv" '
	BEGIN {
		nkeys = split("rxmode iperf sent recv lost ooo polls multi entry gro_entry rx udp big unbatched unalternating overrun nicdrop sockdrop", keys, " ")
		split("immediate list gro", m); for (i = 1; i <= 3; i++) modenum[m[i]] = i - 1
	}
	/Slirp: Failed to send packet/ { qemudrop++; next }
	{
		gsub(/\r/, "")  # a serial console line ends in CR LF
		proto = $3; mode = $4; delete f
		$0 = $0 " qemudrop=" qemudrop + 0
		qemudrop = 0
		for (i = 5; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
		why = ""
		# every count there and a number: a line a printk cut short fails
		for (i = 1; i <= nkeys; i++)
			if (!(keys[i] in f) || f[keys[i]] !~ /^[0-9]+$/) why = why " no " keys[i] ";"
		if (!(proto ~ /^(udp|tcp)$/ && mode in modenum && f["gro"] ~ /^(on|off)$/))
			why = why " not a case;"
		else if (seen[proto " " mode " " f["gro"]]++)
			why = why " the case twice;"
		else
			ncases++
		if (f["rxmode"] != modenum[mode] || f["gro_now"] != f["gro"])
			why = why " the mode or GRO setting did not take effect;"
		# the calls of the driver; in gro mode with GRO on, the packets of
		# a netif_receive_skb() caller pass the napi_gro_receive tracepoint too
		calls = api == "gro" ? f["gro_entry"] : f["entry"]
		core_gro = api == "legacy" && haslist && mode == "gro" && f["gro"] == "on"
		if (f["iperf"] != 0) why = why " iperf3 failed;"
		if (f["overrun"] != 0) why = why " the trace lost events;"
		if (f["sent"] == 0) why = why " no traffic;"
		if (proto == "tcp" && f["recv"] != f["sent"]) why = why " bytes lost;"
		# each datagram sent is processed or counted dropped in the guest
		# (nicdrop) or by QEMU (qemudrop); of those processed, each up to
		# the last one iperf3 read is read or counted dropped by UDP
		# (sockdrop): the gaps iperf3 counts (lost) are datagrams never
		# processed or dropped by UDP; the ones after the last one read
		# went with the socket when iperf3 stopped reading (its client ends
		# the test on the guest clock, and a lagging guest still has some
		# to deliver). nicdrop and qemudrop may count other frames: they
		# excuse none of those. iperf3 received packets are the highest
		# sequence number it read, the gaps included: it read recv - lost,
		# and must have read at least half of them (a client that read
		# next to nothing shows no delivery).
		if (proto == "udp") {
			read = f["recv"] - f["lost"]
			if (f["ooo"] != 0) why = why " out of order or twice (iperf3);"
			if (f["udp"] > f["sent"] || read > f["udp"])
				why = why " more processed than sent, or read than processed;"
			if (f["lost"] > f["sent"] - f["udp"] + f["sockdrop"])
				why = why " iperf3 lost more than were not processed or UDP dropped;"
			if (f["udp"] + f["nicdrop"] + f["qemudrop"] < f["sent"])
				why = why " a datagram neither processed nor counted dropped by the NIC or QEMU;"
			if (2 * read < f["sent"])
				why = why " iperf3 read fewer than half of the datagrams sent;"
		}
		if (calls == 0) why = why " no driver call traced;"
		if (api == "legacy" && f["gro_entry"] != (core_gro ? f["entry"] : 0))
			why = why " napi_gro_receive() traced where GRO was not fed;"
		if (api == "gro" && f["entry"] != 0)
			why = why " netif_receive_skb() calls from a GRO driver;"
		# GRO merges where the device has it on and the driver feeds it
		merges = f["gro"] == "on" && (api == "gro" || (haslist && mode == "gro"))
		# a netif_receive_skb() driver without a receive list delivers at
		# once in every mode
		atonce = api == "legacy" && (mode == "immediate" || !haslist)
		if (f["multi"] == 0) why = why " no poll delivered several packets;"
		if (proto == "udp") {
			if (f["rx"] != calls) why = why " processed != passed up;"
			if (atonce && f["unalternating"] != 0)
				why = why " at once: calls and processing did not alternate;"
			if (!atonce && f["unbatched"] != 0)
				why = why " a packet processed before its poll'"'"'s last call;"
		} else if (merges && (f["big"] == 0 || f["rx"] >= calls)) {
			why = why " GRO merged no segment;"
		} else if (!merges && (f["big"] != 0 || f["rx"] != calls)) {
			why = why " merged without GRO, or processed != passed up;"
		}
		n++
		print (why == "" ? "PASS " : "FAIL ") $0 (why == "" ? "" : " --" why)
		if (why != "") bad++
		ev[n] = sprintf("evidence: %s: %s %s gro=%s: ", board, proto, mode, f["gro"])
		order = "none processed before its poll'"'"'s last call"
		if (atonce)
			order = "calls and processing alternated"
		if (proto == "udp")
			ev[n] = ev[n] sprintf("%d sent, %d processed, %d read, 0 out of order; %s",
				f["sent"], f["udp"], read, order)
		else
			ev[n] = ev[n] sprintf("%d of %d bytes; %d driver calls, %d passed up%s",
				f["recv"], f["sent"], calls, f["rx"], merges ? " (GRO merged)" : "")
		ev[n] = ev[n] sprintf("; %d polls, %d with several packets", f["polls"], f["multi"])
	}
	END {
		# each of the 12 once (a twice is caught above)
		if (ncases != 12) { print "FAIL: " ncases + 0 " of 12 cases ran"; bad++ }
		for (i = 1; i <= n && !bad; i++) print ev[i]
		exit bad > 0
	}'
	;;
arm-base)
	nargs 2 "$@"
	case $2 in zynq|vexpress) ;; *) usage ;; esac
	out=$("$here/results.sh" arm "$1" "$2" 2>&1)
	r=$?
	echo "$out"
	[ $r -eq 1 ] || { echo "$2: base kernel: the arm judge exited $r, not 1 (a failure)"; exit 1; }
	# the judge prints its case lines only for a run that came through
	# (NIC up, guest done, console clean), one PASS or FAIL line a case
	cases=$(echo "$out" | grep -E '^(PASS|FAIL) napi-arm: case ')
	n=$(echo "$cases" | grep -c '^FAIL napi-arm: case .* -- .*no rxmode;')
	# what the base may lack: the sysctl, and (netif_receive_skb() on
	# vexpress) the batching and GRO of gro mode; any other reason (no
	# traffic, iperf3 failed, lost trace events, a case missing) means the
	# run proves nothing
	ok=' no rxmode; the mode or GRO setting did not take effect;'
	[ "$2" = vexpress ] && [ "$arm_haslist" = 1 ] &&
		ok="$ok a packet processed before its poll's last call; napi_gro_receive() traced where GRO was not fed; GRO merged no segment;"
	other=$(echo "$cases" | sed -n 's/^FAIL .* --//p' | tr ';' '\n' | sed 's/^ *//' |
		grep . | sort -u | while read -r why; do
			case $ok in *" $why;"*) ;; *) echo "$why" ;; esac
		done)
	if [ -z "$cases" ]; then
		echo "$2: base kernel: the run did not get to its cases: no verdict"; exit 1
	elif echo "$out" | grep -q '^FAIL: .* of 12 cases ran'; then
		echo "$2: base kernel: not each of the 12 cases ran once: no verdict"; exit 1
	elif echo "$cases" | grep -q '^PASS '; then
		echo "$2: base kernel: a case passed"; exit 1
	elif [ -n "$other" ]; then
		echo "$2: base kernel: cases failed for what the base does not lack:" $other
		exit 1
	elif [ "$n" -ne 12 ]; then
		echo "$2: base kernel: $n of 12 cases failed for want of net.core.napi_rx_mode"
		exit 1
	fi
	msg="12 of 12 cases fail on the base kernel, for want of net.core.napi_rx_mode"
	if [ "$2" = vexpress ] && [ "$arm_haslist" = 1 ]; then
		n=$(echo "$cases" | grep -c "^FAIL napi-arm: case udp list .* -- .*processed before its poll's last call;")
		[ "$n" -eq 2 ] || { echo "$2: base kernel: $n of 2 list mode UDP cases unbatched"; exit 1; }
		msg="$msg; list mode UDP unbatched in 2 of 2"
	fi
	echo "$2: $msg"
	;;
all)
	[ $# -eq 2 ] || [ $# -eq 3 ] || usage
	tree=$1 run=$2
	# shellcheck source=tools/testing/selftests/targets.sh
	. "$here/targets.sh"
	mapfile -t tests < <(vm_tests "${3:-$VM_TESTS_FILE}")
	rc=0
	# verdict NAME MODE ARGS...: one line for results.sh MODE ARGS...
	verdict() {
		local name=$1 out r
		shift
		out=$("$here/results.sh" "$@" 2>&1)
		r=$?
		case $r in
		0) echo "PASS  $name" ;;
		2) echo "SKIP  $name: $(echo "$out" | grep -m1 .)" ;;
		*) echo "FAIL  $name"; echo "$out" | tail -n 10 | sed 's/^/      | /'; rc=1 ;;
		esac
	}
	verdict kunit kunit "$tree" "$run"
	for t in "${tests[@]}"; do
		verdict "ksft:${t#*:}" kselftest "$t" "$run"
	done
	for p in $WIRE_PAIRS; do
		for t in $(wire_tests); do
			verdict "wire:$p:${t#*:}" wire "$t" "$run" "$p"
		done
	done
	verdict console-scan console "$run"
	[ -d "$run/kmemleak" ] && verdict kmemleak kmemleak "$run" "${3:-$VM_TESTS_FILE}"
	exit $rc
	;;
*)
	echo "results.sh: unknown mode '$mode'" >&2
	usage
	;;
esac
