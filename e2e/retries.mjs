/**
 * A published workflow that fails part-way through a once-only write, and the user's Retry of the
 * failed execution through the REST API as the Executions list does it: the steps and checks that
 * e2e/retry.e2e.mjs (n8n start, per release) and e2e/queue.e2e.mjs (a worker that did not run the
 * failed execution) share. `ctx` holds `{ rest, emu, n8n: { baseUrl }, install }`.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';

import { ACTION_TYPE } from '../scripts/lib/constants.mjs';
import { nodeOutput } from '../scripts/lib/n8n.mjs';
import {
	CREDENTIALS,
	countBy,
	executionData,
	finishedExecution,
	postWebhook,
	published,
	waitUntil,
	workflowExecutions,
} from './fixture.mjs';

const PEOPLE = Array.from(
	{ length: 20 },
	(_, k) => `person${String(k + 1).padStart(2, '0')}@example.com`,
);
const LISTS = ['Newsletter', 'VIP Customers', 'Beta testers (EU)'];

/** Webhook → Split Out → the Mad Mimi node: a published workflow whose webhook takes `{ <field>: [...] }`. */
function webhookWorkflow(name, field, madMimi) {
	const path = `retry-${randomUUID().slice(0, 8)}`;
	return {
		path,
		workflow: {
			name,
			nodes: [
				{
					id: 'r1',
					name: 'Webhook',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: [0, 0],
					webhookId: randomUUID(),
					parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
				},
				{
					id: 'r2',
					name: 'Each one',
					type: 'n8n-nodes-base.splitOut',
					typeVersion: 1,
					position: [220, 0],
					parameters: { fieldToSplitOut: `body.${field}`, options: {} },
				},
				{
					id: 'r3',
					name: 'Mad Mimi',
					type: ACTION_TYPE,
					typeVersion: 1,
					position: [440, 0],
					parameters: madMimi,
					credentials: CREDENTIALS,
				},
			],
			connections: {
				Webhook: { main: [[{ node: 'Each one', type: 'main', index: 0 }]] },
				'Each one': { main: [[{ node: 'Mad Mimi', type: 'main', index: 0 }]] },
			},
			settings: { executionOrder: 'v1' },
		},
	};
}

/**
 * Creates and publishes the workflow, calls its webhook with `body` while the emulator cuts the
 * `nth` write to `writePath` after doing it, waits for the failed execution, calls
 * `beforeRetry(failedId)` if given, retries it, and returns `{ failedId, retriedId, output }` (the
 * retried run's Mad Mimi items). Unpublished after.
 */
async function failThenRetry(
	ctx,
	{ workflow, path },
	body,
	{ writePath, nth, loadWorkflow, beforeRetry },
) {
	await ctx.emu.reset();
	return await published(ctx, workflow, async (created) => {
		await ctx.emu.fault({
			method: 'POST',
			path: writePath,
			after: nth - 1,
			times: 1,
			respond: 'resetAfterWork',
		});
		const called = await postWebhook(ctx, path, body);
		assert.equal(called.status, 200, await called.text());
		const failed = await waitUntil(
			async () => (await workflowExecutions(ctx, created.id)).find((e) => e.status === 'error'),
			90000,
			'the failed execution',
		);
		await beforeRetry?.(String(failed.id));
		const answer = await ctx.rest.request('POST', `/rest/executions/${failed.id}/retry`, {
			loadWorkflow,
		});
		const retriedId = answer.json.data.id;
		assert.notEqual(String(retriedId), String(failed.id), 'a retry is a new execution');
		const retried = await finishedExecution(ctx, retriedId, 90000);
		assert.equal(retried.status, 'success', `the retry ended ${retried.status}`);
		assert.equal(retried.mode, 'retry');
		assert.equal(String(retried.retryOf), String(failed.id));
		return {
			failedId: String(failed.id),
			retriedId: String(retriedId),
			output: nodeOutput({ data: executionData(ctx, retried) }, 'Mad Mimi'),
		};
	});
}

/** Email → Send to 20 people, the 8th cut after Mad Mimi sent it, then retried: each emailed once. Returns the ids of both executions. */
export async function emailsRetried(ctx, loadWorkflow, beforeRetry) {
	const flow = webhookWorkflow(
		`E2E retry: emails (${loadWorkflow ? 'saved' : 'original'})`,
		'people',
		{
			resource: 'email',
			operation: 'send',
			promotionName: { __rl: true, mode: 'name', value: 'Weekly digest' },
			recipient: '={{ $json.email }}',
		},
	);
	const { output, failedId, retriedId } = await failThenRetry(
		ctx,
		flow,
		{ people: PEOPLE.map((email) => ({ email })) },
		{ writePath: '/mailer', nth: 8, loadWorkflow, beforeRetry },
	);
	const { transactions } = await ctx.emu.state();
	const sent = countBy(transactions, (t) => t.recipient.email);
	assert.deepEqual(
		PEOPLE.map((email) => [email, sent[email] ?? 0]),
		PEOPLE.map((email) => [email, 1]),
		'every person got the email exactly once',
	);
	assert.equal(output.length, 20);
	// each item's reason and transaction ID: test/node/retriedSends.test.ts
	assert.deepEqual(
		output.map((item) => item.skipped === true),
		PEOPLE.map((_, k) => k < 8),
		'the 8 sent by the failed run are reported as such, the 12 others sent by the retry',
	);
	return { failedId, retriedId };
}

/** Promotion → Send to 3 lists, the 2nd mailing cut after it started, then retried: each list's mailing once. */
export async function mailingsRetried(ctx, loadWorkflow) {
	const flow = webhookWorkflow(
		`E2E retry: mailings (${loadWorkflow ? 'saved' : 'original'})`,
		'lists',
		{
			resource: 'promotion',
			operation: 'send',
			promotionName: { __rl: true, mode: 'name', value: 'Weekly digest' },
			audience: 'lists',
			lists: '={{ $json.list }}',
		},
	);
	const { output } = await failThenRetry(
		ctx,
		flow,
		{ lists: LISTS.map((list) => ({ list })) },
		{ writePath: '/mailer/to_list', nth: 2, loadWorkflow },
	);
	const { sends } = await ctx.emu.state();
	assert.deepEqual(
		sends.map((s) => s.audience),
		LISTS.map((list) => [list]),
		'each list got its mailing exactly once',
	);
	assert.deepEqual(
		output.map((item) => [item.skipped === true, item.mailingId]),
		sends.map((s, k) => [k < 2, s.mailingId]),
		'the 2 mailings of the failed run are reported with their IDs, the 3rd started by the retry',
	);
}
