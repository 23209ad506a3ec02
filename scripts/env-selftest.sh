#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Self-test of the environment step of the Makefile's targets (ENV,
# scripts/env.sh): when deps.sh fails, the target must stop before its
# command runs (an eval of deps.sh's empty output used to let it go on
# without its tools); when deps.sh works, the tools are on PATH. And npm's
# registry out of reach costs ruff only: deps.sh warns and goes on, npm
# writing nothing to ~/.npm.
#
# Usage: env-selftest.sh CACHE
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${1:?cache}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# a cache deps.sh cannot create: deps.sh fails at once
if make -s -C "$top" CACHE=/proc/napi-list-selftest BUILD="$tmp/b" env > "$tmp/out" 2>&1; then
	echo "FAIL: make env went on after deps.sh failed:"; sed 's/^/    /' "$tmp/out"; fail=1
elif grep -q '^PATH=' "$tmp/out" || ! grep -q 'deps.sh failed' "$tmp/out"; then
	echo "FAIL: make env failed, but not at deps.sh:"; sed 's/^/    /' "$tmp/out"; fail=1
else
	echo "ok: a failed deps.sh stops the target: $(head -n 1 "$tmp/out")"
fi
if ! make -s -C "$top" CACHE="$cache" BUILD="$tmp/b" env > "$tmp/out" 2>&1; then
	echo "FAIL: make env failed:"; sed 's/^/    /' "$tmp/out"; fail=1
elif ! grep -q "^PATH=$cache/tools/" "$tmp/out"; then
	echo "FAIL: the tools of $cache are not on PATH:"; sed 's/^/    /' "$tmp/out"; fail=1
else
	echo "ok: with deps.sh done, the tools of $cache are first on PATH"
fi
# a copy of the tools without ruff, and a registry that refuses connections
mkdir -p "$tmp/c"
cp -a "$cache/tools" "$tmp/c/" && rm -rf "$tmp/c/tools/ruff-wasm" "$tmp/c/tools/npm-cache"
touch "$tmp/mark"
if ! npm_config_registry=http://127.0.0.1:9/ "$top/scripts/deps.sh" "$tmp/c" > "$tmp/out" 2> "$tmp/err"; then
	echo "FAIL: an unreachable npm registry failed deps.sh:"; tail -n 5 "$tmp/err" | sed 's/^/    /'; fail=1
elif ! grep -q 'ruff-wasm is not installed' "$tmp/err" || ! grep -q '^PATH=' "$tmp/out"; then
	echo "FAIL: an unreachable npm registry: no warning, or no PATH:"; tail -n 5 "$tmp/err" | sed 's/^/    /'; fail=1
elif [ -n "$(find "$HOME/.npm" -newer "$tmp/mark" 2>/dev/null | head -n 1)" ]; then
	echo "FAIL: npm wrote to ~/.npm"; fail=1
else
	echo "ok: an unreachable npm registry: deps.sh goes on without ruff, says so, ~/.npm untouched"
fi
exit $fail
