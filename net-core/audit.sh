#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run net-core's coccinelle audits over TREE and print their findings:
# - netif_receive_skb_ret.cocci: the callers that use the return value of
#   netif_receive_skb() (the cover letter says how each one is handled);
# - napi_complete_locked.cocci: the drivers that call napi_complete_done()
#   (or napi_complete()) under a spinlock.
# A spatch failure fails the audit: its errors are shown, not hidden.
#
# Usage: audit.sh TREE
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tree=$(cd "${1:?tree}" && pwd)
cd "$tree"
rc=0
# audit COCCI PATTERN: spatch COCCI on the files git grep finds PATTERN in
audit() {
	local cocci=$1 pattern=$2
	echo "== $(basename "$cocci")"
	git grep -l -w -E "$pattern" -- '*.c' '*.h' |
		xargs -P "$(nproc)" -n 8 spatch --very-quiet -D report --no-show-diff \
			--no-includes --timeout 60 --sp-file "$cocci" > "$tmp" || rc=1
	sort -u "$tmp"
}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
audit "$here/netif_receive_skb_ret.cocci" netif_receive_skb
audit "$here/napi_complete_locked.cocci" 'napi_complete(_done)?'
exit $rc
