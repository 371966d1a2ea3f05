/**
 * The member endpoints beyond the spec: the members documents (paging, order, raw,
 * suppressed_only, a list's members), search, updating fields and address, suppression round
 * trips, and renaming and clearing a list. The recorded documents themselves are proven character
 * for character in recorded.test.ts.
 */
import { XMLValidator } from 'fast-xml-parser';

import { DEMO_IDS, elementChildren, fieldElementName, ownText, parseXml } from '../../emulator';
import type { XmlElement } from '../../emulator';
import { TEXT_TYPE as TEXT, XML_TYPE as XML } from '../../emulator/render';
import { useDemoEmulator } from '../support/emulatorClient';
import type { Reply } from '../support/emulatorClient';

const DAY = 86_400_000;
const NOW = Date.UTC(2024, 5, 10, 12, 0, 0);

const env = useDemoEmulator(NOW);
const { request, get, post } = env;

function isBlank(r: Reply): boolean {
	return r.status === 200 && (r.text === '' || r.text === ' ');
}

interface Doc {
	root: XmlElement;
	attrs: Record<string, string>;
	members: XmlElement[];
	emails: string[];
}

/** A members document, checked to be well-formed. */
function doc(r: Reply): Doc {
	expect(r.status).toBe(200);
	expect(r.type).toBe(XML);
	expect(XMLValidator.validate(r.text)).toBe(true);
	const root = parseXml(r.text);
	expect(root.name).toBe('audience');
	const members = elementChildren(root);
	for (const m of members) expect(m.name).toBe('member');
	return {
		root,
		attrs: Object.fromEntries(root.attrs),
		members,
		emails: members.map((m) => field(m, 'email')),
	};
}

function child(member: XmlElement, name: string): XmlElement {
	const el = elementChildren(member).find((e) => e.name === name);
	if (!el) throw new Error(`no <${name}>`);
	return el;
}

function field(member: XmlElement, name: string): string {
	return ownText(child(member, name));
}

function memberOf(d: Doc, email: string): XmlElement {
	const m = d.members.find((x) => field(x, 'email') === email);
	if (!m) throw new Error(`${email} is not in the document`);
	return m;
}

function listsOf(member: XmlElement): [string, string | undefined][] {
	return elementChildren(child(member, 'lists')).map((l) => [
		ownText(l),
		l.attrs.find(([n]) => n === 'membership_created_at')?.[1],
	]);
}

/** `n` members a0000@x.example ... created a second apart, in an empty account. */
function seedMany(n: number): string[] {
	env.emulator.reset('empty');
	const emails: string[] = [];
	for (let i = 0; i < n; i++) {
		const email = `a${String(i).padStart(4, '0')}@x.example`;
		env.emulator.store.addMember(email, { createdAt: NOW - (n - i) * 1000 });
		emails.push(email);
	}
	return emails;
}

const ACTIVE_DEMO = [
	'ann.archer@example.com',
	'ben.baker@example.com',
	'cara.cole@example.com',
	'eve.evans@example.com',
	'finn.fox@example.com',
	'gia.grant@example.com',
	'hugo.hill@example.com',
	'jon.jones@example.com',
	'kim.kato@example.com',
	'leo.lopez@example.com',
];

// ====================================================================== the members documents

