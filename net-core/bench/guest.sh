#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Guest side of `make bench`: net-core/bench/bench.sh boots this under QEMU
# TCG with two vCPUs and the insn-window plugin, whose window opens when
# /proc/net/pktgen/pgctrl is written and closes when it is read, and which
# counts each vCPU's instructions in the window.
#
# Two netdevsim ports linked to each other; the receiver, in netns "rx", has
# a bound UDP socket that is never read (its queue fills and later datagrams
# are dropped there: the same stack work for every packet). pktgen, on
# vCPU 0, sends 64-byte UDP datagrams; the receiving port's NAPI is threaded
# and pinned to vCPU 1, so vCPU 1 does all the receive work and nothing else.
# The non-NAPI case is pktgen's netif_receive mode: netif_receive_skb()
# called from pktgen's thread on vCPU 0.
#
# A run lands in one of two regimes, as the emulator's timing decides: the
# receiver keeps up, or netdevsim's ring (256) fills, the sender's queue
# stops, pktgen spins on vCPU 0 and every poll wakes the queue. report.py
# tells them apart by the sender's instructions per packet.
#
# Two more shapes of traffic, on the same receiving port and vCPU
# (configure() names the configurations):
#   - router (fwd-udp:*, fwd-tcp:*): the receiver's netns forwards to a
#     third netdevsim port, linked to a fourth in netns "dst" (its NAPI, its
#     reader: vCPU 0). 64-byte UDP from pktgen, and a TCP stream of
#     MSS-sized segments (the sender's port has TSO and GSO off), with the
#     egress port's TX checksum and TSO on and off (GRO's cost on a router
#     depends on whether egress must segment and checksum in software), and
#     for TCP also without RX checksum offload. Instructions per forwarded
#     packet.
#   - end host (host-tcp:*): a TCP stream into a socket read on vCPU 1,
#     with and without RX checksum offload. Instructions per received byte
#     (and per packet on the wire).
#   A TCP window's "packets" are bytes; its 1-"packet" run sends 1 byte.
#   The receiving netns forwards only for the router.
#
# For each configuration and each repetition, a run of N packets and a run
# of 1 packet; OUT/labels.KERNEL names each window in order, as
# "CONFIG PACKETS REP RECEIVED SLEEPS": RECEIVED the datagrams that reached
# UDP (queued, or dropped for the full queue; behind the router for
# fwd-udp), for TCP the packets the receiving port got; SLEEPS how often
# the NAPI thread ran out of work. This shell stays on vCPU 0.
#
# OUT/times.KERNEL says how long each part took, in seconds of wall time:
# "n N reps REPS", "all PART/CONFIG..." (every configuration of this
# kernel, ONLY or not), then per configuration and repetition (0: its warm-up)
# "PART CONFIG REP CONFIGURE WINDOW_N WINDOW_1", and "done SECONDS" (from
# the start of this script). report.py sums them per PART and estimates
# a full run from them.
#
# Usage: guest.sh OUT KERNEL N REPS [ONLY]
#   N packets per UDP window, 100 N bytes per TCP window; ONLY: an ERE, the
#   configurations to run (default all)
set -u
out=$1 kernel=$2 n=$3 reps=$4 only=${5:-.}
pg=/proc/net/pktgen
labels=$out/labels.$kernel times=$out/times.$kernel
t_start=$EPOCHREALTIME
exec > "$out/guest.$kernel.log" 2>&1
set -x
taskset -pc 0 $$

mount -t debugfs nodev /sys/kernel/debug 2>/dev/null
ip link set lo up
ip netns add rx
# no IPv6 (router and neighbour solicitations, MLD): only the sender's
# datagrams reach the receiver, so that waits= pairs each with its own
sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
ip netns exec rx sysctl -qw net.ipv6.conf.all.disable_ipv6=1 \
	net.ipv6.conf.default.disable_ipv6=1
ip netns add dst
ip netns exec dst sysctl -qw net.ipv6.conf.all.disable_ipv6=1 \
	net.ipv6.conf.default.disable_ipv6=1
for i in 1 2 3 4; do
	echo "$i 1" > /sys/bus/netdevsim/new_device
