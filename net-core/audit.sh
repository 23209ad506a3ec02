#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run net-core's coccinelle audits over TREE and print their findings:
# netif_receive_skb_ret.cocci lists the callers that use the return value of
# netif_receive_skb() (the cover letter says how each one is handled).
#
# Usage: audit.sh TREE
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tree=$(cd "${1:?tree}" && pwd)
cd "$tree"
files=$(git grep -l 'netif_receive_skb(' -- '*.c')
# shellcheck disable=SC2086 # one file name per word
spatch --very-quiet -D report --no-show-diff --no-includes \
	--sp-file "$here/netif_receive_skb_ret.cocci" $files 2>/dev/null | sort -u
