#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make send: the one step where a human takes the series as their own.
# The patches in series/ are authored by the project's neutral identity and
# carry Assisted-by but no Signed-off-by: AI tools must not sign off
# (Documentation/process/coding-assistants.rst). Here the sender, with their
# own git identity (user.name/user.email; refused if unset or the project's),
# becomes the author of every patch of the project's identity and adds their
# Signed-off-by to every patch, certifying the DCO for it. A patch taken over
# from its author keeps that author (its From:) and their Signed-off-by; the
# sender's goes after its existing trailers (submitting-patches.rst, "Sign
# your work"). Both changes are printed, never made silently. The signed
# commits go to branch napi-list-send (the work tree is not touched), the
# patches to OUT, and the send is dry-run with each patch's own To/Cc from
# scripts/get_maintainer.pl (the cover letter's: all of them): by git
# send-email, from the patches' headers, and by b4 (b4 prep in a clone,
# OUT/b4, whose commits carry the Cc: tags b4 sends a patch to; b4 send -o
# OUT/b4-dry, unsigned). The real send commands are printed, not run.
# Every Fixes: tag must name a commit of FIXES_TREE (default TREE) with that
# subject: a tree without the upstream history (Debian's source) cannot
# vouch for them, and the send is refused until one that can is named.
#
# Usage: send.sh TREE [OUT [REV [BASE]]]
#   REV: the series head (default napi-list), BASE: where it starts (default
#   series-base). The net fixes: send.sh TREE OUT series-base net-base, with
#   SERIES_DIR=series/net and SEND_PREFIX="PATCH net" (make send-net).
#   SEND_BRANCH names the signed branch instead (send-selftest.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
# shellcheck source=scripts/identity
. "$here/identity"
# shellcheck source=scripts/checks/lib.sh
. "$here/checks/lib.sh"
tree=$(cd "${1:?tree}" && pwd)
out=${2:-$top/build/send}
rev=${3:-napi-list}
from=${4:-series-base}
prefix=${SEND_PREFIX:-$SUBJECT_PREFIX}

name=$(git -C "$tree" config user.name || true)
email=$(git -C "$tree" config user.email || true)
if [ -z "$name" ] || [ -z "$email" ] || [ "$email" = "$PROJECT_EMAIL" ]; then
	cat >&2 <<EOM
send: refusing: no sender identity. Set your own, the one you sign off with:
  git config --global user.name "Your Name"
  git config --global user.email you@example.com
Sending adds "Signed-off-by: Your Name <you@...>" to every patch: you certify
the Developer's Certificate of Origin (Documentation/process/submitting-patches.rst)
for code written with the tools named in its Assisted-by tag.
EOM
	exit 1
fi
if pending=$("$here/pending-run.sh" --any); then
	echo "send: refusing: runs are owed to this series (Documentation/pending-runs.txt):" >&2
	echo "$pending" >&2
	exit 1
fi
branch=napi-list-send
[ "$from" = series-base ] || branch=napi-list-send-net
# the net-next series is posted on net-base, without the net fixes it is
# tested over, as export.py writes series/ (replay.sh)
if [ "$from" = series-base ] && git -C "$tree" rev-parse -q --verify net-base > /dev/null; then
	rev=$("$here/replay.sh" "$tree" "$from" "$rev" net-base) || exit 1
	from=net-base
fi
commits=$(git -C "$tree" rev-list --reverse "$from..$rev")
[ -n "$commits" ] || { echo "send: no patches on $rev" >&2; exit 1; }

hist=${FIXES_TREE:-$tree}
nbad=0
for c in $commits; do
	while read -r sha subj; do
		real=$(git -C "$hist" log -1 --format=%s "$sha" -- 2>/dev/null || true)
		if [ -z "$real" ]; then
			echo "send: $(git -C "$tree" log -1 --format=%s "$c"): Fixes: $sha is not a commit of $hist" >&2
			nbad=$((nbad + 1))
		elif [ "$real" != "$subj" ]; then
			echo "send: Fixes: $sha is \"$real\" in $hist, the tag says \"$subj\"" >&2
			nbad=$((nbad + 1))
		fi
	done < <(git -C "$tree" log -1 --format=%B "$c" |
		sed -n 's/^Fixes: \([0-9a-f]\{12,\}\) ("\(.*\)")$/\1 \2/p')
done
if [ "$nbad" -gt 0 ]; then
	echo "send: refusing: $nbad Fixes: tag(s) not verified. Fix the id(s) (git rebase -i," \
	     "make export), or name a kernel tree with its history: FIXES_TREE=/path/to/linux" >&2
	exit 1
