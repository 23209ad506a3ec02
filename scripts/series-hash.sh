#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The identity of the patches in DIR, the cover letter and commit ids
# aside: make check-rt records it, make check compares it.
#
# Usage: series-hash.sh DIR
set -euo pipefail
shopt -s nullglob
for f in "${1:?dir}"/v*-[0-9][0-9][0-9][0-9]-*.patch; do
	case $f in *-0000-cover-letter.patch) continue ;; esac
	# not the commit ids ("From <sha>"): the same patches, exported again
	sed '1{/^From [0-9a-f]\{40\} /d}' "$f"
done | sha256sum | cut -c1-16
