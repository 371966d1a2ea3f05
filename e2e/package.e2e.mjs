/**
 * End-to-end: the package as npm publishes it (`npm pack`), before any n8n: what it ships, and that
 * every node and credential it declares is in it. Run through e2e/run.mjs (`npm run test:e2e`);
 * the shared set-up and its settings: e2e/fixture.mjs. (package.json's own fields, what dist/ holds
 * and that each bundle loads: test/package/dist.test.ts.)
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';

import { REPO_ROOT } from '../scripts/lib/constants.mjs';
import { MIN, packedPackage, processesEndWithTheFile } from './fixture.mjs';

processesEndWithTheFile('e2e package');

it(
	'npm pack ships only dist/, README.md, LICENSE and package.json, and every declared node and credential',
	{ timeout: 10 * MIN },
	async () => {
		const files = (await packedPackage()).report.files.map((f) => f.path);
		const extra = files.filter(
			(f) => !(f.startsWith('dist/') || ['README.md', 'LICENSE', 'package.json'].includes(f)),
		);
		assert.deepEqual(extra, [], `files outside dist/ in the package: ${extra.join(', ')}`);
		const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
		const icons = ['dist/nodes/MadMimi/madMimi.svg', 'dist/nodes/MadMimi/madMimi.dark.svg'];
		for (const required of [
			'README.md',
			'LICENSE',
			'package.json',
			...manifest.n8n.nodes,
			...manifest.n8n.credentials,
			...icons,
		])
			assert.ok(files.includes(required), `${required} is declared or needed, but not packed`);
		assert.ok(
			!files.some((f) => /\.(ts|map)$/.test(f) && !f.endsWith('.d.ts')),
			'TypeScript sources or source maps are shipped',
		);
	},
);
