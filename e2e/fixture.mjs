/**
 * The set-up the end-to-end suites share (e2e/*.e2e.mjs, run by e2e/run.mjs): the package packed
 * once per run (`packedPackage`); per suite and n8n release, `n8nForSuite` in its `describe`
 * (n8n set up before its tests, stopped after); `processesEndWithTheFile` at the top of each file; and
 * what the suites build and read (workflows, publication, stored runs, the emulator's log).
 *
 *   E2E_N8N_VERSIONS   comma-separated n8n releases (default: every entry of N8N_TARGETS)
 *   E2E_BROWSER        0 to leave out the editor checks in Chromium (default: on)
 *   CHROMIUM_PATH      the browser (default: /usr/bin/chromium)
 *   E2E_ARTIFACTS      folder for logs and screenshots (default: .tmp/e2e)
 *   E2E_UPDATE_SCREENSHOT=1  also write the screenshots in docs/ (from the default n8n)
 *   E2E_RUN            set by e2e/run.mjs: the files of one run share one packed package
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';

import {
	ACTION_TYPE,
	CREDENTIAL_ID,
	CREDENTIAL_NAME_LOCAL,
	CREDENTIALS_TYPE,
	DEMO_CREDENTIALS,
	REPO_ROOT,
	TRIGGER_TYPE,
	WRONG_CREDENTIALS,
} from '../scripts/lib/constants.mjs';
import { startEmulator } from '../scripts/lib/emulator.mjs';
import { N8N_TARGETS, ensureN8n } from '../scripts/lib/install.mjs';
import {
	N8nRest,
	exampleFiles,
	n8nCli,
	n8nEnv,
	n8nExecute,
	startN8n,
} from '../scripts/lib/n8n.mjs';
import { freePort } from '../scripts/lib/net.mjs';
import { buildAndPack, installPackage } from '../scripts/lib/pack.mjs';
import { installExitHandlers, stopAll, stopWhenParentGoes } from '../scripts/lib/processes.mjs';
import { EmulatorControl } from './emulator-control.mjs';

export const VERSIONS = (process.env.E2E_N8N_VERSIONS || Object.keys(N8N_TARGETS).join(','))
	.split(',')
	.map((v) => v.trim())
	.filter(Boolean);
export const BROWSER = !/^(0|false|no)$/i.test(process.env.E2E_BROWSER ?? '1');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const ARTIFACTS = path.resolve(
	process.env.E2E_ARTIFACTS || path.join(REPO_ROOT, '.tmp', 'e2e'),
);
export const UPDATE_SCREENSHOTS = process.env.E2E_UPDATE_SCREENSHOT === '1';
/**
 * The n8n user folders of the suites, outside the repository as a user's ~/.n8n is (one place per
 * artifacts folder). Inside it, the installed package would load the repository's
 * node_modules/n8n-workflow (the devDependency, 2.41) before the n8n's own, which n8n offers
 * through NODE_PATH only: every release would run the node with 2.41's n8n-workflow.
 */
const USER_FOLDERS = path.join(
	os.tmpdir(),
	`n8n-nodes-madmimi-e2e-${crypto.createHash('sha256').update(ARTIFACTS).digest('hex').slice(0, 8)}`,
);
export const OWNER = {
	email: 'owner@example.com',
	password: 'MadMimi-e2e-1',
	firstName: 'E2E',
	lastName: 'Owner',
};
export const MIN = 60000;

/** The second Mad Mimi credential the suites import: the demo user with a key the emulator refuses. */
const WRONG_KEY_CREDENTIAL = { id: 'madMimiBadCred01', name: 'Mad Mimi (wrong key)' };

/** A line in the test output (node:test passes it through; the spec reporter prints it). */
export function note(message) {
	process.stdout.write(`# ${message}\n`);
}

/**
 * A user's walk through the editor, for the suites that take one: `shot(name)` gives the path of a
 * screenshot (and keeps its name), `step(what)` notes a step with the seconds since the walk began,
 * `done(what)` notes the whole walk's time and its screenshots.
 */
