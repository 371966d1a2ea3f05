/**
 * The queue-mode suite's deployment (e2e/queue.e2e.mjs), wired from scripts/lib/queue.mjs's
 * pieces: PostgreSQL, Redis, the emulator, the main instance and the workers (each n8n process
 * with its own user folder and the run's packed package installed there); and what the suite's
 * checks read of it: executions in PostgreSQL, their run data, the workers' logs.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import {
	CREDENTIAL_NAME_LOCAL,
	DEMO_CREDENTIALS,
	REPO_ROOT,
	TRIGGER_TYPE,
} from '../scripts/lib/constants.mjs';
import { startEmulator } from '../scripts/lib/emulator.mjs';
import { ensureN8n, ensurePostgres, ensureRedis } from '../scripts/lib/install.mjs';
import { N8nRest, credentialsFile, n8nCli } from '../scripts/lib/n8n.mjs';
import { secondsSince } from '../scripts/lib/log.mjs';
import { freePort } from '../scripts/lib/net.mjs';
import { installPackage } from '../scripts/lib/pack.mjs';
import { stopAll } from '../scripts/lib/processes.mjs';
import {
	createN8nDatabase,
	pgClient,
	queueEnv,
	queueLogEvents,
	runTempDir,
	startMain,
	startPostgres,
	startRedis,
	startWorker,
} from '../scripts/lib/queue.mjs';
import { EmulatorControl } from './emulator-control.mjs';
import {
	MIN,
	OWNER,
	executionData,
	note,
	packedPackage,
	pollTimes,
	waitUntil,
} from './fixture.mjs';

export const TARGET = '2.41.1';
export const ARTIFACTS = path.resolve(
	process.env.E2E_QUEUE_ARTIFACTS || path.join(REPO_ROOT, '.tmp', 'e2e', 'queue'),
);
export const WORKERS = 2;
const WORKER_CONCURRENCY = 5;
export const POLLS_PER_MINUTE = Math.min(
	4,
	Math.max(1, Math.floor(Number(process.env.E2E_QUEUE_POLLS_PER_MINUTE) || 4)),
);
export const WEBHOOK_WORKFLOW = 'madMimiQueueE2e01';
export const TRIGGER_WORKFLOW = 'madMimiExample02';
export const WELCOME_WORKFLOW = 'madMimiExample07';
export const TERMINAL = new Set(['success', 'error', 'crashed', 'canceled']);
/** How often the waits look again: polls come every 15 s, so 1 s is close enough. */
export const CHECK_EVERY_MS = 1000;

/**
 * The before hook: fills `ctx` (so that `stopQueueCluster` stops what was started even when a
 * step fails) with `{ install, users, tmp, pg, redis, emulator, emu, db, mainPort, env, main,
 * workers, rest }`.
 */
export async function startQueueCluster(ctx) {
	const started = Date.now();
	fs.rmSync(ARTIFACTS, { recursive: true, force: true });
	fs.mkdirSync(ARTIFACTS, { recursive: true });
	const { redisBin, postgres } = await installWhatItNeeds(ctx);
	await installPackageForEachProcess(ctx);
	await startServices(ctx, { redisBin, postgres });
	await settingsOfEachProcess(ctx);
	await importCredentialAndWorkflows(ctx);
	await startMainAndWorkers(ctx);
	note(
		`main on ${ctx.main.baseUrl} and ${WORKERS} workers (concurrency ${WORKER_CONCURRENCY}): set up in ${secondsSince(started)} s`,
	);
}

/** n8n (normally there from the run's earlier files), Redis, PostgreSQL: `{ redisBin, postgres }`. */
async function installWhatItNeeds(ctx) {
	const installLog = path.join(ARTIFACTS, 'install.log');
	const [install, redisBin, postgres] = await Promise.all([
		ensureN8n(TARGET),
		ensureRedis({ logFile: installLog }),
		ensurePostgres({ logFile: installLog }),
	]);
	ctx.install = install;
	note(
		`n8n ${TARGET} on Node ${install.runtime.version}, PostgreSQL ${postgres.version}, ${redisBin.installed ? 'redis-server installed' : 'redis-server present'}`,
	);
	return { redisBin, postgres };
}

