# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Helpers shared by the checks (sourced). Per-patch checks read everything
# from git objects of TREE (COMMIT and its parent), never from its work tree.
# Exit codes of every check: 0 pass, 1 fail, 2 skip, 64 usage error (bad
# arguments: make check counts it as a FAIL, and a self-test that wants a
# rejection, 1, does not take it for one).
EX_USAGE=64

# usage MESSAGE: print it and exit EX_USAGE.
usage() {
	echo "$0: $*" >&2
	exit $EX_USAGE
}

# patch_args "$@": parse "TREE COMMIT"; sets TREE (top dir), COMMIT (sha)
# and TMP (a temporary directory removed at exit).
patch_args() {
	[ $# -eq 2 ] || usage "usage: $0 TREE COMMIT"
	TREE=$(git -C "$1" rev-parse --show-toplevel 2>/dev/null) || TREE=$1
	COMMIT=$(git -C "$TREE" rev-parse --verify -q "$2^{commit}") ||
		usage "no commit $2 in $TREE"
	git -C "$TREE" rev-parse --verify -q "$COMMIT~^{commit}" >/dev/null ||
		usage "commit $2 has no parent"
	TMP=$(mktemp -d)
	trap 'rm -rf "$TMP"' EXIT
}

# series_args "$@": parse "--series PATCHFILE..."; sets PATCHES (array).
series_args() {
	if [ $# -lt 2 ] || [ "$1" != --series ]; then
		usage "usage: $0 --series PATCHFILE..."
	fi
	shift
	# shellcheck disable=SC2034 # for the sourcing check
	PATCHES=("$@")
}

# touched FILTER [PATHSPEC...]: files COMMIT changes, by git diff-filter
# letter(s) (A added, M modified, D deleted; renames count as D + A).
touched() {
	local filter=$1
	shift
	git -C "$TREE" diff --no-renames --name-only --diff-filter="$filter" \
		"$COMMIT~" "$COMMIT" -- "$@"
}

# patch_diff [PATHSPEC...]: the diff of COMMIT against its parent.
patch_diff() {
	git -C "$TREE" diff --no-renames "$COMMIT~" "$COMMIT" -- "$@"
}

# diff_grep PATHSPEC GREP-ARG...: the lines of COMMIT's diff (hunks only)
# of the files in PATHSPEC that `grep GREP-ARG...` selects, "path: +line".
diff_grep() {
	local spec=$1 f
	shift
	touched AMD "$spec" | while IFS= read -r f; do
		patch_diff "$f" | awk '/^@@/ { h = 1 } h' | grep "$@" |
			awk -v f="$f" '{ print f ": " $0 }'
	done
}

# exists_at REV PATH: whether PATH is a file at REV.
exists_at() {
	[ "$(git -C "$TREE" cat-file -t "$1:$2" 2>/dev/null)" = blob ]
}

# extract REV PATH DEST: write the file PATH at REV to DEST/PATH.
extract() {
	mkdir -p "$3/$(dirname "$2")"
	git -C "$TREE" cat-file blob "$1:$2" >"$3/$2"
}

# extract_dir REV DIR DEST: write the whole directory DIR at REV under DEST.
extract_dir() {
	mkdir -p "$3"
	git -C "$TREE" archive --format=tar "$1" -- "$2" | tar -x -C "$3"
}

# mbox_subject FILE: the (unfolded) Subject header of a format-patch file.
mbox_subject() {
	awk 'NR == 1 && /^From / { next }
	     /^$/ { exit }
	     /^Subject:/ { s = substr($0, 10); in_s = 1; next }
	     in_s && /^[ \t]/ { s = s $0; next }
	     { in_s = 0 }
	     END { print s }' "$1"
}

# mbox_author FILE: the From: header of a format-patch file, "Name <email>"
# (RFC 2047 words decoded).
mbox_author() {
	python3 -c 'import email, email.header, sys
msg = email.message_from_file(open(sys.argv[1], encoding="utf-8"))
print(str(email.header.make_header(email.header.decode_header(msg["From"]))))' "$1"
}

# mbox_msg FILE: the commit message part of a format-patch file (the body
# up to the "---" line before the diffstat).
mbox_msg() {
	awk 'body && /^---$/ { exit }
	     body { print }
	     !body && /^$/ { body = 1 }' "$1"
}

# is_cover FILE: whether FILE is a cover letter (0000-*, or numbered 0/N).
is_cover() {
	[[ $(basename "$1") == 0000-* ]] ||
		mbox_subject "$1" | grep -qE '^\[[^]]* 0+/[0-9]+\]'
}

# series_tree: the target tree, from SERIES_TREE (net or net-next).
series_tree() {
	case ${SERIES_TREE:-net-next} in
	net|net-next) echo "${SERIES_TREE:-net-next}" ;;
	*) usage "SERIES_TREE must be net or net-next" ;;
	esac
}

# patch_commit TREE PARENT PATCH TMPDIR: PATCH (a git format-patch file)
# applied on PARENT as an unreferenced commit, made through a temporary index
# (TREE's work tree, index and refs are left alone); prints its id.
patch_commit() {
	local tree=$1 idx=$4/index info=$4/info msg=$4/msg t
	rm -f "$idx"
	git -C "$tree" mailinfo "$msg" "$4/diff" <"$3" >"$info" || return 1
	GIT_INDEX_FILE=$idx git -C "$tree" read-tree "$2" &&
		GIT_INDEX_FILE=$idx git -C "$tree" apply --cached "$3" &&
		t=$(GIT_INDEX_FILE=$idx git -C "$tree" write-tree) || return 1
	{ sed -n 's/^Subject: //p' "$info"; echo; cat "$msg"; } |
		GIT_AUTHOR_NAME=$(sed -n 's/^Author: //p' "$info") \
		GIT_AUTHOR_EMAIL=$(sed -n 's/^Email: //p' "$info") \
		GIT_AUTHOR_DATE=$(sed -n 's/^Date: //p' "$info") \
		git -C "$tree" commit-tree "$t" -p "$2"
}

# debian_python DIR: DIR/python3 is Debian's. checkpatch.pl runs
# scripts/spdxcheck.py as `env python3`, which needs python3-ply and
# python3-git (deps.sh); the first python3 on PATH may lack them (pyenv,
# venv), and then checkpatch goes on without the SPDX check. Put DIR first
# on checkpatch's (or b4's) PATH.
debian_python() {
	mkdir -p "$1" && ln -sf /usr/bin/python3 "$1/python3"
}
