#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The negative control's tree (make check, vm-kernel-base): run CMD in TREE
# at HEAD with every C file the series changes restored to BASE, then put
# them back. The series' code is reverted, its headers are kept; a kernel
# of BASE's own headers would share no ccache object with the head (the
# series changes sched.h), and this one recompiles only the reverted files.
#
# Refused (CMD not run, exit 1), as the control would not be the base's code:
#   - a change other than a modified .c or a modified or added .h (Kconfig,
#     Makefile, an added, deleted or renamed file), outside the tests, YNL,
#     the .rst text and MAINTAINERS;
#   - a header change that could carry behaviour: a line removed, or an
#     inline, a macro or a trace event added;
#   - no C file changed at all.
# After CMD (or an interrupt) the files are back at HEAD, and the tree must
# be clean at HEAD's branch; if not, exit 1.
#
# Usage: control-tree.sh TREE BASE HEAD CMD [ARG...]
#        control-tree.sh --selftest
set -uo pipefail

control() {
	local t=$1 base=$2 head=$3 st f c=() rc=0
	shift 3
	while read -r st f; do
		case $f in
		# not in the kernel: the tests (the head's run on both),
		# YNL and its uapi copy, text
		tools/testing/* | tools/net/ynl/* | tools/include/uapi/* | \
		Documentation/*.rst | Documentation/netlink/specs/* | MAINTAINERS)
			continue ;;
		esac
		case $st:$f in
		M:*.c) c+=("$f"); echo "reverted to $base: $f" ;;
		M:*.h | A:*.h) echo "kept from $head: $st $f" ;;
		*) echo "$st $f: neither a header nor a changed C file: cannot revert it"
		   rc=1 ;;
		esac
	done < <(git -C "$t" diff-tree -r --no-renames --name-status "$base" "$head")
	((${#c[@]})) || { echo "the series changes no C file"; return 1; }
	if git -C "$t" diff-tree -r -p -U0 --no-renames "$base" "$head" -- '*.h' \
		':!tools/' | grep -E '^-[^-]|^-$|^\+.*(\binline\b|#[[:space:]]*define|TRACE_EVENT|DEFINE_EVENT|DECLARE_EVENT_CLASS)'; then
		echo "^ a header line removed, or an inline, macro or trace event added:" \
		     "the head's headers could carry behaviour into the control's kernel"
		rc=1
	fi
	((rc == 0)) || return 1
	# an interrupted CMD must not leave the tree reverted
	trap 'git -C "$t" checkout -q "$head" -- "${c[@]}"; exit 130' INT TERM HUP
	git -C "$t" checkout -q "$base" -- "${c[@]}" && "$@"
	rc=$?
	git -C "$t" checkout -q "$head" -- "${c[@]}" || rc=1
	trap - INT TERM HUP
	if ! git -C "$t" diff --quiet HEAD ||
	   [ "$(git -C "$t" rev-parse HEAD)" != "$(git -C "$t" rev-parse "$head")" ]; then
		echo "the tree is not back at $head"; rc=1
	fi
	return $rc
}

# ---- self-test: a toy tree, one series per case ------------------------------
selftest() {
	local tmp fail=0 me
	me=$(readlink -f "$0")
	tmp=$(mktemp -d)
	# shellcheck disable=SC2064 # expand now
	trap "rm -rf '$tmp'" EXIT
	export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
	export GIT_AUTHOR_NAME=selftest GIT_AUTHOR_EMAIL=selftest@example.org
	export GIT_COMMITTER_NAME=selftest GIT_COMMITTER_EMAIL=selftest@example.org
	# toy T: base with a .c, a .h, a Makefile; branch "head" with the case's
	# change (a shell snippet run in the tree) on top
	toy() {
		rm -rf "$tmp/t"
		git init -q -b base "$tmp/t" && cd "$tmp/t" || return 1
		mkdir -p net include tools/testing
		printf 'int f(void)\n{\n\treturn 0;\n}\n' > net/dev.c
		printf 'int f(void);\n' > include/dev.h
		echo 'obj-y += dev.o' > net/Makefile
		echo '# test' > tools/testing/t.sh
		git add -A && git commit -qm base && git checkout -qb head &&
		sed -i 's/return 0/return 1/' net/dev.c &&
		eval "$1" && git add -A && git commit -qm head
		cd - > /dev/null || return 1
	}
	# probe: what CMD sees (the .c's body, and the header)
	# shellcheck disable=SC2016 # the probe's own $1
	printf '#!/bin/sh\ncat "$1/net/dev.c" "$1/include/dev.h" > "$2"\nexit "${3:-0}"\n' > "$tmp/probe"
	chmod +x "$tmp/probe"
	run() { "$me" "$tmp/t" base head "$@" > "$tmp/out" 2>&1; }
	ok() { echo "ok: $*"; }
	bad() { echo "FAIL: $*"; sed 's/^/    /' "$tmp/out"; fail=1; }
	back() { git -C "$tmp/t" diff --quiet HEAD && grep -q 'return 1' "$tmp/t/net/dev.c"; }

	# 1. .c changed (every case: return 0 -> 1), a declaration added: CMD
	#    sees the base's .c and the head's header; then the tree is back
	toy 'echo "int g(void);" >> include/dev.h; echo x >> tools/testing/t.sh'
	if run "$tmp/probe" "$tmp/t" "$tmp/seen" && grep -q 'return 0' "$tmp/seen" &&
	   grep -q 'int g' "$tmp/seen" && back; then
		ok "base's C code and the head's declarations; tree back at head"
	else bad "the control's tree"; fi
	# 2. CMD fails: the failure is returned, the tree is back
	if ! run "$tmp/probe" "$tmp/t" "$tmp/seen" 3 && back; then
		ok "CMD's failure returned, tree back"
	else bad "CMD's failure"; fi
	# 3. interrupted (TERM while CMD runs): tree back, exit 130
	run sh -c 'kill -TERM $PPID; sleep 1'
	if [ $? -eq 130 ] && back; then ok "TERM: tree restored, exit 130"
	else bad "an interrupt left the tree reverted"; fi
	# 4. refused: CMD must not run
	#    (each with the reason it must give)
	local name change why
	while IFS='|' read -r name why change; do
		toy "$change"
		rm -f "$tmp/seen"
		if ! run "$tmp/probe" "$tmp/t" "$tmp/seen" && [ ! -e "$tmp/seen" ] &&
		   grep -q "$why" "$tmp/out" && git -C "$tmp/t" diff --quiet HEAD; then
			ok "refused: $name"
		else bad "not refused: $name"; fi
	done <<-'EOF'
	header line removed|carry behaviour|sed -i 1d include/dev.h
	inline added|carry behaviour|echo "static inline int h(void) { return 1; }" >> include/dev.h
	macro added|carry behaviour|echo "#define F 1" >> include/dev.h
	trace event added|carry behaviour|echo "TRACE_EVENT(x);" >> include/dev.h
	C file added|A net/new.c: neither|echo "int y;" > net/new.c
	Makefile changed|M net/Makefile: neither|echo "obj-y += new.o" >> net/Makefile
	C file renamed|A net/dev2.c: neither|git mv net/dev.c net/dev2.c
	no C file changed|changes no C file|git checkout -q base -- net/dev.c; echo "int g(void);" >> include/dev.h
	EOF
	# 5. left on a detached HEAD by CMD: caught
	toy :
	if ! run git -C "$tmp/t" checkout -q --detach base 2>/dev/null &&
	   grep -q 'not back at head' "$tmp/out"; then ok "CMD moved HEAD: caught"
	else bad "CMD moved HEAD"; fi
	[ $fail -eq 0 ] && echo "control-tree: all ok"
	return $fail
}

case ${1:-} in
--selftest) selftest ;;
"" | -*) echo "usage: control-tree.sh TREE BASE HEAD CMD [ARG...] | --selftest" >&2; exit 64 ;;
*) [ $# -ge 4 ] || { echo "usage: control-tree.sh TREE BASE HEAD CMD [ARG...]" >&2; exit 64; }
   control "$@" ;;
esac
