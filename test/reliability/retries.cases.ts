/**
 * Retries (CONTRIBUTING.md, "Reliability and security"): a transient fault is tried again inside
 * the request path, as far as the operation's class allows, and n8n's Retry On Fail never repeats
 * an effect.
 * Every write is checked on what the emulator stored: every change made, every once-only effect
 * at most once.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Emulator } from '../../emulator';
import { runNode } from '../harness';
import { clearWaits, waits } from '../support/waits';
import { logs } from './capture';
import { byItem, hunt } from './checks';
import { TRANSIENT, WRITES } from './writes';
import type { TransientFault, WriteCase } from './writes';
import { nodeParams } from '../node/setup';

interface ReadCase {
	name: string;
	path: string | RegExp;
	parameters: INodeParameters;
	/** What the successful output must hold. */
	check: (items: INodeExecutionData[]) => void;
}

const READS: ReadCase[] = [
	{
		name: 'audienceList.getAll (XML)',
		path: '/audience_lists/lists.xml',
		parameters: { resource: 'audienceList', operation: 'getAll', returnAll: true },
		check: (items) =>
			expect(items.map((i) => i.json.name)).toEqual([
				'Newsletter',
				'VIP Customers',
				'Beta testers (EU)',
			]),
	},
	{
		name: 'socialLink.getAll (JSON)',
		path: '/social_links.json',
		parameters: { resource: 'socialLink', operation: 'getAll' },
		check: (items) => expect(items.map((i) => i.json.key).sort()).toEqual(['twitter', 'wordpress']),
	},
	{
		name: 'audienceMember.countNew (text)',
		path: '/audience_members/count_new',
		parameters: nodeParams('audienceMember', 'countNew', {
			start: '={{ $now.minus(20, "days").toISO() }}',
			end: '={{ $now.toISO() }}',
		}),
		check: (items) => expect(typeof items[0]?.json.count).toBe('number'),
	},
];

/** What the node must do with a transient fault on a write of this class. */
function expected(
	write: WriteCase,
	fault: TransientFault,
): { outcome: 'done' | 'inDoubt'; requests: number } {
	if (write.class === 'once' && fault.kind === 'inDoubt')
		return { outcome: 'inDoubt', requests: 1 };
	return { outcome: 'done', requests: write.requests?.(fault) ?? 2 };
}

