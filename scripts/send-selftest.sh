#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Self-test of `make send` on the checks' good series
# (scripts/checks/selftest/good/): without a sender identity it must refuse;
# with one, every patch must come out authored by the sender with exactly one
# Signed-off-by of theirs after the Assisted-by, the cover letter's text kept;
# a patch taken over from its author (good/0003) keeps that author and their
# Signed-off-by, first, and gets the sender's last. Recipients per patch:
# git send-email's dry run sends each patch to exactly its get_maintainer.pl
# addresses, its kept author and the cover letter's Cc: lines (good/0001
# touches net/core only: no kselftest address may reach it), the cover
# letter to all. The b4 path (b4 prep in OUT/b4, b4 send -o OUT/b4-dry, no
# network, no signing key), read back from the messages b4 wrote: subjects
# with prefix and version, To/Cc with every get_maintainer.pl address of
# the patch and the cover's Cc: lines, and nobody else but its trailers'
# people, the trailers, good/0003's author as an in-body From:,
# the cover letter's text, its base-commit line (net-base: the series is
# replayed there) and no prerequisite-patch-id line.
#
# Usage: send-selftest.sh TREE
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/checks/lib.sh
. "$here/checks/lib.sh"
tree=$(cd "${1:?tree}" && pwd)
good=$here/checks/selftest/good
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; git -C "$tree" update-ref -d refs/heads/send-selftest
	git -C "$tree" update-ref -d refs/heads/send-selftest-signed' EXIT
export GIT_COMMITTER_NAME=selftest GIT_COMMITTER_EMAIL=selftest@example.org

c=$(git -C "$tree" rev-parse series-base)
for p in "$good"/*.patch; do
	case "$p" in *0000-cover-letter.patch) continue ;; esac
	c=$(patch_commit "$tree" "$c" "$p" "$tmp") || { echo "cannot apply $p"; exit 1; }
done
git -C "$tree" update-ref refs/heads/send-selftest "$c"
unset GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL

# addrs: the addresses of stdin's "Name <a>" or "a" lines, lower case, sorted
addrs() {
	sed 's/.*<\(.*\)>.*/\1/; s/^[[:space:]]*//; s/[[:space:]]*$//; /^$/d' |
		tr '[:upper:]' '[:lower:]' | sort -u
}
# gmx PATCH...: get_maintainer.pl's addresses for them, as send.sh asks it
gmx() {
	(cd "$tree" && scripts/get_maintainer.pl --nogit --nogit-fallback --nofixes \
		--nogit-chief-penguins --norolestats "$@") 2>/dev/null | addrs
}

