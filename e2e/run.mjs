#!/usr/bin/env node
/**
 * Runs the end-to-end suite (e2e/*.e2e.mjs) with node:test, prints it with the spec reporter
 * and ends with one summary line `N passed, M failed, K skipped`. Exit code 1 on any failure.
 *
 *   node e2e/run.mjs [--n8n 2.41.1,2.8.4] [--no-browser] [--update-screenshot]
 *   E2E_TIMEOUT_MINUTES (default 75): the whole run is stopped after that
 */
import path from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
	options: {
		n8n: { type: 'string' },
		'no-browser': { type: 'boolean', default: false },
		'update-screenshot': { type: 'boolean', default: false },
	},
});
// the test file runs in a child process, which inherits these
if (values.n8n) process.env.E2E_N8N_VERSIONS = values.n8n;
if (values['no-browser']) process.env.E2E_BROWSER = '0';
if (values['update-screenshot']) process.env.E2E_UPDATE_SCREENSHOT = '1';

const minutes = Number(process.env.E2E_TIMEOUT_MINUTES || 75);
const started = Date.now();
const counts = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

const stream = run({
	// madmimi.e2e.mjs first: it empties .tmp/e2e when it loads (the queue check writes its logs under it)
	files: [path.join(here, 'madmimi.e2e.mjs'), path.join(here, 'queue.e2e.mjs')],
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
	const seconds = Math.round((Date.now() - started) / 1000);
	setImmediate(() => {
		if (failures.length) process.stdout.write(`\nFailed: ${failures.join('; ')}\n`);
		process.stdout.write(`\ne2e finished in ${Math.floor(seconds / 60)} min ${seconds % 60} s\n`);
		process.stdout.write(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
		process.exitCode = counts.failed > 0 || counts.passed === 0 ? 1 : 0;
	});
});
