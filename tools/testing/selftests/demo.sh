#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make demo: boot the VM kernel under QEMU (TCG) with an emulated Intel
# 82559ER, whose driver (e100) calls netif_receive_skb() from its NAPI poll,
# send some traffic to QEMU's user-net gateway (QEMU's own alias for the
# host's loopback) and show, from the kernel's tracepoints, how the received
# packets reached the stack: per NAPI poll, how many netif_receive_skb()
# calls and how many list deliveries.
#
# Usage: demo.sh KOUT
set -euo pipefail
kout=$(cd "${1:?kernel build dir}" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/guest" <<'EOG'
#!/bin/bash
set -u
out=$1
tr=/sys/kernel/tracing
mount -t tracefs nodev $tr 2>/dev/null
dev=$(for d in /sys/class/net/*; do
	[ "$(basename "$(readlink -f "$d/device/driver" 2>/dev/null)")" = e100 ] && basename "$d"
done | head -n 1)
mode=/proc/sys/net/core/napi_rx_mode
{
echo "kernel: $(uname -r)"
[ -n "$dev" ] || { echo "no e100 device"; exit 1; }
ip link set lo up
ip link set "$dev" up
ip addr add 10.0.2.15/24 dev "$dev"
sleep 2
echo "$dev: driver e100 (netif_receive_skb() from its NAPI poll)"
if [ -e $mode ]; then
	echo "net.core.napi_rx_mode: $(cat $mode) (0 immediate, 1 list, 2 gro)"
	modes="1 0"
else
	echo "net.core.napi_rx_mode: not in this kernel"
	modes=base
fi
for e in napi/napi_poll net/netif_receive_skb_entry net/netif_receive_skb; do
	echo 1 > "$tr/events/$e/enable"
done
for m in $modes; do
	[ "$m" = base ] || echo "$m" > $mode
	# a preload of 64: replies arrive in bursts, several per NAPI poll -
	# when the emulation's timing allows: up to 3 tries for a burst
	for try in 1 2 3; do
		echo > "$tr/trace"
		res=$(ping -q -c 512 -l 64 -i 0.002 -s 1400 10.0.2.2 |
		      grep -o '[0-9]* received.*loss')
		awk '/ napi_poll:/ { if (n > 1) burst = 1; n = 0 }
		     / netif_receive_skb_entry:/ { n++ }
		     END { exit !burst }' "$tr/trace" && break
	done
	echo "mode $m: $res (try $try)"
	cat "$tr/trace" > "$out/trace.$m"
done
} > "$out/demo.txt" 2>&1
EOG
chmod +x "$out/guest"
"$(dirname "$0")/../../../scripts/vm-boot.sh" 300 "$kout" --cpus 2 --memory 1G \
	--rwdir "$out" --qemu-opts="-nic user,model=i82559er" \
	--exec "$out/guest $out" > "$out/console.log" 2>&1 || true
if [ ! -s "$out/demo.txt" ]; then
	echo "demo: the VM did not run (console below)"; tail -n 30 "$out/console.log"; exit 1
fi
cat "$out/demo.txt"
# Per e100 NAPI poll: the order of the driver's netif_receive_skb() calls (E,
# tracepoint netif_receive_skb_entry) and of the stack's per-packet processing
# (P, tracepoint netif_receive_skb): EPEPEP is one packet at a time up the
# stack, EEEPPP is a batch delivered as a list.
for t in "$out"/trace.*; do
	awk -v m="${t##*.}" '
		/ napi_poll:/ { if (seq ~ /E/) { polls++; if (length(seq) > length(best)) best = seq }
				seq = ""; next }
		/ netif_receive_skb_entry:/ { seq = seq "E"; next }
		/ netif_receive_skb: / { if (seq != "") seq = seq "P" }
		END {
			name = m == 1 ? "list" : m == 0 ? "immediate" : m
			printf "%-9s %3d polls received packets; the largest, in order: %s\n", name, polls, best
		}' "$t"
done
echo "(E = the driver calls netif_receive_skb(), P = the stack processes a packet)"
