import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DEMO_IDS } from '../../emulator';
import type { NodeSpec } from '../harness';
import { retryRun, runNode } from '../harness';
import { useEmulator } from './setup';

/*
 * A user's Retry of a failed execution (n8n's Executions list): a new execution in mode 'retry'
 * over the failed run's data, its execution context carried over, the failed node run again over
 * all its items (test/harness retryRun does what n8n 2.41's ExecutionService.retry does). Each
 * once-only write first asks Mad Mimi whether the run being retried did it.
 */

const env = useEmulator();

const people = (count: number): INodeExecutionData[] =>
	Array.from({ length: count }, (_, k) => ({
		json: { email: `person${String(k + 1).padStart(2, '0')}@example.com` },
	}));

const sendEmail = (extra: IDataObject = {}): INodeParameters =>
	({
		resource: 'email',
		operation: 'send',
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

/** The nth (1-based) request to this method and path is carried out, and its connection cut before the response. */
function cutAfterWork(method: string, path: string | RegExp, nth: number): void {
	env.emulator.faults.add({ method, path, after: nth - 1, times: 1, respond: 'resetAfterWork' });
}

function apiCalls(method: string, path: RegExp): number {
	return env.emulator.requests.filter((r) => r.effectiveMethod === method && path.test(r.rawPath))
		.length;
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
			expect(item.json.skipped).toBeUndefined();
		}
		// one read per item, one search for the promotion's ID, one send per email not yet sent
		expect(apiCalls('GET', ATTEMPTS)).toBe(20);
		expect(apiCalls('GET', /^\/promotions\/search\.xml$/)).toBe(1);
		expect(apiCalls('POST', /^\/mailer$/)).toBe(12);
	});

	test('with Retry On Fail: the failed run stops at the 8th (its tries send nothing twice), the Retry finishes', async () => {
		cutAfterWork('POST', '/mailer', 8);
		const failed = await runNode(
			{ parameters: sendEmail(), retryOnFail: true, maxTries: 3 },
			people(20),
			'webhook',
		);
		expect(failed.error?.message).toBe('The email to person08@example.com may have gone out');
		expect(env.emulator.store.transactions).toHaveLength(8);
		const retried = await retryRun(failed);
		expect(retried.error).toBeUndefined();
		expect([...emailsByAddress().values()]).toEqual(Array(20).fill(1));
		expect(retried.items.filter((i) => i.json.skipped === true)).toHaveLength(8);
	});

	test('an email refused (500) was never sent: the Retry sends it, and the ones after it', async () => {
		env.emulator.faults.add({
			method: 'POST',
			path: '/mailer',
			after: 7,
			times: 1,
			respond: { status: 500, body: 'Internal Server Error' },
		});
		const failed = await runNode({ parameters: sendEmail() }, people(20), 'webhook');
		expect(failed.error?.message).toMatch(/could not handle the request \(500\)/);
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
		env.emulator.faults.add({
			method: 'POST',
			path: '/mailer',
			after: 1,
			times: 1,
			respond: { status: 500, body: 'Internal Server Error' },
		});
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
		env.emulator.faults.add({
			method: 'POST',
			path: '/mailer',
			after: 2,
			times: 1,
			respond: { status: 500, body: 'Internal Server Error' },
		});
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
		env.emulator.faults.add({
			method: 'POST',
			path: '/mailer',
			after: 2,
			times: 1,
			respond: { status: 500, body: 'Internal Server Error' },
		});
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

	test('an n8n that carries no execution context into the retry: the node looks back a day instead', async () => {
		cutAfterWork('POST', '/mailer', 3);
		const failed = await runNode({ parameters: sendEmail() }, people(5), 'webhook');
		const retried = await retryRun(failed, undefined, { withoutContext: true });
		expect(retried.error).toBeUndefined();
		expect([...emailsByAddress().values()]).toEqual(Array(5).fill(1));
	});

	test('a fresh run asks nothing first: one request per email', async () => {
		const { error } = await runNode({ parameters: sendEmail() }, people(5), 'webhook');
		expect(error).toBeUndefined();
		expect(env.emulator.requests.map((r) => `${r.effectiveMethod} ${r.rawPath}`)).toEqual(
			Array(5).fill('POST /mailer'),
		);
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
		const { items } = await runNode({ parameters: withSkip('day') }, [
			{ json: { email: 'jane@example.com' } },
			{ json: { email: 'jane@example.com' } },
		]);
		expect(items.map((i) => i.json.skipped === true)).toEqual([false, true]);
		expect(emailsByAddress().get('jane@example.com')).toBe(1);
	});

	test('the period: an email sent two hours ago skips "In the Last 24 Hours", not "In the Last Hour"', async () => {
		env.emulator.clock.set(Date.now() - 2 * 3_600_000);
		await runNode({ parameters: sendEmail() }, people(1));
		env.emulator.clock.useRealTime();
		const lastHour = await runNode({ parameters: withSkip('hour') }, people(1));
		expect(lastHour.items[0].json.skipped).toBeUndefined();
		const lastDay = await runNode({ parameters: withSkip('day') }, people(1));
		expect(lastDay.items[0].json.skipped).toBe(true);
		expect(emailsByAddress().get('person01@example.com')).toBe(2);
	});

	test('a list mailing of the promotion counts as having got it', async () => {
		const member = env.emulator.store.members.values().next().value!;
		const mailing = await runNode({
			parameters: {
				resource: 'promotion',
				operation: 'send',
				promotionName: 'Weekly digest',
				audience: 'all',
			} as INodeParameters,
		});
		expect(mailing.error).toBeUndefined();
		const { items } = await runNode({ parameters: withSkip('ever') }, [
			{ json: { email: member.email } },
		]);
		expect(items[0].json.skipped).toBe(member.optedOut ? undefined : true);
	});
});

