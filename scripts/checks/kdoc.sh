#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Mirrors NIPA tests/patch/kdoc: `scripts/kernel-doc -Wall -none` on the .c/.h
# files COMMIT touches, before and after (each with its own kernel-doc);
# fail on any warning that is new, compared without line numbers.
# Difference: files and kernel-doc come from git objects, not a checkout.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
patch_args "$@"

# kdoc REV OUT FILE...: kernel-doc's warnings on FILEs at REV, into OUT.
kdoc() {
	local rev=$1 out=$2 dir p ent tool=()
	shift 2
	: >"$out"
	[ $# -gt 0 ] || return 0
	dir=$(mktemp -d -p "$TMP")
	# kernel-doc was perl, then python (scripts/lib/kdoc), now a symlink to
	# tools/docs/kernel-doc with tools/lib/python/kdoc: take what REV has.
	for p in scripts/kernel-doc scripts/kernel-doc.py scripts/lib/kdoc \
		 tools/lib/python; do
		ent=$(git -C "$TREE" ls-tree "$rev" -- "$p")
		[ -n "$ent" ] || continue
		tool+=("$p")
		[[ $ent == 120000* ]] || continue
		tool+=("$(realpath -m --relative-to=/ "/$(dirname "$p")/$(
			git -C "$TREE" cat-file blob "$rev:$p")")")
	done
	git -C "$TREE" archive --format=tar "$rev" -- "${tool[@]}" | tar -x -C "$dir"
	if [ ! -x "$dir/scripts/kernel-doc" ]; then
		echo "SKIP: no scripts/kernel-doc at $rev"
		exit 2
	fi
	for p in "$@"; do
		extract "$rev" "$p" "$dir"
	done
	(cd "$dir" && ./scripts/kernel-doc -Wall -none "$@") 2>&1 >/dev/null |
		awk '/^[ \t]*$/ { next }
		     j != "" { print j " " $0; j = ""; next }
		     /:$/ { j = $0; next }
		     { print }
		     END { if (j != "") print j }' >"$out"
}

mapfile -t before < <(touched DM '*.c' '*.h')
mapfile -t after < <(touched AM '*.c' '*.h')
[ ${#before[@]} -gt 0 ] || [ ${#after[@]} -gt 0 ] || exit 0

kdoc "$COMMIT~" "$TMP/before" "${before[@]}"
kdoc "$COMMIT" "$TMP/after" "${after[@]}"
# kernel-doc exits 0 even when it cannot run or read a file
if grep -hE '^Traceback|Cannot find file|No such file|command not found' \
	"$TMP/before" "$TMP/after"; then
	echo "kernel-doc failed"
	exit 1
fi

# "Warning: path:123 text" is compared as "Warning: path text".
awk 'function key(s,   head) {
	if (match(s, /^[A-Za-z]+: [^ :]+:[0-9]+/)) {
		head = substr(s, 1, RLENGTH)
		sub(/:[0-9]+$/, "", head)
		s = head substr(s, RLENGTH + 1)
	}
	return s
     }
     FILENAME == ARGV[1] { old[key($0)] = 1; next }
     !(key($0) in old) && !seen[$0]++ { print; bad = 1 }
     END { exit bad }' "$TMP/before" "$TMP/after"
