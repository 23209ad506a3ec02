#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Mirrors NIPA tests/patch/{shellcheck,pylint,ruff,yamllint} on the .sh, .py,
# .yaml files COMMIT adds or modifies: fail if a file has more findings after
# than before (new or clean .sh: any finding). Differences: per file, not
# summed; warnings fail; pylint --disable=R; ruff is its wasm build.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
patch_args "$@"

mapfile -t files < <(touched AM '*.sh' '*.py' '*.yaml')
[ ${#files[@]} -gt 0 ] || exit 0
rc=0 skip=0

need() {
	command -v "$1" >/dev/null && return 0
	echo "SKIP: $1 not installed"
	skip=1
	return 1
}
have_sh=0 have_py=0 have_ruff=0 have_yaml=0
printf '%s\n' "${files[@]}" | grep -q '\.sh$' && need shellcheck && have_sh=1
if printf '%s\n' "${files[@]}" | grep -q '\.py$'; then
	need pylint && have_py=1
	ruff_dir=${RUFF_WASM_DIR:-$HOME/.cache/napi-list/tools/ruff-wasm}
	if [ -f "$ruff_dir/node_modules/@astral-sh/ruff-wasm-nodejs/package.json" ]; then
		need node && have_ruff=1
	else
		echo "SKIP: ruff not installed (scripts/checks/install-ruff.sh)"
		skip=1
	fi
fi
printf '%s\n' "${files[@]}" | grep -q '\.yaml$' && need yamllint && have_yaml=1

# root REV PATH: a directory holding PATH at REV, with what it sources or
# imports (the whole selftests or ynl tree, else its own directory), and
# the top-level .pylintrc; prints the directory.
root() {
	local rev=$1 path=$2 dir ctx
	dir=$TMP/$(git -C "$TREE" rev-parse --short "$rev")
	case $path in
	tools/testing/selftests/*) ctx=tools/testing/selftests ;;
	tools/net/ynl/*) ctx=tools/net/ynl ;;
	*/*) ctx=$(dirname "$path") ;;
	*) ctx=$path ;;
	esac
	if [ ! -e "$dir/.done:${ctx//\//:}" ]; then
		extract_dir "$rev" "$ctx" "$dir"
		! exists_at "$rev" .pylintrc || extract "$rev" .pylintrc "$dir"
		touch "$dir/.done:${ctx//\//:}"
	fi
	echo "$dir"
}

# lint TOOL PATH: TOOL's findings on PATH, one "PATH:LINE:COL: ..." a line.
lint() {
	local d
	d=$(dirname "$2")
	case $1 in
	shellcheck) (cd "$top/$d" && shellcheck -x -e SC2317 -e SC2329 -f gcc \
		"$(basename "$2")") | sed "s|^|$d/|" ;;
	pylint) (cd "$top" && pylint --disable=R "$2") |
		grep -E ': [EWCF][0-9]{4}: ' ;;
	ruff) (cd "$top" && node "$here/ruff-check.mjs" "$2") ;;
	yamllint) (cd "$top/$d" && yamllint -f parsable "$(basename "$2")") |
		sed "s|^|$d/|" ;;
	esac
}

# compare TOOL REGEX...: fail if the "after" findings have more lines
# matching one of REGEX than the "before" ones; print the new findings.
compare() {
	local tool=$1 re more=0
	shift
	for re in "$@"; do
		[ "$(grep -cE -- "$re" "$TMP/new")" -gt \
		  "$(grep -cE -- "$re" "$TMP/old")" ] && more=1
	done
	[ $more = 1 ] || return 0
	rc=1
	# the findings not in "before", compared without line:col
	awk -v t="$tool" '{ k = $0; sub(/:[0-9]+:[0-9]+:/, ":", k) }
		FILENAME == ARGV[1] { old[k]++; next }
		old[k] > 0 { old[k]--; next }
		{ print t ": " $0 }' "$TMP/old" "$TMP/new"
}

for f in "${files[@]}"; do
	case $f in
	*.sh) [ $have_sh = 1 ] || continue; tools=(shellcheck) ;;
	*.py) tools=()
	      [ $have_py = 1 ] && tools+=(pylint)
	      [ $have_ruff = 1 ] && tools+=(ruff) ;;
	*.yaml) [ $have_yaml = 1 ] || continue; tools=(yamllint) ;;
	esac
	for tool in "${tools[@]}"; do
		: >"$TMP/old"
		if exists_at "$COMMIT~" "$f"; then
			top=$(root "$COMMIT~" "$f")
			lint "$tool" "$f" >"$TMP/old"
		fi
		top=$(root "$COMMIT" "$f")
		lint "$tool" "$f" >"$TMP/new"
		case $tool in
		shellcheck)
			if [ -s "$TMP/old" ]; then
				compare "$tool" ': error: ' ': warning: '
			else	# new, or was clean: NIPA counts everything
				compare "$tool" .
			fi ;;
		yamllint) compare "$tool" '\[error\]' '\[warning\]' ;;
		*) compare "$tool" . ;;
		esac
	done
done
[ $rc = 0 ] && [ $skip = 1 ] && exit 2
exit $rc
