#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make napi-bench's guest (net-core/bench/napi-bench.sh boots it), or a
# board's shell: load napi_bench.ko, set up its receiver, and run each
# configuration in windows of the insn-window plugin, whose window opens
# when /proc/net/pktgen/pgctrl is written and closes when it is read (on
# a board, without the plugin, the run's own ns_per_packet is the number).
#
# Each configuration runs once to warm up, then REPS times two windows:
# ROUNDS and 2 x ROUNDS rounds of B frames (ROUNDS x B = PACKETS), so that
# the difference of the two windows is PACKETS frames' work without the
# window's fixed cost (the shell's reads, the debugfs file).
# OUT/labels.KERNEL gets a line a window: "CONFIG B REP ROUNDS RESULT",
# RESULT the module's line; the plugin writes the counts, in the same
# order, to OUT/windows.KERNEL.
#
# CONFIG is API-MODE-GRO: API the module's (none receive list gro
# netif_rx); MODE "base" on the base kernel, which has no receive list;
# on the series, "off" (the module's NAPI has no receive list, nor does
# any other: the core's static key is off), "key" (it has none, another
# NAPI has one: the key is on), 0, 1, 2, 3 (it has one, and
# net.core.napi_rx_mode is that), or "long" (mode 1 with
# net.core.gro_normal_batch 64: the list goes up once a poll, as a
# driver's own does); GRO the device's gro feature.
#
# Then the router: CONFIG fwd.API-MODE-GRO and fwdsw.API-MODE-GRO (B 1, 8
# and 64), full-sized segments of one TCP flow, without RX checksum
# offload, forwarded out of nbench1, which drops them: fwd with nbench1's
# tx checksum and TSO on, fwdsw with both off (the stack segments and
# checksums in software). IPv4 forwards here, so that auto mode (3) is
# list.
#
# Then the end host: CONFIG host.API-MODE-GRO (B 1, 8 and 64), the same
# segments to a TCP connection of the module's on nbench0, which the
# module reads in each round (napi_bench.c). Nothing forwards here, so
# that auto mode is gro.
#
# Usage: napi-bench-guest.sh OUT KERNEL MODULE PACKETS REPS [ONLY]
set -euo pipefail
out=${1:?out} kernel=${2:?kernel} mod=${3:?module} packets=${4:?packets}
reps=${5:?reps} only=${6:-.}
dbg=/sys/kernel/debug/napi_bench pg=/proc/net/pktgen

# the plugin's markers: pktgen's control file (a board may have none)
mark=true
[ -w $pg/pgctrl ] || mark=false
mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
insmod "$mod"
dev=nbench0
ip addr add 10.99.0.1/24 dev $dev
ip link set $dev up
# the receiver: bound, never read; its queue fills with the first
# datagrams, and every later one is dropped there
/usr/bin/python3 -c 'import socket, time
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1)
s.bind(("10.99.0.1", 9))
time.sleep(1 << 30)' &
# the router's egress: nbench1, and a neighbour that never answers; no
# IPv6 there (its router solicitations would land in the windows)
v6=/proc/sys/net/ipv6/conf/nbench1/disable_ipv6
[ ! -e $v6 ] || echo 1 > $v6
ip addr add 10.99.1.1/24 dev nbench1
ip link set nbench1 up
ip neigh replace 10.99.1.2 lladdr 02:00:00:00:01:02 dev nbench1 nud permanent
echo 1 > /proc/sys/net/ipv4/ip_forward
# the end host's peer: its SYN-ACK and ACKs leave at once, no ARP
ip neigh replace 10.99.0.2 lladdr 02:00:00:00:00:02 dev $dev nud permanent
# let the boot's last work (init, the interpreter above) finish: a
# process that runs in a window adds its instructions to it
sleep 5

apis="none receive list gro netif_rx"
api_id() {
	local i=0 a
	for a in $apis; do
		[ "$a" = "$1" ] && echo $i && return
		i=$((i + 1))
	done
	return 1
}

configs=() fwd_configs=()
mode_sysctl=/proc/sys/net/core/napi_rx_mode
batch_sysctl=/proc/sys/net/core/gro_normal_batch
batch_default=$(cat $batch_sysctl)
for api in $apis; do
	modes=base
	if [ -e $mode_sysctl ]; then
		modes=off
		[ "$api" = receive ] && modes="off key 0 1 2 long"
		[ "$api" = gro ] && modes="off key"
	fi
	for m in $modes; do
		gros=on
		[ "$api" = gro ] && gros="on off"
		for g in $gros; do
			configs+=("$api-$m-$g")
		done
	done
done
# the router's and the end host's: each driver API once, and on the
# series each mode
if [ -e $mode_sysctl ]; then
	fwd_configs=(none-off-on receive-off-on receive-0-on receive-1-on receive-2-on
		     receive-3-on list-off-on gro-off-on)
else
	fwd_configs=(none-base-on receive-base-on list-base-on gro-base-on)
fi
for e in fwd fwdsw host; do
	for c in "${fwd_configs[@]}"; do
		configs+=("$e.$c")
	done
done

: > "$out/labels.$kernel"
for c in "${configs[@]}"; do
	grep -qE -- "$only" <<< "$c" || continue
	batches="1 2 4 8 16 64" fwd=0 host=0
	case $c in
	fwd.*) batches="1 8 64" fwd=1; ethtool -K nbench1 tx on tso on ;;
	fwdsw.*) batches="1 8 64" fwd=1; ethtool -K nbench1 tx off tso off ;;
	host.*) batches="1 8 64" host=1 ;;
	esac
	echo $fwd > $dbg/fwd
	echo $host > $dbg/host
	echo $((1 - host)) > /proc/sys/net/ipv4/ip_forward
	IFS=- read -r api m g <<< "${c#*.}"
	case $m in
	base) ;;
	off) echo 0 > $dbg/rx_list ;;
	key) echo 2 > $dbg/rx_list ;;
	long) echo 1 > $dbg/rx_list; echo 1 > $mode_sysctl
	      echo 64 > $batch_sysctl ;;
	*) echo 1 > $dbg/rx_list; echo "$m" > $mode_sysctl ;;
	esac
	[ "$m" = long ] || echo "$batch_default" > $batch_sysctl
	ethtool -K $dev gro "$g"
	api_id "$api" > $dbg/api
	for b in $batches; do
		rounds=$((packets / b))
		echo "$b" > $dbg/batch
		echo "$rounds" > $dbg/rounds
		read -r _ < $dbg/run			# warm-up
		for ((rep = 1; rep <= reps; rep++)); do
			for r in $rounds $((2 * rounds)); do
				echo "$r" > $dbg/rounds
				$mark && echo stop > $pg/pgctrl	# window opens
				read -r res < $dbg/run
				$mark && read -r _ < $pg/pgctrl	# window closes
				echo "$c $b $rep $r $res" >> "$out/labels.$kernel"
			done
		done
	done
done
echo "napi-bench: $kernel: $(wc -l < "$out/labels.$kernel") windows"
