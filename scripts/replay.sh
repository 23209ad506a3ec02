#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The commits FROM..REV of TREE replayed onto ONTO, each with its own
# author, committer, dates and message; prints the new head. The net-next
# series is tested over the net fixes (series-base) but posted on net-base,
# which it applies to alone (series-alone.sh): its patches are written from
# this replay, so that their blobs are net-base's and the cover letter needs
# no prerequisite-patch-id lines. The same commits give the same ids. No
# work tree, no branch: a temporary index.
#
# Usage: replay.sh TREE FROM REV ONTO
set -euo pipefail
tree=${1:?tree} from=${2:?from} rev=${3:?rev} onto=${4:?onto}
GIT_INDEX_FILE=$(mktemp)
export GIT_INDEX_FILE
trap 'rm -f "$GIT_INDEX_FILE"' EXIT
g() { git -C "$tree" "$@"; }
head=$(g rev-parse "$onto^{commit}")
for c in $(g rev-list --reverse "$from..$rev"); do
	g read-tree "$head"
	g diff-tree -p --binary --full-index "$c^" "$c" | g apply --cached ||
		{ echo "replay: \"$(g log -1 --format=%s "$c")\" does not apply on $onto" >&2
		  exit 1; }
	IFS=$'\t' read -r an ae ad cn ce cd < <(g log -1 --date=raw \
		--format=$'%an\t%ae\t%ad\t%cn\t%ce\t%cd' "$c")
	head=$(g cat-file commit "$c" | sed '1,/^$/d' |
		GIT_AUTHOR_NAME=$an GIT_AUTHOR_EMAIL=$ae GIT_AUTHOR_DATE=$ad \
		GIT_COMMITTER_NAME=$cn GIT_COMMITTER_EMAIL=$ce GIT_COMMITTER_DATE=$cd \
		git -C "$tree" commit-tree "$(g write-tree)" -p "$head")
done
echo "$head"