done
udevadm settle 2>/dev/null
a=$(ls /sys/bus/netdevsim/devices/netdevsim1/net/)
b=$(ls /sys/bus/netdevsim/devices/netdevsim2/net/)
eg=$(ls /sys/bus/netdevsim/devices/netdevsim3/net/)	# the router's egress
nb=$(ls /sys/bus/netdevsim/devices/netdevsim4/net/)	# its neighbour
ip link set "$b" netns rx
ip link set "$eg" netns rx
ip link set "$nb" netns dst
exec {fa}</proc/self/ns/net {fb}</run/netns/rx {fd}</run/netns/dst
echo "$fa:$(cat "/sys/class/net/$a/ifindex") $fb:$(ip -n rx -o link show "$b" | cut -d: -f1)" \
	> /sys/bus/netdevsim/link_device || exit 1
echo "$fb:$(ip -n rx -o link show "$eg" | cut -d: -f1) $fd:$(ip -n dst -o link show "$nb" | cut -d: -f1)" \
	> /sys/bus/netdevsim/link_device || exit 1
ip addr add 192.0.2.1/24 dev "$a"
ip link set "$a" up
ip route add 198.51.100.0/24 via 192.0.2.2
# the TCP sender's segments are MSS-sized on the wire
ethtool -K "$a" tso off gso off
ip -n rx addr add 192.0.2.2/24 dev "$b"
ip -n rx addr add 198.51.100.1/24 dev "$eg"
ip -n rx link set "$b" up
ip -n rx link set "$eg" up
ip -n rx link set lo up
# an skb is freed where it is processed, not sent back to the CPU that
# allocated it (the sender's, vCPU 0): the receive path's frees are counted
sysctl -qw net.core.skb_defer_max=0
ip -n dst addr add 198.51.100.2/24 dev "$nb"
ip -n dst link set "$nb" up
ip -n dst link set lo up
ip -n dst route add default via 198.51.100.1
# netdevsim copies what it transmits into a linear skb unless its peer
# splits headers: not a NIC's cost, so the egress port must not
ip netns exec dst ethtool -G "$nb" tcp-data-split on hds-thresh 0 || exit 1
mac_a=$(cat "/sys/class/net/$a/address")
mac_b=$(ip netns exec rx cat "/sys/class/net/$b/address")
[ -n "$mac_a" ] && [ -n "$mac_b" ] || exit 1
# thread PORT NS CPU: PORT's NAPI (in netns NS, - for this one) threaded,
# pinned to CPU; its pid in $tpid
thread() {
	local p comm ns=(ip netns exec "$2")
	[ "$2" = - ] && ns=()
	"${ns[@]}" sh -c "echo 1 > /sys/class/net/$1/threaded" || return 1
	tpid=
	for p in /proc/[0-9]*; do
		read -r comm 2>/dev/null < "$p/comm" || continue
		case $comm in "napi/$1-"*)
			tpid=${p#/proc/}
			taskset -pc "$3" "$tpid" ;;
		esac
	done
	[ -n "$tpid" ]
}
thread "$b" rx 1 || exit 1
napi_pid=$tpid
# the rest (the ACKs' way back, the router's neighbour) on vCPU 0
thread "$a" - 0 && thread "$eg" rx 0 && thread "$nb" dst 0 || exit 1
# the receivers: a UDP socket on port 9 of the address given, never read
sink='
import socket, sys, time
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
s.bind((sys.argv[1], 9))
time.sleep(1e9)'
ip netns exec rx python3 -c "$sink" 192.0.2.2 &
rpid=$!
python3 -c "$sink" 192.0.2.1 &
ip netns exec dst python3 -c "$sink" 198.51.100.2 &
dpid=$!
# TCP: a reader that reads every connection to its end, on the receiving
# vCPU for the end host, on vCPU 0 behind the router
reader_py='
import socket, sys
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind((sys.argv[1], 5001))
s.listen(1)
buf = bytearray(1 << 18)
while True:
    c, _ = s.accept()
    while c.recv_into(buf):
        pass
    c.close()'
ip netns exec rx taskset -c 1 python3 -c "$reader_py" 192.0.2.2 &
ip netns exec dst taskset -c 0 python3 -c "$reader_py" 198.51.100.2 &
# the sender: says ready, waits for a line, sends BYTES, waits for the
# reader's end, says done (its start-up stays outside the window)
writer_py='
import socket, sys
print("ready", flush=True)
sys.stdin.readline()
s = socket.create_connection((sys.argv[1], 5001))
left = int(sys.argv[2])
buf = bytes(1 << 16)
while left > 0:
    left -= s.send(buf[:min(left, len(buf))])
