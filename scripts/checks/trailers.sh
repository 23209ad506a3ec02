#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Our trailer rules (NIPA tests/series/fixes_present covers Fixes: for net):
# every patch carries "Assisted-by: LLM [TOOL...]" (coding-assistants.rst)
# and no Signed-off-by (the human adds it when sending); for SERIES_TREE=net
# every patch needs Fixes: <12+ hex> ("subject") (NIPA: one in the series).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
series_args "$@"
tree=$(series_tree) || exit $EX_USAGE
rc=0 placeholder=

for p in "${PATCHES[@]}"; do
	is_cover "$p" && continue
	name=$(basename "$p")
	msg=$(mbox_msg "$p")
	if ! grep -qE '^Assisted-by: LLM( [^ ]+)*$' <<<"$msg"; then
		echo "$name: no 'Assisted-by: LLM [TOOL1] [TOOL2]' line"
		rc=1
	fi
	if grep -qiE '^[[:space:]]*Signed-off-by:' <<<"$msg"; then
		echo "$name: has a Signed-off-by (the sender adds it)"
		rc=1
	fi
	if [ "$tree" = net ] &&
	   ! grep -qE '^Fixes: [0-9a-f]{12,} \(".+"\)$' <<<"$msg"; then
		echo "$name: no 'Fixes: <sha> (\"subject\")' line (net)"
		rc=1
	fi
	# an id of zeros stands for one that could not be looked up: allowed
	# here, said on the last line, and refused by make send / send-net
	grep -qE '^Fixes: 0{12,} ' <<<"$msg" && placeholder="$placeholder $name"
done
[ $rc -eq 0 ] && [ -n "$placeholder" ] &&
	echo "note: placeholder Fixes: id (send refuses it until replaced):$placeholder"
exit $rc
