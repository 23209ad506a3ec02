#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Mirrors NIPA tests/patch/source_inline: the inline keyword in .c files.
# NIPA flags every added line with `inline` (fail, or warn when as many were
# removed); we fail on any, like NIPA's fail and warn together.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
patch_args "$@"

re='\([^*/]*\W\|\)inline\W'
added=$(diff_grep '*.c' -i "^+$re")
removed=$(diff_grep '*.c' -i "^-$re" | grep -c .)
[ -n "$added" ] || exit 0
echo "$added"
echo "inline in .c files: was $removed now: $(grep -c . <<<"$added")"
exit 1
