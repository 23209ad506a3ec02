#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The negative control's tree (make check, vm-kernel-base): run CMD in TREE
# at HEAD with every C file the series changes restored to BASE, then put
# them back. The series' code is reverted, its headers are kept; a kernel
# of BASE's own headers would share no ccache object with the head (the
# series changes sched.h), and this one recompiles only the reverted files.
#
# KUnit tests are not the base's code either: an added *_test.c is left
# out, and a Makefile whose change only adds *_test.o objects is restored
# to BASE with the C files, so that no such file is built.
#
# Refused (CMD not run, exit 1), as the control would not be the base's code:
#   - a change other than a modified .c or a modified or added .h (Kconfig,
#     another Makefile change, an added, deleted or renamed file), outside
#     the tests, YNL, the .rst text and MAINTAINERS;
#   - a header change that is not a pure addition of declarations (see
#     headers() below: what an added line may be);
#   - no C file changed at all;
#   - a tree with edits, or not at HEAD, before CMD.
# After CMD (or an interrupt) the files are back at HEAD, and the tree must
# be clean at the commit it was at before; if not, exit 1.
#
# Usage: control-tree.sh TREE BASE HEAD CMD [ARG...]
#        control-tree.sh --selftest
set -uo pipefail

# headers TREE BASE HEAD: the head's headers may only add declarations.
# Every added line must be blank, a comment, a declaration (a member, a
# variable, a forward declaration, a prototype), a struct, union or enum
# opening or closing, an enum member, or a conditional (#if, #ifdef,
# #ifndef, #else, #endif) balanced within its hunk; no line removed, no
# inline, no line in a macro (after a line ending in a backslash). A header
# change that fails is printed with its file. One exception, by name:
# CONTROL_ALLOW (net-core/control-allow.txt) lists "FILE<TAB>LINE<TAB>why"
# for added lines that are none of these but carry nothing into the base
# (a store to a field only the series reads); such a line is accepted,
# and printed with its reason.
headers() {
	local attr rc
	export CONTROL_ALLOW=${CONTROL_ALLOW-$(dirname "$(readlink -f "$0")")/../net-core/control-allow.txt}
	attr=$(mktemp) || return 1
	echo '*.h diff=cpp' > "$attr"
	git -c core.attributesFile="$attr" -C "$1" diff -U1 --no-renames "$2" "$3" -- \
		'*.h' ':!tools/testing/' ':!tools/net/ynl/' ':!tools/include/uapi/' |
	python3 -c '
import os, re, sys
ALLOW = {}
path = os.environ.get("CONTROL_ALLOW", "")
if path and os.path.exists(path):
    for entry in open(path, encoding="utf-8"):
        if entry.startswith("#") or not entry.strip():
            continue
        f, line, why = entry.rstrip("\n").split("\t", 2)
        ALLOW[(f, line.replace("\\t", "\t"))] = why
KEYWORD = r"(?!(return|if|for|while|do|switch|case|goto|else|break|continue|sizeof)\b)"
SHAPES = [re.compile(r) for r in (
    r"\s*",
    r"\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b.*",
    r"(typedef\s+)?(struct|union|enum)(\s+\w+)?\s*\{",
    r"\}(\s*\w+)*\s*;",
    r"\s*[A-Z_][A-Z0-9_]*(\s*=\s*[^;{}]+)?,?",
    r"\s*(struct|union|enum)\s+\w+\s*;",
    r"\s*" + KEYWORD + r"[A-Za-z_][\w\s]*?[\s*]+\**\w+(\s*\[[^\]]*\])?(\s*:\s*\d+)?\s*;",
)]
PROTO = re.compile(r"\s*" + KEYWORD + r"[A-Za-z_][\w\s*]*[\s*]\**\w+\s*\([\w\s*,\[\]]*(,|\)\s*;)")
MORE = re.compile(r"\s+[\w\s*,\[\]]*(,|\)\s*;)")
bad = []
def hunk_end(cond):
    if cond:
        bad.append(f"{name}: a conditional not closed in its hunk")
name, cond, comment, proto, prev = "", 0, False, False, ""
for line in sys.stdin:
    line = line.rstrip("\n")
    if line.startswith("diff --git"):
        hunk_end(cond)
        name, cond = line.split(" b/", 1)[-1], 0
        continue
    if line.startswith(("index ", "--- ", "+++ ", "new file", "old mode", "new mode")):
        continue
    if line.startswith("@@"):
        hunk_end(cond)
        cond, comment, proto, prev = 0, False, False, ""
        continue
    kind, text = line[:1], line[1:]
    if kind == "-":
        bad.append(f"{name}: a line removed: {text}")
        continue
    # what is code on this line, and whether a comment goes on after it
    code, rest, opened = "", text, comment
    while rest:
        if opened:
            end = rest.find("*/")
            if end < 0:
                rest = ""
                break
            rest, opened = rest[end + 2:], False
        else:
            start = rest.find("/*")
            if start < 0:
                code += rest.split("//", 1)[0]
                break
            code, rest, opened = code + rest[:start], rest[start + 2:], True
    if comment and not code.strip() and text.lstrip().startswith("*") or \
       not comment and text.lstrip().startswith("*") and prev.lstrip().startswith(("*", "/*")):
        code = ""
    code, comment = code.rstrip(), opened
    if kind != "+":
        if cond and text.strip():
            bad.append(f"{name}: a conditional around a line the series did not add: {text}")
        prev = text
        continue
    if prev.rstrip().endswith("\\") or code.rstrip().endswith("\\"):
        bad.append(f"{name}: a line in a macro: {text}")
    elif "inline" in code:
        bad.append(f"{name}: an inline: {text}")
    elif proto and MORE.fullmatch(code):
        proto = code.rstrip().endswith(",")
    elif PROTO.fullmatch(code):
        proto = code.rstrip().endswith(",")
    elif any(s.fullmatch(code) for s in SHAPES):
        proto = False
        m = re.match(r"\s*#\s*(\w+)", code)
        if m and m.group(1).startswith("if"):
            cond += 1
        elif m and m.group(1) == "endif":
            cond -= 1
            if cond < 0:
                bad.append(f"{name}: an #endif of a conditional the series did not add")
                cond = 0
    elif (name, text) in ALLOW:
        print(f"{name}: allowed ({ALLOW[(name, text)]}): {text.strip()}")
    else:
        bad.append(f"{name}: not a declaration: {text}")
    prev = text
hunk_end(cond)
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
'
	rc=$?
	rm -f "$attr"
	((rc == 0)) && return 0
	echo "^ the head's headers could carry behaviour into the control's kernel:" \
	     "they may only add declarations"
	return 1
}

