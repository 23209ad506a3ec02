# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
# Sourced. The caches under ~/.cache are shared by every clone on the
# machine: a script that writes there holds an exclusive lock on it first.
#
# lock FILE: flock FILE (on fd 9) until the script exits; says so when
# another run holds it and waits for it.
lock() {
	exec 9> "$1" || return 1
	flock -n 9 && return 0
	echo "$(basename "$0"): waiting for another run (lock $1)" >&2
	flock 9
}
