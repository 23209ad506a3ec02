#!/usr/bin/env node
// SPDX-License-Identifier: GPL-2.0
// ruff-check.mjs FILE...: `ruff check` with Ruff's default rule set (E4, E7,
// E9, F) run through Ruff's WebAssembly build, npm @astral-sh/ruff-wasm-nodejs
// (see install-ruff.sh), for machines without a ruff binary. No config file
// discovery. Prints "FILE:LINE:COL: CODE message" a diagnostic; exit 1 if any,
// 2 if the module is not installed.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const dir = process.env.RUFF_WASM_DIR ||
	join(homedir(), '.cache/napi-list/tools/ruff-wasm');
let ruff;
try {
	ruff = createRequire(join(dir, 'index.js'))('@astral-sh/ruff-wasm-nodejs');
} catch (e) {
	console.error(`ruff-check: @astral-sh/ruff-wasm-nodejs not in ${dir}`);
	process.exit(2);
}

// Without a select the wasm build uses the playground's rules, not the CLI's.
const ws = new ruff.Workspace({ lint: { select: ['E4', 'E7', 'E9', 'F'] } },
	ruff.PositionEncoding.Utf32);

let found = 0;
for (const file of process.argv.slice(2)) {
	const diags = ws.check(readFileSync(file, 'utf8'));
	diags.sort((a, b) => a.start_location.row - b.start_location.row ||
		a.start_location.column - b.start_location.column);
	for (const d of diags) {
		const { row, column } = d.start_location;
		console.log(`${file}:${row}:${column}: ${d.code ?? 'syntax-error'} ${d.message}`);
		found++;
	}
}
process.exit(found ? 1 : 0);
