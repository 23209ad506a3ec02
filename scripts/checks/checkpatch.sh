#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Mirrors NIPA tests/patch/checkpatch: the same checkpatch.pl command line,
# run from TREE's top dir on COMMIT. Differences: warnings and checks fail
# too (NIPA: "warning"), MISSING_SIGN_OFF is ignored (see below), and so
# are findings in files ynl-regen.sh generates (ynl.sh checks those).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
patch_args "$@"

# NIPA's list, plus MISSING_SIGN_OFF: our patches are unsigned by design
# (the human adds Signed-off-by when sending); trailers.sh enforces that.
# Less NIPA's COMMIT_LOG_LONG_LINE: b4 prep --check runs checkpatch without
# an ignore list, and commit messages are wrapped at 75 columns.
IGNORED=MACRO_ARG_REUSE,ALLOC_SIZEOF_STRUCT,\
NO_AUTHOR_SIGN_OFF,GIT_COMMIT_ID,CAMELCASE,FILE_PATH_CHANGES,\
BAD_REPORTED_BY_LINK,MISSING_SIGN_OFF
# A tree without the upstream history (the Debian source: one commit under
# the series) cannot resolve the ids of Fixes: tags; a net-next checkout
# (KSRC=) can, and there checkpatch checks them.
if [ "$(git -C "$TREE" rev-list --count "$COMMIT")" -lt 1000 ]; then
	IGNORED=$IGNORED,UNKNOWN_COMMIT_ID
fi

# checkpatch looks for /usr/share/codespell/dictionary.txt, else asks
# `python3 -c "import codespell_lib"`; a python3 without codespell (pyenv,
# venv) makes it silently run without the dictionary, so locate it here.
cs=()
if [ ! -f /usr/share/codespell/dictionary.txt ]; then
	dict=
	for py in /usr/bin/python3 python3; do
		dict=$("$py" -c 'import os.path as p, codespell_lib as c
print(p.join(p.dirname(c.__file__), "data", "dictionary.txt"))' 2>/dev/null) &&
			[ -f "$dict" ] && break
		dict=
	done
	if [ -z "$dict" ]; then
		echo "SKIP: codespell not installed"
		exit 2
	fi
	cs=(--codespellfile="$dict")
fi

# spdxcheck.py, which checkpatch runs on each SPDX tag, with Debian's
# python3 (debian_python), and it must tell a bad tag from a good one here:
# checkpatch says nothing when it cannot run.
debian_python "$TMP/py"
spdx() {
	(cd "$TREE" && echo "SPDX-License-Identifier: $1" |
		PATH=$TMP/py:$PATH ./scripts/spdxcheck.py - 2>&1)
}
if [ -n "$(spdx GPL-2.0)" ] || ! spdx Foo-1.0 | grep -q 'Invalid License ID'; then
	echo "scripts/spdxcheck.py, which checkpatch.pl runs on each SPDX tag, does not work:"
	spdx GPL-2.0 | tail -n 3
	exit 1
fi

out=$TMP/checkpatch.out
(cd "$TREE" && PATH=$TMP/py:$PATH ./scripts/checkpatch.pl -g "$COMMIT" --strict \
	--codespell "${cs[@]}" --max-line-length=80 --ignore="$IGNORED") >"$out" 2>&1

if grep -q 'total: 0 errors, 0 warnings, 0 checks' "$out"; then
	exit 0
fi
if ! grep -q '^total: ' "$out"; then
	echo "checkpatch.pl did not complete:"
	tail -n 5 "$out"
	exit 1
fi
# One line per finding: "WARNING: message (FILE: path:line)".
awk '/^(ERROR|WARNING|CHECK):/ { if (f) print f; f = $0; next }
     f && /^#[0-9]+: FILE: / { sub(/^#[0-9]+: FILE: /, ""); sub(/:$/, "")
                               print f " (" $0 ")"; f = ""; next }
     f { print f; f = "" }
     END { if (f) print f }' "$out" >"$TMP/findings"
# Findings in files tools/net/ynl/ynl-regen.sh generates (YNL-GEN in their
# head) are the generator's, not the patch's: ynl.sh checks those files
# against it instead.
: >"$TMP/kept"
gen=0
while IFS= read -r f; do
	path=$(sed -n 's/.* (\([^ ]*\):[0-9]*)$/\1/p' <<<"$f")
	if [ -n "$path" ] && git -C "$TREE" show "$COMMIT:$path" 2>/dev/null |
		sed -n '1,6p' | grep -q 'YNL-GEN'; then
		gen=$((gen + 1))
		continue
	fi
	echo "$f" >>"$TMP/kept"
done <"$TMP/findings"
if [ ! -s "$TMP/kept" ] && [ "$gen" -gt 0 ]; then
	echo "$gen finding(s), all in files ynl-regen.sh generates (see ynl.sh)"
	exit 0
fi
cat "$TMP/kept"
((gen == 0)) || echo "(and $gen in files ynl-regen.sh generates)"
grep '^total: ' "$out"
exit 1
