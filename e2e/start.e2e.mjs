/**
 * End-to-end: `npm start` itself (scripts/start.mjs) on the default n8n: what it prints and
 * serves (the owner, the ready credential, the examples, the credential test), then Ctrl-C stops
 * n8n and the emulator. Run through e2e/run.mjs (`npm run test:e2e`); the set-up: e2e/fixture.mjs
 * (here only the package, built once per run: `npm start --no-build` uses that build's dist/).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';

import {
	CREDENTIAL_ID,
	CREDENTIAL_NAME_LOCAL,
	CREDENTIALS_TYPE,
	DEMO_CREDENTIALS,
	REPO_ROOT,
} from '../scripts/lib/constants.mjs';
import { DEFAULT_N8N_VERSION } from '../scripts/lib/install.mjs';
import { N8nRest, exampleFiles } from '../scripts/lib/n8n.mjs';
import { freePort, portInUse, waitForHttp } from '../scripts/lib/net.mjs';
import { startProcess } from '../scripts/lib/processes.mjs';
import { ARTIFACTS, MIN, OWNER, packedPackage, processesEndWithTheFile } from './fixture.mjs';

processesEndWithTheFile('e2e start');

before(() => packedPackage(), { timeout: 10 * MIN });

describe('npm start', { concurrency: false }, () => {
	it(
		`starts n8n ${DEFAULT_N8N_VERSION} ready to use, and Ctrl-C stops everything it started`,
		{ timeout: 15 * MIN },
		async () => {
			// a fresh state folder and log, also when this file runs without e2e/run.mjs emptying the artifacts
			const stateDir = path.join(ARTIFACTS, 'npm-start');
			fs.rmSync(stateDir, { recursive: true, force: true });
			fs.rmSync(path.join(ARTIFACTS, 'npm-start.log'), { force: true });
			const port = await freePort();
			const emulatorPort = await freePort();
			const proc = startProcess(
				'npm start',
				process.execPath,
				[
					path.join(REPO_ROOT, 'scripts', 'start.mjs'),
					'--port',
					String(port),
					'--emulator-port',
					String(emulatorPort),
					'--no-build',
				],
				{
					env: { ...process.env, MADMIMI_START_DIR: stateDir, N8N_OWNER_PASSWORD: OWNER.password },
					logFile: path.join(ARTIFACTS, 'npm-start.log'),
				},
			);
			try {
				await proc.waitFor(/Press Ctrl-C to stop/, 12 * MIN);
				await readyToUse(proc.output, port);
			} finally {
				// Ctrl-C as a terminal sends it: SIGINT to the npm start process only
				proc.child.kill('SIGINT');
				const timer = setTimeout(() => void proc.stop(1000), 60000);
				const result = await proc.exited;
				clearTimeout(timer);
				assert.equal(
					result.code,
					0,
					`npm start ended with ${result.code}/${result.signal}\n${proc.output.slice(-2000)}`,
				);
			}
			assert.match(proc.output, /Stopping n8n and the emulator/);
			assert.equal(await portInUse(port), false, 'n8n still listens after Ctrl-C');
			assert.equal(await portInUse(emulatorPort), false, 'the emulator still listens after Ctrl-C');
		},
	);
});

/** What `npm start` printed (`out`) and what its n8n on `port` serves: the owner, the credential, the examples. */
async function readyToUse(out, port) {
	assert.match(out, new RegExp(`Open\\s+http://127\\.0\\.0\\.1:${port}`));
	assert.match(out, /Log in\s+owner@example\.com/);
	assert.match(out, /Mad Mimi \(local emulator\)/);
	await waitForHttp(`http://127.0.0.1:${port}/`, { timeoutMs: 30000 });
	const rest = new N8nRest(`http://127.0.0.1:${port}`);
	await rest.login({ email: 'owner@example.com', password: OWNER.password });
	const credentials = (await rest.request('GET', '/rest/credentials')).json.data;
	assert.ok(
		credentials.some(
			(c) =>
				c.id === CREDENTIAL_ID && c.name === CREDENTIAL_NAME_LOCAL && c.type === CREDENTIALS_TYPE,
		),
	);
	const workflows = (await rest.request('GET', '/rest/workflows')).json.data;
	const expected = exampleFiles().map((f) => JSON.parse(fs.readFileSync(f, 'utf8')).id);
	const present = workflows.map((w) => w.id);
	for (const id of expected) assert.ok(present.includes(id), `${id} imported`);
	// the credential test as the editor runs it: the stored data, secrets redacted, sent back
	const stored = (await rest.request('GET', `/rest/credentials/${CREDENTIAL_ID}?includeData=true`))
		.json.data;
	assert.notEqual(
		stored.data.apiKey,
		DEMO_CREDENTIALS.apiKey,
		'the API key is not sent back to the browser',
	);
	const test = await rest.request('POST', '/rest/credentials/test', {
		credentials: {
			id: CREDENTIAL_ID,
			name: stored.name,
			type: CREDENTIALS_TYPE,
			data: stored.data,
		},
	});
	assert.equal(test.json.data.status, 'OK', JSON.stringify(test.json));
}
