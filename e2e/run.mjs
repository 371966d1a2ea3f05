#!/usr/bin/env node
/**
 * Runs the end-to-end suite (e2e/*.e2e.mjs, each file's header says what it checks) with
 * node:test, one file after the other in ORDER (then any other *.e2e.mjs by name), and ends with
 * one line `N passed, M failed, K skipped`; exit code 1 on any failure.
 *
 *   node e2e/run.mjs [--n8n 2.41.1,1.123.81,2.8.4] [--no-browser] [--update-screenshot] [file ...]
 *   E2E_TIMEOUT_MINUTES (default 75): the whole run is stopped after that
 *
 * `file ...`: only those files, by name (`cli`, `server.e2e.mjs` or `e2e/server.e2e.mjs`), e.g.
 * to run a failed one again. A whole run empties the artifacts folder (E2E_ARTIFACTS, default
 * .tmp/e2e) first; a run of some files leaves the other files' logs and screenshots there.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { removeEditorCopies } from '../scripts/lib/n8n.mjs';
import { ARTIFACTS } from './fixture.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ORDER = ['package', 'cli', 'server', 'retry', 'editor', 'ai', 'start', 'queue'];

const { values, positionals } = parseArgs({
	allowPositionals: true,
	options: {
		n8n: { type: 'string' },
		'no-browser': { type: 'boolean', default: false },
		'update-screenshot': { type: 'boolean', default: false },
	},
});
// the test files run in child processes, which inherit these
if (values.n8n) process.env.E2E_N8N_VERSIONS = values.n8n;
if (values['no-browser']) process.env.E2E_BROWSER = '0';
if (values['update-screenshot']) process.env.E2E_UPDATE_SCREENSHOT = '1';
// one value per run: its files share one packed package (e2e/fixture.mjs, packedPackage)
process.env.E2E_RUN = `${new Date().toISOString()}-${crypto.randomBytes(4).toString('hex')}`;

function suiteFiles() {
	const names = fs
		.readdirSync(here)
		.filter((f) => f.endsWith('.e2e.mjs'))
		.map((f) => f.slice(0, -'.e2e.mjs'.length));
	const rank = (name) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
	return names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const all = suiteFiles();
const wanted = positionals.map((p) => path.basename(p).replace(/\.e2e\.mjs$/, ''));
const unknown = wanted.filter((name) => !all.includes(name));
if (unknown.length > 0) {
	process.stderr.write(
		`e2e: no such file in e2e/: ${unknown.join(', ')} (there are: ${all.join(', ')})\n`,
	);
	process.exit(2);
}
const names = wanted.length > 0 ? all.filter((name) => wanted.includes(name)) : all;

if (wanted.length === 0) {
	// before every file, once: each suite writes its logs and screenshots under it
	fs.rmSync(ARTIFACTS, { recursive: true, force: true });
	fs.mkdirSync(ARTIFACTS, { recursive: true });
}

const minutes = Number(process.env.E2E_TIMEOUT_MINUTES || 75);
const started = Date.now();
const counts = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

const stream = run({
	files: names.map((name) => path.join(here, `${name}.e2e.mjs`)),
	concurrency: 1,
	timeout: minutes * 60000,
});
stream.on('test:pass', (event) => {
	if (event.details?.type === 'suite') return;
	if (event.skip || event.todo) counts.skipped++;
	else counts.passed++;
});
stream.on('test:fail', (event) => {
	// a suite or file fails when a test in it fails (counted there); count it only for its own
	// failure (a hook, a timeout, a crash)
	if (event.details?.error?.failureType === 'subtestsFailed') return;
	counts.failed++;
	failures.push(event.name);
});
stream.compose(new spec()).pipe(process.stdout);

stream.on('end', () => {
	removeEditorCopies(ARTIFACTS);
	const seconds = Math.round((Date.now() - started) / 1000);
	setImmediate(() => {
		if (failures.length) process.stdout.write(`\nFailed: ${failures.join('; ')}\n`);
		process.stdout.write(
			`\ne2e (${names.join(', ')}) finished in ${Math.floor(seconds / 60)} min ${seconds % 60} s\n`,
		);
		process.stdout.write(
			`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
		);
		process.exitCode = counts.failed > 0 || counts.passed === 0 ? 1 : 0;
	});
});