describe('GET /audience_members.xml: paging', () => {
	it('count, total_pages, per_page and page on every page; the members by address', async () => {
		const emails = seedMany(65);
		const pages = [];
		for (const page of ['1', '2', '3'])
			pages.push(doc(await get('/audience_members.xml', { page })));
		expect(pages.map((p) => p.attrs)).toEqual([
			{ count: '65', total_pages: '3', per_page: '30', page: '1' },
			{ count: '65', total_pages: '3', per_page: '30', page: '2' },
			{ count: '65', total_pages: '3', per_page: '30', page: '3' },
		]);
		expect(pages.map((p) => p.members.length)).toEqual([30, 30, 5]);
		expect(pages.flatMap((p) => p.emails)).toEqual(emails);
		expect(Object.keys(pages[0].attrs)).toEqual(['count', 'total_pages', 'per_page', 'page']);
	});

	it('past the last page: the root with no member', async () => {
		seedMany(65);
		const r = await get('/audience_members.xml', { page: '4' });
		expect(r.text).toBe(
			'<?xml version="1.0" encoding="UTF-8"?>\n<audience count="65" total_pages="3" per_page="30" page="4">\n</audience>',
		);
	});

	it('per_page from 1 to 100 (more → 100, none or not a number → 30); a bad page → 1', async () => {
		seedMany(150);
		const attrs = async (
			params: Record<string, string>,
		): Promise<[Record<string, string>, number]> => {
			const d = doc(await get('/audience_members.xml', params));
			return [d.attrs, d.members.length];
		};
		expect(await attrs({ per_page: '1' })).toEqual([
			{ count: '150', total_pages: '150', per_page: '1', page: '1' },
			1,
		]);
		expect(await attrs({ per_page: '100' })).toEqual([
			{ count: '150', total_pages: '2', per_page: '100', page: '1' },
			100,
		]);
		expect(await attrs({ per_page: '500' })).toEqual([
			{ count: '150', total_pages: '2', per_page: '100', page: '1' },
			100,
		]);
		expect(await attrs({ per_page: '0' })).toEqual([
			{ count: '150', total_pages: '5', per_page: '30', page: '1' },
			30,
		]);
		expect(await attrs({ per_page: 'lots' })).toEqual([
			{ count: '150', total_pages: '5', per_page: '30', page: '1' },
			30,
		]);
		expect(await attrs({ page: '0', per_page: '40' })).toEqual([
			{ count: '150', total_pages: '4', per_page: '40', page: '1' },
			40,
		]);
		expect(await attrs({ page: '4', per_page: '40' })).toEqual([
			{ count: '150', total_pages: '4', per_page: '40', page: '4' },
			30,
		]);
	});

	it('no member at all: count 0, one page', async () => {
		env.emulator.reset('empty');
		expect((await get('/audience_members.xml')).text).toBe(
			'<?xml version="1.0" encoding="UTF-8"?>\n<audience count="0" total_pages="1" per_page="30" page="1">\n</audience>',
		);
	});
});

