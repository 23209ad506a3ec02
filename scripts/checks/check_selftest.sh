#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Mirrors NIPA tests/patch/check_selftest on the net selftests COMMIT adds or
# modifies: new .sh/.py/.c named in the Makefile, new .c in .gitignore, and
# sorted config/.gitignore/Makefile lists. Differences: Makefile list lines
# must continue with " \" (NIPA: any "\"); in .gitignore only the entries
# the commit puts out of order count.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
patch_args "$@"
export LC_ALL=C
rc=0

net_selftest() {
	grep 'tools/testing/selftests/' | grep '/net/'
}
mapfile -t new < <(touched A | net_selftest)
mapfile -t mod < <(touched M | net_selftest)

# config: KEY=... lines sorted, '_' ignored (like NIPA).
check_config() {
	awk -v f="$1" '/^[ \t]*#/ || !/=/ { next }
		{ k = $0; sub(/=.*/, "", k); gsub(/[ \t_]/, "", k) }
		prev != "" && k < pk {
			printf "%s:%d: %s should be before %s\n", f, NR, $0, prev
			bad = 1
		}
		{ prev = $0; pk = k }
		END { exit bad }'
}

# Makefile: multi-line variables one item a line, tab-indented, " \"
# continued, sorted (by directory depth, then name), ended by a comment
# ("# end of VAR"; NIPA also takes a bare "#").
check_makefile() {
	awk -v f="$1" '
	function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
	function err(l, m) { printf "%s:%d: %s: %s\n", f, l, v, m; bad = 1 }
	function add(v, s, l) {
		if (!(v in nb)) { nb[v] = 0; order[++nv] = v }
		nb[v]++; L[v, nb[v]] = s; N[v, nb[v]] = l
	}
	function ndirs(s) { return gsub(/\//, "/", s) }
	function later(a, b) {	# sort key of a > sort key of b
		if (ndirs(a) != ndirs(b)) return ndirs(a) > ndirs(b)
		return tolower(a) > tolower(b)
	}
	match($0, /^[A-Z_][A-Z0-9_]*[ \t]*(:=|=|\+=)/) {
		var = substr($0, 1, RLENGTH); sub(/[ \t]*[:+]?=$/, "", var)
		entry = trim(substr($0, RLENGTH + 1))
		if (substr(entry, 1, 1) == "$" || length(var) < 3 ||
		    var ~ /FLAGS|LIBS/)
			var = ""
		else if (entry != "\\")
			add(var, "\t" entry, NR)
	}
	!match($0, /^[A-Z_][A-Z0-9_]*[ \t]*(:=|=|\+=)/) && var != "" {
		add(var, $0, NR)
	}
	var != "" && !/\\$/ { var = "" }
	END {
		for (o = 1; o <= nv; o++) {
			v = order[o]; n = nb[v]; end = n; k = 0
			last = trim(L[v, n])
			if (n > 1 && substr(last, 1, 1) == "#") end = n - 1
			for (i = 1; i <= end; i++) {
				s = L[v, i]
				if (substr(s, 1, 1) != "\t")
					err(N[v, i], "item not indented with a tab")
				if (s ~ /\\$/ && s !~ /[^ \t] \\$/)
					err(N[v, i], "continuation is not \" \\\"")
				s = substr(s, 2)
				if (s ~ / \\$/) s = trim(substr(s, 1, length(s) - 2))
				if (s ~ / / && s !~ /\$/)
					err(N[v, i], "several items on one line: " s)
				if (substr(s, 1, 1) != "$") { it[++k] = s; il[k] = N[v, i] }
			}
			for (i = 1; i < k; i++)
				if (!(it[i] < it[i + 1]) && later(it[i], it[i + 1]))
					err(il[i + 1], it[i + 1] " should be before " it[i])
			# like NIPA: a bare "#" will do, a longer one names VAR
			if (n > 1 && substr(last, 1, 1) != "#")
				err(N[v, n], "no terminating \"# end of " v "\" line")
			else if (n > 1 && length(last) > 5 && index(last, v) == 0)
				err(N[v, n], "terminating comment does not name " v)
			for (i = 2; i <= n; i++)
				if (N[v, i] != N[v, i - 1] + 1)
					err(N[v, i], "assigned again, first at line " N[v, 1])
		}
		exit bad
	}'
}

# .gitignore: the entries sorted the same way ('_' ignored; comments and
# blank lines skipped). Upstream's own files are not all sorted, so only an
# entry out of order at COMMIT and not at its parent fails.
gitignore_disorder() {	# FILE REV: "ENTRY<tab>message" per entry out of order
	git -C "$TREE" cat-file blob "$2:$1" 2>/dev/null |
	awk -v f="$1" '/^[ \t]*(#|$)/ { next }
		{ k = $0; gsub(/[ \t_]/, "", k) }
		prev != "" && k < pk { printf "%s\t%s:%d: %s should be before %s\n", $0, f, NR, $0, prev }
		{ prev = $0; pk = k }'
}
check_gitignore() {
	local new
	new=$(awk -F '\t' 'NR == FNR { old[$1]++; next } old[$1]-- > 0 { next } { print $2 }' \
		<(gitignore_disorder "$1" "$COMMIT~") <(gitignore_disorder "$1" "$COMMIT"))
	[ -z "$new" ] && return 0
	echo "$new"
	return 1
}

for f in "${new[@]}" "${mod[@]}"; do
	case $f in
	*/config) git -C "$TREE" cat-file blob "$COMMIT:$f" |
		check_config "$f" || rc=1 ;;
	*/.gitignore) check_gitignore "$f" || rc=1 ;;
	*/Makefile) git -C "$TREE" cat-file blob "$COMMIT:$f" |
		check_makefile "$f" || rc=1 ;;
	esac
done

# in_file NEEDLE FILE: whether FILE at COMMIT mentions NEEDLE (git grep).
in_file() {
	git -C "$TREE" grep -q -e "$1" "$COMMIT" -- "$2" 2>/dev/null
}

for f in "${new[@]}"; do
	dir=$(dirname "$f") base=$(basename "$f")
	case $f in
	*.bpf.c) continue ;;
	*.sh|*.py) needle=$base ;;
	*.c) needle=${base%%.*} ;;
	*) continue ;;
	esac
	if ! in_file "$needle" "$dir/Makefile"; then
		echo "$f: new file not in $dir/Makefile"
		rc=1
	fi
	if [[ $f == *.c ]] && ! in_file "$needle" "$dir/.gitignore"; then
		echo "$f: $needle not in $dir/.gitignore"
		rc=1
	fi
done
exit $rc
