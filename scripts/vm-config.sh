#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Write OUT/.config for the VM kernel: x86_64 allnoconfig + net-core/vm.config
# + the config fragment of every kselftest target the VM runs (=m made =y).
# Fails if a symbol our fragment asks for did not survive olddefconfig.
# VM_UPSTREAM_CONFIG=FILE: a fragment of the kernel's own (make check-debug:
# kernel/configs/debug.config), after ours; not checked line by line, since
# it names symbols that other architectures or versions have.
# VM_EXTRA_CONFIG=FILE: one more fragment, last (make check-rt, check-debug).
# VM_ARCH=arm: the ARM VM kernel instead, ARCH=arm allnoconfig +
# net-core/vm-arm.config (no TARGETs: its guest runs no kselftests).
#
# Usage: vm-config.sh TREE OUT TARGET...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tree=$(cd "${1:?tree}" && pwd); out=${2:?out}; shift 2
mkdir -p "$out"
out=$(cd "$out" && pwd)
case ${VM_ARCH:=x86_64} in
x86_64) ours="$here/../net-core/vm.config" ;;
arm) ours="$here/../net-core/vm-arm.config" ;;
*) echo "vm-config: VM_ARCH=$VM_ARCH: x86_64 or arm" >&2; exit 2 ;;
esac
frag="$out/vm-fragment.config"
{
	for t in "$@"; do
		f="$tree/tools/testing/selftests/$t/config"
		[ -f "$f" ] && sed 's/=m$/=y/' "$f"
	done
	# ours last: it wins where it disagrees (BTF, modules)
	cat "$ours" ${VM_UPSTREAM_CONFIG:+"$VM_UPSTREAM_CONFIG"} \
		${VM_EXTRA_CONFIG:+"$VM_EXTRA_CONFIG"}
} | awk '# one line per symbol, the last wins (a symbol given twice in one
	# fragment makes olddefconfig print an "override" warning)
	match($0, /^CONFIG_[A-Za-z0-9_]+=/) || match($0, /^# CONFIG_[A-Za-z0-9_]+ is not set$/) {
		k = $0; sub(/^# /, "", k); sub(/[= ].*/, "", k)
		if (!(k in v)) o[++n] = k
		v[k] = $0
	}
	END { for (i = 1; i <= n; i++) print v[o[i]] }' > "$frag"
make -s -C "$tree" O="$out" ARCH="$VM_ARCH" allnoconfig >/dev/null
"$tree/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "$frag" >/dev/null
make -s -C "$tree" O="$out" ARCH="$VM_ARCH" olddefconfig >/dev/null
bad=0
while IFS= read -r line; do
	case "$line" in CONFIG_*=*) ;; *) continue ;; esac
	sym=${line%%=*} val=${line#*=}
	if [ "$val" = n ]; then
		grep -q "^$sym=" "$out/.config" && { echo "vm-config: $sym should be off" >&2; bad=1; }
	else
		grep -qx "$line" "$out/.config" || { echo "vm-config: $line did not survive olddefconfig" >&2; bad=1; }
	fi
done < <(# ours, each symbol's last value, unless the upstream fragment set it after
	 { sed 's/^/ours /' "$ours"
	   [ -n "${VM_UPSTREAM_CONFIG:-}" ] && sed 's/^/upstream /' "$VM_UPSTREAM_CONFIG"
	   [ -n "${VM_EXTRA_CONFIG:-}" ] && sed 's/^/ours /' "$VM_EXTRA_CONFIG"; } |
	 awk '{ who = $1; sub(/^[a-z]* /, "") }
	      /^CONFIG_/ { k = $0; sub(/=.*/, "", k); last[k] = $0; from[k] = who; order[n++] = k }
	      /^# CONFIG_.* is not set$/ { k = $2; last[k] = k "=n"; from[k] = who; order[n++] = k }
	      END { for (i = 0; i < n; i++)
			if (!seen[order[i]]++ && from[order[i]] == "ours") print last[order[i]] }')
exit $bad
