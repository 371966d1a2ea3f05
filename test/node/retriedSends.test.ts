/**
 * A user's Retry of a failed execution (n8n's Executions list): a new execution in mode 'retry'
 * over the failed run's data, its execution context carried over, the failed node run again over
 * all its items (test/harness retryRun does what n8n 2.41's ExecutionService.retry does). Here the
 * sends: Email → Send and Promotion → Send first ask Mad Mimi whether the run being retried sent
 * them, and Skip If Already Sent asks the same of any earlier run. The other once-only writes:
 * retriedWrites.test.ts.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DEMO_IDS } from '../../emulator';
import { retryRun, runNode } from '../harness';
import { answerOnce, each, itemsOf, nodeParams, useEmulator } from './setup';
import { retryFaults } from './retriedSupport';

const env = useEmulator();
const { cutAfterWork, apiCalls } = retryFaults(env);

const people = (count: number): INodeExecutionData[] =>
	Array.from({ length: count }, (_, k) => ({
		json: { email: `person${String(k + 1).padStart(2, '0')}@example.com` },
	}));

const sendEmail = (extra: IDataObject = {}): INodeParameters =>
	nodeParams('email', 'send', {
		promotionName: 'Weekly digest',
		recipient: '={{ $json.email }}',
		...extra,
	}) as INodeParameters;

/** The emails Mad Mimi sent, by address: how many each got. */
function emailsByAddress(): Map<string, number> {
	const counts = new Map<string, number>();
	for (const t of env.emulator.store.transactions)
		counts.set(t.recipient.email, (counts.get(t.recipient.email) ?? 0) + 1);
	return counts;
}

const ATTEMPTS = /^\/audience_members\/[^/]+\/promotion_attempts\.xml$/;

