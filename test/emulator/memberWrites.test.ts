/**
 * The member and list writes beyond the spec: a member's fields and address updated, suppression
 * round trips, and a list renamed and cleared; what they leave in the state. The members
 * documents they show in: members.test.ts.
 */
import { DEMO_IDS, elementChildren, ownText } from '../../emulator';
import { TEXT_TYPE as TEXT } from '../../emulator/render';
import { isBlank, useDemoEmulator } from '../support/emulatorClient';
import { child, doc, field, listsOf, memberOf } from './membersDocument';

const NOW = Date.UTC(2024, 5, 10, 12, 0, 0);

const env = useDemoEmulator(NOW);
const { request, get, post } = env;

// ====================================================================== update

describe('PUT /audience_members/{email}', () => {
	it('sets the given fields, clears one with an empty value (written <x></x>), adds a new custom field to the account', async () => {
		const r = await request('PUT', '/audience_members/ann.archer%40example.com', {
			'audience_member[first_name]': 'Annie',
			'audience_member[company]': '',
			'audience_member[name]': 'Annie Archer',
			'audience_member[Shoe Size]': '39',
		});
		expect(isBlank(r)).toBe(true);
		const ann = env.emulator.store.getMember('ann.archer@example.com');
		expect(ann?.fields).toEqual({
			first_name: 'Annie',
			last_name: 'Archer',
			company: '',
			name: 'Annie Archer',
			'shoe size': '39',
		});
		expect(env.emulator.store.customFieldNames).toEqual(['shoe_size']);
		const d = doc(await get('/audience_members.xml'));
		const annEl = memberOf(d, 'ann.archer@example.com');
		expect(field(annEl, 'first_name')).toBe('Annie');
		expect([child(annEl, 'company').selfClosing, field(annEl, 'company')]).toEqual([false, '']);
		expect(field(annEl, 'shoe_size')).toBe('39');
		expect(child(memberOf(d, 'ben.baker@example.com'), 'shoe_size').selfClosing).toBe(true);
		expect((await get('/audience_members.xml')).text).toContain('    <company></company>\n');
	});

	it('also as POST _method=put; no field: nothing changes; an unknown member: the member error', async () => {
		expect(
			isBlank(
				await post('/audience_members/ben.baker%40example.com', {
					_method: 'put',
					'audience_member[last_name]': 'Baxter',
				}),
			),
		).toBe(true);
		expect(env.emulator.store.getMember('ben.baker@example.com')?.fields.last_name).toBe('Baxter');
		expect(isBlank(await request('PUT', '/audience_members/ben.baker%40example.com'))).toBe(true);
		const missing = await request('PUT', '/audience_members/ghost%40example.com', {
			'audience_member[first_name]': 'G',
		});
		expect(missing.status).toBe(400);
		expect(missing.text).toMatch(/^(Member )?ghost@example\.com does not exist$/);
		expect(env.emulator.store.getMember('ghost@example.com')).toBeUndefined();
	});
});

describe('POST /audience_members/{email}/update_email', () => {
	it('the member keeps its lists (and their dates), fields, creation date and suppression under the new address', async () => {
		const before = doc(await get('/audience_members.xml', { raw: 'true' }));
		const old = memberOf(before, 'ann.archer@example.com');
		expect(
			await post('/audience_members/ann.archer%40example.com/update_email', {
				new_email: 'Ann@New.example',
			}),
		).toEqual({ status: 200, text: ' ', type: TEXT });
		expect(env.emulator.store.getMember('ann.archer@example.com')).toBeUndefined();
		expect(env.emulator.store.listsOf('ann@new.example').map((l) => l.name)).toEqual([
			'Newsletter',
			'VIP Customers',
		]);
		const after = doc(await get('/audience_members.xml', { raw: 'true' }));
		const moved = memberOf(after, 'Ann@New.example');
		expect(listsOf(moved)).toEqual(listsOf(old));
		expect(
			elementChildren(moved)
				.filter((e) => e.name !== 'email' && e.name !== 'created_at')
				.map((e) => [e.name, ownText(e)]),
		).toEqual(
			elementChildren(old)
				.filter((e) => e.name !== 'email' && e.name !== 'created_at')
				.map((e) => [e.name, ownText(e)]),
		);
		expect(env.emulator.store.getMember('Ann@New.example')?.createdAt).toBeDefined();
		expect(await get('/audience_members/ann.archer%40example.com/is_suppressed')).toEqual({
			status: 400,
			text: 'ann.archer@example.com does not exist',
			type: TEXT,
		});

		await post('/audience_members/dan.diaz%40example.com/update_email', {
			new_email: 'dan@new.example',
		});
		expect((await get('/audience_members/dan%40new.example/is_suppressed')).text).toBe('true');
	});

	it('an address another member has: 400; a blank or invalid one: 400; nothing changes', async () => {
		expect(
			await post('/audience_members/ann.archer%40example.com/update_email', {
				new_email: 'BEN.baker@example.com',
			}),
		).toEqual({
			status: 400,
			text: 'Email has already been taken',
			type: TEXT,
		});
		expect(
			(await post('/audience_members/ann.archer%40example.com/update_email', { new_email: '' }))
				.status,
		).toBe(400);
		expect(
			(
				await post('/audience_members/ann.archer%40example.com/update_email', {
					new_email: 'not an address',
				})
			).status,
		).toBe(400);
		expect(env.emulator.store.getMember('ann.archer@example.com')?.email).toBe(
			'ann.archer@example.com',
		);
		// the same member, other case: fine
		expect(
			(
				await post('/audience_members/ann.archer%40example.com/update_email', {
					new_email: 'Ann.Archer@example.com',
				})
			).text,
		).toBe(' ');
		expect(env.emulator.store.getMember('ann.archer@example.com')?.email).toBe(
			'Ann.Archer@example.com',
		);
	});
});