export function userWalk(label, version) {
	const started = Date.now();
	const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
	const walk = {
		shots: [],
		shot(name) {
			walk.shots.push(name);
			return path.join(ARTIFACTS, `${name}-${version}.png`);
		},
		step: (what) => note(`${label} (n8n ${version}) ${seconds()} s: ${what}`),
		done: (what) =>
			note(
				`${label} (n8n ${version}): ${what} took ${seconds()} s; screenshots ${walk.shots.map((s) => `${s}-${version}.png`).join(', ')}`,
			),
	};
	return walk;
}

/**
 * For a suite file, at its top: every process it starts (n8n, the emulator, npm) is stopped when
 * the file ends (an `after` hook of the file), on Ctrl-C, and when e2e/run.mjs, whose child the
 * file runs in, is killed.
 */
export function processesEndWithTheFile(label) {
	installExitHandlers();
	stopWhenParentGoes(label);
	after(() => stopAll());
}

/** The emulator's log of API requests (`emu.requests()`) of one method and path (a string or a RegExp). */
export const apiRequests = (requests, method, pathPattern) =>
	requests.filter(
		(r) =>
			r.effectiveMethod === method &&
			(typeof pathPattern === 'string' ? r.path === pathPattern : pathPattern.test(r.path)),
	);

/** The API writes in the emulator's log (its own /__emulator calls left out). */
export const apiWrites = (requests) =>
	requests.filter((r) => r.effectiveMethod !== 'GET' && !r.path.startsWith('/__emulator'));

/** How many rows have each value of `key` (a field's name, or a function; the row itself by default). */
export function countBy(rows, key = (row) => row) {
	const out = {};
	for (const row of rows) {
		const value = typeof key === 'function' ? key(row) : row[key];
		out[value] = (out[value] ?? 0) + 1;
	}
	return out;
}

/** The suite's ready credential, as a node names it. */
export const CREDENTIALS = {
	[CREDENTIALS_TYPE]: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME_LOCAL },
};

/**
 * "Start" (a Manual Trigger) → nodes[0] → nodes[1] ...; a node without a `type` is a Mad Mimi node
 * with the suite's credential. `extra`: more fields of the workflow (its `id`, `pinData`).
 */
export function chainWorkflow(name, nodes, extra = {}) {
	const all = [
		{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', parameters: {} },
		...nodes.map((node) =>
			node.type ? node : { type: ACTION_TYPE, credentials: CREDENTIALS, ...node },
		),
	].map((node, i) => ({ id: `chain-${i}`, typeVersion: 1, position: [i * 220, 0], ...node }));
	const connections = Object.fromEntries(
		all
			.slice(0, -1)
			.map((node, i) => [
				node.name,
				{ main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] },
			]),
	);
	return {
		name,
		nodes: all,
		connections,
		settings: { executionOrder: 'v1' },
		active: false,
		...extra,
	};
}

/**
 * A trigger's Poll Times: `perMinute` checks a minute, each at a fixed second (n8n refuses one
 * rule that fires more often than once a minute).
 */
export const pollTimes = (perMinute) => ({
	item:
		perMinute === 1
			? [{ mode: 'everyMinute' }]
			: Array.from({ length: perMinute }, (_, i) => ({
					mode: 'custom',
					cronExpression: `${Math.round((i * 60) / perMinute)} * * * * *`,
				})),
});

/** `check()` every `intervalMs` (2 s unless given) until it returns something truthy (returned); throws after `timeoutMs`. */
export async function waitUntil(check, timeoutMs, what, intervalMs = 2000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value) return value;
		// `what` may be a function, to say what was seen last (read when the wait gives up)
		if (Date.now() > deadline)
			throw new Error(
				`timed out after ${timeoutMs / 1000} s waiting for ${typeof what === 'function' ? what() : what}`,
			);
		await new Promise((r) => setTimeout(r, intervalMs));
	}
}