fail=0
mkdir "$tmp/series"
# as v2: b4 prep --force-revision is exercised too
for p in "$good"/*.patch; do cp "$p" "$tmp/series/v2-$(basename "$p")"; done
export GIT_CONFIG_NOSYSTEM=1 SERIES_DIR=$tmp/series SEND_BRANCH=send-selftest-signed
# nothing of the machine's user configuration for git, b4 and patatt
export XDG_CONFIG_HOME=$tmp/xdg XDG_CACHE_HOME=$tmp/xdg XDG_DATA_HOME=$tmp/xdg
# no run owed (Documentation/pending-runs.txt), but in the one case below
printf '# none\n' > "$tmp/pending"
export PENDING_RUNS=$tmp/pending
printf 'check-debug.txt 0123: not run\n' > "$tmp/pending1"
printf '[user]\n\tname = Test Sender\n\temail = sender@example.org\n' > "$tmp/gitconfig"
if PENDING_RUNS=$tmp/pending1 GIT_CONFIG_GLOBAL=$tmp/gitconfig "$here/send.sh" "$tree" \
	"$tmp/out-p" send-selftest > "$tmp/log-p" 2>&1; then
	echo "FAIL: send went on with a run pending"; fail=1
elif ! grep -q 'refusing: runs are owed' "$tmp/log-p"; then
	echo "FAIL: send failed with a run pending, but not by refusing:"; cat "$tmp/log-p"; fail=1
else
	echo "ok: refuses while a run is pending"
fi
if GIT_CONFIG_GLOBAL=/dev/null "$here/send.sh" "$tree" "$tmp/out0" send-selftest \
	> "$tmp/log0" 2>&1; then
	echo "FAIL: send went on without a sender identity"; fail=1
elif ! grep -q 'refusing: no sender identity' "$tmp/log0"; then
	echo "FAIL: send failed without an identity, but not by refusing:"; cat "$tmp/log0"; fail=1
else
	echo "ok: refuses without a sender identity"
fi

printf '[user]\n\tname = Test Sender\n\temail = sender@example.org\n' > "$tmp/gitconfig"
if ! GIT_CONFIG_GLOBAL=$tmp/gitconfig "$here/send.sh" "$tree" "$tmp/out" send-selftest \
	> "$tmp/log" 2>&1; then
	echo "FAIL: send with an identity failed:"; tail -n 20 "$tmp/log"; fail=1
else
	n=0 kept=0
	for p in "$tmp"/out/*.patch; do
		case "$p" in *0000-cover-letter.patch) continue ;; esac
		n=$((n + 1))
		sob=$(grep -c '^Signed-off-by:' "$p")
		last=$(sed -n '/^---$/q;p' "$p" | grep -E '^[A-Za-z-]+: ' | tail -n 2 | tr '\n' '|')
		author='Test Sender <sender@example.org>' want=1
		if grep -q '^From: Jane Author' "$p"; then
			author='Jane Author <jane@example.org>' want=2 kept=$((kept + 1))
			[ "$(grep -m1 '^Signed-off-by:' "$p")" = "Signed-off-by: $author" ] ||
				{ echo "FAIL: $(basename "$p"): its author's Signed-off-by is not first"; fail=1; }
		fi
		if [ "$sob" -ne "$want" ] || ! grep -qxF "From: $author" "$p" ||
		   [ "${last%%:*}" != "Assisted-by" ] ||
		   [ "${last#*|}" != "Signed-off-by: Test Sender <sender@example.org>|" ]; then
			echo "FAIL: $(basename "$p"): From: not $author, or $sob Signed-off-by," \
			     "trailers '$last'"; fail=1
		fi
	done
	[ "$kept" = 1 ] || { echo "FAIL: $kept patch(es) kept Jane Author, not 1"; fail=1; }
	blurb=$(sed -n '/^$/,$p' "$good"/0000-cover-letter.patch | sed -n 2p)
	[ -n "$blurb" ] && grep -qF "$blurb" "$tmp"/out/*-0000-cover-letter.patch ||
		{ echo "FAIL: the cover letter's text was not kept"; fail=1; }
	# git send-email's recipients, per message: a patch goes to exactly what
	# get_maintainer.pl gives for it (and a kept author), the cover to all
	i=0 rcptfail=0
	while read -r subj && read -r _ rcpt; do
		got=$(tr ' ' '\n' <<< "$rcpt" | addrs)
		if [ "$i" -eq 0 ]; then
			want=$({ gmx "$tmp"/out/v2-000[1-9]-*.patch; echo quoted@example.org; } | sort -u)
			miss=$(comm -23 <(echo "$want") <(echo "$got")) extra=
		else
			f=$(echo "$tmp"/out/v2-000"$i"-*.patch)
			want=$({ gmx "$f"; echo quoted@example.org
				 sed -n 's/^From: Jane Author <\(.*\)>$/\1/p' "$f"; } | sort -u)
			miss=$(comm -23 <(echo "$want") <(echo "$got"))
			extra=$(comm -13 <(echo "$want") <(echo "$got"))
		fi
		[ -z "$miss$extra" ] || { echo "FAIL: git send-email: '$subj': not to" \
			"$(echo $miss), to $(echo $extra) too (get_maintainer.pl)"; rcptfail=1; }
		i=$((i + 1))
	done < <(awk '/^  rcpt:/ { print prev; print } { prev = $0 }' "$tmp/log")
	[ "$i" -eq $((n + 1)) ] || { echo "FAIL: git send-email: $i message(s), not $((n + 1))"; rcptfail=1; }
	fail=$((fail | rcptfail))
	[ $fail -eq 0 ] && echo "ok: $n patch(es) signed off by the sender, $((n - kept)) authored by" \
		"them, $kept by its own author; cover kept; git send-email sends each patch to its" \
		"get_maintainer.pl's, the cover to all"
fi

# the b4 path, on the messages b4 send -o wrote
unfold() { awk '/^$/ { exit } /^[ \t]/ { sub(/^[ \t]+/, " "); h = h $0; next }
	{ if (h != "") print h; h = $0 } END { print h }' "$@"; }
b4dir=$tmp/out/b4
msgs=("$tmp"/out/b4-dry/*.eml)
[ -f "${msgs[0]}" ] || msgs=()
np=$(find "$good" -name '0*.patch' ! -name '0000-*' | wc -l)
if ! command -v b4 > /dev/null; then
	echo "FAIL: b4 is not installed (make deps)"; fail=1
elif [ "${#msgs[@]}" -ne $((np + 1)) ]; then
	echo "FAIL: b4 send -o wrote ${#msgs[@]} message(s), not $((np + 1)):"
	tail -n 20 "$tmp/out/b4.log" 2>/dev/null; fail=1
else
	b4fail=0 inbody=
	# make send ran b4 prep --check (checkpatch.pl on each patch), which
	# exits 0 whatever it finds, and judged its summary line: clean
	grep -qx "b4 prep --check: Success: $np, Warning: 0, Error: 0" "$tmp/log" ||
		{ echo "FAIL: make send printed no clean b4 prep --check (b4 $(b4 --version);" \
		       "make deps installs 0.14):"; grep -A20 'b4 prep --check' "$tmp/log"; b4fail=1; }
	# the same check finds what it must: a patch that adds trailing white
	# space, on top of the series in make send's b4 copy, then taken off
	debian_python "$tmp/py"
	printf 'x \n' >> "$b4dir/Makefile"
	if GIT_CONFIG_GLOBAL=$tmp/gitconfig git -C "$b4dir" commit -qs -am \
		"kbuild: add trailing white space" -m "A patch checkpatch.pl must find an error in."; then
		(cd "$b4dir" && GIT_CONFIG_GLOBAL=$tmp/gitconfig PATH=$tmp/py:$PATH \
			b4 prep --check) > "$tmp/b4bad" 2>&1
		git -C "$b4dir" reset -q --hard HEAD~
		grep -q "^Success: $np, Warning: 0, Error: [1-9]" "$tmp/b4bad" &&
			grep -q 'trailing whitespace' "$tmp/b4bad" ||
			{ echo "FAIL: b4 prep --check on a patch with trailing white space:"
			  cat "$tmp/b4bad"; b4fail=1; }
	else
		git -C "$b4dir" checkout -q -- Makefile
		echo "FAIL: could not commit the bad patch in $b4dir"; b4fail=1
	fi
	i=0
	for m in "${msgs[@]}"; do
		f=$(basename "$m") hdr=$(unfold "$m")
		subj=$(sed -n 's/^Subject: //p' <<< "$hdr")
		want=$(printf '[PATCH net-next v2 %0*d/%d] ' ${#np} "$i" "$np")
		[ "${subj#"$want"}" != "$subj" ] ||
			{ echo "FAIL: b4: $f: subject '$subj', not '$want...'"; b4fail=1; }
		grep -qxF 'From: Test Sender <sender@example.org>' <<< "$hdr" ||
			{ echo "FAIL: b4: $f is not from the sender"; b4fail=1; }
		dests=$(grep -E '^(To|Cc): ' <<< "$hdr")
		if [ "$i" -eq 0 ]; then
			i=1
			grep -qF "$blurb" "$m" ||
				{ echo "FAIL: b4: the cover letter's text was not imported"; b4fail=1; }
			grep -qx "base-commit: $(git -C "$tree" rev-parse net-base)" "$m" &&
			! grep -q '^prerequisite-patch-id: ' "$m" "$tmp"/out/*-0000-cover-letter.patch ||
				{ echo "FAIL: b4: the cover's base is not net-base alone:"
				  grep -E '^(base-commit|prereq)' "$m"; b4fail=1; }
			continue
		fi
		i=$((i + 1))
		for a in $( (cd "$b4dir" && scripts/get_maintainer.pl --nogit --nogit-fallback \
			--nogit-chief-penguins --norolestats "$m") | sed 's/.*<\(.*\)>.*/\1/') \
			netdev@vger.kernel.org quoted@example.org; do
			grep -qiF "$a" <<< "$dests" ||
				{ echo "FAIL: b4: $f is not sent to $a (get_maintainer.pl)"; b4fail=1; }
		done
		# and nobody else: b4 sends the cover's To/Cc with every message,
		# so a union there would reach every patch
		extra=$(comm -13 <({ gmx "$m"; echo sender@example.org; echo quoted@example.org
				     sed '1,/^$/d; /^---$/q' "$m" | grep -E '^[A-Za-z-]+: .*@' |
					sed 's/^[A-Za-z-]*: //'; } | addrs) \
				 <(sed 's/^[A-Za-z]*: //' <<< "$dests" | tr ',' '\n' | addrs))
		[ -z "$extra" ] ||
			{ echo "FAIL: b4: $f is sent to $(echo $extra) too (not its get_maintainer.pl's" \
			       "or its trailers')"; b4fail=1; }
		! grep -q '^+++ b/net/' "$m" || grep -qF kuba@kernel.org <<< "$dests" ||
			{ echo "FAIL: b4: $f changes net/, not sent to kuba@kernel.org"; b4fail=1; }
		last=$(sed '1,/^$/d; /^---$/q' "$m" | grep -E '^[A-Za-z-]+: ' | tail -n 2 | tr '\n' '|')
		[ "${last%%:*}" = Assisted-by ] &&
		[ "${last#*|}" = "Signed-off-by: Test Sender <sender@example.org>|" ] ||
			{ echo "FAIL: b4: $f: trailers end '$last'"; b4fail=1; }
		[ "$(sed '1,/^$/d' "$m" | head -n 1)" != 'From: Jane Author <jane@example.org>' ] ||
			inbody+="${subj##*] }|"
	done
	[ "$inbody" = "selftests: net: double_udp_encap: fix a typo in comments|" ] ||
		{ echo "FAIL: b4: in-body From: Jane Author in '$inbody', not good/0003"; b4fail=1; }
	[ $b4fail -eq 0 ] && echo "ok: b4 $(b4 --version): ${#msgs[@]} messages [PATCH net-next v2 N/$np]," \
		"To/Cc per patch its get_maintainer.pl's and trailers' people, Jane's From: in the body," \
		"cover imported, base-commit net-base and no prerequisite," \
		"b4 prep --check: $np of $np clean, and an error found in a bad patch"
	fail=$((fail | b4fail))
fi

# a Fixes: tag that names no commit of the tree: refused, and nothing signed
fixes=$(git -C "$tree" log -1 --format=%B send-selftest |
	git -C "$tree" interpret-trailers \
		--trailer 'Fixes: 000000000000 ("a commit nobody has")' |
	git -C "$tree" commit-tree "send-selftest^{tree}" -p send-selftest~)
git -C "$tree" update-ref refs/heads/send-selftest "$fixes"
if GIT_CONFIG_GLOBAL=$tmp/gitconfig "$here/send.sh" "$tree" "$tmp/out2" send-selftest \
	> "$tmp/log2" 2>&1; then
	echo "FAIL: send went on with a Fixes: id the tree does not have"; fail=1
elif ! grep -q "Fixes: tag(s) not verified" "$tmp/log2"; then
	echo "FAIL: send failed on a bad Fixes: id, but not by refusing it:"; cat "$tmp/log2"; fail=1
else
	echo "ok: refuses a Fixes: id that is not a commit of the tree"
fi
exit $fail
