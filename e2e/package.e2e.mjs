/**
 * End-to-end: the package as npm publishes it (`npm pack`), before any n8n: what it ships, and the
 * nodes and credentials it declares. Run through e2e/run.mjs (`npm run test:e2e`); the shared
 * set-up and its settings: e2e/fixture.mjs.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';

import { REPO_ROOT } from '../scripts/lib/constants.mjs';
import { parseNpmJson } from '../scripts/lib/pack.mjs';
import { run } from '../scripts/lib/processes.mjs';
import { MIN, packedPackage, processesEndWithTheFile } from './fixture.mjs';

processesEndWithTheFile('e2e package');

const shared = { packReport: undefined, dryRun: undefined };

before(
	async () => {
		shared.packReport = (await packedPackage()).report;
		const { stdout } = await run('npm pack --dry-run', 'npm', ['pack', '--dry-run', '--json'], {
			timeoutMs: 2 * MIN,
		});
		shared.dryRun = parseNpmJson(stdout)[0];
	},
	{ timeout: 10 * MIN },
);

describe('the published package', () => {
	it('npm pack ships only dist/, README.md, LICENSE and package.json', () => {
		const files = shared.dryRun.files.map((f) => f.path);
		const extra = files.filter(
			(f) => !(f.startsWith('dist/') || ['README.md', 'LICENSE', 'package.json'].includes(f)),
		);
		assert.deepEqual(extra, [], `files outside dist/ in the package: ${extra.join(', ')}`);
		for (const required of ['README.md', 'LICENSE', 'package.json'])
			assert.ok(files.includes(required), `${required} is missing`);
		assert.ok(
			!files.some((f) => /\.(ts|map)$/.test(f) && !f.endsWith('.d.ts')),
			'TypeScript sources or source maps are shipped',
		);
		assert.ok(
			!files.some((f) => /(^|\/)(test|e2e|examples|scripts|node_modules)\//.test(f)),
			'test or tooling files are shipped',
		);
		assert.deepEqual(
			shared.packReport.files.map((f) => f.path).sort(),
			[...files].sort(),
			'npm pack and npm pack --dry-run list different files',
		);
	});

	it('declares its nodes and credentials, all shipped, with no runtime dependencies', () => {
		const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
		const files = shared.dryRun.files.map((f) => f.path);
		assert.equal(
			manifest.dependencies,
			undefined,
			'package.json has "dependencies": n8n refuses community packages with runtime dependencies',
		);
		assert.ok(manifest.keywords.includes('n8n-community-node-package'));
		assert.equal(manifest.n8n.n8nNodesApiVersion, 1);
		assert.ok(manifest.n8n.nodes.includes('dist/nodes/MadMimi/MadMimi.node.js'));
		assert.ok(manifest.n8n.credentials.includes('dist/credentials/MadMimiApi.credentials.js'));
		for (const entry of [...manifest.n8n.nodes, ...manifest.n8n.credentials])
			assert.ok(files.includes(entry), `${entry} is declared but not packed`);
		for (const icon of ['dist/nodes/MadMimi/madMimi.svg', 'dist/nodes/MadMimi/madMimi.dark.svg'])
			assert.ok(files.includes(icon), `${icon} is missing`);
	});
});
