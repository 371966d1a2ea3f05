/**
 * The queue-mode suite's trigger check (e2e/queue.e2e.mjs, whose header says what it asserts):
 * the polls run on the main instance, the executions on the workers.
 */
import assert from 'node:assert/strict';

import { nodeOutput } from '../scripts/lib/n8n.mjs';
import { secondsSince } from '../scripts/lib/log.mjs';
import { MIN, activate, apiRequests, countBy, deactivate, note, waitUntil } from './fixture.mjs';
import {
	CHECK_EVERY_MS,
	POLLS_PER_MINUTE,
	TERMINAL,
	TRIGGER_WORKFLOW,
	WELCOME_WORKFLOW,
	executionRun,
	executionsOf,
	perWorker,
} from './queue-cluster.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const OPT_OUT_CHECK = /^\/audience_members\/suppressed_since\/\d+\.txt$/;
/** count_new starts each check of the new-member trigger. */
const NEW_MEMBER_CHECK = /^\/audience_members\/count_new$/;
/** The time between two polls of a trigger. */
const POLL_EVERY_MS = 60000 / POLLS_PER_MINUTE;

/**
 * The check: both examples published, the account changed across seven polls, both unpublished;
 * then what each emitted, and which worker ran it.
 */
export async function triggerExamples(ctx) {
	const t = Date.now();
	await ctx.emu.reset();
	await activateTriggers(ctx);
	const { optedOut, joined, oldOptOuts } = await optOutsAndSignupsOverPolls(ctx);
	const { pollCount, executions } = await deactivateTriggers(ctx);
	const seconds = secondsSince(t);
	await assertOptOutsEmittedOnce(ctx, executions[TRIGGER_WORKFLOW], optedOut, oldOptOuts);
	await assertNewMembersWelcomedOnce(ctx, executions[WELCOME_WORKFLOW], joined, optedOut);
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
	note(
		`${optedOut.length} opt-outs and ${joined.length} new members over ${pollCount} checks each (${POLLS_PER_MINUTE} a minute): each emitted once, each new member welcomed once, executions per worker ${JSON.stringify(counts)}, in ${seconds} s`,
	);
}

/** The checks the emulator has seen of the opt-out trigger or (NEW_MEMBER_CHECK) of the new-member trigger. */
async function triggerChecks(ctx, pattern = OPT_OUT_CHECK) {
	return apiRequests(await ctx.emu.requests(), 'GET', pattern);
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
		await activate(ctx, id, current.versionId);
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
		const deactivated = await deactivate(ctx, id);
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

/** Every opt-out emitted once, mapped to the CRM's fields; nothing else emitted. */
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
}

/**
 * Every new member emitted once, and one welcome email each but to those who opted out since
 * (Skip If Opted Out sends them none).
 */
async function assertNewMembersWelcomedOnce(ctx, executions, joined, optedOut) {
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
	const optedOutNow = new Set(optedOut.map((e) => e.toLowerCase()));
	assert.deepEqual(
		[...emails].sort(),
		joined.filter((e) => !optedOutNow.has(e.toLowerCase())).sort(),
		'one welcome email per new member who has not opted out, none twice',
	);
}