describe('GET /audience_members.xml: order, raw, suppressed_only', () => {
	it('without opted-out members by default; raw=true includes them; suppressed_only=true gives only them', async () => {
		const plain = doc(await get('/audience_members.xml'));
		expect(plain.attrs.count).toBe('10');
		expect(plain.emails).toEqual(ACTIVE_DEMO);
		expect(plain.members.every((m) => m.attrs[0][1] === 'false')).toBe(true);

		const raw = doc(await get('/audience_members.xml', { raw: 'true' }));
		expect(raw.attrs.count).toBe('12');
		expect(
			raw.members.filter((m) => m.attrs[0][1] === 'true').map((m) => field(m, 'email')),
		).toEqual(['dan.diaz@example.com', 'ines.ivanova@example.com']);

		const only = doc(await get('/audience_members.xml', { suppressed_only: 'true' }));
		expect(only.attrs.count).toBe('2');
		expect(only.emails).toEqual(['dan.diaz@example.com', 'ines.ivanova@example.com']);
		expect(only.members.map((m) => m.attrs)).toEqual([
			[['suppressed', 'true']],
			[['suppressed', 'true']],
		]);
	});

	it('order: email (default), created_at (oldest first), first_name, last_name, with desc; anything else: by address', async () => {
		env.emulator.reset('empty');
		env.emulator.store.addMember('b@example.com', {
			createdAt: NOW - 3 * DAY,
			fields: { first_name: 'Zoe', last_name: 'Adams' },
		});
		env.emulator.store.addMember('c@example.com', {
			createdAt: NOW - 1 * DAY,
			fields: { first_name: 'Abe', last_name: 'Young' },
		});
		env.emulator.store.addMember('a@example.com', {
			createdAt: NOW - 2 * DAY,
			fields: { first_name: 'mia', last_name: 'Moss' },
		});
		const order = async (o?: string): Promise<string[]> =>
			doc(await get('/audience_members.xml', o === undefined ? {} : { order: o })).emails;
		expect(await order()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
		expect(await order('email')).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
		expect(await order('created_at')).toEqual(['b@example.com', 'a@example.com', 'c@example.com']);
		expect(await order('created_at desc')).toEqual([
			'c@example.com',
			'a@example.com',
			'b@example.com',
		]);
		expect(await order('first_name')).toEqual(['c@example.com', 'a@example.com', 'b@example.com']);
		expect(await order('last_name')).toEqual(['b@example.com', 'a@example.com', 'c@example.com']);
		expect(await order('shoe_size')).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
	});

	it("the demo mixes the two empty forms: Leo's cleared fields <x></x>, the unset ones <x/>", async () => {
		const text = (await get('/audience_members.xml')).text;
		const leo =
			/<member suppressed="false">\n {4}<first_name>Leo<\/first_name>[\s\S]*?<\/member>/.exec(
				text,
			)?.[0] ?? '';
		expect(leo).toContain('    <city></city>\n    <phone></phone>\n    <company></company>\n');
		expect(leo).toContain('    <country></country>\n    <confirmed/>\n    <lists>\n    </lists>\n');
		expect(text).toContain('    <city/>\n    <phone/>\n    <company>Archer Outfitters</company>\n');
	});

	it('every member carries every standard field in the recorded order, then the custom fields, then <lists>', async () => {
		await post('/audience_members', {
			csv_file: 'email,Favourite Colour,first name\nzed@example.com,teal,Zed\n',
		});
		const d = doc(await get('/audience_members.xml'));
		expect(env.emulator.store.customFieldNames).toEqual(['favourite_colour']);
		for (const m of d.members) {
			expect(elementChildren(m).map((e) => e.name)).toEqual([
				'first_name',
				'last_name',
				'email',
				'created_at',
				'city',
				'phone',
				'company',
				'title',
				'address',
				'state',
				'zip',
				'country',
				'confirmed',
				'favourite_colour',
				'lists',
			]);
		}
		const zed = memberOf(d, 'zed@example.com');
		expect([field(zed, 'first_name'), field(zed, 'favourite_colour')]).toEqual(['Zed', 'teal']);
		expect(field(memberOf(d, 'ann.archer@example.com'), 'company')).toBe('Archer Outfitters');
		expect(child(memberOf(d, 'ann.archer@example.com'), 'favourite_colour').selfClosing).toBe(true);
		expect(fieldElementName(' Favourite Colour ')).toBe('favourite_colour');
	});
});

describe('GET /audience_lists/{list}/members.xml', () => {
	it("the list's members, with the same paging and filters; every list of each member with its membership date", async () => {
		const d = doc(await get('/audience_lists/Newsletter/members.xml'));
		expect(d.attrs).toEqual({ count: '6', total_pages: '1', per_page: '30', page: '1' });
		expect(d.emails).toEqual([
			'ann.archer@example.com',
			'ben.baker@example.com',
			'cara.cole@example.com',
			'finn.fox@example.com',
			'gia.grant@example.com',
			'kim.kato@example.com',
		]);
		expect(listsOf(memberOf(d, 'ann.archer@example.com')).map(([name]) => name)).toEqual([
			'Newsletter',
			'VIP Customers',
		]);
		expect(
			doc(await get('/audience_lists/Newsletter/members.xml', { raw: 'true' })).attrs.count,
		).toBe('8');
		expect(
			doc(await get('/audience_lists/Newsletter/members.xml', { suppressed_only: 'true' })).emails,
		).toEqual(['dan.diaz@example.com', 'ines.ivanova@example.com']);
		const paged = doc(
			await get('/audience_lists/Newsletter/members.xml', { per_page: '4', page: '2' }),
		);
		expect([paged.attrs, paged.emails]).toEqual([
			{ count: '6', total_pages: '2', per_page: '4', page: '2' },
			['gia.grant@example.com', 'kim.kato@example.com'],
		]);
		expect(
			doc(
				await get(
					`/audience_lists/${encodeURIComponent(DEMO_IDS.listNames.betaTesters)}/members.xml`,
				),
			).attrs.count,
		).toBe('4');
	});

	it('an unknown list: 404 with one space', async () => {
		expect(await get('/audience_lists/Nope/members.xml')).toEqual({
			status: 404,
			text: ' ',
			type: TEXT,
		});
	});

	it('membership dates: when the member joined (add, import, seed), always in UTC, whatever the date style', async () => {
		env.emulator.dateStyle = '+0530';
		env.emulator.clock.set(Date.UTC(2024, 5, 11, 8, 30, 15));
		expect(
			await post('/audience_lists/VIP%20Customers/add', { email: 'leo.lopez@example.com' }),
		).toEqual({ status: 200, text: ' ', type: TEXT });
		env.emulator.clock.set(Date.UTC(2024, 5, 12, 23, 0, 5));
		await post('/audience_members', {
			csv_file: 'email,add_list\nleo.lopez@example.com,Newsletter\nnew@example.com,Newsletter\n',
		});
		const d = doc(await get('/audience_lists/Newsletter/members.xml'));
		expect(listsOf(memberOf(d, 'leo.lopez@example.com'))).toEqual([
			['Newsletter', '2024-06-12 23:00:05 UTC'],
			['VIP Customers', '2024-06-11 08:30:15 UTC'],
		]);
		const leo = memberOf(d, 'leo.lopez@example.com');
		expect(field(leo, 'created_at')).toBe('2024-06-09 14:30:00 +0530');
		// a seeded membership dates from the member's creation; joining again keeps the first date
		const ann = env.emulator.store.getMember('ann.archer@example.com');
		expect(listsOf(memberOf(d, 'ann.archer@example.com'))[0]).toEqual([
			'Newsletter',
			new Date(ann?.createdAt ?? 0).toISOString().replace('T', ' ').slice(0, 19) + ' UTC',
		]);
		await post('/audience_lists/Newsletter/add', { email: 'ann.archer@example.com' });
		expect(
			listsOf(
				memberOf(
					doc(await get('/audience_lists/Newsletter/members.xml')),
					'ann.archer@example.com',
				),
			)[0],
		).toEqual(listsOf(memberOf(d, 'ann.archer@example.com'))[0]);
		// leaving and joining again: a new date
		await post('/audience_lists/VIP%20Customers/remove', { email: 'leo.lopez@example.com' });
		env.emulator.clock.set(Date.UTC(2024, 5, 13, 1, 2, 3));
		await post('/audience_lists/VIP%20Customers/add', { email: 'leo.lopez@example.com' });
		expect(
			listsOf(
				memberOf(
					doc(await get('/audience_lists/VIP%20Customers/members.xml')),
					'leo.lopez@example.com',
				),
			)[1],
		).toEqual(['VIP Customers', '2024-06-13 01:02:03 UTC']);
	});

	it('member dates follow the rotation, one style per answer', async () => {
		const styles = [];
		for (let i = 0; i < 5; i++) {
			const d = doc(await get('/audience_members.xml'));
			const zones = new Set(d.members.map((m) => field(m, 'created_at').split(' ')[2]));
			expect(zones.size).toBe(1);
			styles.push([...zones][0]);
		}
		expect(styles).toEqual(['-0400', '-0500', '+0200', '+0530', 'UTC']);
	});
});

// ====================================================================== search

describe('GET /audience_members/search.xml', () => {
	it('query: address or name contains, case-insensitive; newest first; opted-out members only with raw=true', async () => {
		const search = async (params: Record<string, string>): Promise<string[]> => {
			const r = await get('/audience_members/search.xml', params);
			expect(r.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<audience>\n')).toBe(true);
			return doc(r).emails;
		};
		expect(await search({ query: 'ARCHER' })).toEqual(['ann.archer@example.com']);
		expect(await search({ query: 'ann arch' })).toEqual(['ann.archer@example.com']);
		expect(await search({ query: 'Evans' })).toEqual(['eve.evans@example.com']);
		expect(await search({ query: 'i' })).toEqual([
			'kim.kato@example.com',
			'hugo.hill@example.com',
			'gia.grant@example.com',
			'finn.fox@example.com',
		]);
		expect(await search({ query: 'diaz' })).toEqual([]);
		expect(await search({ query: 'diaz', raw: 'true' })).toEqual(['dan.diaz@example.com']);
		const all = await search({ query: 'example.com', raw: 'true' });
		expect(all).toHaveLength(12);
		expect(all[0]).toBe('leo.lopez@example.com');
		expect(all[11]).toBe('ann.archer@example.com');
	});

	it('email: exactly that member (any case), suppressed with raw=true; nobody: <audience>\\n</audience>', async () => {
		const d = doc(await get('/audience_members/search.xml', { email: 'Ann.Archer@Example.com' }));
		expect(d.emails).toEqual(['ann.archer@example.com']);
		expect(listsOf(d.members[0])).toEqual([
			['Newsletter', undefined],
			['VIP Customers', undefined],
		]);
		expect(
			doc(await get('/audience_members/search.xml', { email: 'ann.archer@example' })).emails,
		).toEqual([]);
		expect(
			(await get('/audience_members/search.xml', { email: 'ines.ivanova@example.com' })).text,
		).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<audience>\n</audience>');
		expect(
			doc(
				await get('/audience_members/search.xml', {
					email: 'ines.ivanova@example.com',
					raw: 'true',
				}),
			).members[0].attrs,
		).toEqual([['suppressed', 'true']]);
		expect(
			doc(await get('/audience_members/search.xml', { email: 'leo.lopez@example.com' })).members[0],
		).toBeDefined();
		expect(
			(await get('/audience_members/search.xml', { email: 'leo.lopez@example.com' })).text,
		).toContain('    <lists>\n    </lists>\n');
	});

	it('at most 100 results; neither query nor email: 400', async () => {
		seedMany(150);
		const d = doc(await get('/audience_members/search.xml', { query: 'x.example' }));
		expect(d.members).toHaveLength(100);
		expect(d.emails[0]).toBe('a0149@x.example');
		expect(await get('/audience_members/search.xml')).toEqual({
			status: 400,
			text: 'A search needs query or email',
			type: TEXT,
		});
	});
});

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
