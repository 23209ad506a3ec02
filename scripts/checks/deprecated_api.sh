#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Mirrors NIPA tests/patch/deprecated_api: module parameters, the untracked
# dev_hold()/dev_put()/get_net()/put_net(), init_dummy_netdev(), and __free()
# under drivers/net. Difference: any added use fails; NIPA only flags those
# but module_param when the patch adds more than it removes.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
patch_args "$@"

rc=0
# check NAME REGEX [PATHSPEC]: report added lines matching REGEX.
check() {
	local hits
	hits=$(diff_grep "${3:-.}" -i "^+.*$2")
	[ -n "$hits" ] || return 0
	awk -v s=" (deprecated: $1)" '{ print $0 s }' <<<"$hits"
	rc=1
}

check module_param 'module_param'
for f in dev_hold dev_put put_net get_net init_dummy_netdev; do
	check "$f" "\W$f("
done
check '__free in drivers/net' '\W__free(' drivers/net
exit $rc
