/**
 * The members documents, beyond the spec: all members and a list's (paging, order, raw,
 * suppressed_only, membership dates), and search. The recorded documents themselves are proven
 * character for character in recorded.test.ts; updating members and lists: memberWrites.test.ts.
 */
import { DEMO_IDS, elementChildren, fieldElementName } from '../../emulator';
import { TEXT_TYPE as TEXT } from '../../emulator/render';
import { useDemoEmulator } from '../support/emulatorClient';
import { child, doc, field, listsOf, memberOf } from './membersDocument';

const DAY = 86_400_000;
const NOW = Date.UTC(2024, 5, 10, 12, 0, 0);

const env = useDemoEmulator(NOW);
const { get, post } = env;

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
