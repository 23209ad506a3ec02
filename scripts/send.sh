#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make send: the one step where a human takes the series as their own.
# The patches in series/ are authored by the project's neutral identity and
# carry Assisted-by but no Signed-off-by: AI tools must not sign off
# (Documentation/process/coding-assistants.rst). Here the sender, with their
# own git identity (user.name/user.email; refused if unset or the project's),
# becomes the author of every patch and adds their Signed-off-by, certifying
# the DCO for it. Both changes are printed, never made silently. The result
# goes to OUT (default build/send) and is dry-run sent with To/Cc from
# scripts/get_maintainer.pl; the real send command is printed, not run.
#
# Usage: send.sh TREE [OUT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
. "$here/identity"
tree=$(cd "${1:?tree}" && pwd)
out=${2:-$top/build/send}

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
n=$(git -C "$tree" rev-list --count series-base..napi-list)
[ "$n" -gt 0 ] || { echo "send: no patches on napi-list" >&2; exit 1; }
if [ "$(git -C "$tree" rev-parse napi-list)" != "$(git -C "$tree" rev-parse HEAD)" ] ||
   [ -n "$(git -C "$tree" status --porcelain --untracked-files=no)" ]; then
	echo "send: $tree is not at a clean napi-list; run make tree" >&2
	exit 1
fi

echo "send: $n patch(es). For every one of them:"
echo "  author:  $PROJECT_NAME <$PROJECT_EMAIL>  ->  $name <$email>"
echo "  adds:    Signed-off-by: $name <$email>"
git -C "$tree" branch -f napi-list-send napi-list
git -C "$tree" checkout -q napi-list-send
trap 'git -C "$tree" checkout -q napi-list' EXIT
GIT_EDITOR=true git -C "$tree" -c user.name="$name" -c user.email="$email" rebase -q \
	--exec "git commit -q --amend --no-edit --reset-author --signoff" series-base

rm -rf "$out"
mkdir -p "$out"
# export.py carries the cover letter's subject and blurb over from series/
cp "$top"/series/v*.patch "$out"/
PROJECT_NAME=$name PROJECT_EMAIL=$email "$here/export.py" "$tree" "$out" "$SUBJECT_PREFIX"
rm -f "$out/BASE"
for p in "$out"/*.patch; do
	case "$p" in *-0000-*) continue ;; esac
	[ "$(grep -c "^Signed-off-by: $name <$email>$" "$p")" -eq 1 ] ||
		{ echo "send: $p lacks the sender's Signed-off-by" >&2; exit 1; }
done

gm=("$tree/scripts/get_maintainer.pl" --nogit --nogit-fallback --norolestats --nol)
to=$(cd "$tree" && "${gm[@]}" "$out"/*.patch | grep -v '^$' | paste -sd, -)
cc=$(cd "$tree" && "$tree/scripts/get_maintainer.pl" --nogit --nogit-fallback \
	--norolestats --nom "$out"/*.patch | grep -v '^$' | paste -sd, -)
echo "To: $to"
echo "Cc: $cc"
git -C "$tree" send-email --dry-run --confirm=never --suppress-cc=all \
	--from="$name <$email>" --to="$to" --cc="$cc" "$out"/*.patch | grep -E '^(Dry-OK|Subject|To|Cc):' || true
cat <<EOM

send: dry run done; the signed patches are in $out. To send for real:
  git send-email --to='$to' --cc='$cc' $out/*.patch
or with b4 (patatt-signed, what netdev's CI checks):
  cd $tree && b4 prep -e series-base && b4 send --reflect   # then b4 send
EOM