/** One user folder per n8n process, the package installed into each as n8n installs it. */
async function installPackageForEachProcess(ctx) {
	// the package packed once per run (e2e/fixture.mjs): the tarball the other files installed
	const { tarball } = await packedPackage();
	ctx.users = {};
	for (const name of ['main', ...Array.from({ length: WORKERS }, (_, i) => `worker-${i + 1}`)]) {
		const userFolder = path.join(ARTIFACTS, 'users', name);
		ctx.users[name] = { userFolder, packageDir: await installPackage(userFolder, tarball) };
	}
}

/** PostgreSQL (with n8n's database, and a client of it as `ctx.db`), Redis, the emulator. */
async function startServices(ctx, { redisBin, postgres }) {
	ctx.tmp = runTempDir();
	const [pg, redis, emulator] = await Promise.all([
		startPostgres({
			binaries: postgres,
			dir: path.join(ctx.tmp, 'postgres'),
			logFile: path.join(ARTIFACTS, 'postgres.log'),
		}),
		startRedis({
			bin: redisBin.bin,
			dir: path.join(ctx.tmp, 'redis'),
			logFile: path.join(ARTIFACTS, 'redis.log'),
		}),
		freePort().then((port) =>
			startEmulator({ port, logFile: path.join(ARTIFACTS, 'emulator.log') }),
		),
	]);
	Object.assign(ctx, { pg, redis, emulator, emu: new EmulatorControl(emulator.baseUrl) });
	await createN8nDatabase(ctx.install, pg);
	ctx.db = await pgClient(ctx.install, {
		host: pg.host,
		port: pg.port,
		user: pg.user,
		password: pg.password,
		database: pg.database,
	});
	note(
		`PostgreSQL on 127.0.0.1:${pg.port}, Redis${redis.version ? ` ${redis.version}` : ''} on 127.0.0.1:${redis.port}, emulator on ${emulator.baseUrl}`,
	);
}

/** The settings of each n8n process (`ctx.env.main`, `ctx.env['worker-1']`, ...): one encryption key, ports of their own. */
async function settingsOfEachProcess(ctx) {
	const encryptionKey = crypto.randomBytes(24).toString('hex');
	const common = {
		encryptionKey,
		pg: ctx.pg,
		redis: ctx.redis,
		extra: { GENERIC_TIMEZONE: 'UTC', N8N_LOG_LEVEL: 'info' },
	};
	ctx.mainPort = await freePort();
	ctx.env = {
		main: queueEnv(ctx.install, {
			...common,
			userFolder: ctx.users.main.userFolder,
			port: ctx.mainPort,
			brokerPort: await freePort(),
		}),
	};
	for (let i = 1; i <= WORKERS; i++) {
		ctx.env[`worker-${i}`] = queueEnv(ctx.install, {
			...common,
			userFolder: ctx.users[`worker-${i}`].userFolder,
			brokerPort: await freePort(),
			healthPort: await freePort(),
		});
	}
}

/**
 * The credential and the workflows, into PostgreSQL through n8n's CLI (which also creates the
 * schema); the webhook workflow published, so the main instance activates it when it starts.
 */
async function importCredentialAndWorkflows(ctx) {
	const cli = (args) =>
		n8nCli(ctx.install, ctx.env.main, args, {
			logFile: path.join(ARTIFACTS, 'cli.log'),
			timeoutMs: 5 * MIN,
		});
	const credFile = credentialsFile(path.join(ARTIFACTS, 'credentials.json'), {
		name: CREDENTIAL_NAME_LOCAL,
		...DEMO_CREDENTIALS,
		baseUrl: ctx.emulator.baseUrl,
	});
	await cli(['import:credentials', `--input=${credFile}`]);
	const dir = path.join(ARTIFACTS, 'workflows');
	fs.mkdirSync(dir, { recursive: true });
	const webhookWorkflow = JSON.parse(
		fs.readFileSync(path.join(REPO_ROOT, 'e2e', 'fixtures', 'queue-webhook-import.json'), 'utf8'),
	);
	assert.equal(webhookWorkflow.id, WEBHOOK_WORKFLOW);
	fs.writeFileSync(path.join(dir, 'queue-webhook-import.json'), JSON.stringify(webhookWorkflow));
	for (const [file, id] of [
		['sync-opt-outs.json', TRIGGER_WORKFLOW],
		['new-member-welcome.json', WELCOME_WORKFLOW],
	]) {
		fs.writeFileSync(path.join(dir, file), JSON.stringify(pollingMoreOften(file, id)));
	}
	await cli(['import:workflow', '--separate', `--input=${dir}`]);
	await cli(['publish:workflow', `--id=${WEBHOOK_WORKFLOW}`]);
}

