#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The one kernel make command of the harness: ccache, all cores, and a
# fixed build user, host and timestamp, so that ccache hits across runs and
# checkouts. ARCH and CROSS_COMPILE come from the environment (default: the
# host's x86_64).
#
# Usage: kmake.sh TREE OUT [make arguments...]
tree=${1:?tree} out=${2:?out}
shift 2
exec make -s -C "$tree" O="$out" -j"$(nproc)" \
	${ARCH:+ARCH="$ARCH"} CROSS_COMPILE="${CROSS_COMPILE:-}" \
	CC="ccache ${CROSS_COMPILE:-}gcc" \
	KBUILD_BUILD_TIMESTAMP=2000-01-01 KBUILD_BUILD_USER=napi-list \
	KBUILD_BUILD_HOST=napi-list "$@"