describe('Email → Send in a retried execution', () => {
	test('the 8th of 20 emails is cut after Mad Mimi sent it: the Retry sends the other 12, nobody twice', async () => {
		cutAfterWork('POST', '/mailer', 8);
		const failed = await runNode({ parameters: sendEmail() }, people(20), 'webhook');
		expect(failed.error?.message).toBe('The email to person08@example.com may have gone out');
		expect(failed.error?.description).toContain(
			"Retrying this execution from n8n's Executions list is safe",
		);
		expect(env.emulator.store.transactions).toHaveLength(8);

		env.emulator.clearRequests();
		const retried = await retryRun(failed);
		expect(retried.error).toBeUndefined();
		expect([...emailsByAddress().values()]).toEqual(Array(20).fill(1));
		expect(retried.items).toHaveLength(20);
		retried.items.forEach((item, k) => expect(item.pairedItem).toEqual({ item: k }));
		for (const item of retried.items.slice(0, 8)) {
			expect(item.json).toMatchObject({
				transactionId: null,
				skipped: true,
				promotionName: 'Weekly digest',
			});
			expect(item.json.reason).toMatch(
				/^The execution being retried already sent "Weekly digest" to person0\d@example\.com \(Mad Mimi shows it sent \d{4}-/,
			);
			expect(item.json.promotionAttempt).toMatchObject({ promotionName: 'Weekly digest' });
		}
		for (const item of retried.items.slice(8)) {
			expect(item.json.transactionId).toMatch(/^\d{20}$/);
			expect(item.json.skipped).toBe(false);
		}
		// one read per item, and once more each (with a count a day) for the second witness, asked
		// once before the first email not yet sent; one search for the promotion's ID; one send per
		// email not yet sent
		expect(apiCalls('GET', ATTEMPTS)).toBe(40);
		expect(apiCalls('GET', /^\/promotions\/transactional_count$/)).toBeLessThanOrEqual(2);
		expect(apiCalls('GET', /^\/promotions\/search\.xml$/)).toBe(1);
		expect(apiCalls('POST', /^\/mailer$/)).toBe(12);
	});

	test('an email answered 500 may have gone out: not repeated; the Retry asks Mad Mimi and sends what was not done', async () => {
		answerOnce(env.emulator, 'POST', '/mailer', 7, 500, 'Internal Server Error');
		const failed = await runNode(
			{ parameters: sendEmail(), retryOnFail: true, maxTries: 3 },
			people(20),
			'webhook',
		);
		// a 500 can come after the mail was queued: in doubt, never "not sent", not even on Retry On Fail
		expect(failed.error?.message).toBe('The email to person08@example.com may have gone out');
		expect(failed.error?.description).toContain('Mad Mimi responded 500');
		expect(apiCalls('POST', /^\/mailer$/)).toBe(8);
		expect(env.emulator.store.transactions).toHaveLength(7);
		const retried = await retryRun(failed);
		expect(retried.error).toBeUndefined();
		expect([...emailsByAddress().values()]).toEqual(Array(20).fill(1));
		expect(retried.items.map((i) => i.json.skipped === true)).toEqual([
			...Array(7).fill(true),
			...Array(13).fill(false),
		]);
	});

	test('retried with the saved workflow, Continue On Fail turned on: the same, as items, and a new failure is an error item', async () => {
		cutAfterWork('POST', '/mailer', 3);
		const failed = await runNode({ parameters: sendEmail() }, people(6), 'webhook');
		expect(failed.error).toBeDefined();
		answerOnce(env.emulator, 'POST', '/mailer', 1, 400, 'Refused');
		const retried = await retryRun(failed, { parameters: sendEmail(), continueOnFail: true });
		expect(retried.error).toBeUndefined();
		expect(
			retried.items.map((i) => (i.json.error ? 'error' : i.json.skipped ? 'skipped' : 'sent')),
		).toEqual(['skipped', 'skipped', 'skipped', 'sent', 'error', 'sent']);
		expect(emailsByAddress().get('person05@example.com')).toBeUndefined();
		expect([...emailsByAddress().values()]).toEqual(Array(5).fill(1));
	});

	test('Retry On Fail inside the retried execution: its second try repeats its own sends, and asks only for the others', async () => {
		cutAfterWork('POST', '/mailer', 2);
		const failed = await runNode({ parameters: sendEmail() }, people(5), 'webhook');
		answerOnce(env.emulator, 'POST', '/mailer', 2, 400, 'Refused');
		const retried = await retryRun(failed, {
			parameters: sendEmail(),
			retryOnFail: true,
			maxTries: 2,
		});
		expect(retried.error).toBeUndefined();
		expect([...emailsByAddress().values()]).toEqual(Array(5).fill(1));
		expect(retried.items.map((i) => (i.json.skipped ? 'skipped' : 'sent'))).toEqual([
			'skipped',
			'skipped',
			'sent',
			'sent',
			'sent',
		]);
	});

	test('one person meant to get it twice gets it twice, once each, across the Retry', async () => {
		const input = [
			'jane@example.com',
			'bob@example.com',
			'jane@example.com',
			'jane@example.com',
		].map((email) => ({ json: { email } }));
		answerOnce(env.emulator, 'POST', '/mailer', 2, 400, 'Refused');
		const failed = await runNode({ parameters: sendEmail() }, input, 'webhook');
		expect(failed.error).toBeDefined();
		const retried = await retryRun(failed);
		expect(retried.error).toBeUndefined();
		expect(emailsByAddress()).toEqual(
			new Map([
				['jane@example.com', 3],
				['bob@example.com', 1],
			]),
		);
		expect(retried.items.map((i) => (i.json.skipped ? 'skipped' : 'sent'))).toEqual([
			'skipped',
			'skipped',
			'sent',
			'sent',
		]);
	});

	test('the two witnesses disagree (the count shows sends no attempt shows): nothing more is sent, and the items say why', async () => {
		cutAfterWork('POST', '/mailer', 3);
		const failed = await runNode({ parameters: sendEmail() }, people(5), 'webhook');
		expect(env.emulator.store.transactions).toHaveLength(3);
		// Mad Mimi's attempts list no transactional email (the case nobody has recorded either way)
		env.emulator.faults.add({
			method: 'GET',
			path: /promotion_attempts\.xml$/,
			respond: {
				status: 200,
				contentType: 'application/xml',
				body: '<?xml version="1.0" encoding="UTF-8"?>\n<promotion_attempts>\n</promotion_attempts>\n',
			},
		});
		const retried = await retryRun(failed, { parameters: sendEmail(), continueOnFail: true });
		expect(retried.error).toBeUndefined();
		expect(env.emulator.store.transactions).toHaveLength(3);
		expect(retried.items).toHaveLength(5);
		for (const item of retried.items) {
			expect(item.json.error).toMatch(
				/^The email to person0\d@example\.com may have gone out: Mad Mimi's two records of "Weekly digest" disagree$/,
			);
			expect(item.json.description).toMatch(/counts 3 transactional emails .* show 0/);
		}
		// the count of the days, read once for the run
		expect(apiCalls('GET', /^\/promotions\/transactional_count$/)).toBeLessThanOrEqual(2);
	});

	test('an n8n that carries no execution context into the retry: the node asks rather than guess a day', async () => {
		cutAfterWork('POST', '/mailer', 3);
		const failed = await runNode({ parameters: sendEmail() }, people(5), 'webhook');
		expect(env.emulator.store.transactions).toHaveLength(3);
		// a guessed day would skip a daily digest sent yesterday, or send twice: nothing is sent
		const retried = await retryRun(failed, undefined, { withoutContext: true });
		expect(retried.error?.message).toBe(
			'This retried execution cannot tell which emails the run being retried sent',
		);
		expect(retried.error?.description).toContain('Skip If Already Sent');
		expect(env.emulator.store.transactions).toHaveLength(3);
		// with the option, the period the user chose decides: the other 2 go, nobody twice
		const withOption = await retryRun(
			failed,
			{ parameters: sendEmail({ options: { skipIfAlreadySent: 'day' } }) },
			{ withoutContext: true },
		);
		expect(withOption.error).toBeUndefined();
		expect([...emailsByAddress().values()]).toEqual(Array(5).fill(1));
	});

	test('a fresh run asks nothing of earlier sends: one request per email (Skip If Opted Out off), two with it', async () => {
		await itemsOf(
			{ parameters: sendEmail({ options: { checkSuppressed: false } }) },
			people(5),
			'webhook',
		);
		expect(env.emulator.requests.map((r) => `${r.effectiveMethod} ${r.rawPath}`)).toEqual(
			Array(5).fill('POST /mailer'),
		);
		env.emulator.clearRequests();
		await runNode({ parameters: sendEmail() }, people(2), 'webhook');
		expect(env.emulator.requests.map((r) => `${r.effectiveMethod} ${r.rawPath}`)).toEqual([
			'GET /audience_members/person01%40example.com/is_suppressed',
			'POST /mailer',
			'GET /audience_members/person02%40example.com/is_suppressed',
			'POST /mailer',
		]);
	});
});

describe('Email → Send, Skip If Already Sent', () => {
	const withSkip = (period: string) => sendEmail({ options: { skipIfAlreadySent: period } });

	test('a run made twice emails each person once; the second run says who was skipped and why', async () => {
		const first = await runNode({ parameters: withSkip('ever') }, people(3), 'webhook');
		expect(first.error).toBeUndefined();
		expect(first.items.every((i) => typeof i.json.transactionId === 'string')).toBe(true);
		const second = await runNode({ parameters: withSkip('ever') }, people(4), 'webhook');
		expect(second.error).toBeUndefined();
		expect([...emailsByAddress().values()]).toEqual(Array(4).fill(1));
		expect(second.items.map((i) => i.json.skipped === true)).toEqual([true, true, true, false]);
		expect(second.items[0].json.reason).toMatch(
			/^person01@example\.com already got "Weekly digest" \(sent \d{4}-.*\): not sent again \(Skip If Already Sent\)$/,
		);
	});

	test('two items for one person in one run: the second is skipped', async () => {
		const { items } = await runNode(
			{ parameters: withSkip('day') },
			each('email', 'jane@example.com', 'jane@example.com'),
		);
		expect(items.map((i) => i.json.skipped === true)).toEqual([false, true]);
		expect(emailsByAddress().get('jane@example.com')).toBe(1);
	});

	test('the period: an email sent two hours ago skips "In the Last 24 Hours", not "In the Last Hour"', async () => {
		env.emulator.clock.set(Date.now() - 2 * 3_600_000);
		await runNode({ parameters: sendEmail() }, people(1));
		env.emulator.clock.useRealTime();
		const lastHour = await runNode({ parameters: withSkip('hour') }, people(1));
		expect(lastHour.items[0].json.skipped).toBe(false);
		const lastDay = await runNode({ parameters: withSkip('day') }, people(1));
		expect(lastDay.items[0].json.skipped).toBe(true);
		expect(emailsByAddress().get('person01@example.com')).toBe(2);
	});

	test('a list mailing of the promotion counts as having got it', async () => {
		const member = env.emulator.store.members.values().next().value!;
		const mailing = await runNode({
			parameters: nodeParams('promotion', 'send', {
				promotionName: 'Weekly digest',
				audience: 'all',
			}),
		});
		expect(mailing.error).toBeUndefined();
		const { items } = await runNode({ parameters: withSkip('ever') }, [
			{ json: { email: member.email } },
		]);
		expect(items[0].json.skipped).toBe(true);
	});
});

describe('Promotion → Send in a retried execution', () => {
	const sendToList = (list: string): INodeExecutionData => ({ json: { list } });
	const params = nodeParams('promotion', 'send', {
		promotionName: 'Weekly digest',
		audience: 'lists',
		lists: '={{ $json.list }}',
	});

	function mailingsOfDigest(): number {
		return env.emulator.store.sends.filter((s) => s.promotionName === 'Weekly digest').length;
	}

	test('the 2nd of 3 mailings is cut after it started: the Retry starts only the 3rd', async () => {
		cutAfterWork('POST', '/mailer/to_list', 2);
		const failed = await runNode(
			{ parameters: params },
			[
				sendToList(DEMO_IDS.listNames.newsletter),
				sendToList(DEMO_IDS.listNames.vipCustomers),
				sendToList(DEMO_IDS.listNames.betaTesters),
			],
			'trigger',
		);
		expect(failed.error?.message).toBe(
			`A mailing of "Weekly digest" to the list "${DEMO_IDS.listNames.vipCustomers}" may have started`,
		);
		expect(mailingsOfDigest()).toBe(2);
		const retried = await retryRun(failed);
		expect(retried.error).toBeUndefined();
		expect(env.emulator.store.sends.map((s) => s.audience)).toEqual([
			[DEMO_IDS.listNames.newsletter],
			[DEMO_IDS.listNames.vipCustomers],
			[DEMO_IDS.listNames.betaTesters],
		]);
		const [first, second, third] = retried.items.map((i) => i.json);
		expect(first).toMatchObject({
			skipped: true,
			mailingId: env.emulator.store.sends[0].mailingId,
			promotionName: 'Weekly digest',
		});
		expect(second).toMatchObject({
			skipped: true,
			mailingId: env.emulator.store.sends[1].mailingId,
		});
		expect(second.reason).toMatch(
			/^The execution being retried already started this mailing of "Weekly digest" \(mailing \d+, started \d{4}-/,
		);
		expect(third).toMatchObject({
			mailingId: env.emulator.store.sends[2].mailingId,
			lists: [DEMO_IDS.listNames.betaTesters],
		});
		expect(third.skipped).toBe(false);
	});

	test('a mailing refused before it started is started by the Retry', async () => {
		answerOnce(env.emulator, 'POST', '/mailer/to_list', 1, 400, 'Refused');
		const failed = await runNode({ parameters: params }, [
			sendToList(DEMO_IDS.listNames.newsletter),
			sendToList(DEMO_IDS.listNames.vipCustomers),
		]);
		expect(failed.error).toBeDefined();
		const retried = await retryRun(failed, { parameters: params, retryOnFail: true, maxTries: 2 });
		expect(retried.error).toBeUndefined();
		expect(env.emulator.store.sends.map((s) => s.audience)).toEqual([
			[DEMO_IDS.listNames.newsletter],
			[DEMO_IDS.listNames.vipCustomers],
		]);
		expect(retried.items.map((i) => i.json.skipped === true)).toEqual([true, false]);
	});
});
