#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Prove that each "never deferred" case of netif_receive_skb() has a test:
# remove its guard from net/core/dev.c, rebuild the VM kernel, boot it and
# show the KUnit case (suite net_napi_rx_list) that now fails. dev.c is
# restored afterwards, and the kernel rebuilt.
#
# Usage: guards.sh TREE KOUT [GUARD...]
#   GUARD: irqs_disabled npsvc complete_done nested (default: all)
set -uo pipefail
scripts=$(cd "$(dirname "$0")/../scripts" && pwd)
kmake=$scripts/kmake.sh
tree=$(cd "${1:?tree}" && pwd) kout=$(cd "${2:?kernel build dir}" && pwd)
shift 2
f=$tree/net/core/dev.c
orig=$(mktemp)
cp "$f" "$orig"
trap 'cp "$orig" "$f"; rm -f "$orig"' EXIT

build_boot() {
	"$kmake" "$tree" "$kout" bzImage || return 1
	"$scripts/vm-boot.sh" 300 "$kout" --cpus 2 --memory 1G --exec true -v 2>&1
}

# remove GUARD: the python replacement (old, new) applied to dev.c
declare -A old new
old[irqs_disabled]=$'if (unlikely(irqs_disabled() ||\n\t\t     test_bit(NAPI_STATE_NPSVC, &napi->state)))'
new[irqs_disabled]=$'if (unlikely(test_bit(NAPI_STATE_NPSVC, &napi->state)))'
old[npsvc]=${old[irqs_disabled]}
new[npsvc]=$'if (unlikely(irqs_disabled()))'
old[complete_done]=$'\tif (this_cpu_read(softnet_data.polling_napi) == n)\n\t\tthis_cpu_write(softnet_data.polling_napi, NULL);\n'
new[complete_done]=''
old[nested]=$'\tif (napi)\n\t\tthis_cpu_write(softnet_data.polling_napi, NULL);\n'
new[nested]=''

rc=0
for g in "${@:-irqs_disabled npsvc complete_done nested}"; do
	for g1 in $g; do
		cp "$orig" "$f"
		OLD=${old[$g1]} NEW=${new[$g1]} python3 -c '
import os, sys
p = sys.argv[1]; s = open(p).read(); o = os.environ["OLD"]
if o not in s:
    sys.exit("guard not found")
open(p, "w").write(s.replace(o, os.environ["NEW"], 1))' "$f" || { echo "$g1: guard not found"; rc=1; continue; }
		echo "== guard removed: $g1"
		out=$(build_boot)
		echo "$out" | grep -E 'not ok [0-9]+ napi_rx|EXPECTATION FAILED|    Expected|# net_napi_rx_list: pass' | sed 's/^\[[ 0-9.]*\] *//'
		echo "$out" | grep -q 'not ok [0-9]* napi_rx' || { echo "$g1: NO test failed"; rc=1; }
	done
done
cp "$orig" "$f"
"$kmake" "$tree" "$kout" bzImage
exit $rc