s.shutdown(socket.SHUT_WR)
s.recv(1)
print("done", flush=True)'
# bound NS PROTO PORT: wait until a socket listens there (NS - for this
# netns; python's start-up under TCG takes seconds)
bound() {
	local i ns=(ip netns exec "$1")
	[ "$1" = - ] && ns=()
	for ((i = 0; i < 300; i++)); do
		[ -n "$("${ns[@]}" ss -Hln"${2:0:1}" "sport = :$3")" ] && return
		sleep 0.2
	done
	echo "guest: nothing listens on $2 port $3 in netns $1" >&2
	exit 1
}
bound rx udp 9; bound - udp 9; bound dst udp 9
bound rx tcp 5001; bound dst tcp 5001
rx_legacy=/sys/kernel/debug/netdevsim/netdevsim2/ports/0/rx_legacy
# the base only (net-core/bench/nsim-driver-list.patch)
driver_list=/sys/kernel/debug/netdevsim/netdevsim2/ports/0/rx_driver_list
sysctl=/proc/sys/net/core/napi_rx_mode
batch=/proc/sys/net/core/gro_normal_batch

echo "rem_device_all" > $pg/kpktgend_0
echo "add_device $a" > $pg/kpktgend_0
for o in "pkt_size 64" "udp_dst_min 9" "udp_dst_max 9" "udp_src_min 9" \
	 "udp_src_max 9" "clone_skb 0" "delay 0"; do
	echo "$o" > "$pg/$a"
done

# dev_stat FILE DEV FIELD: field FIELD (0-based, after "DEV:") of DEV's
# line of FILE (a /proc/PID/net/dev) into $stat, with shell builtins only
# (no fork inside a window)
dev_stat() {
	local line f
	while read -r line; do
		case "$line" in "$2:"*)
			read -r -a f <<< "${line#*:}"
			stat=${f[$3]}; return ;;
		esac
	done < "$1"
}
# rx_packets: $b's received packets into $rxp (the receiver's netns)
rx_packets() {
	dev_stat "/proc/$rpid/net/dev" "$b" 1
	rxp=$stat
}
# tx_dropped: what $a's netdevsim dropped for a full peer ring (its TX
# drops; throttled windows) into $txd (this shell's netns)
tx_dropped() {
	dev_stat /proc/self/net/dev "$a" 11
	txd=$stat
}
# eg_dropped: the same for the router's egress port ($eg, toward the
# neighbour, whose NAPI shares vCPU 0 with pktgen) into $egd
eg_dropped() {
	dev_stat "/proc/$rpid/net/dev" "$eg" 11
	egd=$stat
}

# udp_in PID: datagrams UDP took in PID's netns (queued or dropped for a
# full socket queue) into $udp
udp_in() {
	local names vals i
	{
		while read -r -a names && read -r -a vals; do
			[ "${names[0]}" = Udp: ] && break
		done
	} < "/proc/$1/net/snmp"
	udp=0
	for ((i = 1; i < ${#names[@]}; i++)); do
		case ${names[i]} in InDatagrams|RcvbufErrors)
			udp=$((udp + vals[i])) ;;
		esac
	done
}

# sleeps: how often the NAPI thread went to sleep (it found no more work)
# into $sleeps
sleeps() {
	local k v
	while read -r k v; do
		[ "$k" = voluntary_ctxt_switches: ] && sleeps=$v
	done < "/proc/$napi_pid/status"
}

# part CONFIG: the part of the bench it is timed in (times.KERNEL)
part() {
	case $1 in
	fwd-udp:*) echo router-udp ;;
	fwd-tcp:*) echo router-tcp ;;
	host-tcp:*) echo end-host ;;
	*-list-b[0-9]*) echo batch ;;
	*) echo udp ;;
	esac
}

# since T: the seconds from EPOCHREALTIME T to now, to the millisecond
since() {
	local now=$EPOCHREALTIME t=${1/[.,]/}
	now=${now/[.,]/}
	printf '%d.%03d' $(((now - t) / 1000000)) $(((now - t) / 1000 % 1000))
}

# size CONFIG: a window's packets (bytes for TCP)
size() {
	case $1 in
	*-tcp:*) echo $((100 * n)) ;;
	*) echo "$n" ;;
	esac
}

