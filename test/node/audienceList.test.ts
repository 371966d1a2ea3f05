import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEMO_IDS } from '../../emulator';
import { runNode } from '../harness';
import { each, itemsOf, received, refusedBeforeAnyRequest, useEmulator } from './setup';

const env = useEmulator();
const { newsletter, vipCustomers, betaTesters } = DEMO_IDS.listNames;

const byName = (value: string) => ({ __rl: true, mode: 'name', value });
const fromList = (value: string) => ({ __rl: true, mode: 'list', value, cachedResultName: value });
const listOp = (operation: string, extra: IDataObject = {}): INodeParameters =>
	({ resource: 'audienceList', operation, ...extra }) as INodeParameters;

describe('audienceList.getAll', () => {
	test('Return All gives one item per list, typed, paired to the input item', async () => {
		const items = await itemsOf({
			parameters: { resource: 'audienceList', operation: 'getAll', returnAll: true },
		});
		expect(items.map((i) => i.json)).toEqual([
			{ subscriberCount: 8, displayName: null, name: newsletter, id: 101 },
			{ subscriberCount: 3, displayName: 'Our best customers', name: vipCustomers, id: 102 },
			{ subscriberCount: 4, displayName: null, name: betaTesters, id: 103 },
		]);
		expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/audience_lists/lists.xml', params: {} },
		]);
	});

	test('Limit keeps the first N lists', async () => {
		const { items } = await runNode({
			parameters: { resource: 'audienceList', operation: 'getAll', returnAll: false, limit: 2 },
		});
		expect(items.map((i) => i.json.name)).toEqual([newsletter, vipCustomers]);
	});

	test('an account without lists gives no items', async () => {
		env.emulator.reset('empty');
		const items = await itemsOf({
			parameters: { resource: 'audienceList', operation: 'getAll', returnAll: true },
		});
		expect(items).toEqual([]);
	});
});

describe('audienceList.create', () => {
	test('creates the list and says what it did', async () => {
		const items = await itemsOf({
			parameters: { resource: 'audienceList', operation: 'create', name: 'Spring leads' },
		});
		expect(items.map((i) => i.json)).toEqual([
			{
				success: true,
				id: env.emulator.store.lists.get('Spring leads')!.id,
				name: 'Spring leads',
				size: 0,
			},
		]);
		// the JSON form of the endpoint (recorded): it answers the new list's ID, or why not
		expect(received(env.emulator)).toEqual([
			{ method: 'POST', path: '/audience_lists.json', params: { name: 'Spring leads' } },
		]);
		expect(env.emulator.store.lists.has('Spring leads')).toBe(true);
		// credentials travel as parameters, never in the path
		expect(env.emulator.requests[0].query.api_key).toBe('demo-key-7f3a9c2e51b84d6a');
	});

	test('names from the input items, via expressions', async () => {
		const { items } = await runNode(
			{ parameters: { resource: 'audienceList', operation: 'create', name: '={{ $json.list }}' } },
			[{ json: { list: 'A & B' } }, { json: { list: 'Ünïcödé ✓' } }],
		);
		expect(items.map((i) => [i.json.name, i.pairedItem])).toEqual([
			['A & B', { item: 0 }],
			['Ünïcödé ✓', { item: 1 }],
		]);
		expect(env.emulator.store.lists.has('A & B')).toBe(true);
		expect(env.emulator.store.lists.has('Ünïcödé ✓')).toBe(true);
	});

	refusedBeforeAnyRequest(env, [
		...[
			['..', 'The field "Name" cannot be ".."'],
			['line\nbreak', 'The field "Name" contains control characters (such as a line break or tab)'],
		].map(([name, message]) => ({
			name: `the mapped name ${JSON.stringify(name)}`,
			parameters: { resource: 'audienceList', operation: 'create', name: '={{ $json.name }}' },
			input: each('name', name),
			message,
		})),
	]);
});

describe('audienceList.delete', () => {
	test('deletes a list picked from the account, with _method=delete on its encoded path', async () => {
		const items = await itemsOf({
			parameters: { resource: 'audienceList', operation: 'delete', list: fromList(betaTesters) },
		});
		expect(items.map((i) => i.json)).toEqual([{ deleted: true, list: betaTesters }]);
		const [request] = env.emulator.requests;
		expect(request.method).toBe('POST');
		expect(request.effectiveMethod).toBe('DELETE');
		expect(request.rawPath).toBe('/audience_lists/Beta%20testers%20(EU)');
		expect(request.form._method).toBe('delete');
		expect(env.emulator.store.lists.has(betaTesters)).toBe(false);
	});

	test('a name with a slash stays one path segment', async () => {
		env.emulator.store.createList('Clients/2024');
		await runNode({
			parameters: { resource: 'audienceList', operation: 'delete', list: byName('Clients/2024') },
		});
		expect(env.emulator.requests[0].rawPath).toBe('/audience_lists/Clients%2F2024');
		expect(env.emulator.store.lists.has('Clients/2024')).toBe(false);
	});
});

