#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make mutants: break the series' core (net/core/dev.c) in one small way at a
# time, rebuild the VM kernel, boot it, and list the KUnit cases (suite
# net_napi_rx_list) that fail. A mutant that no case catches is a missing
# test: the run then fails. dev.c is restored afterwards, and the kernel
# rebuilt. Documentation/testing.md keeps the table.
#
# Usage: mutants.sh TREE KOUT [MUTANT...]   (default: all, see "mutant" below)
#   MUTANTS_DRY=1: only check that each mutation site is in dev.c
set -uo pipefail
scripts=$(cd "$(dirname "$0")/../scripts" && pwd)
kmake=$scripts/kmake.sh
tree=$(cd "${1:?tree}" && pwd) kout=$(cd "${2:?kernel build dir}" && pwd)
shift 2
f=$tree/net/core/dev.c
orig=$(mktemp)
cp "$f" "$orig"
trap 'cp "$orig" "$f"; rm -f "$orig"' EXIT

declare -A old new what
names=()
# mutant NAME WHAT OLD NEW: replace the first OLD in dev.c by NEW
mutant() { names+=("$1"); what[$1]=$2 old[$1]=$3 new[$1]=$4; }

mutant never_defer "netif_receive_skb() never defers" \
	$'\tif (!napi || ctx->rx_list.mode == NAPI_RX_IMMEDIATE)\n\t\treturn false;' \
	$'\tif (napi || !napi)\n\t\treturn false;'
mutant every_napi "every NAPI gets the list, opted in or not" \
	$'\t    test_bit(NAPI_STATE_RX_LIST, &n->state))' \
	$'\t    (test_bit(NAPI_STATE_RX_LIST, &n->state) || n->poll != process_backlog))'
mutant defer_immediate "defers in immediate mode too" \
	$'\tif (!napi || ctx->rx_list.mode == NAPI_RX_IMMEDIATE)\n\t\treturn false;' \
	$'\tif (!napi)\n\t\treturn false;'
mutant defer_after_complete "defers after napi_complete_done()" \
	$'\tctx->rx_list.napi = NULL;\n\t/* not past a gro_flush_timeout' \
	$'\t/* not past a gro_flush_timeout'
mutant no_list_hide "the stack's own calls, while it walks a list, are not hidden" \
	$'\tnapi = ctx->rx_list.napi;\n\tctx->rx_list.napi = NULL;\n\treturn napi;' \
	$'\tnapi = ctx->rx_list.napi;\n\treturn NULL;'
mutant mode_per_packet "the mode is read per packet, not per poll" \
	$'\tif (ctx->rx_list.mode == NAPI_RX_GRO && !netif_elide_gro(skb->dev)) {' \
	$'\tif (READ_ONCE(napi->rx_delivery) == NETDEV_NAPI_RX_DELIVERY_GRO &&\n\t    !netif_elide_gro(skb->dev)) {'
mutant gro_owns_all "gro mode feeds shared, cloned and GSO skbs to GRO" \
	$'\t\tif (napi_rx_gro_may_own(skb)) {' \
	$'\t\tif (skb) {'
mutant gro_held_past_poll "GRO keeps what netif_receive_skb() fed it past the poll" \
	$'\tif (gro_fed)\n\t\tgro_flush(&n->gro, false);' \
	$'\tif (!gro_fed)\n\t\tgro_flush(&n->gro, false);'
mutant gro_held_past_complete "GRO keeps it past a completion with gro_flush_timeout" \
	$'\t\tctx->rx_list.gro_fed = false;\n\t\tgro_flush(&n->gro, false);' \
	$'\t\tctx->rx_list.gro_fed = false;'
mutant own_mode_ignored "a NAPI's own rx-delivery is ignored: the sysctl decides" \
	$'\tswitch (READ_ONCE(n->rx_delivery)) {' \
	$'\tswitch (NETDEV_NAPI_RX_DELIVERY_DEFAULT) {'
mutant auto_never_list "auto mode is gro even while the device forwards" \
	$'\tfwd = in_dev && IN_DEV_FORWARD(in_dev);' \
	$'\tfwd = !in_dev;'
mutant promise_unchecked "CONFIG_DEBUG_NET does not check the driver's promise" \
	$'\tDEBUG_NET_WARN_ONCE(napi_rx_promise_broken(ctx->rx_list.lock_depth),' \
	$'\tDEBUG_NET_WARN_ONCE(false && napi_rx_promise_broken(ctx->rx_list.lock_depth),'
mutant mark_napi_id "skbs fed to GRO get the NAPI id" \
	$'\t\t\tgro_receive_skb_unmarked(&napi->gro, skb);' \
	$'\t\t\tgro_receive_skb(&napi->gro, skb);'

build_boot() {
	"$kmake" "$tree" "$kout" bzImage || return 1
	"$scripts/vm-boot.sh" 300 "$kout" --cpus 2 --memory 1G --exec true -v 2>&1
}

rc=0
sel=("$@")
[ ${#sel[@]} -gt 0 ] || sel=("${names[@]}")
printf '%-22s %-60s %s\n' mutant "what it breaks" "caught by (KUnit cases that fail)"
for m in "${sel[@]}"; do
	[ -n "${what[$m]:-}" ] || { echo "$m: no such mutant"; rc=1; continue; }
	cp "$orig" "$f"
	OLD=${old[$m]} NEW=${new[$m]} python3 -c '
import os, sys
p = sys.argv[1]; s = open(p).read(); o = os.environ["OLD"]
if s.count(o) != 1:
    sys.exit("mutation site not found exactly once")
open(p, "w").write(s.replace(o, os.environ["NEW"], 1))' "$f" || { echo "$m: site not found"; rc=1; continue; }
	if [ -n "${old[${m}2]:-}" ]; then
		OLD=${old[${m}2]} NEW=${new[${m}2]} python3 -c '
import os, sys
p = sys.argv[1]; s = open(p).read(); o = os.environ["OLD"]
if s.count(o) != 1:
    sys.exit("second mutation site not found exactly once")
open(p, "w").write(s.replace(o, os.environ["NEW"], 1))' "$f" || { echo "$m: site not found"; rc=1; continue; }
	fi
	if [ -n "${MUTANTS_DRY:-}" ]; then
		echo "$m: site found"; continue
	fi
	out=$(build_boot) || { echo "$m: build or boot failed"; echo "$out" | tail -5; rc=1; continue; }
	echo "$out" | grep -q '# net_napi_rx_list: pass' ||
		{ echo "$m: no KUnit summary on the console"; rc=1; continue; }
	caught=$(echo "$out" | sed -n 's/.*not ok [0-9]* \(napi_rx_[a-z0-9_]*\).*/\1/p' | sort -u | tr '\n' ' ')
	printf '%-22s %-60s %s\n' "$m" "${what[$m]}" "${caught:-NOTHING}"
	[ -n "$caught" ] || rc=1
done
cp "$orig" "$f"
[ -n "${MUTANTS_DRY:-}" ] || "$kmake" "$tree" "$kout" bzImage
exit $rc