# tcp_run CONFIG BYTES REP: one window of a TCP stream of BYTES; the
# label's RECEIVED: the packets the receiving port got
tcp_run() {
	local dst=192.0.2.2 rx0 sleeps0 state wpid wo wi
	[[ $1 = fwd-* ]] && dst=198.51.100.2
	coproc wr { python3 -c "$writer_py" "$dst" "$2"; }
	# bash unsets wr once it reaps the writer: keep what is needed
	# shellcheck disable=SC2154 # set by coproc
	wpid=$wr_PID
	exec {wo}<&"${wr[0]}" {wi}>&"${wr[1]}"
	read -r state <&"$wo"
	[ "$state" = ready ] || { echo "tcp_run: the writer did not start" >&2; exit 1; }
	sleeps
	sleeps0=$sleeps
	rx_packets
	rx0=$rxp
	echo stop > $pg/pgctrl			# window opens (pktgen idle)
	echo go >&"$wi"
	read -r state <&"$wo"			# the reader has it all
	read -r _ < $pg/pgctrl			# window closes
	[ "$state" = "done" ] || { echo "tcp_run: the stream failed" >&2; exit 1; }
	exec {wo}<&- {wi}>&-
	wait "$wpid"
	rx_packets
	sleeps
	echo "$1 $2 $3 $((rxp - rx0)) $((sleeps - sleeps0))" >> "$labels"
}

# run CONFIG PACKETS REP: one window; the label's RECEIVED: the datagrams
# UDP took (behind the router for fwd-udp)
run() {
	local before i pid=$rpid udp0 sleeps0 txd0 egd0
	case $1 in
	*-tcp:*) tcp_run "$@"; return ;;
	*-nonapi) pid=$$ ;;
	fwd-udp:*) pid=$dpid ;;
	esac
	echo "count $2" > "$pg/$a"
	udp_in $pid
	udp0=$udp
	sleeps
	sleeps0=$sleeps
	rx_packets
	before=$rxp
	tx_dropped
	txd0=$txd
	eg_dropped
	egd0=$egd
	echo start > $pg/pgctrl			# window opens; returns when sent
	# until the port has them all (or netdevsim dropped them for a full
	# ring) and UDP all the port got: netdevsim counts a packet before it
	# passes it up, and list mode passes a poll's packets up at its end (a
	# packet lost on the way: 1000 rounds)
	for ((i = 0; i < 1000; i++)); do
		[[ $1 = *-nonapi ]] && break	# (received in pktgen's call)
		rx_packets
		tx_dropped
		eg_dropped
		udp_in $pid
		# (behind the router: or dropped by its egress port)
		((rxp + txd - txd0 >= before + $2 &&
		  udp - udp0 + egd - egd0 >= rxp - before)) && break
	done
	read -r _ < $pg/pgctrl			# window closes
	udp_in $pid
	sleeps
	echo "$1 $2 $3 $((udp - udp0)) $((sleeps - sleeps0))" >> "$labels"
}

# configure NAME: set it up; 2 if this kernel lacks it, 1 if it failed.
# NAME: KERNEL-MODE (64-byte UDP to a socket), or SHAPE:MODE[:OPTION...]
# with SHAPE fwd-udp, fwd-tcp (through the router) or host-tcp.
# MODE: how the receiving port passes packets up: legacy (base, with
# netif_receive_skb()), driver-list (base, the driver's own list),
# immediate, list, list-bN (list, gro_normal_batch N), gro (the series'
# napi_rx_mode for the same driver), gro-on, gro-off (a napi_gro_receive()
# driver), nonapi (pktgen's netif_receive).
# OPTION: eg-on, eg-off (the router's egress port's TX checksum and TSO),
# rx-nocsum (the receiving port gets packets without a verified checksum:
# the sender's TX checksum off, as a NIC without RX checksum offload).
configure() {
	local o mode shape opts dst fwd=0 csum=on hds=off egress=''
	case $1 in
	*:*)
		IFS=: read -r shape mode opts <<< "$1"
		for o in ${opts//:/ }; do
			case $o in
			eg-*) egress=${o#eg-} ;;
			rx-nocsum) csum=off ;;
			*) echo "configure: $1: unknown option $o" >&2; return 1 ;;
			esac
		done
		[[ $shape = fwd-* ]] && fwd=1 ;;
	*) mode=${1#*-} ;;
	esac
	case $mode in
	legacy|driver-list) [ ! -e $sysctl ] || return 2 ;;
	immediate|list|list-b*|gro) [ -e $sysctl ] || return 2 ;;
	esac
	[ "$mode" = driver-list ] && { [ -e $driver_list ] || return 2; }
	[ -e $driver_list ] && echo 0 > $driver_list
	[ -e $sysctl ] && echo 1 > $sysctl
	echo 8 > $batch
	case $mode in
	gro-on|gro-off)
		[ -e $rx_legacy ] && echo 0 > $rx_legacy
		ip netns exec rx ethtool -K "$b" gro "${mode#gro-}" || return 1 ;;
	nonapi) ;;
	*)
		[ -e $rx_legacy ] || return 2
		echo 1 > $rx_legacy
		# a legacy driver's skbs are its own (netdevsim unclones them
		# first), not a copy netdevsim linearized: GRO takes their
		# pages, as it takes a real driver's page-backed heads. Not
		# for a GRO driver: its skbs share the sender's pages.
		hds=on
		ip netns exec rx ethtool -K "$b" gro on || return 1 ;;
	esac
	ip netns exec rx ethtool -G "$b" tcp-data-split "$hds" hds-thresh 0 &&
	ethtool -K "$a" tx "$csum" &&
	ip netns exec rx sysctl -qw net.ipv4.ip_forward=$fwd || return 1
	case $mode in
	driver-list) echo 1 > $driver_list ;;
	immediate) echo 0 > $sysctl ;;
	list-b*) echo "${mode#list-b}" > $batch ;;
	gro) echo 2 > $sysctl ;;
	esac
	if [ -n "$egress" ]; then
		ip netns exec rx ethtool -K "$eg" tx "$egress" tso "$egress" || return 1
	fi
	case $1 in
	*-nonapi)
		# as if received by $a, from its neighbour
		for o in "xmit_mode netif_receive" "dst 192.0.2.1" \
			 "dst_mac $mac_a" "src_min 192.0.2.2" "src_max 192.0.2.2"; do
			echo "$o" > "$pg/$a"
		done ;;
	*)
		dst=192.0.2.2
		[[ $1 = fwd-* ]] && dst=198.51.100.2
		for o in "xmit_mode start_xmit" "dst $dst" \
			 "dst_mac $mac_b" "src_min 192.0.2.1" "src_max 192.0.2.1"; do
			echo "$o" > "$pg/$a"
		done ;;
	esac
}

