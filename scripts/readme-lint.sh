#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# README.md stays one page of what is true now (make check's harness-lint):
#   - it has at most 200 lines;
#   - every `make TARGET` its code names (a code span or a fenced block:
#     "make" then a lower-case word) is a rule of the Makefile;
#   - its check table, the section whose heading is "## What ... covers"
#     (one row a check, the check's name alone in the first cell), names
#     exactly the `run NAME`s of scripts/check.sh, both ways. A name made at
#     run time (run "build-$d") is written with a placeholder in the README
#     (`build-<driver>`): both sides are compared with every $var, ${...}
#     and <...> read as <>. A `run "$c"` inside `for c in A B; do` stands
#     for A and B.
# The history of a run or a measurement belongs in git log, a fault worked
# around in a comment at the line that works around it.
#
# Usage: readme-lint.sh [README MAKEFILE CHECK_SH]  (default: this repository's)
#        readme-lint.sh --selftest                  (bad READMEs must fail)
# Exit: 0 clean, 1 a finding (each printed), 64 usage error.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
max=200

# norm NAME: $var, ${...} and <...> as <>
norm() {
	sed -E 's/\$\{[^}]*\}/<>/g; s/\$[A-Za-z_][A-Za-z0-9_]*/<>/g; s/<[^>]*>/<>/g' <<< "$1"
}

# make_targets MAKEFILE: its rules' targets, one a line (not .PHONY & co.)
make_targets() {
	sed -nE 's/^([A-Za-z0-9_.%-]+( +[A-Za-z0-9_.%-]+)*)[[:space:]]*:([^=]|$).*/\1/p' "$1" |
		tr ' ' '\n' | grep -v -e '^\.' -e '^$'
}

# readme_targets README: each `make TARGET` its code names (inline code
# spans and fenced blocks; prose such as "the kernel's make command" is
# not a command), one a line
readme_targets() {
	awk '/^```/ { fence = !fence; next }
	     fence { print; next }
	     { n = split($0, p, "`"); for (i = 2; i <= n; i += 2) print p[i] }' "$1" |
		grep -oE '(^|[^A-Za-z0-9_./-])make +[a-z][a-z0-9_-]*' | sed -E 's/.*make +//'
}