// ====================================================================== suppression

describe('suppression round trips', () => {
	it('the import (opt out = 1) shows in suppressed_since, is_suppressed and suppressed="true"; unsuppress undoes all three', async () => {
		const since = Math.floor(NOW / 1000);
		env.emulator.clock.set(NOW + 5000);
		expect(
			(await post('/audience_members', { csv_file: 'email,opt out\nkim.kato@example.com,1\n' }))
				.status,
		).toBe(200);
		expect((await get(`/audience_members/suppressed_since/${since}.txt`)).text).toBe(
			'kim.kato@example.com\n',
		);
		expect(await get('/audience_members/kim.kato%40example.com/is_suppressed')).toEqual({
			status: 200,
			text: 'true',
			type: TEXT,
		});
		expect(doc(await get('/audience_members.xml')).emails).not.toContain('kim.kato@example.com');
		expect(
			memberOf(doc(await get('/audience_members.xml', { raw: 'true' })), 'kim.kato@example.com')
				.attrs,
		).toEqual([['suppressed', 'true']]);
		expect(
			doc(await get('/audience_members/search.xml', { email: 'kim.kato@example.com', raw: 'true' }))
				.members[0].attrs,
		).toEqual([['suppressed', 'true']]);

		const r = await request('DELETE', '/suppressed_audience_members/kim.kato%40example.com');
		const json = JSON.parse(r.text) as { success: boolean; result: Record<string, unknown> };
		expect(json.success).toBe(true);
		expect(json.result).toMatchObject({
			email: 'kim.kato@example.com',
			name: 'Kim Kato',
			first_name: 'Kim',
			last_name: 'Kato',
			suppressed: false,
			lists: ['Newsletter'],
			list_removals: [],
		});
		expect(Object.keys(json.result)).toEqual([
			'id',
			'email',
			'name',
			'first_name',
			'last_name',
			'suppressed',
			'recent_signup?',
			'suppression_reason',
			'suppression_reason_class',
			'external_id',
			'special_list_member',
			'lists',
			'list_removals',
			'list_unsuppressions',
			'list_additions',
		]);
		expect(typeof json.result.id).toBe('number');
		expect((await get(`/audience_members/suppressed_since/${since}.txt`)).text).toBe('\n');
		expect((await get('/audience_members/kim.kato%40example.com/is_suppressed')).text).toBe(
			'false',
		);
		expect(doc(await get('/audience_members.xml')).emails).toContain('kim.kato@example.com');
		expect(memberOf(doc(await get('/audience_members.xml')), 'kim.kato@example.com').attrs).toEqual(
			[['suppressed', 'false']],
		);
	});

	it('unsuppress also as POST _method=delete; a member not suppressed: success, unchanged; store.unsuppress', async () => {
		const r = await post('/suppressed_audience_members/dan.diaz%40example.com', {
			_method: 'delete',
		});
		expect(JSON.parse(r.text)).toMatchObject({
			success: true,
			result: { email: 'dan.diaz@example.com', suppressed: false },
		});
		expect(
			JSON.parse(
				(await request('DELETE', '/suppressed_audience_members/ben.baker%40example.com')).text,
			).success,
		).toBe(true);
		expect(env.emulator.store.unsuppress('ines.ivanova@example.com')?.optedOut).toBe(false);
		expect(env.emulator.store.unsuppress('ghost@example.com')).toBeUndefined();
		expect(doc(await get('/audience_members.xml')).attrs.count).toBe('12');
		expect(
			JSON.parse(
				(await request('DELETE', '/suppressed_audience_members/ghost%40example.com')).text,
			),
		).toEqual({
			success: false,
			error: "undefined method `unsuppress!' for nil:NilClass",
		});
	});
});

