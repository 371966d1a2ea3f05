/**
 * Changing members and lists: Audience Member → Update (fields, lists, the standard fields by
 * name), Update Email, Is Suppressed, Suppress and Opt In Again; Audience List → Create, Rename
 * and Clear. Finding members: memberLookup.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runNode } from '../harness';
import { itemsOf, nodeParams, received, useEmulator } from './setup';
import { member, OPTED_OUT } from './memberSupport';

const env = useEmulator();

const list = (operation: string, extra: IDataObject = {}): INodeParameters =>
	({ resource: 'audienceList', operation, ...extra }) as INodeParameters;
const byName = (value: string) => ({ __rl: true, mode: 'name', value });

describe('audienceMember.update', () => {
	test('names and custom fields in one PUT, then a request per list added and removed', async () => {
		const items = await itemsOf({
			parameters: member('update', {
				email: 'ben.baker@example.com',
				updateFields: {
					firstName: 'Benjamin',
					customFields: {
						field: [
							{ key: 'company', value: 'Baker & Co' },
							{ key: 'plan', value: 'gold' },
						],
					},
				},
				addToLists: ['VIP Customers', 'Beta testers (EU)'],
				removeFromLists: ['Newsletter'],
			}),
		});
		expect(items.map((i) => i.json)).toEqual([
			{
				success: true,
				email: 'ben.baker@example.com',
				updated: { firstName: 'Benjamin', company: 'Baker & Co', plan: 'gold' },
				addedToLists: ['VIP Customers', 'Beta testers (EU)'],
				removedFromLists: ['Newsletter'],
			},
		]);
		expect(received(env.emulator)).toEqual([
			{
				method: 'PUT',
				path: '/audience_members/ben.baker%40example.com',
				params: {
					'audience_member[first_name]': 'Benjamin',
					'audience_member[company]': 'Baker & Co',
					'audience_member[plan]': 'gold',
				},
			},
			{
				method: 'POST',
				path: '/audience_lists/VIP%20Customers/add',
				params: { email: 'ben.baker@example.com' },
			},
			{
				method: 'POST',
				path: '/audience_lists/Beta%20testers%20(EU)/add',
				params: { email: 'ben.baker@example.com' },
			},
			{
				method: 'POST',
				path: '/audience_lists/Newsletter/remove',
				params: { email: 'ben.baker@example.com' },
			},
		]);
		const stored = env.emulator.store.getMember('ben.baker@example.com')!;
		expect(stored.fields).toMatchObject({
			first_name: 'Benjamin',
			company: 'Baker & Co',
			plan: 'gold',
		});
		expect(env.emulator.store.listsOf('ben.baker@example.com').map((l) => l.name)).toEqual([
			'VIP Customers',
			'Beta testers (EU)',
		]);
	});

	test('only lists: no PUT', async () => {
		await runNode({
			parameters: member('update', { email: 'leo.lopez@example.com', addToLists: ['Newsletter'] }),
		});
		expect(env.emulator.requests.map((r) => r.effectiveMethod)).toEqual(['POST']);
	});

	test('nothing to update is refused before any request', async () => {
		const { error } = await runNode({
			parameters: member('update', { email: 'leo.lopez@example.com' }),
		});
		expect(error?.message).toBe('Nothing to update');
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('an unknown member: a message that names it', async () => {
		const { error } = await runNode({
			parameters: member('update', { email: 'ghost@example.com', updateFields: { lastName: 'X' } }),
		});
		expect(error?.message).toBe('Mad Mimi has no member with the address ghost@example.com');
	});

	test('a custom field named with brackets is refused before any request', async () => {
		const { error } = await runNode({
			parameters: member('update', {
				email: 'leo.lopez@example.com',
				updateFields: { customFields: { field: [{ key: 'a[b]', value: '1' }] } },
			}),
		});
		expect(error?.message).toBe('Custom field 1: "a[b]" cannot be a field name');
		expect(env.emulator.requests).toHaveLength(0);
	});
});

describe('audienceMember.updateEmail, isSuppressed, suppress, unsuppress', () => {
	test('update email: the member keeps its lists under the new address', async () => {
		const items = await itemsOf({
			parameters: member('updateEmail', {
				email: 'ann.archer@example.com',
				newEmail: 'ann@archer.example',
			}),
		});
		expect(items[0].json).toEqual({
			success: true,
			email: 'ann@archer.example',
			previousEmail: 'ann.archer@example.com',
		});
		expect(received(env.emulator)).toEqual([
			{
				method: 'POST',
				path: '/audience_members/ann.archer%40example.com/update_email',
				params: { new_email: 'ann@archer.example' },
			},
		]);
		expect(env.emulator.store.getMember('ann.archer@example.com')).toBeUndefined();
		expect(env.emulator.store.listsOf('ann@archer.example').map((l) => l.name)).toEqual([
			'Newsletter',
			'VIP Customers',
		]);
	});

	test('update email of an unknown member; a new address that is not one is refused first', async () => {
		const unknown = await runNode({
			parameters: member('updateEmail', { email: 'ghost@example.com', newEmail: 'g@example.com' }),
		});
		expect(unknown.error?.message).toBe(
			'Mad Mimi has no member with the address ghost@example.com',
		);
		env.emulator.clearRequests();
		const bad = await runNode({
			parameters: member('updateEmail', { email: 'ann.archer@example.com', newEmail: 'ann@' }),
		});
		expect(bad.error?.message).toBe('The field "New Email" is not a valid email address: "ann@"');
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('is suppressed: true for an opted-out member, false otherwise; unknown member named', async () => {
		const { items } = await runNode(
			{ parameters: member('isSuppressed', { email: '={{ $json.e }}' }) },
			[{ json: { e: OPTED_OUT[0] } }, { json: { e: 'ann.archer@example.com' } }],
		);
		expect(items.map((i) => i.json)).toEqual([
			{ email: OPTED_OUT[0], suppressed: true },
			{ email: 'ann.archer@example.com', suppressed: false },
		]);
		expect(env.emulator.requests[0].rawPath).toBe(
			`/audience_members/${encodeURIComponent(OPTED_OUT[0])}/is_suppressed`,
		);
		const unknown = await runNode({
			parameters: member('isSuppressed', { email: 'ghost@example.com' }),
		});
		expect(unknown.error?.message).toBe(
			'Mad Mimi has no member with the address ghost@example.com',
		);
	});

	test('suppress through the import with the opt-out column; it shows in suppressed_since and is_suppressed; unsuppress undoes it', async () => {
		const { items, error } = await runNode({
			parameters: member('suppress', { email: 'ann.archer@example.com' }),
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({
			success: true,
			email: 'ann.archer@example.com',
			suppressed: true,
			importId: env.emulator.store.imports[0].id,
		});
		expect(env.emulator.requests[0].form.csv_file).toBe(
			'email,opt out\nann.archer@example.com,1\n',
		);
		expect(env.emulator.store.getMember('ann.archer@example.com')!.optedOut).toBe(true);

		const check = await runNode({
			parameters: member('isSuppressed', { email: 'ann.archer@example.com' }),
		});
		expect(check.items[0].json.suppressed).toBe(true);
		const since = await runNode({
			parameters: member('getOptedOut', { since: new Date(Date.now() - 60_000).toISOString() }),
		});
		expect(since.items.map((i) => i.json.email)).toContain('ann.archer@example.com');

		env.emulator.clearRequests();
		const back = await runNode({
			parameters: member('unsuppress', { email: 'ann.archer@example.com' }),
		});
		expect(back.error).toBeUndefined();
		expect(back.items[0].json).toEqual({
			success: true,
			email: 'ann.archer@example.com',
			suppressed: false,
		});
		expect(received(env.emulator)).toEqual([
			{
				method: 'DELETE',
				path: '/suppressed_audience_members/ann.archer%40example.com',
				params: {},
			},
		]);
		expect(env.emulator.store.getMember('ann.archer@example.com')!.optedOut).toBe(false);
	});

	test('unsuppress an unknown member: the JSON "success": false is a failure, with the service\'s text', async () => {
		const { error } = await runNode({
			parameters: member('unsuppress', { email: 'ghost@example.com' }),
		});
		expect(error?.message).toBe('Mad Mimi could not opt ghost@example.com back in');
		expect(error?.description).toContain('undefined method');
	});
});

describe('audienceList.create, rename, clear', () => {
	test('create answers the new list with its ID; a taken name is refused with a message', async () => {
		const { items, error } = await runNode({
			parameters: list('create', { name: 'Spring leads' }),
		});
		expect(error).toBeUndefined();
		const created = env.emulator.store.lists.get('Spring leads')!;
		expect(items[0].json).toEqual({ success: true, id: created.id, name: 'Spring leads', size: 0 });
		expect(received(env.emulator)).toEqual([
			{ method: 'POST', path: '/audience_lists.json', params: { name: 'Spring leads' } },
		]);
		const again = await runNode({ parameters: list('create', { name: 'Spring leads' }) });
		expect(again.error?.message).toBe('A list named "Spring leads" already exists');
		expect(again.error?.description).toContain('Name has already been taken');
	});

	test('rename keeps the members', async () => {
		const before = [...env.emulator.store.lists.get('VIP Customers')!.members];
		const items = await itemsOf({
			parameters: list('rename', { list: byName('VIP Customers'), newName: 'VIP, gold' }),
		});
		expect(items[0].json).toEqual({
			success: true,
			list: 'VIP, gold',
			previousName: 'VIP Customers',
		});
		expect(received(env.emulator)).toEqual([
			{
				method: 'POST',
				path: '/audience_lists/VIP%20Customers/rename',
				params: { name: 'VIP, gold' },
			},
		]);
		expect([...env.emulator.store.lists.get('VIP, gold')!.members]).toEqual(before);
		expect(env.emulator.store.lists.has('VIP Customers')).toBe(false);
	});

	test('clear removes every membership and keeps the list', async () => {
		const items = await itemsOf({
			parameters: list('clear', { list: byName('Newsletter') }),
		});
		expect(items[0].json).toEqual({ success: true, cleared: true, list: 'Newsletter' });
		expect(received(env.emulator)).toEqual([
			{ method: 'PUT', path: '/audience_lists/Newsletter/clear', params: {} },
		]);
		expect(env.emulator.store.lists.get('Newsletter')!.members.size).toBe(0);
		expect(env.emulator.store.getMember('ann.archer@example.com')).toBeDefined();
	});

	test('rename and clear of an unknown list name it', async () => {
		const rename = await runNode({
			parameters: list('rename', { list: byName('Nope'), newName: 'Yes' }),
		});
		expect(rename.error?.message).toBe('Mad Mimi has no list named "Nope"');
		const clear = await runNode({ parameters: list('clear', { list: byName('Nope') }) });
		expect(clear.error?.message).toBe('Mad Mimi has no list named "Nope"');
	});
});

describe("the member's standard fields, by name", () => {
	test('Update sets title, company, phone, address, city, state, zip and country as the service names them', async () => {
		const updateFields = {
			title: 'Dr',
			company: 'Acme',
			phone: '+1 555 0100',
			address: '1 Main St',
			city: 'Springfield',
			state: 'IL',
			zip: '01234',
			country: 'US',
		};
		const items = await itemsOf({
			parameters: member('update', { email: 'ben.baker@example.com', updateFields }),
		});
		expect(env.emulator.requests[0].params).toEqual(
			Object.fromEntries(
				Object.entries(updateFields).map(([k, v]) => [`audience_member[${k}]`, v]),
			),
		);
		expect(items[0].json.updated).toEqual(updateFields);
		// read back: the zip code stays text
		const { items: got } = await runNode({
			parameters: member('get', { email: 'ben.baker@example.com' }),
		});
		expect(got[0].json).toMatchObject(updateFields);
	});

	test('Create or Update sends them as import columns', async () => {
		await itemsOf({
			parameters: nodeParams('audienceMember', 'upsert', {
				email: 'new.one@example.com',
				additionalFields: { company: 'Acme', city: 'Lyon' },
			}),
		});
		expect(env.emulator.requests[0].form.csv_file).toBe(
			'email,company,city\nnew.one@example.com,Acme,Lyon\n',
		);
	});
});
