/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: reads package.json and the example workflows, never inside n8n */
/**
 * test/support/demo.json holds the names the tooling (scripts/lib/constants.mjs: `npm start`, the
 * e2e suite) shares with the tests. Until the emulator's seed and the harness read it, this checks
 * that every copy says the same.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { MadMimiApi } from '../../credentials/MadMimiApi.credentials';
import { MadMimi } from '../../nodes/MadMimi/MadMimi.node';
import { MadMimiTrigger } from '../../nodes/MadMimiTrigger/MadMimiTrigger.node';
import { DEMO_CREDENTIALS, WRONG_CREDENTIALS } from '../../emulator';
import demo from './demo.json';

const ROOT = path.join(__dirname, '..', '..');

test("the package, node and credential type names are the code's", () => {
	expect(demo.packageName).toBe(
		JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).name,
	);
	expect(demo.actionType).toBe(`${demo.packageName}.${new MadMimi().description.name}`);
	expect(demo.triggerType).toBe(`${demo.packageName}.${new MadMimiTrigger().description.name}`);
	expect(demo.credentialsType).toBe(new MadMimiApi().name);
});

test("the demo account and the refused key are the emulator's (emulator/seed.ts)", () => {
	expect(demo.demoCredentials).toEqual(DEMO_CREDENTIALS);
	expect(demo.wrongCredentials).toEqual(WRONG_CREDENTIALS);
});

test('every Mad Mimi node of the example workflows uses the credential', () => {
	const dir = path.join(ROOT, 'examples');
	const uses = readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.flatMap(
			(file) =>
				(
					JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
						nodes: Array<{ type: string; credentials?: Record<string, unknown> }>;
					}
				).nodes,
		)
		.filter((node) => node.type.startsWith(`${demo.packageName}.`))
		.map((node) => node.credentials);
	expect(uses.length).toBeGreaterThan(0);
	for (const credentials of uses)
		expect(credentials).toEqual({
			[demo.credentialsType]: { id: demo.credential.id, name: demo.credential.nameLocal },
		});
});