// ====================================================================== rename and clear

describe('POST /audience_lists/{list}/rename', () => {
	it('renames: the list keeps its id, members and their dates; the old name is gone', async () => {
		const before = doc(await get('/audience_lists/VIP%20Customers/members.xml'));
		expect(isBlank(await post('/audience_lists/VIP%20Customers/rename', { name: 'VIPs' }))).toBe(
			true,
		);
		expect(env.emulator.store.lists.get('VIPs')?.id).toBe(DEMO_IDS.lists.vipCustomers);
		expect(env.emulator.store.lists.has('VIP Customers')).toBe(false);
		expect((await get('/audience_lists/lists.xml')).text).toContain(
			'<list id="102" name="VIPs" subscriber_count="3" display_name="Our best customers"/>',
		);
		const after = doc(await get('/audience_lists/VIPs/members.xml'));
		expect(after.emails).toEqual(before.emails);
		expect(listsOf(memberOf(after, 'hugo.hill@example.com'))).toEqual(
			listsOf(memberOf(before, 'hugo.hill@example.com')).map(([n, d]) => [
				n === 'VIP Customers' ? 'VIPs' : n,
				d,
			]),
		);
		expect(await get('/audience_lists/VIP%20Customers/members.xml')).toEqual({
			status: 404,
			text: ' ',
			type: TEXT,
		});
		expect(env.emulator.store.participants.get('child.one@example.com')?.permissions.read).toEqual([
			'VIPs',
		]);
	});

	it('a taken name: 400 Name has already been taken; unknown list: 404 one space; blank: 400; the same name: fine', async () => {
		expect(await post('/audience_lists/VIP%20Customers/rename', { name: 'Newsletter' })).toEqual({
			status: 400,
			text: 'Name has already been taken',
			type: TEXT,
		});
		expect(await post('/audience_lists/Nope/rename', { name: 'Other' })).toEqual({
			status: 404,
			text: ' ',
			type: TEXT,
		});
		expect(await post('/audience_lists/Newsletter/rename', { name: ' ' })).toEqual({
			status: 400,
			text: "Name can't be blank",
			type: TEXT,
		});
		expect(isBlank(await post('/audience_lists/Newsletter/rename', { name: 'Newsletter' }))).toBe(
			true,
		);
		expect([...env.emulator.store.lists.keys()].sort()).toEqual([
			'Beta testers (EU)',
			'Newsletter',
			'VIP Customers',
		]);
	});
});

describe('PUT /audience_lists/{list}/clear', () => {
	it('removes every membership and keeps the list and the members; also as POST _method=put', async () => {
		expect(isBlank(await request('PUT', '/audience_lists/Newsletter/clear'))).toBe(true);
		expect(env.emulator.store.lists.get('Newsletter')?.members.size).toBe(0);
		expect((await get('/audience_lists/lists.xml')).text).toContain(
			'<list id="101" name="Newsletter" subscriber_count="0" display_name=""/>',
		);
		expect(doc(await get('/audience_lists/Newsletter/members.xml', { raw: 'true' })).attrs).toEqual(
			{ count: '0', total_pages: '1', per_page: '30', page: '1' },
		);
		expect(env.emulator.store.members.size).toBe(12);
		expect(env.emulator.store.listsOf('ann.archer@example.com').map((l) => l.name)).toEqual([
			'VIP Customers',
		]);
		expect(
			isBlank(await post('/audience_lists/Beta%20testers%20(EU)/clear', { _method: 'put' })),
		).toBe(true);
		expect(env.emulator.store.lists.get('Beta testers (EU)')?.members.size).toBe(0);
	});

	it('an unknown list: 404 one space; a plain POST is not clear', async () => {
		expect(await request('PUT', '/audience_lists/Nope/clear')).toEqual({
			status: 404,
			text: ' ',
			type: TEXT,
		});
		expect(await post('/audience_lists/Newsletter/clear')).toEqual({
			status: 404,
			text: ' ',
			type: TEXT,
		});
		expect(env.emulator.store.lists.get('Newsletter')?.members.size).toBe(8);
	});
});

describe('the state', () => {
	it('GET /__emulator/state holds the membership dates and the custom fields', async () => {
		await post('/audience_members', {
			csv_file: 'email,add_list,colour\nx@example.com,Newsletter,red\n',
		});
		const state = (await (await fetch(`${env.emulator.baseUrl}/__emulator/state`)).json()) as {
			lists: { name: string; membershipCreatedAt: Record<string, number> }[];
			customFieldNames: string[];
		};
		expect(
			state.lists.find((l) => l.name === 'Newsletter')?.membershipCreatedAt['x@example.com'],
		).toBe(NOW);
		expect(state.customFieldNames).toEqual(['colour']);
	});
});
