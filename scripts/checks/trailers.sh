#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Our trailer rules (NIPA tests/series/fixes_present covers Fixes: for net):
# every patch carries "Assisted-by: LLM [TOOL...]" (coding-assistants.rst).
# A patch of the project's own identity has no Signed-off-by: the human adds
# it when sending. A patch taken over from its author keeps its From: and
# that author's Signed-off-by, first (submitting-patches.rst, "Sign your
# work"), and none of the project's. For SERIES_TREE=net every patch needs
# Fixes: <12+ hex> ("subject") (NIPA: one in the series).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
# shellcheck source=scripts/identity
. "$here/../identity"
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
	author=$(mbox_author "$p")
	sob=$(grep -iE '^[[:space:]]*Signed-off-by:' <<<"$msg")
	if [ "$author" = "$PROJECT_NAME <$PROJECT_EMAIL>" ]; then
		if [ -n "$sob" ]; then
			echo "$name: has a Signed-off-by (the sender adds it)"
			rc=1
		fi
	elif [ "$(head -n 1 <<<"$sob")" != "Signed-off-by: $author" ]; then
		echo "$name: authored by $author, whose Signed-off-by is not its first"
		rc=1
	elif grep -qiF "<$PROJECT_EMAIL>" <<<"$sob"; then
		echo "$name: has a Signed-off-by of $PROJECT_EMAIL (the sender adds theirs)"
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