export function retries(env: { readonly emulator: Emulator }): void {
	const sentTo = (method: string, path: string) =>
		env.emulator.requests.filter((r) => r.effectiveMethod === method && r.path === path);

	describe('reads: a transient fault is tried again in the request path, without Retry On Fail', () => {
		const cases = READS.flatMap((read) =>
			TRANSIENT.map((fault) => [read.name, fault.name, read, fault] as const),
		);
		test.each(cases)(
			'%s, %s once: the data comes on the 2nd request',
			async (_n, _f, read, fault) => {
				env.emulator.faults.add({
					method: 'GET',
					path: read.path,
					times: 1,
					respond: fault.respond,
				});
				clearWaits();
				const mark = logs.mark();
				const result = await runNode({ parameters: read.parameters });
				expect(result.error).toBeUndefined();
				read.check(result.items);
				expect(env.emulator.requests).toHaveLength(2);
				// the wait Mad Mimi named, else a backoff between half and all of the first step (1 s)
				if (fault.name.startsWith('429')) expect(waits).toEqual([3000]);
				else expect(waits[0]).toBeGreaterThanOrEqual(500);
				expect(waits[0]).toBeLessThanOrEqual(3000);
				// each retry is in n8n's log at debug level, and the key in no form anywhere
				expect(logs.since(mark)).toMatch(/"level":"debug".*Mad Mimi: .* try 2 of 5 in /);
				expect(hunt(`${read.name} retried`, result, mark)).toEqual([]);
			},
		);
	});

	test("a read failing on every try gives up after 5 tries, saying what was tried; a 429 declares n8n's rate-limited failure", async () => {
		env.emulator.faults.add({
			path: '/audience_lists/lists.xml',
			respond: { status: 429, body: 'Rate limit exceeded', headers: { 'Retry-After': '2' } },
		});
		clearWaits();
		const result = await runNode({ parameters: READS[0].parameters });
		expect(result.error?.message).toBe('Mad Mimi is limiting the rate of requests');
		expect(result.error?.description).toMatch(
			/^Tried 5 times over \d+ (ms|s)\. Run the workflow again later, or send fewer requests at once/,
		);
		expect((result.error as unknown as { failure?: unknown }).failure).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 2000,
		});
		expect(env.emulator.requests).toHaveLength(5);
		expect(waits).toEqual([2000, 2000, 2000, 2000]);
	});

	test('a 503 on every try, no wait named: backoff doubling from 1 s, each between half and all of its step', async () => {
		env.emulator.faults.add({
			path: '/audience_lists/lists.xml',
			respond: { status: 503, body: 'Service Unavailable' },
		});
		clearWaits();
		const result = await runNode({ parameters: READS[0].parameters });
		expect(result.error?.message).toBe('Mad Mimi is unavailable at the moment (503)');
		expect((result.error as unknown as { failure?: unknown }).failure).toEqual({
			cause: 'temporarily-unavailable',
		});
		expect(waits).toHaveLength(4);
		waits.forEach((ms, k) => {
			expect(ms).toBeGreaterThanOrEqual(500 * 2 ** k);
			expect(ms).toBeLessThanOrEqual(1000 * 2 ** k);
		});
	});

	test('a Retry-After longer than the node waits (60 s) ends the tries at once, saying so', async () => {
		env.emulator.faults.add({
			path: '/audience_lists/lists.xml',
			respond: { status: 429, body: 'Slow down', headers: { 'Retry-After': '600' } },
		});
		clearWaits();
		const result = await runNode({ parameters: READS[0].parameters });
		expect(result.error?.message).toBe('Mad Mimi is limiting the rate of requests');
		expect(result.error?.description).toMatch(
			/^Mad Mimi asked to wait 10 min before another try, longer than the node waits \(1 min\)\. Tried 1 time /,
		);
		expect((result.error as unknown as { failure?: unknown }).failure).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 600_000,
		});
		expect(env.emulator.requests).toHaveLength(1);
		expect(waits).toEqual([]);
	});

	test('waits add up to at most 2 minutes: a Retry-After of 50 s stops after the 3rd try', async () => {
		env.emulator.faults.add({
			path: '/audience_lists/lists.xml',
			respond: { status: 503, body: 'Busy', headers: { 'Retry-After': '50' } },
		});
		clearWaits();
		// the clock moves with each wait, as it would
		const started = Date.now();
		const now = jest
			.spyOn(Date, 'now')
			.mockImplementation(() => started + waits.reduce((a, b) => a + b, 0));
		try {
			const result = await runNode({ parameters: READS[0].parameters });
			expect(result.error?.message).toBe('Mad Mimi is unavailable at the moment (503)');
			expect(result.error?.description).toMatch(/^Tried 3 times over 1 min 40 s\./);
		} finally {
			now.mockRestore();
		}
		expect(waits).toEqual([50_000, 50_000]);
		expect(env.emulator.requests).toHaveLength(3);
	});

	describe('writes, by class: safe ones are repeated, once-only ones only when the service did not take them', () => {
		const cases = WRITES.flatMap((write) =>
			TRANSIENT.map((fault) => [write.name, write.class, fault.name, write, fault] as const),
		);
		test.each(cases)('%s (%s), %s', async (_n, _c, _f, write, fault) => {
			env.emulator.faults.add({
				method: write.method,
				path: write.path,
				times: 1,
				respond: fault.respond,
			});
			const mark = logs.mark();
			const result = await runNode({ parameters: write.parameters }, write.input);
			const want = expected(write, fault);
			const sent = sentTo(write.method, write.path);
			expect(sent).toHaveLength(want.requests);
			if (want.outcome === 'done') {
				expect(result.error).toBeUndefined();
				expect(write.done(env.emulator.store)).toBe(true);
			} else {
				// the item fails saying it may have happened, and how to check; the store says whether it did
				expect(result.error?.message).toMatch(/ may have /);
				expect(result.error?.description).toMatch(
					/so Mad Mimi may have done it\. The node did not send it again, so that it cannot happen twice\. \S/,
				);
				expect(result.error?.context?.mayHaveTakenEffect).toBe(true);
				expect(write.done(env.emulator.store)).toBe(fault.workDone);
			}
			if (write.times)
				expect(write.times(env.emulator.store)).toBe(
					want.outcome === 'done' || fault.workDone ? 1 : 0,
				);
			expect(hunt(`${write.name} ${fault.name}`, result, mark)).toEqual([]);
		});
	});

	describe("n8n's Retry On Fail never repeats an effect", () => {
		const recipients = [
			'r0@example.com',
			'r1@example.com',
			'r2@example.com',
			'r3@example.com',
			'r4@example.com',
		];
		const input = recipients.map((email) => ({ json: { email } }));
		const send = nodeParams('email', 'send', {
			promotionName: 'Weekly digest',
			recipient: '={{ $json.email }}',
		});
		const emailsTo = (email: string) =>
			env.emulator.store.transactions.filter((t) => t.recipient.email === email).length;
		const mailerRequests = () => sentTo('POST', '/mailer');

		test('a send in doubt on item 2, without Continue On Fail: every try of the node fails on it, items 0-1 are not sent again, 3-4 never', async () => {
			env.emulator.faults.add({
				method: 'POST',
				path: '/mailer',
				after: 2,
				times: 1,
				respond: 'resetAfterWork',
			});
			const result = await runNode(
				{ parameters: send, retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
				input,
			);
			expect(result.error?.message).toBe('The email to r2@example.com may have gone out');
			expect(result.error?.context?.itemIndex).toBe(2);
			expect(recipients.map(emailsTo)).toEqual([1, 1, 1, 0, 0]);
			// 3 tries of the node, 3 requests in all: the 2nd and 3rd tries sent nothing
			expect(mailerRequests()).toHaveLength(3);
		});

		test('a send in doubt on item 0, with Continue On Fail (n8n retries when the first item is an error): nothing is sent twice', async () => {
			env.emulator.faults.add({ method: 'POST', path: '/mailer', times: 1, respond: 'reset' });
			const result = await runNode(
				{
					parameters: send,
					retryOnFail: true,
					maxTries: 3,
					waitBetweenTries: 1,
					continueOnFail: true,
				},
				input,
			);
			expect(result.error).toBeUndefined();
			const groups = byItem(result.items, 5);
			expect(groups.map((g) => g.length)).toEqual([1, 1, 1, 1, 1]);
			expect(groups[0][0].json).toMatchObject({
				error: 'The email to r0@example.com may have gone out',
			});
			expect(String(groups[0][0].json.description)).toContain(
				'Audience Member → Get Promotion Attempts',
			);
			// the reset came before the service saw it: nobody got item 0's email; the others once each
			expect(recipients.map(emailsTo)).toEqual([0, 1, 1, 1, 1]);
			expect(mailerRequests()).toHaveLength(5);
			// the transaction ids in the output are those the service gave, each once
			const ids = groups.slice(1).map((g) => g[0].json.transactionId);
			expect(ids).toEqual(env.emulator.store.transactions.map((t) => t.id));
		});

		test('a 503 past the retries on item 2 (not taken): the next try of the node sends item 2 and goes on, items 0-1 not again', async () => {
			env.emulator.faults.add({
				method: 'POST',
				path: '/mailer',
				after: 2,
				times: 5,
				respond: { status: 503, body: 'Service Unavailable', headers: { 'Retry-After': '1' } },
			});
			const result = await runNode(
				{ parameters: send, retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
				input,
			);
			expect(result.error).toBeUndefined();
			expect(recipients.map(emailsTo)).toEqual([1, 1, 1, 1, 1]);
			// try 1: items 0, 1, then 5 refused requests for item 2; try 2: item 2 (and 3, 4) only
			expect(mailerRequests()).toHaveLength(2 + 5 + 3);
			expect(result.items.map((i) => i.json.transactionId)).toEqual(
				env.emulator.store.transactions.map((t) => t.id),
			);
		});

		test('Promotion → Send cut after the mailing started, Retry On Fail on: one mailing, reported in doubt, never a second', async () => {
			env.emulator.faults.add({
				method: 'POST',
				path: '/mailer/to_list',
				times: 1,
				respond: 'resetAfterWork',
			});
			const parameters = nodeParams('promotion', 'send', {
				promotionName: 'Weekly digest',
				audience: 'lists',
				lists: ['Newsletter'],
			});
			const result = await runNode({
				parameters,
				retryOnFail: true,
				maxTries: 3,
				waitBetweenTries: 1,
			});
			expect(result.error?.message).toBe(
				'A mailing of "Weekly digest" to the list "Newsletter" may have started',
			);
			expect(result.error?.description).toContain('Mailing → Get Many');
			expect(env.emulator.store.sends).toHaveLength(1);
			expect(sentTo('POST', '/mailer/to_list')).toHaveLength(1);
		});
	});
}