fi

echo "send: $(echo "$commits" | wc -l) patch(es). For every one of them:"
echo "  author:  $PROJECT_NAME <$PROJECT_EMAIL>  ->  $name <$email>"
echo "           (any other author is kept)"
echo "  adds:    Signed-off-by: $name <$email>, after its trailers"
export GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$email
parent=$(git -C "$tree" rev-parse "$from")
for c in $commits; do
	an=$(git -C "$tree" log -1 --format=%an "$c")
	ae=$(git -C "$tree" log -1 --format=%ae "$c")
	if [ "$an <$ae>" = "$PROJECT_NAME <$PROJECT_EMAIL>" ]; then
		an=$name ae=$email
	else
		echo "  keeps:   $an <$ae>, the author of" \
		     "\"$(git -C "$tree" log -1 --format=%s "$c")\""
	fi
	parent=$(git -C "$tree" log -1 --format=%B "$c" |
		git -C "$tree" interpret-trailers --if-exists addIfDifferent \
			--trailer "Signed-off-by: $name <$email>" |
		GIT_AUTHOR_NAME=$an GIT_AUTHOR_EMAIL=$ae \
		GIT_AUTHOR_DATE=$(git -C "$tree" log -1 --format=%aI "$c") \
		git -C "$tree" commit-tree "$c^{tree}" -p "$parent")
done
branch=${SEND_BRANCH:-$branch}
git -C "$tree" update-ref "refs/heads/$branch" "$parent"

rm -rf "$out"
mkdir -p "$out"
# export.py carries the cover letter's subject and blurb over from series/
cp "${SERIES_DIR:-$top/series}"/v*.patch "$out"/ 2>/dev/null || true
PROJECT_NAME=$name PROJECT_EMAIL=$email EXPORT_FROM=$from "$here/export.py" "$tree" \
	"$out" "$prefix" "$branch"