# every MODE of a KERNEL, each SHAPE of traffic
if [ "$kernel" = head ]; then
	modes="immediate list gro gro-on"
	configs="head-immediate head-list head-gro head-gro-off head-gro-on head-nonapi
		 head-list-b1 head-list-b2 head-list-b4 head-list-b16 head-list-b32
		 head-list-b64"
else
	modes="legacy gro-on"
	configs="base-legacy base-driver-list base-gro-off base-gro-on base-nonapi"
fi
for m in $modes; do
	# the router: offloads on and off, and the router of cheap hardware
	# (no RX checksum, no TX checksum or TSO); the end host with and
	# without RX checksum
	configs+=" fwd-udp:$m:eg-on fwd-udp:$m:eg-off fwd-tcp:$m:eg-on fwd-tcp:$m:eg-off"
	configs+=" fwd-tcp:$m:eg-off:rx-nocsum host-tcp:$m host-tcp:$m:rx-nocsum"
done
# a subset, for a quick look (bench.sh ONLY=)
all=$configs
configs=$(for conf in $configs; do echo "$conf"; done | grep -E -- "$only" | xargs)
# configure_or_skip NAME: configure; false if not for this kernel; exit if
# it failed (a failure must not pass for "not applicable")
configure_or_skip() {
	configure "$1"
	case $? in
	0) return 0 ;;
	2) return 1 ;;
	*) echo "guest: configuring $1 failed" >&2; exit 1 ;;
	esac
}
: > "$labels"
printf '%s\n' "n $n reps $reps" "all $(for c in $all; do echo "$(part "$c")/$c"; done | xargs)" > "$times"
# timed CONFIG REP PACKETS...: configure CONFIG, run a window of each
# PACKETS; one line of times.KERNEL (false if CONFIG is not for this kernel)
timed() {
	local conf=$1 rep=$2 t line size
	t=$EPOCHREALTIME
	configure_or_skip "$conf" || return 1
	line="$(part "$conf") $conf $rep $(since "$t")"
	shift 2
	for size in "$@"; do
		t=$EPOCHREALTIME
		if [ "$rep" = 0 ]; then
			run "warmup-$conf" "$size" 0
		else
			run "$conf" "$size" "$rep"
		fi
		line+=" $(since "$t")"
	done
	[ "$rep" != 0 ] || line+=" 0"
	echo "$line" >> "$times"
}
# warm-up: fill the receiver's queue, fault in the code paths
for conf in $configs; do
	timed "$conf" 0 2000
done
for ((r = 1; r <= reps; r++)); do
	for conf in $configs; do
		timed "$conf" "$r" "$(size "$conf")" 1
	done
done
echo "done" >> "$labels"
echo "done $(since "$t_start")" >> "$times"
[ -z "${BENCH_DEBUG:-}" ] || { cat /proc/net/snmp "$pg/$a"; ip netns exec rx cat /proc/net/snmp; }