/** Fails with what to do when the editor checks run and Chromium is missing. */
function assertChromium() {
	assert.ok(
		fs.existsSync(CHROMIUM),
		`${CHROMIUM} is missing: apt-get install -y chromium (scripts/ci-e2e.sh does), or set E2E_BROWSER=0`,
	);
}

// ---------------------------------------------------------------------------------------------
// the package, built and packed once per run

/**
 * `npm run build` and `npm pack` into `<artifacts>/pack`: `{ tarball, report }` (npm's report).
 * Under e2e/run.mjs (E2E_RUN, one value per run) the first file that asks packs and records it in
 * pack/pack.json, and the later files of the same run take that tarball. A file run on its own
 * (`node --test e2e/<file>`) builds and packs afresh, once.
 */
let packing;
export function packedPackage() {
	packing ??= packOncePerRun();
	return packing;
}

async function packOncePerRun() {
	const dir = path.join(ARTIFACTS, 'pack');
	const record = path.join(dir, 'pack.json');
	const runId = process.env.E2E_RUN;
	if (runId && fs.existsSync(record)) {
		const packed = JSON.parse(fs.readFileSync(record, 'utf8'));
		if (packed.runId === runId && fs.existsSync(packed.tarball)) return packed;
	}
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(ARTIFACTS, { recursive: true });
	const started = Date.now();
	const { tarball, report } = await buildAndPack(dir, {
		logFile: path.join(ARTIFACTS, 'build.log'),
	});
	note(
		`built and packed in ${((Date.now() - started) / 1000).toFixed(1)} s: ${path.relative(REPO_ROOT, tarball)}`,
	);
	const packed = { runId, tarball, report };
	fs.writeFileSync(record, JSON.stringify(packed, null, 2));
	return packed;
}

// ---------------------------------------------------------------------------------------------
// one n8n release with the package

/**
 * In a suite's `describe` for one n8n release: its `ctx`, filled by `setUpN8n` in a before hook
 * (Chromium asserted first with `browser`) and stopped by `tearDownN8n` in an after hook.
 */
export function n8nForSuite(version, suite, { start = false, browser = false } = {}) {
	const ctx = {};
	before(
		async () => {
			if (browser) assertChromium();
			await setUpN8n(ctx, version, suite, { start });
		},
		{ timeout: 40 * MIN },
	);
	after(() => tearDownN8n(ctx));
	return ctx;
}

/**
 * Fills `ctx` (the suite's, so that `tearDownN8n` stops what was started even when a step
 * fails) with one n8n release ready for `suite`'s checks:
 * `{ version, install, logs, userFolder, packageDir, emulator, emu, env, cli, execute,
 * examples }`, and with `start`, `{ n8n, rest }`: `n8n start` running, the owner signed in.
 * `examples`: file name (without .json) → the example workflow as imported.
 */
