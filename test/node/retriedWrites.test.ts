/**
 * A user's Retry of a failed execution (n8n's Executions list), for the once-only writes other
 * than the sends: each first asks Mad Mimi whether the run being retried did it, so the write done
 * before the cut and the one in doubt are not made again; some report what they found, and
 * Addon → Toggle is never sent again. The sends: retriedSends.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { NodeSpec } from '../harness';
import { retryRun, runNode } from '../harness';
import { nodeParams, useEmulator } from './setup';
import { retryFaults } from './retriedSupport';

const env = useEmulator();
const { cutAfterWork, apiCalls } = retryFaults(env);

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
		parameters: nodeParams('audienceList', 'create', { name: '={{ $json.name }}' }),
		inputs: () => [{ name: 'Alpha' }, { name: 'Beta' }, { name: 'Gamma' }],
		method: 'POST',
		path: '/audience_lists.json',
		done: (k) => env.emulator.store.lists.has(['Alpha', 'Beta', 'Gamma'][k]),
	},
	{
		name: 'Audience List → Rename',
		parameters: nodeParams('audienceList', 'rename', {
			list: { __rl: true, mode: 'name', value: '={{ $json.from }}' },
			newName: '={{ $json.to }}',
		}),
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
		parameters: nodeParams('childAccount', 'create', {
			email: '={{ $json.email }}',
			password: 'Secret-123',
			options: { sendInvitation: false },
		}),
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
		parameters: nodeParams('audienceMember', 'updateEmail', {
			email: '={{ $json.from }}',
			newEmail: '={{ $json.to }}',
		}),
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
		parameters: nodeParams('audienceMember', 'unsuppress', { email: '={{ $json.email }}' }),
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
		const params = nodeParams('audienceList', 'create', { name: '={{ $json.name }}' });
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
		const params = nodeParams('childAccount', 'create', {
			email: 'child1@example.com',
			password: 'Secret-123',
		});
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
				parameters: nodeParams('audienceMember', 'unsuppress', { email: '={{ $json.email }}' }),
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
		const params = nodeParams('addon', 'toggle', {
			addon: { __rl: true, mode: 'key', value: addon.key },
		});
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