# test_objs TREE BASE HEAD MAKEFILE: the Makefile's change only adds
# *_test.o objects (KUnit), to a line of its own or to one it had
test_objs() {
	local strip='s/[[:space:]]+[[:alnum:]_-]+_test\.o\b//g; s/[[:space:]]+$//; /[+:]=$/d'
	[ "$(git -C "$1" show "$2:$4" | sed -E "$strip")" = \
	  "$(git -C "$1" show "$3:$4" | sed -E "$strip")" ]
}
control() {
	local t=$1 base=$2 head=$3 st f c=() rc=0 want
	shift 3
	while read -r st f; do
		case $f in
		# not in the kernel: the tests (the head's run on both), YNL
		# and its uapi copy, text (the headers below: the same paths)
		tools/testing/* | tools/net/ynl/* | tools/include/uapi/* | \
		Documentation/*.rst | Documentation/netlink/specs/* | MAINTAINERS)
			continue ;;
		esac
		case $st:$f in
		M:*.c) c+=("$f"); echo "reverted to $base: $f" ;;
		M:*.h | A:*.h) echo "kept from $head: $st $f" ;;
		A:*_test.c) echo "left out (KUnit, not built): $f" ;;
		M:Makefile | M:*/Makefile)
			if test_objs "$t" "$base" "$head" "$f"; then
				c+=("$f"); echo "reverted to $base (it only adds KUnit objects): $f"
			else
				echo "$st $f: a change other than KUnit objects: cannot revert it"
				rc=1
			fi ;;
		*) echo "$st $f: neither a header nor a changed C file: cannot revert it"
		   rc=1 ;;
		esac
	done < <(git -C "$t" diff-tree -r --no-renames --name-status "$base" "$head")
	((${#c[@]})) || { echo "the series changes no C file"; return 1; }
	headers "$t" "$base" "$head" || rc=1
	((rc == 0)) || return 1
	# the tree must be clean and at HEAD: edits would be lost, and another
	# commit would make the control of something else
	want=$(git -C "$t" rev-parse "$head") || return 1
	if ! git -C "$t" diff --quiet HEAD ||
	   [ "$(git -C "$t" rev-parse HEAD)" != "$want" ]; then
		echo "the tree has changes or is not at $head: not reverting"; return 1
	fi
	# an interrupted CMD must not leave the tree reverted
	trap 'git -C "$t" checkout -q "$head" -- "${c[@]}"; exit 130' INT TERM HUP
	git -C "$t" checkout -q "$base" -- "${c[@]}" && "$@"
	rc=$?
	git -C "$t" checkout -q "$head" -- "${c[@]}" || rc=1
	trap - INT TERM HUP
	if ! git -C "$t" diff --quiet HEAD ||
	   [ "$(git -C "$t" rev-parse HEAD)" != "$want" ]; then
		echo "the tree is not back at $head ($want)"; rc=1
	fi
	return $rc
}

# ---- self-test: a toy tree, one series per case ------------------------------
selftest() {
	local tmp fail=0 me name change why
	me=$(readlink -f "$0")
	tmp=$(mktemp -d)
	# shellcheck disable=SC2064 # expand now
	trap "rm -rf '$tmp'" EXIT
	export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
	export GIT_AUTHOR_NAME=selftest GIT_AUTHOR_EMAIL=selftest@example.org
	export GIT_COMMITTER_NAME=selftest GIT_COMMITTER_EMAIL=selftest@example.org
	# toy CHANGE: base with a .c, a .h (a prototype, an enum, a macro, an
	# inline), a Makefile, a test; branch "head": the .c changed (return 0
	# -> 1) and CHANGE (a shell snippet run in the tree) on top; false if
	# that fails or changes nothing
	toy() {
		rm -rf "$tmp/t"
		git init -q -b base "$tmp/t" && cd "$tmp/t" || return 1
		mkdir -p net include tools/testing tools/net/ynl Documentation
		printf 'int f(void)\n{\n\treturn 0;\n}\n' > net/dev.c
		printf '%s\n' 'int f(void);' '' 'enum e {' '	E_A,' '	E_B,' '};' '' \
			'#define M(x) \' '	((x) + 1)' '' 'static inline int h(void)' \
			'{' '	return 0;' '}' > include/dev.h
		echo 'obj-y += dev.o' > net/Makefile
		echo '# test' > tools/testing/t.sh
		echo '# ynl' > tools/net/ynl/y.py
		echo 'text' > Documentation/d.rst
		git add -A && git commit -qm base && git checkout -qb head &&
		sed -i 's/return 0/return 1/' net/dev.c &&
		eval "$1" && git add -A && git commit -qm head
		local rc=$?
		cd - > /dev/null || return 1
		return $rc
	}
	# probe: what CMD sees (the .c's body, and the header)
	# shellcheck disable=SC2016 # the probe's own $1
	printf '#!/bin/sh\ncat "$1/net/dev.c" "$1/include/dev.h" > "$2"\nexit "${3:-0}"\n' > "$tmp/probe"
	chmod +x "$tmp/probe"
	run() { "$me" "$tmp/t" base head "$@" > "$tmp/out" 2>&1; }
	ok() { echo "ok: $*"; }
	bad() { echo "FAIL: $*"; sed 's/^/    /' "$tmp/out"; fail=1; }
	back() { git -C "$tmp/t" diff --quiet HEAD && grep -q 'return 1' "$tmp/t/net/dev.c"; }

	# 1. declarations added (the shapes the series adds: a prototype on
	#    two lines, struct members under a conditional, an enum and an
	#    enum member, a forward declaration, a new header, comments) and
	#    files outside the kernel changed: CMD sees the base's .c and the
	#    head's header; then the tree is back
	: > "$tmp/out"
	toy "$(cat <<-'EOF'
	cat >> include/dev.h <<'H'

	struct napi_struct;
	/* a comment; on two
	 * lines */
	int g(struct napi_struct *napi,
	      int budget);
	struct s {
	#ifdef CONFIG_X
		unsigned int	depth;	/* a member */
	#endif
		bool		flag;
	};
	enum {
		F_A,	/* one */
		F_B = 4,
	};
	H
	sed -i 's/^	E_A,$/	E_A,\n	E_NEW,/' include/dev.h
	echo 'int k(void);' > include/new.h
	echo x >> tools/testing/t.sh; echo x >> tools/net/ynl/y.py
	echo x >> Documentation/d.rst
	EOF
	)" || bad "toy: case 1"
	if run "$tmp/probe" "$tmp/t" "$tmp/seen" && grep -q 'return 0' "$tmp/seen" &&
	   grep -q 'int g' "$tmp/seen" && grep -q 'kept from head: A include/new.h' "$tmp/out" &&
	   back; then
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
	# 3b. a line that is not a declaration, allowed by name (CONTROL_ALLOW):
	#     CMD runs, and the line is printed with its reason
	printf 'include/dev.h\t\\tf();\ta call the base ignores\n' > "$tmp/allow"
	toy "sed -i 's/^	return 0;\$/	f();\n	return 0;/' include/dev.h" || bad "toy: case 3b"
	if CONTROL_ALLOW=$tmp/allow run "$tmp/probe" "$tmp/t" "$tmp/seen" &&
	   grep -q 'allowed (a call the base ignores)' "$tmp/out" && back; then
		ok "a line allowed by name (CONTROL_ALLOW): CMD runs"
	else bad "a line allowed by name"; fi
	# 3c. a KUnit file added, on a Makefile line of its own and on the
	#     existing one: not built (the Makefile is the base's), tree back
	toy "echo 'int t;' > net/a_test.c; echo 'int t;' > net/b_test.c
	     sed -i 's/dev.o\$/dev.o a_test.o/' net/Makefile
	     echo 'obj-\$(CONFIG_T) += b_test.o' >> net/Makefile" || bad "toy: case 3c"
	# shellcheck disable=SC2016 # the probe's own $1
	if run sh -c 'cat "$1/net/Makefile" > "$2"' sh "$tmp/t" "$tmp/seen" &&
	   ! grep -q _test "$tmp/seen" && grep -q 'left out (KUnit, not built): net/a_test.c' "$tmp/out" &&
	   back && grep -q a_test.o "$tmp/t/net/Makefile"; then
		ok "KUnit files added: the base's Makefile builds none; tree back"
	else bad "KUnit files added"; fi
	# 4. refused: CMD must not run (each with the reason it must give)
	while IFS='|' read -r name why change; do
		toy "$change" || { : > "$tmp/out"; bad "toy: $name"; continue; }
		rm -f "$tmp/seen"
		if ! run "$tmp/probe" "$tmp/t" "$tmp/seen" && [ ! -e "$tmp/seen" ] &&
		   grep -q "$why" "$tmp/out" && git -C "$tmp/t" diff --quiet HEAD; then
			ok "refused: $name"
		else bad "not refused: $name"; fi
	done <<-'EOF'
	header line removed|a line removed|sed -i 1d include/dev.h
	empty header line removed|a line removed|sed -i 2d include/dev.h
	inline added|an inline|echo "static inline int i(void) { return 1; }" >> include/dev.h
	__always_inline added|an inline|printf 'static __always_inline int i(void)\n{\n\treturn 1;\n}\n' >> include/dev.h
	statement in an inline's body|not a declaration|sed -i 's/^	return 0;$/	f();\n	return 0;/' include/dev.h
	return changed in an inline|a line removed|sed -i 's/^	return 0;$/	return 2;/' include/dev.h
	line in a macro|in a macro|sed -i 's/^	((x) + 1)$/	(x) + \\\n	((x) + 1)/' include/dev.h
	macro added|not a declaration|echo "#define F 1" >> include/dev.h
	trace event added|not a declaration|echo "TRACE_EVENT(x);" >> include/dev.h
	DEFINE_EVENT added|not a declaration|echo "DEFINE_EVENT(c, x, TP_PROTO(int a), TP_ARGS(a));" >> include/dev.h
	#if 0 around a declaration|a conditional around|sed -i 's/^int f(void);$/#if 0\nint f(void);\n#endif/' include/dev.h
	C file added|A net/new.c: neither|echo "int y;" > net/new.c
	Makefile changed|M net/Makefile: a change other|echo "obj-y += new.o" >> net/Makefile
	Makefile changed with a test|M net/Makefile: a change other|echo "obj-y += new.o t_test.o" >> net/Makefile; echo "int y;" > net/t_test.c
	C file renamed|A net/dev2.c: neither|git mv net/dev.c net/dev2.c
	no C file changed|changes no C file|git checkout -q base -- net/dev.c; echo "int g(void);" >> include/dev.h
	EOF
	# 5. refused before CMD: the tree has an edit, or is not at head
	toy : || bad "toy: clean tree"
	echo '/* edit */' >> "$tmp/t/net/dev.c"
	rm -f "$tmp/seen"
	if ! run "$tmp/probe" "$tmp/t" "$tmp/seen" && [ ! -e "$tmp/seen" ] &&
	   grep -q 'edit' "$tmp/t/net/dev.c"; then ok "refused: an edit in the tree (kept)"
	else bad "an edit in the tree"; fi
	git -C "$tmp/t" checkout -q -f base
	if ! run "$tmp/probe" "$tmp/t" "$tmp/seen" && [ ! -e "$tmp/seen" ]; then
		ok "refused: the tree not at head"
	else bad "the tree not at head"; fi
	# 6. CMD moves HEAD to another commit of the same files: caught
	git -C "$tmp/t" checkout -q head
	# shellcheck disable=SC2016 # expanded by sh -c
	if ! run sh -c 'git -C "$1" reset -q --soft "$(git -C "$1" commit-tree "head^{tree}" -p head -m x)"' \
		sh "$tmp/t" && grep -q 'not back at head' "$tmp/out"; then ok "CMD moved HEAD: caught"
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
