# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
# Sourced by the Makefile's targets and by check.sh: the one place that sets
# the harness's environment.
#
# harness_env CACHE LOG: run deps.sh (its progress and apt's output go to
# LOG), then export the PATH and PYTHONPATH of the tools it set up, ruff's
# directory and ccache's settings. If deps.sh fails, print the end of LOG
# on stderr and return 1: nothing may run without its tools.
harness_env() {
	local cache=$1 log=$2 top vars
	top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	mkdir -p "$(dirname "$log")"
	if ! vars=$("$top/scripts/deps.sh" "$cache" 2> "$log"); then
		{ echo "deps: scripts/deps.sh failed (log: $log):"; tail -n 20 "$log"; } >&2
		return 1
	fi
	eval "$vars"
	export PATH PYTHONPATH RUFF_WASM_DIR=$cache/tools/ruff-wasm
	export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache} CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-10G}
	export CCACHE_BASEDIR=$top CCACHE_NOHASHDIR=1
}
