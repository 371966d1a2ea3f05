/**
 * Finding members: Audience Member → Get by address, Search by a text, and Get Many with its
 * pages and options (one list, opted out, sorted). Changing them: memberManagement.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { DEMO_IDS } from '../../emulator';
import { runNode } from '../harness';
import { itemsOf, received, useEmulator } from './setup';
import { member, OPTED_OUT } from './memberSupport';

const env = useEmulator();

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;

describe('audienceMember.get', () => {
	test('one member by address: email and names first, lists always an array, typed', async () => {
		const items = await itemsOf({
			parameters: member('get', { email: 'Ann.Archer@example.com' }),
		});
		expect(items).toHaveLength(1);
		const ann = items[0].json;
		expect(Object.keys(ann).slice(0, 3)).toEqual(['email', 'firstName', 'lastName']);
		expect(ann).toMatchObject({
			email: 'ann.archer@example.com',
			firstName: 'Ann',
			lastName: 'Archer',
			suppressed: false,
		});
		expect(String(ann.createdAt)).toMatch(ISO);
		expect(ann.lists).toEqual([{ name: 'Newsletter' }, { name: 'VIP Customers' }]);
		expect(received(env.emulator)).toEqual([
			{
				method: 'GET',
				path: '/audience_members/search.xml',
				params: { email: 'Ann.Archer@example.com', raw: 'true' },
			},
		]);
	});

	test('an opted-out member is found too; a member on no list has lists []', async () => {
		const dan = await runNode({ parameters: member('get', { email: OPTED_OUT[1] }) });
		expect(dan.items[0].json).toMatchObject({ email: OPTED_OUT[1], suppressed: true });
		const leo = await runNode({ parameters: member('get', { email: 'leo.lopez@example.com' }) });
		expect(leo.items[0].json.lists).toEqual([]);
	});

	test('no member with that address: a clear error', async () => {
		const { error } = await runNode({ parameters: member('get', { email: 'nobody@example.com' }) });
		expect(error?.message).toBe('Mad Mimi has no member with the address nobody@example.com');
	});

	test('a value that is not an address is refused before any request', async () => {
		const { error } = await runNode({ parameters: member('get', { email: 'ann' }) });
		expect(error?.message).toBe('The field "Email" is not a valid email address: "ann"');
		expect(env.emulator.requests).toHaveLength(0);
	});
});

describe('audienceMember.search', () => {
	test('members whose address or name holds the text; opted-out members only when asked', async () => {
		const items = await itemsOf({ parameters: member('search', { query: 'ivanova' }) });
		expect(items).toEqual([]);
		const withSuppressed = await runNode({
			parameters: member('search', { query: 'ivanova', options: { includeSuppressed: true } }),
		});
		expect(withSuppressed.items.map((i) => i.json.email)).toEqual([OPTED_OUT[0]]);
		expect(env.emulator.requests.map((r) => r.params)).toEqual([
			{ query: 'ivanova' },
			{ query: 'ivanova', raw: 'true' },
		]);
	});
});

describe('audienceMember.getAll', () => {
	test('Return All: every member not opted out, 100 a page, asked for by date', async () => {
		const items = await itemsOf({ parameters: member('getAll', { returnAll: true }) });
		expect(items).toHaveLength(DEMO_IDS.memberCount - OPTED_OUT.length);
		expect(items.every((i) => Array.isArray(i.json.lists))).toBe(true);
		expect(received(env.emulator)).toEqual([
			{
				method: 'GET',
				path: '/audience_members.xml',
				params: { page: '1', per_page: '100', order: 'created_at' },
			},
		]);
	});

	test.each([
		[250, ['1', '2', '3']],
		[200, ['1', '2']], // the page count stops the reading: no empty third page
	])('%i members: exactly the pages the answer states, %j', async (count, pages) => {
		for (let i = 0; i < count - DEMO_IDS.memberCount + OPTED_OUT.length; i++)
			env.emulator.store.addMember(`m${i}@example.com`);
		const { items } = await runNode({ parameters: member('getAll', { returnAll: true }) });
		expect(items).toHaveLength(count);
		expect(new Set(items.map((i) => i.json.email)).size).toBe(count);
		expect(env.emulator.requests.map((r) => r.params.page)).toEqual(pages);
	});

	test('Limit 3 sorted by address: one page of 3', async () => {
		const { items } = await runNode({
			parameters: member('getAll', { returnAll: false, limit: 3, options: { order: 'email' } }),
		});
		expect(items).toHaveLength(3);
		expect(received(env.emulator)).toEqual([
			{
				method: 'GET',
				path: '/audience_members.xml',
				params: { page: '1', per_page: '3', order: 'email' },
			},
		]);
	});

	test('options: the members of one list, opted out only, included, sorted', async () => {
		const newsletter = await runNode({
			parameters: member('getAll', { returnAll: true, options: { list: 'Newsletter' } }),
		});
		expect(newsletter.items.map((i) => i.json.email)).not.toContain(OPTED_OUT[0]);
		expect(
			newsletter.items.every((i) =>
				(i.json.lists as IDataObject[]).some((l) => l.name === 'Newsletter'),
			),
		).toBe(true);
		expect(env.emulator.requests[0].rawPath).toBe('/audience_lists/Newsletter/members.xml');

		const optedOut = await runNode({
			parameters: member('getAll', { returnAll: true, options: { suppressedOnly: true } }),
		});
		expect(optedOut.items.map((i) => i.json.email).sort()).toEqual([...OPTED_OUT].sort());
		expect(optedOut.items.every((i) => i.json.suppressed === true)).toBe(true);

		const everyone = await runNode({
			parameters: member('getAll', {
				returnAll: true,
				options: { includeSuppressed: true, order: 'email' },
			}),
		});
		expect(everyone.items).toHaveLength(DEMO_IDS.memberCount);
		expect(env.emulator.requests.at(-1)!.params).toMatchObject({ raw: 'true', order: 'email' });
	});

	test('the members of a list whose name needs encoding', async () => {
		await itemsOf({
			parameters: member('getAll', { returnAll: true, options: { list: 'Beta testers (EU)' } }),
		});
		expect(env.emulator.requests[0].rawPath).toBe(
			'/audience_lists/Beta%20testers%20(EU)/members.xml',
		);
	});
});