async function setUpN8n(ctx, version, suite, { start = false } = {}) {
	const started = Date.now();
	ctx.version = version;
	ctx.logs = path.join(ARTIFACTS, `n8n-${version}`, suite);
	fs.rmSync(ctx.logs, { recursive: true, force: true });
	fs.mkdirSync(ctx.logs, { recursive: true });
	ctx.install = await ensureN8n(version);
	note(
		`n8n ${version} on Node ${ctx.install.runtime.version} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
	);
	const { tarball } = await packedPackage();
	ctx.userFolder = path.join(USER_FOLDERS, `n8n-${version}`, suite);
	fs.rmSync(ctx.userFolder, { recursive: true, force: true });
	ctx.packageDir = await installPackage(ctx.userFolder, tarball);
	ctx.emulator = await startEmulator({
		port: await freePort(),
		logFile: path.join(ctx.logs, 'emulator.log'),
	});
	ctx.emu = new EmulatorControl(ctx.emulator.baseUrl, { timeoutMs: 10000 });
	ctx.env = n8nEnv(ctx.install, {
		userFolder: ctx.userFolder,
		brokerPort: await freePort(),
		encryptionKey: `madmimi-e2e-${version}-key-0123456789`,
		extra: { GENERIC_TIMEZONE: 'UTC', N8N_LOG_LEVEL: 'info' },
	});
	const cliLog = path.join(ctx.logs, 'cli.log');
	ctx.cli = (args, options = {}) =>
		n8nCli(ctx.install, ctx.env, args, { logFile: cliLog, ...options });
	ctx.execute = (workflowId) => n8nExecute(ctx.install, ctx.env, workflowId, { logFile: cliLog });
	ctx.examples = await importCredentialsAndWorkflows(ctx);
	if (start) await startServer(ctx);
	note(
		`n8n ${version} for the ${suite} checks: set up in ${((Date.now() - started) / 1000).toFixed(1)} s`,
	);
}

/** Stops what `setUpN8n` started. */
async function tearDownN8n(ctx) {
	await ctx.n8n?.proc.stop();
	await ctx.emulator?.proc.stop();
}

/**
 * With n8n's CLI: the ready credential and one with a wrong key (both against the emulator), every
 * example (the trigger's polling every minute, so that an activation test does not wait an
 * hour), and the suites' own two workflows (`suiteWorkflows`). Returns the examples by file name.
 */
async function importCredentialsAndWorkflows(ctx) {
	const baseUrl = ctx.emulator.baseUrl;
	const credentials = [
		{
			id: CREDENTIAL_ID,
			name: CREDENTIAL_NAME_LOCAL,
			type: CREDENTIALS_TYPE,
			data: { ...DEMO_CREDENTIALS, baseUrl },
		},
		{ ...WRONG_KEY_CREDENTIAL, type: CREDENTIALS_TYPE, data: { ...WRONG_CREDENTIALS, baseUrl } },
	];
	const credentialsJson = path.join(ctx.logs, 'credentials.json');
	fs.writeFileSync(credentialsJson, JSON.stringify(credentials, null, 2));
	const dir = path.join(ctx.logs, 'workflows');
	fs.mkdirSync(dir, { recursive: true });
	const examples = {};
	for (const file of exampleFiles()) {
		const workflow = JSON.parse(fs.readFileSync(file, 'utf8'));
		for (const node of workflow.nodes)
			if (node.type === TRIGGER_TYPE) node.parameters.pollTimes = pollTimes(1);
		examples[path.basename(file, '.json')] = workflow;
		fs.writeFileSync(path.join(dir, path.basename(file)), JSON.stringify(workflow));
	}
	for (const [file, workflow] of Object.entries(suiteWorkflows()))
		fs.writeFileSync(path.join(dir, file), JSON.stringify(workflow));
	await ctx.cli(['import:credentials', `--input=${credentialsJson}`]);
	await ctx.cli(['import:workflow', '--separate', `--input=${dir}`]);
	return examples;
}

/**
 * The suites' own workflows, next to the examples: the Mad Mimi node with the wrong key
 * (madMimiE2eBadKey), and one email with n8n's Retry On Fail on (madMimiE2eSendOnce), whose
 * answer the CLI checks lose on the way back.
 */
function suiteWorkflows() {
	const badKey = chainWorkflow(
		'E2E: wrong API key',
		[
			{
				name: 'Get lists',
				parameters: { resource: 'audienceList', operation: 'getAll', returnAll: true },
				credentials: { [CREDENTIALS_TYPE]: WRONG_KEY_CREDENTIAL },
			},
		],
		{ id: 'madMimiE2eBadKey' },
	);
	const sendOnce = chainWorkflow(
		'E2E: one email, Retry On Fail on',
		[
			{
				name: 'Send once',
				parameters: {
					resource: 'email',
					operation: 'send',
					promotionName: 'Weekly digest',
					recipient: 'once@example.com',
				},
				retryOnFail: true,
				maxTries: 3,
				waitBetweenTries: 1000,
			},
		],
		{ id: 'madMimiE2eSendOnce' },
	);
	return { 'zz-bad-key.json': badKey, 'zz-send-once.json': sendOnce };
}

/** `n8n start` on a free port, waited for; the owner set up (a fresh user folder has none). */
async function startServer(ctx) {
	await ctx.emu.reset();
	const port = await freePort();
	ctx.n8n = await startN8n(
		ctx.install,
		{ ...ctx.env, N8N_PORT: String(port) },
		{ logFile: path.join(ctx.logs, 'n8n-start.log') },
	);
	ctx.rest = new N8nRest(ctx.n8n.baseUrl);
	assert.equal(await ctx.rest.setupOwnerOrLogin(OWNER), 'created');
}

// ---------------------------------------------------------------------------------------------
// runs as n8n stored them

/** An execution's `data` as the REST API gives it (n8n stores it flattened with `flatted`). */
export function executionData(ctx, stored) {
	if (typeof stored.data !== 'string') return stored.data;
	const flatted = createRequire(path.join(ctx.install.dir, 'node_modules', 'n8n', 'package.json'))(
		'flatted',
	);
	return flatted.parse(stored.data);
}

/** An execution as the started n8n stored it (the REST API's), once finished. */
export function finishedExecution(ctx, id, timeoutMs = 30000) {
	return waitUntil(
		async () => {
			const stored = (await ctx.rest.request('GET', `/rest/executions/${id}`)).json.data;
			return stored && !['new', 'running', 'waiting'].includes(stored.status) ? stored : undefined;
		},
		timeoutMs,
		`execution ${id} to be stored`,
	);
}

/** A run as the started n8n stored it, once finished: `{ status, runData }`. */
export async function storedRun(ctx, id) {
	const stored = await finishedExecution(ctx, id);
	return { status: stored.status, runData: executionData(ctx, stored).resultData.runData };
}

// ---------------------------------------------------------------------------------------------
// published workflows

/** A workflow created through the REST API, as n8n stored it. */
export async function createWorkflow(ctx, workflow) {
	return (await ctx.rest.request('POST', '/rest/workflows', { active: false, ...workflow })).json
		.data;
}

/** "Publish": n8n 2.x's activate endpoint; n8n 1.x: `active` set on the workflow. */
export async function activate(ctx, workflowId, versionId) {
	const activated = await ctx.rest.request(
		'POST',
		`/rest/workflows/${workflowId}/activate`,
		{ versionId },
		{ expectOk: false },
	);
	if (activated.status === 404)
		await ctx.rest.request('PATCH', `/rest/workflows/${workflowId}`, { active: true, versionId });
	else
		assert.ok(
			activated.status < 300,
			`activate: HTTP ${activated.status} ${activated.text.slice(0, 300)}`,
		);
}

/** "Unpublish"; returns n8n's answer (not checked: the workflow may be unpublished already). */
export function deactivate(ctx, workflowId) {
	return ctx.rest.request(
		'POST',
		`/rest/workflows/${workflowId}/deactivate`,
		{},
		{ expectOk: false },
	);
}

/** Creates and publishes a workflow, runs `use(created)`, then unpublishes it. */
export async function published(ctx, workflow, use) {
	const created = await createWorkflow(ctx, workflow);
	try {
		await activate(ctx, created.id, created.versionId);
		return await use(created);
	} finally {
		await deactivate(ctx, created.id);
	}
}

/** A JSON body posted to a published workflow's production webhook (`/webhook/<path>`), once n8n has registered it. */
export function postWebhook(ctx, webhookPath, body) {
	// n8n 2.41 registers a published workflow's webhooks a moment after the activation answers
	return waitUntil(
		async () => {
			const answer = await fetch(`${ctx.n8n.baseUrl}/webhook/${webhookPath}`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(body),
				signal: AbortSignal.timeout(30000),
			});
			return answer.status === 404 ? undefined : answer;
		},
		60000,
		`the webhook /webhook/${webhookPath} of the published workflow`,
	);
}

/** The executions of a workflow, newest first, as the Executions list shows them. */
export async function workflowExecutions(ctx, workflowId) {
	const list = await ctx.rest.request(
		'GET',
		`/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`,
	);
	return list.json.data.results ?? list.json.data;
}