rm -f "$out/BASE"
for p in "$out"/*.patch; do
	case "$p" in *-0000-cover-letter.patch) continue ;; esac
	[ "$(grep -c "^Signed-off-by: $name <$email>$" "$p")" -eq 1 ] ||
		{ echo "send: $p lacks the sender's Signed-off-by" >&2; exit 1; }
	author=$(mbox_author "$p")
	[ "$author" = "$name <$email>" ] ||
		grep -qxF "Signed-off-by: $author" "$p" ||
		{ echo "send: $p is authored by $author, without their Signed-off-by" >&2; exit 1; }
done

# Recipients, per patch, as netdev's cc_maintainers check computes them
# (get_maintainer.pl): each patch To its maintainers and reviewers, Cc its
# lists; the cover letter to all of them. get_maintainer.pl's git fallback
# and the authors a Fixes: tag blames need the kernel's history: they are
# used in FIXES_TREE when one is given (NIPA's --git-min-percent 35), and
# left out otherwise (a tree without that history would only name this
# series' own commits).
gm_tree=$tree gm_git=(--nogit --nogit-fallback --nofixes)
[ -z "${FIXES_TREE:-}" ] || gm_tree=$FIXES_TREE gm_git=(--git-min-percent 35)
# gm --nol|--nom PATCH...: the addresses, one a line
gm() {
	(cd "$gm_tree" && scripts/get_maintainer.pl "${gm_git[@]}" --nogit-chief-penguins \
		--norolestats "$@") 2>/dev/null | grep -vF "<$PROJECT_EMAIL>" || true
}
patches=()
for p in "$out"/*.patch; do
	case "$p" in *-0000-cover-letter.patch) ;; *) patches+=("$p") ;; esac
done
# the people the cover letter's own Cc: lines name (whose work it cites):
# the whole series goes to them, by both paths (b4 reads them itself)
xcc=()
while read -r a; do xcc+=(--cc="$a"); done < <(sed '1,/^$/d' "$out"/*-0000-cover-letter.patch |
	sed -n 's/^Cc: \(.*@.*\)$/\1/p')
# addhdr FILE NAME LIST: a "NAME: a, b" header at the end of FILE's mail header
addhdr() {
	[ -n "$3" ] || return 0
	awk -v h="$2: $3" '!done && /^$/ { print h; done = 1 } { print }' "$1" > "$1.tmp" &&
		mv "$1.tmp" "$1"
}
# to|cc PATCH...: the To (maintainers, reviewers) and the Cc (the lists) of
# these patches, "a, b"
to() { gm --nol "$@" | paste -sd, - | sed 's/,/, /g'; }
cc() { { gm --nom "$@" | grep -vxFf <(gm --nol "$@") || true; } | paste -sd, - | sed 's/,/, /g'; }
for p in "${patches[@]}"; do
	addhdr "$p" To "$(to "$p")"
	addhdr "$p" Cc "$(cc "$p")"
done
to=$(to "${patches[@]}") cc=$(cc "${patches[@]}")
for p in "$out"/*-0000-cover-letter.patch; do
	addhdr "$p" To "$to"
	addhdr "$p" Cc "$cc"
done
echo "recipients: per patch in its To:/Cc: headers; the cover letter's, all of them:"
echo "To: $to"
echo "Cc: $cc"
[ ${#xcc[@]} -eq 0 ] || echo "and every message, as the cover letter asks: ${xcc[*]#--cc=}"
# the headers' To/Cc, and the author of a patch taken over (Cc'd, as git
# send-email does); nothing from the trailers or a command
sendemail=(send-email --confirm=never --suppress-cc=self --suppress-cc=body
	   --suppress-cc=cccmd --from="$name <$email>" "${xcc[@]}")
# each message's subject, then the addresses it goes to (its RCPT TO:s)
git -C "$tree" "${sendemail[@]}" --dry-run "$out"/*.patch 2>&1 |
	awk '/^RCPT TO:</ { sub(/^RCPT TO:</, ""); sub(/>$/, ""); r = r " " $0 }
	     /^Subject: / { print; print "  rcpt:" r; r = ""; n++ }
	     END { exit !n }' || { echo "send: git send-email --dry-run failed" >&2; exit 1; }

# b4: a b4-managed copy of the signed branch in OUT/b4, a clone of TREE
# (objects hard-linked; sparse: the top-level files, scripts/ and the
# directories get_maintainer.pl looks for), so that TREE's work tree and
# branches stay as they are. b4 prep --enroll keeps the cover letter in an
# empty commit before the patches (prep-cover-strategy "commit", b4's default;
# "branch-description" wants a base branch, the series has tags), imported
# from OUT's by b4 prep --edit-cover. Its cover template carries git
# format-patch's base-commit line (net-base), which every b4 sends as it is.
b4dir=$out/b4 b4out=$out/b4-dry
unfold() { awk '/^$/ { exit } /^[ \t]/ { sub(/^[ \t]+/, " "); h = h $0; next }
	{ if (h != "") print h; h = $0 } END { print h }' "$@"; }
if ! command -v b4 > /dev/null; then
	echo "send: b4 is not installed (make deps): no b4 dry run"
	b4dir=
else
	git clone -q --local --sparse -c gc.auto=0 -c maintenance.auto=false \
		-b "$branch" "$tree" "$b4dir"
	git -C "$b4dir" sparse-checkout set --no-cone '/*' '!/*/' /scripts/ /LICENSES/ \
		'/*/Kconfig' '/*/Kbuild' '/*/Makefile'
	git -C "$b4dir" config user.name "$name"
	git -C "$b4dir" config user.email "$email"
	git -C "$b4dir" config b4.prep-cover-strategy commit
	git -C "$b4dir" config b4.prep-cover-template "$b4dir/.git/cover-template"
	# b4 prep --check: b4's own checkpatch.pl command, less the warning for
	# a new file (does MAINTAINERS need updating?), which NIPA ignores too:
	# the selftests' directories are in MAINTAINERS already (b4 runs it
	# from the top directory)
	git -C "$b4dir" config b4.prep-perpatch-check-cmd "./scripts/checkpatch.pl -q --terse \
--no-summary --mailback --showfile --ignore FILE_PATH_CHANGES"
	# per patch, as above: b4 sends the cover letter's To/Cc with every
	# message and adds to each patch the people its own trailers name. So
	# the cover names who every patch goes to, and each commit of this copy
	# gets a Cc: tag (submitting-patches.rst) for the rest of its own.
	common=$(for p in "${patches[@]}"; do gm "$p" | sort -u; done | sort | uniq -c |
		awk -v n=${#patches[@]} '$1 == n { sub(/^ *[0-9]+ /, ""); print }')
	{ "$here/export.py" --cover-text "$out"; echo
	  ctos=$(grep -xFf <(printf '%s\n' "$common") <(gm --nol "${patches[@]}") || true)
	  [ -z "$ctos" ] || sed 's/^/To: /' <<< "$ctos"
	  { grep -vxFf <(printf '%s\n' "$ctos") <<< "$common" || true; } | sed '/^$/d; s/^/Cc: /'
	} > "$b4dir/.git/cover"
	parent=$(git -C "$tree" rev-parse "$from^{commit}") i=0
	for c in $(git -C "$b4dir" rev-list --reverse "$parent..HEAD"); do
		ccs=$({ gm "${patches[$i]}" | grep -vxFf <(printf '%s\n' "$common") || true; } |
			sed 's/^/Cc: /')
		i=$((i + 1))
		parent=$(git -C "$b4dir" log -1 --format=%B "$c" |
			awk -v cc="$ccs" 'cc != "" && /^Assisted-by: / { print cc; cc = "" } { print }
				END { if (cc != "") print cc }' |
			GIT_AUTHOR_NAME=$(git -C "$b4dir" log -1 --format=%an "$c") \
			GIT_AUTHOR_EMAIL=$(git -C "$b4dir" log -1 --format=%ae "$c") \
			GIT_AUTHOR_DATE=$(git -C "$b4dir" log -1 --format=%aI "$c") \
			git -C "$b4dir" commit-tree "$c^{tree}" -p "$parent")
	done
	git -C "$b4dir" reset -q --hard "$parent"
	# shellcheck disable=SC2016 # b4's template variables
	{ printf '%s\n' '${cover}' '' --- '${shortlog}' '' '${diffstat}' ---
	  grep -hE '^(base-commit|prerequisite-patch-id): ' "$out"/*-0000-cover-letter.patch
	  printf '%s\n' 'change-id: ${change_id}' '' 'Best regards,' '-- ' '${signature}'
	} > "$b4dir/.git/cover-template"
	read -ra b4pfx <<< "${prefix#PATCH}"
	vn=$(basename "$out"/v*-0000-cover-letter.patch)
	vn=${vn%%-*}
	b4rev=()
	[ "${vn#v}" -gt 1 ] && b4rev=(--force-revision "${vn#v}")
	base=$(git -C "$tree" rev-parse "$from^{commit}")
	# the dry run: written to OUT/b4-dry, unsigned (no patatt key needed),
	# through an SMTP server that is never contacted (not the web endpoint)
	if ! (cd "$b4dir" &&
		b4 prep -e "$base" --set-prefixes "${b4pfx[@]}" "${b4rev[@]}" &&
		GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.editor GIT_CONFIG_VALUE_0='cp .git/cover' \
			b4 prep --edit-cover &&
		GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=sendemail.smtpServer GIT_CONFIG_VALUE_0=localhost \
			b4 send --no-sign -o "$b4out") > "$out/b4.log" 2>&1; then
		tail -n 20 "$out/b4.log" >&2
		echo "send: the b4 dry run failed (log: $out/b4.log)" >&2
		exit 1
	fi
	echo "b4: branch $branch in $b4dir; b4 send -o wrote (unsigned) to $b4out:"
	for m in "$b4out"/*.eml; do unfold "$m" | grep '^Subject:'; done
	# b4's own pre-send check (checkpatch.pl on each patch); it exits 0
	# whatever it finds, so its summary line is read
	if ! b4 prep --help | grep -q -- --check; then
		echo "b4 prep --check: b4 $(b4 --version) has none (make deps installs 0.14)"
	else
		debian_python "$out/py"
		(cd "$b4dir" && PATH=$out/py:$PATH b4 prep --check) > "$out/b4-check.log" 2>&1 ||
			{ cat "$out/b4-check.log" >&2; echo "send: b4 prep --check failed" >&2; exit 1; }
		echo "b4 prep --check: $(tail -n 1 "$out/b4-check.log")"
		grep -qx "Success: ${#patches[@]}, Warning: 0, Error: 0" "$out/b4-check.log" ||
			{ cat "$out/b4-check.log" >&2; echo "send: b4 prep --check is not clean" >&2; exit 1; }
	fi
fi
cat <<EOM

send: dry run done; the signed patches are in $out. To send for real:
  git send-email --suppress-cc=self --suppress-cc=body --suppress-cc=cccmd ${xcc[*]@Q} $out/*.patch
EOM
[ -z "$b4dir" ] || cat <<EOM
or with b4, from its copy of the branch (cover letter, prefixes and base-commit
set by b4 prep; the cover's To/Cc are who every patch goes to, each commit's Cc:
tags the rest of its get_maintainer.pl's). b4 send signs every message
with patatt, as netdev's CI checks: it needs your key, made by \`patatt genkey\`
(Debian package patatt) or your GPG key in git's user.signingKey. Without a
sendemail.smtpServer, b4 sends through kernel.org's web endpoint: register
once with b4 send --web-auth-new.
  cd $b4dir && b4 send --reflect    # a copy to yourself first; then: b4 send
EOM