describe('audienceList.addMember / removeMember', () => {
	test('adds an existing member to a list', async () => {
		const items = await itemsOf({
			parameters: listOp('addMember', {
				list: byName(vipCustomers),
				email: 'ben.baker@example.com',
			}),
		});
		expect(items[0].json).toEqual({
			success: true,
			added: true,
			list: vipCustomers,
			email: 'ben.baker@example.com',
		});
		expect(received(env.emulator)).toEqual([
			{
				method: 'POST',
				path: '/audience_lists/VIP%20Customers/add',
				params: { email: 'ben.baker@example.com' },
			},
		]);
		expect(env.emulator.store.lists.get(vipCustomers)?.members.has('ben.baker@example.com')).toBe(
			true,
		);
	});

	test('removes a member from a list', async () => {
		const { items } = await runNode({
			parameters: listOp('removeMember', {
				list: fromList(newsletter),
				email: 'ann.archer@example.com',
			}),
		});
		expect(items[0].json).toEqual({
			success: true,
			removed: true,
			list: newsletter,
			email: 'ann.archer@example.com',
		});
		expect(env.emulator.requests[0].rawPath).toBe('/audience_lists/Newsletter/remove');
		expect(env.emulator.store.lists.get(newsletter)?.members.has('ann.archer@example.com')).toBe(
			false,
		);
	});

	test('an unknown member fails with the service text and what to check', async () => {
		const { error } = await runNode({
			parameters: listOp('addMember', { list: byName(newsletter), email: 'nobody@example.com' }),
		});
		expect(error?.message).toMatch(
			/^Mad Mimi refused the request: (Member )?nobody@example.com does not exist$/,
		);
		expect(error?.description).not.toContain('/audience_lists/Newsletter/add'); // the user's words, not the API path
		expect(JSON.stringify(error)).not.toContain('demo-key-7f3a9c2e51b84d6a');
	});
});

describe('batching: per-item requests in parallel', () => {
	const members = (n: number) =>
		Array.from({ length: n }, (_, i) => ({
			json: { email: i === 7 ? 'ghost@example.com' : `p${i}@example.com` },
		}));

	beforeEach(() => {
		for (let i = 0; i < 25; i++) env.emulator.store.addMember(`p${i}@example.com`);
		env.emulator.latencyMs = 30;
	});

	afterEach(() => {
		env.emulator.latencyMs = 0;
	});

	test('items of a batch are sent at once; output order, pairing and per-item errors as without batching', async () => {
		const { items, error } = await runNode(
			{
				parameters: listOp('addMember', {
					list: byName(newsletter),
					email: '={{ $json.email }}',
					options: { itemsPerBatch: 10 },
				}),
				continueOnFail: true,
			},
			members(25),
		);
		expect(error).toBeUndefined();
		expect(env.emulator.maxInFlight).toBe(10);
		expect(items.map((i) => (i.pairedItem as { item: number }).item)).toEqual(
			Array.from({ length: 25 }, (_, i) => i),
		);
		expect(items.map((i) => i.json.email ?? null)).toEqual(
			members(25).map((m, i) => (i === 7 ? null : m.json.email)),
		);
		expect(items[7].json.error).toMatch(/ghost@example.com does not exist/);
		expect(env.emulator.requests).toHaveLength(25);
	});

	test('without the option, one request at a time', async () => {
		await runNode(
			{
				parameters: listOp('addMember', { list: byName(newsletter), email: '={{ $json.email }}' }),
				continueOnFail: true,
			},
			members(5),
		);
		expect(env.emulator.maxInFlight).toBe(1);
	});

	test('without continueOnFail, the first failing item (in input order) stops the run and is named', async () => {
		const { error } = await runNode(
			{
				parameters: listOp('addMember', {
					list: byName(newsletter),
					email: '={{ $json.email }}',
					options: { itemsPerBatch: 5, batchInterval: 10 },
				}),
			},
			members(25),
		);
		expect(error?.context?.itemIndex).toBe(7);
		// the batch holding item 7 ran to its end; no later batch was sent
		expect(env.emulator.requests).toHaveLength(10);
	});
});