# run_names CHECK_SH: the name of each `run NAME` outside comments
run_names() {
	local line name v
	declare -A loop=()
	while IFS= read -r line; do
		line=${line#"${line%%[![:space:]]*}"}
		[[ $line == \#* ]] && continue
		if [[ $line =~ ^for\ ([A-Za-z_][A-Za-z0-9_]*)\ in\ ([^\;]*)\;\ do ]]; then
			loop[${BASH_REMATCH[1]}]=${BASH_REMATCH[2]}
		fi
		[[ $line =~ ^([A-Za-z_][A-Za-z0-9_]*=[^[:space:]]*[[:space:]]+)*run[[:space:]]+([^[:space:]]+) ]] ||
			continue
		name=${BASH_REMATCH[2]//\"/}
		if [[ $name =~ ^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$ ]] && [ -n "${loop[${BASH_REMATCH[1]}]-}" ]; then
			v=${BASH_REMATCH[1]}
			# shellcheck disable=SC2086 # the loop's words
			printf '%s\n' ${loop[$v]}
		else
			norm "$name"
		fi
	done < "$1"
}

# readme_checks README: the first cell of each row of its check table
readme_checks() {
	awk '/^## / { in_table = ($0 ~ /^##[[:space:]]+What[[:space:]].*covers/); row = 0; next }
	     in_table && /^\|/ {
		if (/^\|[-:| ]+\|[[:space:]]*$/ || row++ == 0) next
		split($0, c, "|"); name = c[2]
		gsub(/`/, "", name); gsub(/^[[:space:]]+|[[:space:]]+$/, "", name)
		print name
	     }' "$1" | while IFS= read -r n; do norm "$n"; done
}

# lint README MAKEFILE CHECK_SH: print each finding; exit 1 if any
lint() {
	local readme=$1 mk=$2 ck=$3 rc=0 n t
	n=$(wc -l < "$readme")
	if [ "$n" -gt "$max" ]; then
		echo "$readme: $n lines, more than $max"
		rc=1
	fi
	local targets
	targets=$(make_targets "$mk")
	for t in $(readme_targets "$readme" | sort -u); do
		grep -qxF -- "$t" <<< "$targets" ||
			{ echo "$readme: make $t: no such target in $mk"; rc=1; }
	done
	local runs listed
	runs=$(run_names "$ck" | sort -u)
	listed=$(readme_checks "$readme" | sort -u)
	if [ -z "$listed" ]; then
		echo "$readme: no check table (a section '## What ... covers', one row a check)"
		rc=1
	fi
	[ -n "$runs" ] || { echo "$ck: no run NAME found"; rc=1; }
	while IFS= read -r t; do
		[ -n "$t" ] && echo "$readme lists check $t: no run $t in $ck" && rc=1
	done < <(comm -23 <(echo "$listed") <(echo "$runs"))
	while IFS= read -r t; do
		[ -n "$t" ] && [ -n "$listed" ] && echo "$ck runs $t: not in $readme's check table" && rc=1
	done < <(comm -13 <(echo "$listed") <(echo "$runs"))
	[ $rc -eq 0 ] && echo "$readme: $n lines, $(wc -l <<< "$listed") checks as $ck runs them, every make target real"
	return $rc
}

selftest() {
	local tmp bad=0
	tmp=$(mktemp -d) || exit 1
	# shellcheck disable=SC2064 # tmp is fixed now
	trap "rm -rf '$tmp'" EXIT
	cat > "$tmp/Makefile" <<-'EOF'
	SHELL  := /bin/bash
	.PHONY: all check deps
	all: deps
	check deps:
		@true
	EOF
	cat > "$tmp/check.sh" <<-'EOF'
	run() { "$@"; }
	run deps deps || finish
	for c in alpha beta; do
		run "$c" per_patch "$c"
	done
	# run ghost: a comment
	SERIES_TREE=net run net-x scripts/x.sh
	for conf in drivers/*/build.conf; do
		run "build-$d" cross "$conf" "$d"
	done
	run "ksft:${t#*:}" results.sh
	EOF
	cat > "$tmp/good" <<-'EOF'
	# toy
	`make`, `make check`, `KSRC=x make deps`; `make -C dir`, `make V=1` and the make command are no targets.
	```
	make check    # a comment
	```
	## What `make check` covers
	| check | what it checks | script |
	|---|---|---|
	| deps | the tools | deps.sh |
	| alpha | a | checks/alpha.sh |
	| beta | b | checks/beta.sh |
	| net-x | x | x.sh |
	| `build-<driver>` | each driver | cross.sh |
	| `ksft:<test>` | each test | results.sh |
	## Layout
	| dir | what |
	|---|---|
	| notacheck | a table of another section |
	EOF
	# case NAME WANT_RC WANT_OUTPUT README [CHECK_SH]
	case_() {
		local out rc
		out=$(lint "$4" "$tmp/Makefile" "${5:-$tmp/check.sh}" 2>&1)
		rc=$?
		if [ "$rc" -ne "$2" ] || ! grep -qF -- "$3" <<< "$out"; then
			echo "FAIL $1: want exit $2 and '$3', got exit $rc:"
			sed 's/^/    /' <<< "$out"
			bad=1
		else
			echo "ok   $1"
		fi
	}
	case_ "a good README" 0 "6 checks" "$tmp/good"
	{ cat "$tmp/good"; for _ in $(seq $((201 - $(wc -l < "$tmp/good")))); do echo; done; } > "$tmp/long"
	case_ "201 lines" 1 "201 lines, more than 200" "$tmp/long"
	{ cat "$tmp/good"; echo 'then `make no-such-target`'; } > "$tmp/target"
	case_ "make no-such-target" 1 "make no-such-target: no such target" "$tmp/target"
	{ cat "$tmp/good"; printf '```\nmake help   # not in the toy Makefile\n```\n'; } > "$tmp/fenced"
	case_ "make help in a fenced block" 1 "make help: no such target" "$tmp/fenced"
	sed 's/^| alpha |/| gamma |/' "$tmp/good" > "$tmp/extra"
	case_ "a check check.sh does not run" 1 "lists check gamma: no run gamma" "$tmp/extra"
	case_ "a run the README leaves out" 1 "runs alpha: not in" "$tmp/extra"
	grep -v '^| `ksft:' "$tmp/good" > "$tmp/nodyn"
	case_ "a run-time name left out" 1 "runs ksft:<>: not in" "$tmp/nodyn"
	sed 's/^| beta |/| alpha, beta |/' "$tmp/good" > "$tmp/two"
	case_ "two checks in one row" 1 "lists check alpha, beta" "$tmp/two"
	sed 's/^## What `make check` covers/## Checks/' "$tmp/good" > "$tmp/notable"
	case_ "no check table" 1 "no check table" "$tmp/notable"
	# the repository's own README and check.sh, one check row dropped
	awk '/^## / { t = /^##[[:space:]]+What[[:space:]].*covers/; r = 0 }
	     t && /^\|/ && !/^\|[-:| ]+\|/ && r++ == 1 { next } { print }' \
		"$here/../README.md" > "$tmp/real"
	case_ "the real README, a check row dropped" 1 "not in $tmp/real's check table" \
		"$tmp/real" "$here/check.sh"
	[ $bad -eq 0 ] && echo "readme-lint selftest: every bad README rejected, the good one passed"
	return $bad
}

case $# in
0) cd "$here/.." && lint README.md Makefile scripts/check.sh ;;
1) [ "$1" = --selftest ] || { echo "usage: readme-lint.sh [README MAKEFILE CHECK_SH | --selftest]" >&2; exit 64; }
   selftest ;;
3) for f in "$@"; do [ -f "$f" ] || { echo "readme-lint.sh: no file $f" >&2; exit 64; }; done
   lint "$@" ;;
*) echo "usage: readme-lint.sh [README MAKEFILE CHECK_SH | --selftest]" >&2; exit 64 ;;
esac
