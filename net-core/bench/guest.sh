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
# For each configuration and each repetition, a run of N packets and a run
# of 1 packet; OUT/labels.KERNEL names each window in order, as
# "CONFIG PACKETS REP RECEIVED SLEEPS": RECEIVED the datagrams that reached
# UDP (queued, or dropped for the full queue), SLEEPS how often the NAPI
# thread ran out of work. This shell stays on vCPU 0.
#
# Usage: guest.sh OUT KERNEL N REPS
set -u
out=$1 kernel=$2 n=$3 reps=$4
pg=/proc/net/pktgen
labels=$out/labels.$kernel
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
echo "1 1" > /sys/bus/netdevsim/new_device
echo "2 1" > /sys/bus/netdevsim/new_device
udevadm settle 2>/dev/null
a=$(ls /sys/bus/netdevsim/devices/netdevsim1/net/)
b=$(ls /sys/bus/netdevsim/devices/netdevsim2/net/)
ip link set "$b" netns rx
exec {fa}</proc/self/ns/net {fb}</run/netns/rx
echo "$fa:$(cat "/sys/class/net/$a/ifindex") $fb:$(ip -n rx -o link show "$b" | cut -d: -f1)" \
	> /sys/bus/netdevsim/link_device || exit 1
ip addr add 192.0.2.1/24 dev "$a"
ip link set "$a" up
ip -n rx addr add 192.0.2.2/24 dev "$b"
ip -n rx link set "$b" up
ip -n rx link set lo up
mac_a=$(cat "/sys/class/net/$a/address")
mac_b=$(ip netns exec rx cat "/sys/class/net/$b/address")
[ -n "$mac_a" ] && [ -n "$mac_b" ] || exit 1
ip netns exec rx sh -c "echo 1 > /sys/class/net/$b/threaded"
napi_pid=
for p in /proc/[0-9]*; do
	case $(cat "$p/comm" 2>/dev/null) in "napi/$b-"*)
		napi_pid=${p#/proc/}
		taskset -pc 1 "$napi_pid" ;;
	esac
done
[ -n "$napi_pid" ] || exit 1
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
sleep 2
rx_legacy=/sys/kernel/debug/netdevsim/netdevsim2/ports/0/rx_legacy
# the base only (net-core/bench/nsim-driver-list.patch)
driver_list=/sys/kernel/debug/netdevsim/netdevsim2/ports/0/rx_driver_list
sysctl=/proc/sys/net/core/napi_rx_mode
batch=/proc/sys/net/core/gro_normal_batch

echo "rem_device_all" > $pg/kpktgend_0
echo "add_device $a" > $pg/kpktgend_0
for c in "pkt_size 64" "udp_dst_min 9" "udp_dst_max 9" "udp_src_min 9" \
	 "udp_src_max 9" "clone_skb 0" "delay 0"; do
	echo "$c" > "$pg/$a"
done

# rx_packets: $b's received packets into $rxp, read from the receiver's
# view of /proc/net/dev with shell builtins only (no fork inside a window)
rx_packets() {
	local line f
	while read -r line; do
		case "$line" in "$b:"*)
			read -r -a f <<< "${line#*:}"
			rxp=${f[1]}; return ;;
		esac
	done < "/proc/$rpid/net/dev"
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

# run CONFIG PACKETS REP: one window
run() {
	local before i pid=$rpid udp0 sleeps0
	[[ $1 = *-nonapi ]] && pid=$$
	echo "count $2" > "$pg/$a"
	udp_in $pid
	udp0=$udp
	sleeps
	sleeps0=$sleeps
	rx_packets
	before=$rxp
	echo start > $pg/pgctrl			# window opens; returns when sent
	for ((i = 0; i < 1000; i++)); do	# and the receiver has them all
		rx_packets
		((rxp >= before + $2)) && break
		[[ $1 = *-nonapi ]] && break	# (received in pktgen's call)
	done
	read -r _ < $pg/pgctrl			# window closes
	udp_in $pid
	sleeps
	echo "$1 $2 $3 $((udp - udp0)) $((sleeps - sleeps0))" >> "$labels"
}

# configuration NAME: set it up; false if this kernel lacks it
configure() {
	local o
	[ -e $driver_list ] && echo 0 > $driver_list
	echo 8 > $batch
	case $1 in
	base-legacy|base-driver-list|head-immediate|head-list|head-list-b*|head-gro)
		[ -e $rx_legacy ] || return 1
		echo 1 > $rx_legacy
		ip netns exec rx ethtool -K "$b" gro on ;;
	base-gro-on|head-gro-on|base-gro-off|head-gro-off)
		[ -e $rx_legacy ] && echo 0 > $rx_legacy
		ip netns exec rx ethtool -K "$b" gro "${1##*-}" ;;
	esac
	case $1 in
	*-nonapi)
		# as if received by $a, from its neighbour
		for o in "xmit_mode netif_receive" "dst 192.0.2.1" \
			 "dst_mac $mac_a" "src_min 192.0.2.2" "src_max 192.0.2.2"; do
			echo "$o" > "$pg/$a"
		done ;;
	*)
		for o in "xmit_mode start_xmit" "dst 192.0.2.2" \
			 "dst_mac $mac_b" "src_min 192.0.2.1" "src_max 192.0.2.1"; do
			echo "$o" > "$pg/$a"
		done ;;
	esac
	case $1 in
	head-*) [ -e $sysctl ] || return 1 ;;
	base-*) [ ! -e $sysctl ] || return 1 ;;
	esac
	case $1 in
	base-driver-list) [ -e $driver_list ] || return 1; echo 1 > $driver_list ;;
	head-immediate) echo 0 > $sysctl ;;
	head-list) echo 1 > $sysctl ;;
	# the gro_normal_batch sweep (8, the default, is head-list)
	head-list-b*) echo 1 > $sysctl; echo "${1#head-list-b}" > $batch ;;
	head-gro) echo 2 > $sysctl ;;
	head-*) echo 1 > $sysctl ;;
	esac
}

configs="base-legacy base-driver-list base-gro-off base-gro-on base-nonapi"
[ "$kernel" = head ] &&
	configs="head-immediate head-list head-gro head-gro-off head-gro-on head-nonapi
		 head-list-b1 head-list-b2 head-list-b4 head-list-b16 head-list-b32
		 head-list-b64"
: > "$labels"
# warm-up: fill the receiver's queue, fault in the code paths
for c in $configs; do
	configure "$c" && run "warmup-$c" 2000 0
done
for ((r = 1; r <= reps; r++)); do
	for c in $configs; do
		configure "$c" || continue
		run "$c" "$n" "$r"
		run "$c" 1 "$r"
	done
done
echo "done" >> "$labels"
[ -z "${BENCH_DEBUG:-}" ] || { cat /proc/net/snmp "$pg/$a"; ip netns exec rx cat /proc/net/snmp; }