describe('Promotion → Send in a retried execution', () => {
	const sendToList = (list: string): INodeExecutionData => ({ json: { list } });
	const params = {
		resource: 'promotion',
		operation: 'send',
		promotionName: 'Weekly digest',
		audience: 'lists',
		lists: '={{ $json.list }}',
	} as INodeParameters;

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
		expect(third.skipped).toBeUndefined();
	});

	test('a mailing refused before it started is started by the Retry', async () => {
		env.emulator.faults.add({
			method: 'POST',
			path: '/mailer/to_list',
			after: 1,
			times: 1,
			respond: { status: 500, body: 'Internal Server Error' },
		});
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

/**
 * A once-only write over three items: the 1st done, the 2nd done by Mad Mimi and its response cut
 * (in doubt), the 3rd never sent. `done(k)` says from the emulator's store whether item k's write
 * took effect.
 */
interface OnceOnlyCase {
	name: string;
	parameters: INodeParameters;
	inputs: () => IDataObject[];
	method: string;
	path: string | RegExp;
	done: (k: number) => boolean;
}

/** The writes to this method and path Mad Mimi carried out: answered 200, or done and their response cut. */
function carriedOut(method: string, path: string | RegExp): number {
	const matches = (rawPath: string) =>
		typeof path === 'string' ? rawPath === path : path.test(rawPath);
	return env.emulator.requests.filter(
		(r) =>
			r.effectiveMethod === method &&
			matches(r.rawPath) &&
			(r.status === 200 || r.fault === 'resetAfterWork'),
	).length;
}

const ONCE_ONLY_CASES: OnceOnlyCase[] = [
	{
		name: 'Audience List → Create',
		parameters: {
			resource: 'audienceList',
			operation: 'create',
			name: '={{ $json.name }}',
		} as INodeParameters,
		inputs: () => [{ name: 'Alpha' }, { name: 'Beta' }, { name: 'Gamma' }],
		method: 'POST',
		path: '/audience_lists.json',
		done: (k) => env.emulator.store.lists.has(['Alpha', 'Beta', 'Gamma'][k]),
	},
	{
		name: 'Audience List → Rename',
		parameters: {
			resource: 'audienceList',
			operation: 'rename',
			list: { __rl: true, mode: 'name', value: '={{ $json.from }}' },
			newName: '={{ $json.to }}',
		} as INodeParameters,
		inputs: () => {
			for (const name of ['Old A', 'Old B', 'Old C']) env.emulator.store.createList(name);
			return [
				{ from: 'Old A', to: 'New A' },
				{ from: 'Old B', to: 'New B' },
				{ from: 'Old C', to: 'New C' },
			];
		},
		method: 'POST',
		path: /\/rename$/,
		done: (k) => env.emulator.store.lists.has(['New A', 'New B', 'New C'][k]),
	},
	{
		name: 'Child Account → Create',
		parameters: {
			resource: 'childAccount',
			operation: 'create',
			email: '={{ $json.email }}',
			password: 'Secret-123',
			options: { sendInvitation: false },
		} as INodeParameters,
		inputs: () => [
			{ email: 'child1@example.com' },
			{ email: 'child2@example.com' },
			{ email: 'child3@example.com' },
		],
		method: 'POST',
		path: '/participants',
		done: (k) => env.emulator.store.participants.has(`child${k + 1}@example.com`),
	},
	{
		name: 'Audience Member → Update Email',
		parameters: {
			resource: 'audienceMember',
			operation: 'updateEmail',
			email: '={{ $json.from }}',
			newEmail: '={{ $json.to }}',
		} as INodeParameters,
		inputs: () =>
			[...env.emulator.store.members.values()]
				.slice(0, 3)
				.map((m, k) => ({ from: m.email, to: `new-${k}@example.com` })),
		method: 'POST',
		path: /\/update_email$/,
		done: (k) => env.emulator.store.getMember(`new-${k}@example.com`) !== undefined,
	},
	{
		name: 'Audience Member → Opt In Again',
		parameters: {
			resource: 'audienceMember',
			operation: 'unsuppress',
			email: '={{ $json.email }}',
		} as INodeParameters,
		inputs: () => {
			const addresses = ['out1@example.com', 'out2@example.com', 'out3@example.com'];
			for (const email of addresses) env.emulator.store.optOut(email, Date.now() - 3_600_000);
			return addresses.map((email) => ({ email }));
		},
		method: 'DELETE',
		path: /^\/suppressed_audience_members\//,
		done: (k) => env.emulator.store.getMember(`out${k + 1}@example.com`)?.optedOut === false,
	},
];

const VARIANTS: Array<{ name: string; spec: Partial<NodeSpec> }> = [
	{ name: 'plain', spec: {} },
	{ name: 'Retry On Fail', spec: { retryOnFail: true, maxTries: 2 } },
	{ name: 'Continue On Fail on the retry (saved workflow)', spec: { continueOnFail: true } },
];

describe.each(ONCE_ONLY_CASES)('$name in a retried execution', (c) => {
	test.each(VARIANTS)(
		'$name: the write done before the cut and the one in doubt are not made again, the one never sent is',
		async ({ name, spec }) => {
			const inputs = c.inputs().map((json) => ({ json }));
			cutAfterWork(c.method, c.path, 2);
			const original = name.startsWith('Continue') ? {} : spec;
			const failed = await runNode({ parameters: c.parameters, ...original }, inputs, 'webhook');
			expect(failed.error?.message).toMatch(/ may have /);
			expect(failed.error?.description).toContain(
				"Retrying this execution from n8n's Executions list is safe",
			);
			expect([0, 1, 2].map(c.done)).toEqual([true, true, false]);
			const retried = await retryRun(failed, { parameters: c.parameters, ...spec });
			expect(retried.error).toBeUndefined();
			expect([0, 1, 2].map(c.done)).toEqual([true, true, true]);
			expect(carriedOut(c.method, c.path)).toBe(3);
			expect(
				retried.items.map((i) => [i.pairedItem, i.json.skipped === true, typeof i.json.reason]),
			).toEqual([
				[{ item: 0 }, true, 'string'],
				[{ item: 1 }, true, 'string'],
				[{ item: 2 }, false, 'undefined'],
			]);
		},
	);
});

describe('the once-only writes with a check of their own', () => {
	test('Audience List → Create: a found list comes out with its ID, a new one as created', async () => {
		cutAfterWork('POST', '/audience_lists.json', 2);
		const params = {
			resource: 'audienceList',
			operation: 'create',
			name: '={{ $json.name }}',
		} as INodeParameters;
		const failed = await runNode(
			{ parameters: params },
			[{ json: { name: 'Alpha' } }, { json: { name: 'Beta' } }, { json: { name: 'Gamma' } }],
			'webhook',
		);
		const retried = await retryRun(failed);
		expect(retried.items.map((i) => i.json)).toEqual([
			expect.objectContaining({
				success: true,
				name: 'Alpha',
				skipped: true,
				id: env.emulator.store.lists.get('Alpha')!.id,
			}),
			expect.objectContaining({
				success: true,
				name: 'Beta',
				skipped: true,
				reason: expect.stringMatching(/^The list "Beta" exists already/),
			}),
			{ success: true, id: env.emulator.store.lists.get('Gamma')!.id, name: 'Gamma', size: 0 },
		]);
	});

	test('Child Account → Create: a found account has no API key in the item (Mad Mimi gives it only at creation)', async () => {
		cutAfterWork('POST', '/participants', 1);
		const params = {
			resource: 'childAccount',
			operation: 'create',
			email: 'child1@example.com',
			password: 'Secret-123',
		} as INodeParameters;
		const failed = await runNode({ parameters: params }, [{ json: {} }], 'webhook');
		const retried = await retryRun(failed);
		expect(retried.items[0].json).toMatchObject({
			success: true,
			email: 'child1@example.com',
			apiKey: null,
			skipped: true,
		});
		expect(retried.items[0].json.childAccount).toEqual(
			expect.objectContaining({ email: 'child1@example.com' }),
		);
	});

	test('Audience Member → Opt In Again: opted back in once; someone who opted out again since stays out', async () => {
		const store = env.emulator.store;
		const addresses = [
			'out1@example.com',
			'out2@example.com',
			'out3@example.com',
			'out4@example.com',
		];
		for (const email of addresses) {
			store.addMember(email, { createdAt: Date.now() - 86_400_000 });
			store.optOut(email, Date.now() - 3_600_000);
		}
		cutAfterWork('DELETE', /^\/suppressed_audience_members\//, 2);
		const failed = await runNode(
			{
				parameters: {
					resource: 'audienceMember',
					operation: 'unsuppress',
					email: '={{ $json.email }}',
				} as INodeParameters,
			},
			addresses.map((email) => ({ json: { email } })),
			'webhook',
		);
		expect(failed.error?.message).toBe('out2@example.com may have been opted back in');
		// out1 unsubscribes again before the retry
		store.optOut('out1@example.com', Date.now());
		const retried = await retryRun(failed);
		expect(retried.error).toBeUndefined();
		expect(addresses.map((email) => store.getMember(email)!.optedOut)).toEqual([
			true,
			false,
			false,
			false,
		]);
		expect(retried.items.map((i) => [i.json.skipped === true, i.json.suppressed])).toEqual([
			[true, true],
			[true, false],
			[false, false],
			[false, false],
		]);
		expect(retried.items[0].json.reason).toMatch(/opted out again/);
	});

	test('Addon → Toggle is never sent in a retried execution: each item fails saying where the addon stands', async () => {
		const addon = env.emulator.store.addons.find((a) => !a.paid)!;
		const params = {
			resource: 'addon',
			operation: 'toggle',
			addon: { __rl: true, mode: 'key', value: addon.key },
		} as INodeParameters;
		cutAfterWork('POST', /\/toggle$/, 1);
		const failed = await runNode({ parameters: params }, [{ json: {} }], 'webhook');
		expect(failed.error?.message).toMatch(/may have been switched/);
		expect(failed.error?.description).not.toContain('Retrying this execution');
		const toggles = apiCalls('POST', /\/toggle$/);
		const retried = await retryRun(failed);
		expect(retried.error?.message).toBe(
			`The addon with the key "${addon.key}" was not toggled: this execution retries a failed one`,
		);
		expect(retried.error?.description).toMatch(
			/It is (activated|deactivated) now\..*Activate or Deactivate/,
		);
		expect(apiCalls('POST', /\/toggle$/)).toBe(toggles);
		const asItems = await retryRun(failed, { parameters: params, continueOnFail: true });
		expect(asItems.items[0].json.error).toMatch(/was not toggled/);
		expect(apiCalls('POST', /\/toggle$/)).toBe(toggles);
	});
});