/** A trigger example (examples/<file>) polling POLLS_PER_MINUTE times a minute. */
function pollingMoreOften(file, id) {
	const trigger = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'examples', file), 'utf8'));
	assert.equal(trigger.id, id);
	const triggerNode = trigger.nodes.find((n) => n.type === TRIGGER_TYPE);
	assert.ok(triggerNode, `the ${file} example has the Mad Mimi Trigger`);
	triggerNode.parameters.pollTimes = pollTimes(POLLS_PER_MINUTE);
	return trigger;
}

/** `n8n start` and the workers, side by side; the owner set up; the webhook workflow active. */
async function startMainAndWorkers(ctx) {
	const [main, ...workers] = await Promise.all([
		startMain(ctx.install, ctx.env.main, { logFile: path.join(ARTIFACTS, 'n8n-main.log') }),
		...Array.from({ length: WORKERS }, (_, i) =>
			startWorker(ctx.install, ctx.env[`worker-${i + 1}`], {
				name: `n8n worker-${i + 1}`,
				concurrency: WORKER_CONCURRENCY,
				hostname: `n8n-worker-${i + 1}`,
				logFile: path.join(ARTIFACTS, `n8n-worker-${i + 1}.log`),
			}),
		),
	]);
	ctx.main = main;
	ctx.workers = workers;
	ctx.rest = new N8nRest(main.baseUrl);
	assert.equal(await ctx.rest.setupOwnerOrLogin(OWNER), 'created');
	// the published webhook workflow is activated by the main instance's publication service: its
	// production webhook is then registered in the database
	await waitUntil(
		async () =>
			(
				await ctx.db.query('SELECT 1 FROM webhook_entity WHERE "workflowId" = $1', [
					WEBHOOK_WORKFLOW,
				])
			).rowCount > 0,
		2 * MIN,
		"the webhook workflow's activation (its webhook in webhook_entity)",
		CHECK_EVERY_MS,
	);
}

/** The after hook: everything stopped. */
export async function stopQueueCluster(ctx) {
	await ctx.db?.end().catch(() => {});
	await Promise.all([ctx.main?.proc.stop(), ...(ctx.workers ?? []).map((w) => w.proc.stop())]);
	await ctx.emulator?.proc.stop();
	await ctx.redis?.proc.stop();
	await ctx.pg?.stop();
	await stopAll();
	if (ctx.tmp) fs.rmSync(ctx.tmp, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// what the tests read: executions in PostgreSQL, their run data, the workers' logs

/** Executions of a workflow in the database: `[{ id, status, mode }]`, by id. */
export async function executionsOf(ctx, workflowId) {
	const { rows } = await ctx.db.query(
		'SELECT id, status, mode FROM execution_entity WHERE "workflowId" = $1 ORDER BY id',
		[workflowId],
	);
	return rows.map((r) => ({ id: String(r.id), status: r.status, mode: r.mode }));
}

/** One execution's run data, through the REST API as the editor reads it. */
export async function executionRun(ctx, id) {
	const full = (await ctx.rest.request('GET', `/rest/executions/${id}`)).json.data;
	return { data: executionData(ctx, full), full };
}

/** Execution ids each worker's log says it finished: `{ 'worker-1': Set, ... }`. */
export function finishedByWorker() {
	const out = {};
	for (let i = 1; i <= WORKERS; i++) {
		const text = fs.readFileSync(path.join(ARTIFACTS, `n8n-worker-${i}.log`), 'utf8');
		out[`worker-${i}`] = new Set(queueLogEvents(text).finished);
	}
	return out;
}

/** How many of `ids` each worker finished (`{ 'worker-1': n, ... }`); fails unless each was finished by exactly one. */
export function perWorker(ids) {
	const byWorker = finishedByWorker();
	const counts = {};
	for (const [worker, finished] of Object.entries(byWorker))
		counts[worker] = ids.filter((id) => finished.has(id)).length;
	for (const id of ids) {
		const ran = Object.entries(byWorker)
			.filter(([, finished]) => finished.has(id))
			.map(([w]) => w);
		assert.equal(
			ran.length,
			1,
			`execution ${id} was finished by ${ran.length ? ran.join(' and ') : 'no worker'}`,
		);
	}
	return counts;
}
