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
	$'\tstruct napi_rx_poll *rp;\n\n\tif (unlikely(irqs_disabled()))' \
	$'\tstruct napi_rx_poll *rp;\n\n\tif (skb)\n\t\treturn false;\n\tif (unlikely(irqs_disabled()))'
mutant defer_immediate "defers in immediate mode too" \
	'if (mode == NAPI_RX_IMMEDIATE || n->poll == process_backlog)' \
	'if (n->poll == process_backlog)'
mutant defer_irqs_off "defers with IRQs off (netpoll)" \
	$'\tif (unlikely(irqs_disabled()))\n\t\treturn false;\n\n\trp = napi_rx_poll();' \
	$'\trp = napi_rx_poll();'
mutant complete_in_place "napi_complete_done() passes the list up under a lock too (v1)" \
	$'\t\t     !napi_rx_unlocked(rp))) {' \
	$'\t\t     0)) {'
mutant lock_unseen "a lock that leaves IRQs on is not seen at completion" \
	$'\tif (irqs_disabled() || preempt_count() != rp->lock_depth)' \
	$'\tif (irqs_disabled())'
mutant complete_late_always "napi_complete_done() always leaves the completion to the core (v2 draft)" \
	$'\t\t     !napi_rx_unlocked(rp))) {' \
	$'\t\t     1)) {'
mutant late_not_sticky "a completion after a late one completes for real" \
	$'\tif (unlikely(rp->completed))\n\t\treturn true;\n' \
	''
mutant defer_after_complete "defers after napi_complete_done()" \
	$'\trp->napi = NULL;\n\tif (rp->deferred) {' \
	$'\tif (rp->deferred) {'
mutant no_poll_end_flush "nothing passed up when ->poll() returns" \
	$'\tgro_normal_list(&n->gro);\n\treturn done.completed;' \
	$'\treturn done.completed;'
mutant no_nested_hide "the stack's own calls are not hidden" \
	$'\tif (unlikely(napi))\n\t\tnapi_rx_poll()->napi = NULL;\n\treturn napi;' \
	$'\treturn napi;'
mutant mode_per_packet "the mode is read per packet, not per poll" \
	'if (rp->mode == NAPI_RX_GRO && !netif_elide_gro(skb->dev)) {' \
	'if (READ_ONCE(net_hotdata.napi_rx_mode) == NAPI_RX_GRO && !netif_elide_gro(skb->dev)) {'
mutant gro_owns_all "gro mode feeds shared, cloned and GSO skbs to GRO (v1)" \
	'return !skb_shared(skb) && !skb_cloned(skb) && !skb_is_gso(skb);' \
	'return true;'
mutant gro_held_past_poll "GRO keeps what netif_receive_skb() fed it past the poll (v1)" \
	$'\tif (done.mode == NAPI_RX_GRO)\n\t\tgro_flush(&n->gro, false);\n' \
	''
old[gro_held_past_poll2]=$'\t\tif (rp->mode == NAPI_RX_GRO)\n\t\t\tgro_flush(&n->gro, false);\n'
new[gro_held_past_poll2]=''
mutant own_mode_ignored "a NAPI's own rx-delivery is ignored: the sysctl decides" \
	'int mode = napi_rx_mode(n);' \
	'int mode = READ_ONCE(net_hotdata.napi_rx_mode);'
mutant mark_napi_id "deferred skbs get the NAPI id (v1)" \
	$'\tgro_normal_one(&napi->gro, skb, 1);\n\treturn true;\n}' \
	$'\tskb_mark_napi_id(skb, napi);\n\tgro_normal_one(&napi->gro, skb, 1);\n\treturn true;\n}'

# PREEMPT_RT only (KOUT: make check-rt's build/rt/vm; not in the default
# list): the poll state per CPU on RT too, as v1 kept it
mutant_rt() { mutant "$@"; names=("${names[@]:0:${#names[@]}-1}"); }
mutant_rt rt_per_cpu "the poll state per CPU on PREEMPT_RT too (v1)" \
	$'static struct napi_struct *napi_rx_polling(void)\n{\n#ifdef CONFIG_PREEMPT_RT\n\treturn current->napi_rx_poll.napi;' \
	$'static DEFINE_PER_CPU(struct napi_rx_poll, napi_rx_pcpu);\nstatic struct napi_struct *napi_rx_polling(void)\n{\n#ifdef CONFIG_PREEMPT_RT\n\treturn this_cpu_read(napi_rx_pcpu.napi);'
old[rt_per_cpu2]=$'#ifdef CONFIG_PREEMPT_RT\n\treturn &current->napi_rx_poll;'
new[rt_per_cpu2]=$'#ifdef CONFIG_PREEMPT_RT\n\treturn this_cpu_ptr(&napi_rx_pcpu);'

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
