#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A COMMIT that touches a netlink spec (Documentation/netlink/specs/*.yaml)
# or a file generated from one: every file generated from the spec is what
# tools/net/ynl/ynl-regen.sh makes of the spec at COMMIT. The generator, the
# schemas and the files come from git objects of COMMIT. (yamllint on the
# spec is in linters.sh.)
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
patch_args "$@"

# specs the commit changes, and those named by generated files it changes
specs=$({
	touched AM 'Documentation/netlink/specs/*.yaml'
	# a generated file's head names its spec, then "YNL-GEN"
	touched AM '*.c' '*.h' | while IFS= read -r f; do
		git -C "$TREE" show "$COMMIT:$f" | sed -n '1,6p' |
			sed -n 's@^/\*[[:space:]]*\(Documentation/netlink/specs/[^ ]*\.yaml\) \*/$@\1@p'
	done
	} | sort -u | grep . || true)
[ -n "$specs" ] || exit 0

rc=0
dir=$TMP/tree
mkdir -p "$dir"
gen=()
for s in $specs; do
	while IFS= read -r f; do
		gen+=("${f#"$COMMIT":}")
	done < <(git -C "$TREE" grep -l -F "/*	$s */" "$COMMIT" -- '*.c' '*.h')
done
# ynl_gen_c.py finds the tree's top by its MAINTAINERS
git -C "$TREE" archive --format=tar "$COMMIT" -- MAINTAINERS tools/net/ynl \
	Documentation/netlink "${gen[@]}" | tar -x -C "$dir"

# as ynl-regen.sh does: the file's own header names spec, mode and kind
for f in "${gen[@]}"; do
	read -r -a params < <(grep -B1 -h '/\* YNL-GEN' "$dir/$f" |
		sed 's@/\*\(.*\)\*/@\1@' | tr '\n' ' ')
	read -r -a args < <(sed -n 's@/\* YNL-ARG \(.*\) \*/@\1@p' "$dir/$f")
	# the generator names the .c's own header after its output file
	mkdir -p "$TMP/out/$f"
	out=$TMP/out/$f/${f##*/}
	if ! (cd "$dir" && python3 tools/net/ynl/pyynl/ynl_gen_c.py \
		--mode "${params[2]}" "--${params[3]}" --spec "$dir/${params[0]}" \
		"${args[@]}" -o "$out") >"$TMP/gen.log" 2>&1; then
		echo "$f: ynl_gen_c.py failed:"
		cat "$TMP/gen.log"
		rc=1
	elif ! diff -u "$dir/$f" "$out" >"$TMP/gen.diff"; then
		echo "$f: not what ynl-regen.sh generates from ${params[0]}:"
		head -40 "$TMP/gen.diff"
		rc=1
	fi
done
[ $rc -ne 0 ] || echo "${#gen[@]} generated file(s) of $(wc -w <<<"$specs") spec(s) up to date"
exit $rc
