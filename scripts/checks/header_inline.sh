#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Mirrors NIPA tests/patch/header_inline: added static functions without
# inline (or __always_inline) in .h files, and function bodies defined in
# a header on the declaration line; same two regexes as NIPA.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
patch_args "$@"

re1='^\+static (?!(__always_)?inline).*\(.*[^\\]$'
re2='^\+(static )?(?!(__always_)?inline )((unsigned|long|short) )*(char|bool|void|int|u[0-9]*) [0-9A-Za-z_]*\(.*\) *{.*[^\\]$'
found=$(diff_grep '*.h' -P "$re1|$re2")
[ -n "$found" ] || exit 0
awk '{ print $0 " (static function without inline in a header)" }' <<<"$found"
exit 1
