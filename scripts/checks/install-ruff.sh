#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# install_ruff_wasm [DIR]: install Ruff's WebAssembly build (npm package
# @astral-sh/ruff-wasm-nodejs, pinned) into DIR, default
# $HOME/.cache/napi-list/tools/ruff-wasm, for ruff-check.mjs (bookworm has no
# ruff, PyPI may be out of reach). Idempotent; npm's output goes to stderr.
# npm's cache and logs go to DIR/../npm-cache, not ~/.npm; an unreachable
# registry fails within about a minute. Source this file, or run it.

RUFF_WASM_VERSION=${RUFF_WASM_VERSION:-0.17.4}

install_ruff_wasm() {
	local dir=${1:-$HOME/.cache/napi-list/tools/ruff-wasm}
	local pkg=@astral-sh/ruff-wasm-nodejs have
	have=$(node -p "require('$dir/node_modules/$pkg/package.json').version" \
		2>/dev/null || true)
	[ "$have" = "$RUFF_WASM_VERSION" ] && return 0
	mkdir -p "$dir" &&
		npm install --prefix "$dir" --cache "$(dirname "$dir")/npm-cache" \
			--fetch-timeout=30000 --fetch-retries=1 --no-audit --no-fund \
			"$pkg@$RUFF_WASM_VERSION" >&2
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	set -eu
	install_ruff_wasm "$@"
fi
