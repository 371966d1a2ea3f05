/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code: runs in jest, never inside n8n */
import { XMLValidator } from 'fast-xml-parser';

import {
	DEMO_CREDENTIALS,
	DEMO_IDS,
	formatServiceDate,
	NO_RIGHTS_CREDENTIALS,
	parseServiceDate,
	startEmulator,
} from '../../emulator';
import type { Emulator, RecordedRequest } from '../../emulator';

const AUTH = { username: DEMO_CREDENTIALS.username, api_key: DEMO_CREDENTIALS.apiKey };
const DAY = 86_400_000;

let emu: Emulator;

beforeAll(async () => {
	emu = await startEmulator();
});

afterAll(async () => {
	await emu.close();
});

beforeEach(() => {
	emu.reset();
	emu.clock.useRealTime();
	emu.latencyMs = 0;
});

interface Reply {
	status: number;
	text: string;
	type: string;
}

async function reply(res: Response): Promise<Reply> {
	return {
		status: res.status,
		text: await res.text(),
		type: res.headers.get('content-type') ?? '',
	};
}

function qs(params: Record<string, string>): string {
	return new URLSearchParams(params).toString();
}

/** GET with the demo credentials (unless auth=false) in the query string. */
async function get(
	path: string,
	params: Record<string, string> = {},
	init: RequestInit = {},
	auth = true,
): Promise<Reply> {
	const query = qs(auth ? { ...AUTH, ...params } : params);
	return reply(await fetch(`${emu.baseUrl}${path}${query ? `?${query}` : ''}`, init));
}

/** A form-encoded request (POST by default) with the credentials in the body. */
async function send(
	path: string,
	form: Record<string, string> = {},
	method = 'POST',
	auth = true,
): Promise<Reply> {
	return reply(
		await fetch(`${emu.baseUrl}${path}`, {
			method,
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: qs(auth ? { ...AUTH, ...form } : form),
		}),
	);
}

function lastRequest(): RecordedRequest {
	return emu.requests[emu.requests.length - 1];
}

function count(text: string, needle: string): number {
	return text.split(needle).length - 1;
}

function isBlank(r: Reply): boolean {
	return r.status === 200 && (r.text === '' || r.text === ' ');
}

// ====================================================================== authentication

describe('authentication', () => {
	it('refuses missing and wrong credentials with 401 Unable to authenticate', async () => {
		const missing = await get('/audience_lists/lists.xml', {}, {}, false);
		expect(missing).toEqual({
			status: 401,
			text: 'Unable to authenticate',
			type: 'text/html; charset=utf-8',
		});
		const wrong = await get('/audience_lists/lists.xml', { ...AUTH, api_key: 'nope' }, {}, false);
		expect(wrong.status).toBe(401);
		expect(wrong.text).toBe('Unable to authenticate');
		expect(lastRequest().authenticated).toBe(false);
		expect(lastRequest().status).toBe(401);
	});

	it('refuses an account without API rights', async () => {
		const r = await get(
			'/audience_lists/lists.xml',
			{ username: NO_RIGHTS_CREDENTIALS.username, api_key: NO_RIGHTS_CREDENTIALS.apiKey },
			{},
			false,
		);
		expect(r).toEqual({
			status: 401,
			text: 'You do not have the rights to use this API',
			type: 'text/html; charset=utf-8',
		});
	});

	it('accepts credentials in the form body or in the query string of a POST', async () => {
		expect(isBlank(await send('/audience_lists', { name: 'From body' }))).toBe(true);
		const r = await fetch(`${emu.baseUrl}/audience_lists?${qs({ ...AUTH, name: 'From query' })}`, {
			method: 'POST',
		});
		expect(r.status).toBe(200);
		expect(emu.store.lists.has('From body')).toBe(true);
		expect(emu.store.lists.has('From query')).toBe(true);
		const rec = lastRequest();
		expect(rec.authenticated).toBe(true);
		expect(rec.params).toEqual({ name: 'From query' });
	});

	it('answers 404 with a single space for an unknown path', async () => {
		expect(await get('/no/such/thing.xml')).toEqual({
			status: 404,
			text: ' ',
			type: 'text/html; charset=utf-8',
		});
	});
});

// ====================================================================== audience lists

describe('audience lists', () => {
	it('lists the lists with subscriber counts', async () => {
		const r = await get('/audience_lists/lists.xml');
		expect(r.status).toBe(200);
		expect(r.type).toBe('application/xml; charset=utf-8');
		expect(r.text).toBe(
			'<?xml version="1.0" encoding="UTF-8"?>\n<lists>\n' +
				'  <list id="101" name="Newsletter" subscriber_count="8" display_name=""/>\n' +
				'  <list id="102" name="VIP Customers" subscriber_count="3" display_name="Our best customers"/>\n' +
				'  <list id="103" name="Beta testers (EU)" subscriber_count="4" display_name=""/>\n' +
				'</lists>',
		);
	});

	it('renders an empty account as <lists>\\n</lists>, every time', async () => {
		emu.reset('empty');
		const a = await get('/audience_lists/lists.xml');
		const b = await get('/audience_lists/lists.xml');
		expect([a.text, b.text]).toEqual([
			'<?xml version="1.0" encoding="UTF-8"?>\n<lists>\n</lists>',
			'<?xml version="1.0" encoding="UTF-8"?>\n<lists>\n</lists>',
		]);
	});

	it('creates a list once, refuses a blank name', async () => {
		expect(isBlank(await send('/audience_lists', { name: 'Partners' }))).toBe(true);
		const id = emu.store.lists.get('Partners')?.id;
		expect(id).toBe(104);
		expect(isBlank(await send('/audience_lists', { name: 'Partners' }))).toBe(true);
		expect(emu.store.lists.get('Partners')?.id).toBe(104);
		expect(emu.store.lists.size).toBe(4);
		expect(await send('/audience_lists', { name: '  ' })).toMatchObject({
			status: 400,
			text: "Name can't be blank",
		});
	});

	it('alternates blank write answers between "" and " "', async () => {
		const a = await send('/audience_lists', { name: 'One' });
		const b = await send('/audience_lists', { name: 'Two' });
		expect([a.text, b.text].sort()).toEqual(['', ' ']);
	});

	it('deletes a list with _method=delete, also an encoded name, and 200 for a missing one', async () => {
		await send('/audience_lists', { name: 'a/b c' });
		const r = await send(`/audience_lists/${encodeURIComponent('a/b c')}`, { _method: 'delete' });
		expect(isBlank(r)).toBe(true);
		expect(emu.store.lists.has('a/b c')).toBe(false);
		const rec = lastRequest();
		expect(rec).toMatchObject({
			method: 'POST',
			effectiveMethod: 'DELETE',
			rawPath: '/audience_lists/a%2Fb%20c',
			path: '/audience_lists/a/b c',
			segments: ['audience_lists', 'a/b c'],
		});
		expect(rec.params).toEqual({});
		expect(isBlank(await send('/audience_lists/Nothing%20here', { _method: 'delete' }))).toBe(true);
	});

	it('deletes with a real DELETE and the parameters in the query string', async () => {
		const r = await fetch(`${emu.baseUrl}/audience_lists/Newsletter?${qs(AUTH)}`, {
			method: 'DELETE',
		});
		expect(r.status).toBe(200);
		expect(emu.store.lists.has('Newsletter')).toBe(false);
		expect(lastRequest().effectiveMethod).toBe('DELETE');
	});

	it('adds and removes members, with the service errors', async () => {
		const list = encodeURIComponent('Beta testers (EU)');
		expect(
			(await send(`/audience_lists/${list}/add`, { email: 'Eve.Evans@example.com' })).text,
		).toBe(' ');
		expect(emu.store.lists.get('Beta testers (EU)')?.members.has('eve.evans@example.com')).toBe(
			true,
		);
		expect(
			(await send(`/audience_lists/${list}/remove`, { email: 'eve.evans@example.com' })).text,
		).toBe('');
		expect(emu.store.lists.get('Beta testers (EU)')?.members.has('eve.evans@example.com')).toBe(
			false,
		);
		expect(
			(await send(`/audience_lists/${list}/remove`, { email: 'eve.evans@example.com' })).text,
		).toBe('');
		// recorded: remove answers 200 and an empty body also for an unknown member (and, our guess, list)
		expect(
			await send(`/audience_lists/${list}/remove`, { email: 'ghost@example.com' }),
		).toMatchObject({ status: 200, text: '' });
		expect(
			await send('/audience_lists/Nope/remove', { email: 'ann.archer@example.com' }),
		).toMatchObject({ status: 200, text: '' });

		const a = await send(`/audience_lists/${list}/add`, { email: 'ghost@example.com' });
		const b = await send(`/audience_lists/${list}/add`, { email: 'ghost@example.com' });
		expect(a.status).toBe(400);
		expect([a.text, b.text].sort()).toEqual([
			'Member ghost@example.com does not exist',
			'ghost@example.com does not exist',
		]);
		expect(
			await send('/audience_lists/Nope/add', { email: 'ann.archer@example.com' }),
		).toMatchObject({
			status: 400,
			text: 'List Nope does not exist',
		});
	});

	it('treats an encoded slash as part of one list name', async () => {
		emu.store.addMember('x@example.com');
		emu.store.createList('a/b');
		expect(isBlank(await send('/audience_lists/a%2Fb/add', { email: 'x@example.com' }))).toBe(true);
		expect(emu.store.lists.get('a/b')?.members.has('x@example.com')).toBe(true);
		expect(lastRequest().segments).toEqual(['audience_lists', 'a/b', 'add']);
	});
});

// ====================================================================== audience members

describe('audience members', () => {
	it('imports CSV: case-insensitive header, quoted fields, add_list, opt out, rows without email skipped', async () => {
		emu.clock.set(Date.UTC(2024, 0, 10));
		const csv = [
			'Email,First Name,Add_List,Opt Out,note',
			'new.one@example.com,"Smith, Jo",Newsletter,,"says ""hi""',
			'multi line"',
			'NEW.ONE@example.com,,Fresh list,,',
			',Nobody,Newsletter,,',
			'ben.baker@example.com,Benjamin,,1,',
		].join('\r\n');
		const r = await send('/audience_members', { csv_file: csv });
		expect(r).toEqual({ status: 200, text: '6021', type: 'text/html; charset=utf-8' });
		const member = emu.store.getMember('new.one@example.com');
		expect(member).toMatchObject({
			email: 'new.one@example.com',
			fields: { 'first name': 'Smith, Jo', note: 'says "hi"\r\nmulti line' },
			createdAt: Date.UTC(2024, 0, 10),
			optedOut: false,
		});
		expect(emu.store.lists.get('Newsletter')?.members.has('new.one@example.com')).toBe(true);
		expect(emu.store.lists.get('Fresh list')?.members.has('new.one@example.com')).toBe(true);
		expect(emu.store.getMember('ben.baker@example.com')).toMatchObject({
			optedOut: true,
			suppressedAt: Date.UTC(2024, 0, 10),
			fields: { first_name: 'Ben', 'first name': 'Benjamin' },
		});
		expect(emu.store.members.size).toBe(13);
		const record = emu.store.imports[0];
		expect(record).toMatchObject({ id: 6021, csv, at: Date.UTC(2024, 0, 10) });
		expect(record.rows).toHaveLength(4);
		expect(record.rows[3]).toEqual({
			email: 'ben.baker@example.com',
			'first name': 'Benjamin',
			add_list: '',
			'opt out': '1',
			note: '',
		});
		expect((await send('/audience_members', { csv_file: 'email\nz@example.com' })).text).toBe(
			'6022',
		);
	});

	it('accepts an opt-out column and refuses CSV without an email column', async () => {
		await send('/audience_members', { csv_file: 'email,opt-out\nkim.kato@example.com,1\n' });
		expect(emu.store.getMember('kim.kato@example.com')?.optedOut).toBe(true);
		expect(
			await send('/audience_members', { csv_file: 'name,add_list\nAnn,Newsletter' }),
		).toMatchObject({
			status: 400,
			text: 'CSV must contain an email column',
		});
	});

	it('takes a 100,000-row import in one request quickly', async () => {
		const lines = ['email,first name,last name,add_list'];
		for (let i = 0; i < 100_000; i++)
			lines.push(`bulk${i}@example.com,First${i},"Last, ${i}",Bulk`);
		const started = Date.now();
		const r = await send('/audience_members', { csv_file: lines.join('\n') });
		const elapsed = Date.now() - started;
		expect(r.status).toBe(200);
		expect(emu.store.lists.get('Bulk')?.members.size).toBe(100_000);
		expect(emu.store.getMember('bulk99999@example.com')?.fields['last name']).toBe('Last, 99999');
		expect(elapsed).toBeLessThan(3000);
	});

	it('accepts a multipart/form-data import', async () => {
		const body = new FormData();
		body.set('username', AUTH.username);
		body.set('api_key', AUTH.api_key);
		body.set(
			'csv_file',
			new Blob(['email,add_list\nmp@example.com,Newsletter\n'], { type: 'text/csv' }),
			'members.csv',
		);
		const r = await fetch(`${emu.baseUrl}/audience_members`, { method: 'POST', body });
		expect(r.status).toBe(200);
		expect(emu.store.lists.get('Newsletter')?.members.has('mp@example.com')).toBe(true);
	});

	it("reads a member's lists, and refuses an unknown member", async () => {
		const r = await get(
			`/audience_members/${encodeURIComponent('ann.archer@example.com')}/lists.xml`,
		);
		expect(r.status).toBe(200);
		expect(count(r.text, '<list ')).toBe(2);
		expect(r.text).toContain(
			'<list id="102" name="VIP Customers" subscriber_count="3" display_name="Our best customers"/>',
		);
		const missing = await get('/audience_members/ghost%40example.com/lists.xml');
		expect(missing.status).toBe(400);
		expect(missing.text).toMatch(/^(Member )?ghost@example.com does not exist$/);
	});

	it('lists opted-out addresses since a time, one per line', async () => {
		const now = (Math.floor(Date.now() / 1000) + 86_400) * 1000; // after the demo opt-outs
		emu.store.optOut('late@example.com', now + 5000);
		emu.store.optOut('early@example.com', now);
		const r = await get(`/audience_members/suppressed_since/${now / 1000}.txt`);
		expect(r).toEqual({
			status: 200,
			text: 'early@example.com\nlate@example.com\n',
			type: 'text/plain; charset=utf-8',
		});
		const demo = await get('/audience_members/suppressed_since/0.txt');
		expect(demo.text.split('\n').slice(0, 2)).toEqual([
			'dan.diaz@example.com',
			'ines.ivanova@example.com',
		]);
		expect((await get(`/audience_members/suppressed_since/${now / 1000 + 10}.txt`)).text).toBe(
			'\n',
		);
		expect(await get('/audience_members/suppressed_since/yesterday.txt')).toMatchObject({
			status: 400,
			text: 'Invalid timestamp',
		});
	});

	it('derives promotion attempts from the mailings', async () => {
		const r = await get('/audience_members/ann.archer@example.com/promotion_attempts.xml');
		expect(r.status).toBe(200);
		expect(count(r.text, '<promotion_attempt ')).toBe(3);
		expect(r.text).toMatch(
			/<promotion_attempt promotion_id="3" mailing_id="34" promotion_name="Weekly digest" sent_at="[^"]+" viewed="true" clicked="true" bounced="false" unsubscribed="false" forwarded="true" abused="false"\/>/,
		);
		emu.store.addMember('solo@example.com');
		expect((await get('/audience_members/solo@example.com/promotion_attempts.xml')).text).toMatch(
			/<promotion_attempts(\/>|><\/promotion_attempts>)$/,
		);
		expect((await get('/audience_members/ghost@example.com/promotion_attempts.xml')).status).toBe(
			400,
		);
	});

	it('counts new members with both ends inclusive, and refuses bad ranges', async () => {
		emu.reset('empty');
		const start = Date.UTC(2024, 0, 1) / 1000;
		emu.store.addMember('a@example.com', { createdAt: start * 1000 });
		emu.store.addMember('b@example.com', { createdAt: (start + 3600) * 1000 });
		emu.store.addMember('c@example.com', { createdAt: (start + 3601) * 1000 });
		emu.store.addMember('d@example.com', { createdAt: start * 1000 - 1 });
		// created_at is stored in whole seconds: 500 ms into the end second is that second
		emu.store.addMember('e@example.com', { createdAt: (start + 3600) * 1000 + 500 });
		const r = await get('/audience_members/count_new', {
			start: String(start),
			end: String(start + 3600),
		});
		expect(r).toEqual({ status: 200, text: '3', type: 'text/html; charset=utf-8' });
		const long = await get('/audience_members/count_new', {
			start: String(start),
			end: String(start + 32 * 86400),
		});
		expect(long).toMatchObject({
			status: 400,
			text: 'Calls to count_new are limited to a date range of one month',
		});
		expect(
			(
				await get('/audience_members/count_new', {
					start: String(start),
					end: String(start + 31 * 86400),
				})
			).status,
		).toBe(200);
		expect(await get('/audience_members/count_new', { start: '10', end: '5' })).toMatchObject({
			status: 400,
			text: 'start must be before end',
		});
		expect((await get('/audience_members/count_new', { start: 'x', end: '5' })).status).toBe(400);
		expect((await get('/audience_members/count_new', { end: '5' })).status).toBe(400);
	});
});

// ====================================================================== promotions

describe('promotions', () => {
	it('pages promotions 20 at a time, newest first, without paging attributes', async () => {
		const p1 = await get('/promotions.xml');
		const p2 = await get('/promotions.xml', { page: '2' });
		const p3 = await get('/promotions.xml', { page: '3' });
		const ids = (t: string): number[] =>
			[...t.matchAll(/<promotion name="[^"]*" id="(\d+)"/g)].map((m) => Number(m[1]));
		expect(ids(p1.text)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
		expect(ids(p2.text)).toEqual([5, 4, 3, 2, 1]);
		expect(p3.text).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<promotions>\n</promotions>');
		expect(p2.text).toContain(
			'\n<promotion name="Summer launch" id="5" mimio="5e77a0" updated_at="' +
				`${formatServiceDate(emu.store.promotions.get(5)?.updatedAt ?? 0, '-0500')}" hidden="false" ` +
				'thumbnail="https://snaps.madmimi.com/v2/thumbs.php?size=b&amp;wait=120&amp;url=https%3A%2F%2Fmadmimi.com%2Fp%2F5e77a0">\n' +
				'  <mailing id="35" subject="Summer launch" count="0">\n' +
				'    <started_send></started_send>\n' +
				'    <finished_send></finished_send>\n' +
				'  </mailing>\n' +
				'</promotion>\n',
		);
		expect(p2.text).toMatch(
			/\n {2}<mailing id="32" subject="Spring sale starts today" count="4">\n {4}<started_send>[^<]+<\/started_send>\n {4}<finished_send>[^<]+<\/finished_send>\n {2}<\/mailing>\n {2}<mailing id="33"/,
		);
		expect(p2.text).toMatch(
			/id="1" mimio="0a9f3e" updated_at="(Mon Feb 14 \d\d:59:05 [^"]+ 2011)"/,
		);
		expect(p2.text).toContain('name="API: Receipt"'); // listed here, unlike in search
		expect(p2.text).toContain('<promotion name="API: Receipt" id="4" mimio="'); // no mailing:
		expect(p2.text).toMatch(/<promotion name="API: Receipt"[^\n]*>\n<\/promotion>\n/);
		expect(p2.text).not.toContain('<mailings');
		expect(
			p1.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<promotions>\n<promotion '),
		).toBe(true);
		expect(p1.text.endsWith('</promotion>\n</promotions>')).toBe(true);
	});

	it('renders the old promotion at its true instant whatever the offset', async () => {
		const texts = [
			await get('/promotions.xml', { page: '2' }),
			await get('/promotions.xml', { page: '2' }),
		].map((r) => r.text);
		const dates = texts.map(
			(t) =>
				/name="Winter clearance 2010" id="1" mimio="[0-9a-f]{6}" updated_at="([^"]+)"/.exec(
					t,
				)?.[1] ?? '',
		);
		expect(dates[0]).not.toBe(dates[1]);
		for (const d of dates) expect(parseServiceDate(d)).toBe(Date.UTC(2011, 1, 14, 14, 59, 5));
	});

	it('serves JSON for /promotions with Accept: application/json (a guess)', async () => {
		const r = await get('/promotions', { page: '2' }, { headers: { accept: 'application/json' } });
		expect(r.type).toBe('application/json; charset=utf-8');
		const body = JSON.parse(r.text) as {
			id: number;
			mimio: string;
			mailings: { subject: string; count: number; started_send: string | null }[];
		}[];
		expect(body.map((p) => p.id)).toEqual([5, 4, 3, 2, 1]);
		expect(body[0].mailings[0]).toMatchObject({
			subject: 'Summer launch',
			count: 0,
			started_send: null,
		});
		expect(body[2]).toMatchObject({ mimio: '293145', mailings: [{ count: 250 }] });
		expect(
			JSON.parse((await get('/promotions', {}, { headers: { accept: 'application/json' } })).text),
		).toHaveLength(20);
	});

	it('searches by query, api_mailings, id, name and date range', async () => {
		const q = await get('/promotions/search.xml', { query: 'SALE' });
		expect(count(q.text, '<promotion ')).toBe(2); // Spring sale, Flash sale
		const api = await get('/promotions/search.xml', { query: 'receipt' });
		expect(api.text).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<promotions>\n</promotions>');
		const withApi = await get('/promotions/search.xml', { query: 'receipt', api_mailings: 'true' });
		expect(withApi.text).toContain('name="API: Receipt"');
		expect(count((await get('/promotions/search.xml', { id: '3' })).text, '<promotion ')).toBe(1);
		expect((await get('/promotions/search.xml', { name: 'Spring sale' })).text).toContain('id="2"');
		expect(
			count((await get('/promotions/search.xml', { name: 'spring sale' })).text, '<promotion '),
		).toBe(0);

		emu.store.addPromotion('Dated', { updatedAt: Date.UTC(2020, 2, 1, 12, 0, 0) });
		emu.store.addPromotion('API: dated', { updatedAt: Date.UTC(2020, 2, 1, 12, 0, 0) });
		const range = { date: '1', from_date: '2020-03-01 12:00:00', to_date: '2020-03-01 12:00:00' };
		const d = await get('/promotions/search.xml', range);
		expect(count(d.text, '<promotion ')).toBe(1);
		expect(d.text).toContain('name="Dated"');
		expect(
			count(
				(await get('/promotions/search.xml', { ...range, api_mailings: 'true' })).text,
				'<promotion ',
			),
		).toBe(2);
		expect(
			await get('/promotions/search.xml', { ...range, from_date: '2020-03-01' }),
		).toMatchObject({
			status: 400,
			text: 'Invalid date',
		});
	});

	it('saves (creates then updates) a promotion and refuses missing input', async () => {
		emu.clock.set(Date.UTC(2024, 3, 1));
		const r = await send('/promotions/save', {
			promotion_name: 'Launch (v2) (beta)',
			raw_html: '<p>hi</p>',
		});
		expect(r).toEqual({
			status: 200,
			text: 'Saved Launch (v2) (beta) (26)',
			type: 'text/html; charset=utf-8',
		});
		emu.clock.advance(60_000);
		const u = await send('/promotions/save', {
			promotion_name: 'Launch (v2) (beta)',
			raw_plain_text: 'hi',
		});
		expect(u.text).toBe('Saved Launch (v2) (beta) (26)');
		expect(emu.store.promotions.get(26)).toMatchObject({
			rawHtml: '<p>hi</p>',
			rawPlainText: 'hi',
			updatedAt: Date.UTC(2024, 3, 1) + 60_000,
		});
		expect(
			(await send('/promotions/save', { promotion_name: 'By url', url: 'https://example.com/p' }))
				.text,
		).toBe('Saved By url (27)');
		expect(await send('/promotions/save', { raw_html: 'x' })).toMatchObject({
			status: 400,
			text: 'Promotion name is required',
		});
		expect(await send('/promotions/save', { promotion_name: 'X' })).toMatchObject({
			status: 400,
			text: 'Content is required (raw_html, raw_plain_text or url)',
		});
	});

	it('trashes with PUT or POST _method=put; unknown is 404', async () => {
		const r = await send('/promotions/2/trash', {}, 'PUT');
		expect(isBlank(r)).toBe(true);
		expect(emu.store.promotions.get(2)?.trashed).toBe(true);
		expect(isBlank(await send('/promotions/3/trash', { _method: 'put' }))).toBe(true);
		expect(emu.store.promotions.get(3)?.trashed).toBe(true);
		expect(count((await get('/promotions.xml', { page: '2' })).text, '<promotion ')).toBe(3);
		expect(await send('/promotions/999/trash', {}, 'PUT')).toMatchObject({
			status: 404,
			text: ' ',
		});
	});

	it('counts transactional emails', async () => {
		const t = await get('/promotions/transactional_count', {
			promotion_name: 'API: Receipt',
			date: '2024-06-04',
		});
		expect(t).toEqual({ status: 200, text: '42', type: 'text/html; charset=utf-8' });
		expect(
			(
				await get('/promotions/transactional_count', {
					promotion_name: 'API: Receipt',
					date: '2024-06-05',
				})
			).text,
		).toBe('0');
		expect(
			await get('/promotions/transactional_count', {
				promotion_name: 'API: Receipt',
				date: '06/04/2024',
			}),
		).toMatchObject({
			status: 400,
			text: 'Invalid date',
		});
	});
});

// ====================================================================== statistics

describe('mailing statistics', () => {
	const p = DEMO_IDS.promotions.weeklyDigest;
	const m = DEMO_IDS.mailings.weeklyDigest;

	it('answers the counters with the extra one and the links (one per line, indented 4)', async () => {
		const r = await get(`/promotions/${p}/mailings/${m}.xml`);
		expect(r.text).toMatch(
			/^<\?xml[^>]+>\n<mailing all_audience="false">\n {2}<sent>250<\/sent>\n {2}<views>120<\/views>\n {2}<untraced>10<\/untraced>\n {2}<clicked>40<\/clicked>\n {2}<links>\n {4}<link><id>\d+<\/id><url>https:\/\/blog.example.com\/this-week<\/url><clicks>52<\/clicks><unique_clicks>31<\/unique_clicks><\/link>\n(?: {4}<link>.*<\/link>\n){2} {2}<\/links>\n {2}<forwarded>2<\/forwarded>\n {2}<bounced>5<\/bounced>\n {2}<unsubscribed>3<\/unsubscribed>\n {2}<abused>1<\/abused>\n<\/mailing>$/,
		);
		expect((await get(`/promotions/2/mailings/33.xml`)).text).toContain(
			'\n  <links>\n  </links>\n',
		);
	});

	it('pages recipients (default 30, at most 100) and ends with an empty page', async () => {
		const first = await get(`/promotions/${p}/mailings/${m}/sent.xml`);
		expect(first.text).toContain('<recipients page="1" per_page="30">');
		expect(count(first.text, '<recipient>')).toBe(30);
		expect(first.text).toContain(
			'<recipient><email>ann.archer@example.com</email><first_name>Ann</first_name><last_name>Archer</last_name><created_at>',
		);
		const big = await get(`/promotions/${p}/mailings/${m}/sent.xml`, {
			page: '3',
			per_page: '500',
		});
		expect(big.text).toContain('<recipients page="3" per_page="100">');
		expect(count(big.text, '<recipient>')).toBe(50);
		expect(
			count(
				(await get(`/promotions/${p}/mailings/${m}/sent.xml`, { page: '9' })).text,
				'<recipient>',
			),
		).toBe(10);
		const past = await get(`/promotions/${p}/mailings/${m}/sent.xml`, { page: '10' });
		expect(past.text).toBe(
			'<?xml version="1.0" encoding="UTF-8"?>\n<recipients page="10" per_page="30"/>',
		);
		expect(
			count(
				(await get(`/promotions/${p}/mailings/${m}/read.xml`, { per_page: '100', page: '2' })).text,
				'<recipient>',
			),
		).toBe(20);
		for (const outcome of [
			'clicked_thru',
			'unopened',
			'opt_out',
			'bounced',
			'forwarded',
			'abused',
		]) {
			const r = await get(`/promotions/${p}/mailings/${m}/${outcome}.xml`);
			expect(r.status).toBe(200);
			expect(count(r.text, '<recipient>')).toBeGreaterThan(0);
		}
		expect((await get(`/promotions/${p}/mailings/${m}/bogus.xml`)).status).toBe(404);
	});

	it('renders a missing last name as <last_name/>', async () => {
		const r = await get(`/promotions/${p}/mailings/${m}/sent.xml`, { per_page: '100', page: '1' });
		expect(r.text).toContain('<last_name/>');
	});

	it('lists the links of a mailing', async () => {
		const r = await get(`/promotions/${p}/mailings/${m}/clicked.xml`);
		expect(count(r.text, '<link>')).toBe(3);
		expect(r.text).toContain('<url>https://blog.example.com/archive?page=2&amp;sort=new</url>');
	});

	it('answers 404 with a single space for an unknown promotion or mailing', async () => {
		expect(await get(`/promotions/999/mailings/${m}.xml`)).toMatchObject({
			status: 404,
			text: ' ',
		});
		expect(await get(`/promotions/${p}/mailings/999.xml`)).toMatchObject({
			status: 404,
			text: ' ',
		});
		expect(await get(`/promotions/2/mailings/${m}/sent.xml`)).toMatchObject({
			status: 404,
			text: ' ',
		});
		expect(await get(`/promotions/${p}/mailings/999/clicked.xml`)).toMatchObject({
			status: 404,
			text: ' ',
		});
	});

	it('serves 50,000 seeded recipients paged without slowing down', async () => {
		const promotion = emu.store.addPromotion('Big send');
		const mailing = emu.store.addMailing(promotion.id);
		const started = Date.now();
		emu.store.seedRecipients(promotion.id, mailing.id, 'sent', 50_000);
		emu.store.seedRecipients(promotion.id, mailing.id, 'read', 20_000);
		expect(mailing.stats.sent).toBe(50_000);
		const last = await get(`/promotions/${promotion.id}/mailings/${mailing.id}/sent.xml`, {
			page: '500',
			per_page: '100',
		});
		expect(count(last.text, '<recipient>')).toBe(100);
		expect(last.text).toContain('<email>recipient50000.m');
		const read = await get(`/promotions/${promotion.id}/mailings/${mailing.id}/read.xml`, {
			page: '200',
			per_page: '100',
		});
		expect(count(read.text, '<recipient>')).toBe(100);
		expect(Date.now() - started).toBeLessThan(2000);
	});
});

// ====================================================================== account extras

describe('addons', () => {
	it('lists available addons and the account status', async () => {
		const available = await get('/addons/available.xml');
		expect(available.text).toContain(
			'<addon id="1" key="ab_testing" name="A/B testing" paid="false"><description>',
		);
		const mine = await get('/addons.xml');
		expect(mine.text).toContain(
			'<addon id="2" key="custom_domain" name="Custom domain" status="deactivated"/>',
		);
	});

	it('toggles by id or key; a paid addon cannot be activated; unknown is 404', async () => {
		expect(isBlank(await send('/addon/ab_testing/toggle'))).toBe(true);
		expect(emu.store.addons[0].status).toBe('deactivated');
		expect(isBlank(await send('/addon/1/toggle'))).toBe(true);
		expect(emu.store.addons[0].status).toBe('activated');
		expect(await send('/addon/custom_domain/toggle')).toMatchObject({
			status: 400,
			text: 'Paid addons cannot be activated through the API',
		});
		expect(isBlank(await send('/addon/advanced_reporting/toggle'))).toBe(true);
		expect(emu.store.addons[3].status).toBe('deactivated');
		expect(await send('/addon/nope/toggle')).toMatchObject({ status: 404, text: ' ' });
	});
});

describe('analytics domains', () => {
	it('lists, adds, ignores duplicates, deletes and refuses unknown', async () => {
		expect((await get('/google_analytics.xml')).text).toContain('<domain>example.com</domain>');
		expect(isBlank(await send('/google_analytics', { domain: 'new.example.org' }))).toBe(true);
		expect(isBlank(await send('/google_analytics', { domain: 'NEW.example.org' }))).toBe(true);
		expect(emu.store.analyticsDomains).toEqual([
			'example.com',
			'shop.example.com',
			'new.example.org',
		]);
		expect(await send('/google_analytics', { domain: '' })).toMatchObject({
			status: 400,
			text: "Domain can't be blank",
		});
		expect(
			isBlank(await send('/google_analytics', { domain: 'new.example.org', _method: 'delete' })),
		).toBe(true);
		expect(isBlank(await send('/google_analytics', { domain: 'shop.example.com' }, 'DELETE'))).toBe(
			true,
		);
		expect(emu.store.analyticsDomains).toEqual(['example.com']);
		expect(await send('/google_analytics', { domain: 'x.test' }, 'DELETE')).toMatchObject({
			status: 400,
			text: 'Domain x.test is not set up',
		});
	});
});

describe('social links', () => {
	it('lists definitions and the user links as JSON and XML', async () => {
		const defs = JSON.parse((await get('/social_links/available.json')).text) as { key: string }[];
		expect(defs.map((d) => d.key)).toEqual([
			'facebook',
			'twitter',
			'wordpress',
			'linkedin',
			'instagram',
		]);
		expect((await get('/social_links/available.xml')).text).toContain(
			'<social_link key="facebook" name="Facebook"',
		);
		const mine = await get('/social_links.json');
		expect(mine.type).toBe('application/json; charset=utf-8');
		expect(JSON.parse(mine.text)).toEqual([
			{ key: 'twitter', name: 'Twitter', url: 'https://twitter.com/demo_shop' },
			{ key: 'wordpress', name: 'WordPress', url: 'https://demoshop.wordpress.com' },
		]);
		expect((await get('/social_links.xml')).text).toContain(
			'<social_link key="twitter" name="Twitter" url="https://twitter.com/demo_shop"/>',
		);
	});

	it('updates only the given keys, refuses unknown keys', async () => {
		expect(
			isBlank(
				await send('/social_links/update', { facebook: 'https://www.facebook.com/demo' }, 'PUT'),
			),
		).toBe(true);
		expect(
			isBlank(
				await send('/social_links/update', {
					twitter: 'https://twitter.com/other',
					_method: 'put',
				}),
			),
		).toBe(true);
		expect(emu.store.socialLinks).toEqual({
			twitter: 'https://twitter.com/other',
			wordpress: 'https://demoshop.wordpress.com',
			facebook: 'https://www.facebook.com/demo',
		});
		expect(await send('/social_links/update', { myspace: 'x' }, 'PUT')).toMatchObject({
			status: 400,
			text: 'Unknown social link myspace',
		});
	});
});

describe('child accounts', () => {
	it('lists, creates, updates, sets permissions and deletes', async () => {
		const list = await get('/participants.xml');
		expect(count(list.text, '<participant ')).toBe(2);
		expect(list.text).toMatch(
			/<participant email="child.one@example.com" first_name="Carla" last_name="Child" organization_name="Child One LLC" created_at="[^"]+"\/>/,
		);

		const created = await send('/participants', {
			email: 'kid@example.com',
			pwd: 'pw',
			first_name: 'Kid',
			last_name: 'Doe',
			organization_name: 'Kids & Co',
			address: 'Somewhere 1',
			no_invite: 'yes',
		});
		expect(created.status).toBe(200);
		expect(created.text).toMatch(/^[0-9a-f]{32}$/);
		expect(emu.store.participants.get('kid@example.com')).toMatchObject({
			invited: false,
			apiKey: created.text,
			organizationName: 'Kids & Co',
		});
		expect(await send('/participants', { email: 'kid@example.com' })).toMatchObject({
			status: 400,
			text: 'Email has already been taken',
		});
		expect(await send('/participants', { pwd: 'x' })).toMatchObject({
			status: 400,
			text: "Email can't be blank",
		});

		expect(
			isBlank(
				await send('/participants/update', { email: 'kid@example.com', last_name: 'Roe' }, 'PUT'),
			),
		).toBe(true);
		expect(
			isBlank(
				await send('/participants/update', {
					email: 'kid@example.com',
					first_name: 'K',
					_method: 'put',
				}),
			),
		).toBe(true);
		expect(emu.store.participants.get('kid@example.com')).toMatchObject({
			firstName: 'K',
			lastName: 'Roe',
			pwd: 'pw',
		});
		expect(
			await send('/participants/update', { email: 'nobody@example.com', first_name: 'x' }, 'PUT'),
		).toMatchObject({
			status: 400,
			text: 'nobody@example.com does not exist',
		});

		const perms = await send('/participants/update_permissions_for', {
			email: 'kid@example.com',
			full: 'Newsletter, VIP Customers',
			read: 'Beta testers (EU)',
		});
		expect(isBlank(perms)).toBe(true);
		expect(emu.store.participants.get('kid@example.com')?.permissions).toEqual({
			full: ['Newsletter', 'VIP Customers'],
			read: ['Beta testers (EU)'],
			none: [],
		});
		expect(
			await send('/participants/update_permissions_for', {
				email: 'kid@example.com',
				none: 'Nope',
			}),
		).toMatchObject({
			status: 400,
			text: 'List Nope does not exist',
		});
		expect(
			(
				await send('/participants/update_permissions_for', {
					email: 'x@example.com',
					full: 'Newsletter',
				})
			).status,
		).toBe(400);

		expect(
			isBlank(await send('/participants', { email: 'kid@example.com', _method: 'delete' })),
		).toBe(true);
		expect(emu.store.participants.has('kid@example.com')).toBe(false);
		expect(isBlank(await send('/participants', { email: 'child.two@example.com' }, 'DELETE'))).toBe(
			true,
		);
		expect(await send('/participants', { email: 'kid@example.com' }, 'DELETE')).toMatchObject({
			status: 400,
			text: 'kid@example.com does not exist',
		});
	});

	it('create: the email trimmed, the key lower-cased, only the fields given, invited unless no_invite is yes; the demo account is taken', async () => {
		emu.clock.set(Date.UTC(2024, 4, 1));
		expect(
			(
				await send('/participants', {
					email: '  New.Kid@Example.com ',
					first_name: 'New',
					last_name: '',
					no_invite: ' YES ',
				})
			).status,
		).toBe(200);
		const created = emu.store.participants.get('new.kid@example.com');
		expect(created).toEqual({
			email: 'New.Kid@Example.com',
			apiKey: created?.apiKey,
			invited: false,
			createdAt: Date.UTC(2024, 4, 1),
			permissions: { full: [], read: [], none: [] },
			firstName: 'New',
		});
		expect('lastName' in (created ?? {})).toBe(false);
		expect(
			(await send('/participants', { email: 'other@example.com', no_invite: 'no' })).status,
		).toBe(200);
		expect(emu.store.participants.get('other@example.com')?.invited).toBe(true);
		expect(await send('/participants', { email: 'NEW.KID@example.com' })).toMatchObject({
			status: 400,
			text: 'Email has already been taken',
		});
		expect(await send('/participants', { email: DEMO_CREDENTIALS.username })).toMatchObject({
			status: 400,
			text: 'Email has already been taken',
		});
		expect(await send('/participants', { email: ' ' })).toMatchObject({
			status: 400,
			text: "Email can't be blank",
		});
	});

	it('update and delete find the child case-insensitively; a blank email is refused; an empty value clears a field', async () => {
		expect(
			isBlank(
				await send(
					'/participants/update',
					{ email: 'CHILD.ONE@example.com', last_name: '', address: 'Elsewhere 2' },
					'PUT',
				),
			),
		).toBe(true);
		const child = emu.store.participants.get('child.one@example.com');
		expect(child).toMatchObject({
			firstName: 'Carla',
			address: 'Elsewhere 2',
			pwd: 'child-one-pass',
		});
		expect(child && 'lastName' in child && child.lastName === undefined).toBe(true);
		expect(await send('/participants/update', { first_name: 'x' }, 'PUT')).toMatchObject({
			status: 400,
			text: "Email can't be blank",
		});
		expect(await send('/participants', { email: '' }, 'DELETE')).toMatchObject({
			status: 400,
			text: "Email can't be blank",
		});
		expect(
			await send('/participants/update_permissions_for', { full: 'Newsletter' }),
		).toMatchObject({ status: 400, text: "Email can't be blank" });
		expect(
			isBlank(await send('/participants', { email: ' Child.Two@Example.com ' }, 'DELETE')),
		).toBe(true);
		expect([...emu.store.participants.keys()]).toEqual(['child.one@example.com']);
	});

	it('permissions: a given category is replaced (names once, blanks dropped) and its names leave the others; an unknown list changes nothing', async () => {
		// seeded: full [Newsletter], read [VIP Customers], none [Beta testers (EU)]
		const permissions = (): unknown =>
			emu.store.participants.get('child.one@example.com')?.permissions;
		expect(
			isBlank(
				await send('/participants/update_permissions_for', {
					email: 'child.one@example.com',
					read: 'Newsletter, ,Newsletter,VIP Customers',
				}),
			),
		).toBe(true);
		expect(permissions()).toEqual({
			full: [],
			read: ['Newsletter', 'VIP Customers'],
			none: ['Beta testers (EU)'],
		});
		expect(
			isBlank(
				await send('/participants/update_permissions_for', {
					email: 'child.one@example.com',
					full: 'VIP Customers',
					none: 'VIP Customers',
				}),
			),
		).toBe(true);
		expect(permissions()).toEqual({ full: [], read: ['Newsletter'], none: ['VIP Customers'] });
		expect(
			isBlank(
				await send('/participants/update_permissions_for', {
					email: 'child.one@example.com',
					read: '',
				}),
			),
		).toBe(true);
		expect(permissions()).toEqual({ full: [], read: [], none: ['VIP Customers'] });
		expect(
			await send('/participants/update_permissions_for', {
				email: 'child.one@example.com',
				full: 'Newsletter',
				none: 'Nope',
			}),
		).toMatchObject({
			status: 400,
			text: 'List Nope does not exist',
		});
		expect(permissions()).toEqual({ full: [], read: [], none: ['VIP Customers'] });
		expect(
			await send('/participants/update_permissions_for', {
				email: 'nobody@example.com',
				full: 'Newsletter',
			}),
		).toMatchObject({
			status: 400,
			text: 'nobody@example.com does not exist',
		});
	});

	it('other methods and paths are not answered (404, one space), before the email is looked at', async () => {
		for (const [path, method] of [
			['/participants.xml', 'POST'],
			['/participants.xml/x', 'GET'],
			['/participants', 'GET'],
			['/participants/update', 'POST'],
			['/participants/update_permissions_for', 'PUT'],
			['/participants/other', 'POST'],
			['/participants/update/x', 'PUT'],
		]) {
			const r = method === 'GET' ? await get(path) : await send(path, {}, method);
			expect([path, method, r]).toEqual([
				path,
				method,
				{ status: 404, text: ' ', type: 'text/html; charset=utf-8' },
			]);
		}
	});

	it('lists by creation, not by insertion', async () => {
		const two = emu.store.participants.get('child.two@example.com');
		if (two) two.createdAt = 0;
		const list = (await get('/participants.xml')).text;
		expect(list.indexOf('child.two@example.com')).toBeLessThan(
			list.indexOf('child.one@example.com'),
		);
	});
});

describe('drip campaigns and signups', () => {
	it('lists drip campaigns with drips', async () => {
		const r = await get('/drip_campaigns/list.xml');
		expect(r.text).toMatch(
			/<drip_campaign id="5" name="Onboarding" status="active" created_at="[^"]+"><drips><drip id="51" name="Welcome" delay_days="3" promotion_id="18"\/><\/drips><\/drip_campaign>/,
		);
		expect(r.text).toContain('<drips/></drip_campaign>');
	});

	it('answers a signup form as JSON, and a sentence for an unknown one', async () => {
		const r = await get('/signups/42.json');
		expect(r.type).toBe('application/json; charset=utf-8');
		const body = JSON.parse(r.text) as {
			id: number;
			fields: { name: string }[];
			background: { image: null };
		};
		expect(body.id).toBe(42);
		expect(body.fields).toHaveLength(3);
		expect(body.fields[0].name).toBe('signup[email]');
		expect(body.background.image).toBeNull();
		expect(await get('/signups/7.json')).toEqual({
			status: 400,
			text: 'The signup could not be found',
			type: 'text/html; charset=utf-8',
		});
	});
});

// ====================================================================== well-formedness

describe('XML documents', () => {
	it('are all well-formed, also with awkward names', async () => {
		emu.store.createList('Tom & "Jerry" <friends>\u0001');
		emu.store.addPromotion(`It's <b>bold</b> & "quoted"`);
		const paths = [
			'/audience_lists/lists.xml',
			'/audience_members/ann.archer@example.com/lists.xml',
			'/audience_members/ann.archer@example.com/promotion_attempts.xml',
			'/promotions.xml',
			'/promotions.xml?page=2',
			'/promotions/search.xml?query=a',
			'/promotions/3/mailings/34.xml',
			'/promotions/3/mailings/34/sent.xml',
			'/promotions/3/mailings/34/clicked.xml',
			'/promotions/2/mailings/33/clicked.xml',
			'/addons/available.xml',
			'/addons.xml',
			'/google_analytics.xml',
			'/social_links/available.xml',
			'/social_links.xml',
			'/participants.xml',
			'/drip_campaigns/list.xml',
		];
		for (const path of paths) {
			const [p, q] = path.split('?');
			const r = await get(p, Object.fromEntries(new URLSearchParams(q ?? '')));
			expect(r.status).toBe(200);
			expect(r.type).toBe('application/xml; charset=utf-8');
			expect([path, XMLValidator.validate(r.text)]).toEqual([path, true]);
		}
	});
});

// ====================================================================== dates

describe('dates in answers', () => {
	it('rotates the offset between answers while keeping the instant', async () => {
		const zone = (t: string): string => /created_at="[^"]*? ([^ "]+)"/.exec(t)?.[1] ?? '';
		const answers = [];
		for (let i = 0; i < 5; i++) answers.push((await get('/participants.xml')).text);
		expect(new Set(answers.map(zone))).toEqual(
			new Set(['-0400', '-0500', '+0200', '+0530', 'UTC']),
		);
		const instants = answers.map((t) =>
			parseServiceDate(/created_at="([^"]+)"/.exec(t)?.[1] ?? ''),
		);
		expect(new Set(instants).size).toBe(1);
		expect(instants[0]).toBe(
			Math.floor((emu.store.participants.get('child.one@example.com')?.createdAt ?? 0) / 1000) *
				1000,
		);
	});
});

// ====================================================================== faults

describe('faults', () => {
	it('answers a configured status, before authentication, and records the request', async () => {
		emu.faults.add({
			path: '/promotions.xml',
			times: 1,
			respond: { status: 503, body: 'Service Unavailable', headers: { 'Retry-After': '1' } },
		});
		const res = await fetch(`${emu.baseUrl}/promotions.xml`);
		expect(res.status).toBe(503);
		expect(res.headers.get('retry-after')).toBe('1');
		expect(await res.text()).toBe('Service Unavailable');
		expect(lastRequest()).toMatchObject({ status: 503, authenticated: false });
		expect(emu.faults.rules).toHaveLength(0);
		expect((await get('/promotions.xml')).status).toBe(200);
	});

	it('matches by method and RegExp, and counts times', async () => {
		emu.faults.add({
			method: 'POST',
			path: /^\/audience_lists/,
			times: 2,
			respond: { status: 429, body: 'slow down' },
		});
		expect((await get('/audience_lists/lists.xml')).status).toBe(200);
		expect((await send('/audience_lists', { name: 'A' })).status).toBe(429);
		expect((await send('/audience_lists', { name: 'A' }, 'POST')).status).toBe(429);
		expect((await send('/audience_lists', { name: 'A' })).status).toBe(200);
		expect(emu.faults.rules).toHaveLength(0);
	});

	it('resets the connection', async () => {
		emu.faults.add({ respond: 'reset', times: 1 });
		await expect(fetch(`${emu.baseUrl}/promotions.xml?${qs(AUTH)}`)).rejects.toThrow();
		expect(lastRequest().status).toBe(0);
		expect((await get('/promotions.xml')).status).toBe(200);
	});

	it('resets after the work is done: the store changed, and no answer came', async () => {
		emu.faults.add({
			method: 'POST',
			path: '/audience_lists',
			respond: 'resetAfterWork',
			times: 1,
		});
		await expect(send('/audience_lists', { name: 'Made before the cut' })).rejects.toThrow();
		expect(lastRequest()).toMatchObject({ status: 0, fault: 'resetAfterWork' });
		expect(emu.store.lists.has('Made before the cut')).toBe(true);
	});

	it('applies a rule to a share of the requests, drawn from a seeded sequence: the same seed, the same requests', async () => {
		const run = async (): Promise<string[]> => {
			emu.reset();
			emu.faults.seed(7);
			emu.faults.add({
				path: '/promotions.xml',
				rate: 0.3,
				respond: [
					{ status: 429, body: 'slow down' },
					{ status: 503, body: 'busy' },
				],
			});
			const out: string[] = [];
			for (let i = 0; i < 40; i++) out.push(String((await get('/promotions.xml')).status));
			expect(emu.requests.map((r) => r.fault ?? '200')).toEqual(out);
			return out;
		};
		const first = await run();
		expect(await run()).toEqual(first);
		const faulted = first.filter((status) => status !== '200').length;
		// 30% of 40 requests, give or take what a draw gives
		expect(faulted).toBeGreaterThanOrEqual(5);
		expect(faulted).toBeLessThanOrEqual(20);
		expect(new Set(first)).toEqual(new Set(['200', '429', '503']));
	});

	it('resets in the middle of an answer', async () => {
		emu.faults.add({ respond: 'resetMidAnswer', times: 1 });
		await expect(
			(async () => {
				const res = await fetch(`${emu.baseUrl}/promotions.xml?${qs(AUTH)}`);
				await res.text();
			})(),
		).rejects.toThrow();
		expect(lastRequest().status).toBe(0);
	});

	it('hangs until the client gives up', async () => {
		emu.faults.add({ path: '/promotions.xml', respond: 'hang' });
		await expect(
			fetch(`${emu.baseUrl}/promotions.xml`, { signal: AbortSignal.timeout(150) }),
		).rejects.toThrow();
		expect(lastRequest().status).toBe(0);
		emu.faults.clear();
		expect((await get('/promotions.xml')).status).toBe(200);
	});

	it('streams a huge body of the exact size', async () => {
		emu.faults.add({ respond: { hugeBytes: 3_000_000 }, times: 1 });
		const res = await fetch(`${emu.baseUrl}/promotions.xml`);
		expect(res.status).toBe(200);
		const body = Buffer.from(await res.arrayBuffer());
		expect(body.length).toBe(3_000_000);
		expect(body.subarray(0, 5).toString()).toBe('<?xml');
		expect(body.subarray(body.length - 10).toString()).toBe('</filler>\n');
	});

	it('close() ends hanging requests', async () => {
		const other = await startEmulator({ seed: 'empty' });
		other.faults.add({ respond: 'hang' });
		const pending = fetch(`${other.baseUrl}/x`);
		await new Promise((r) => setTimeout(r, 50));
		await other.close();
		await expect(pending).rejects.toThrow();
	});
});

describe('latency', () => {
	it('delays every answer', async () => {
		emu.latencyMs = 120;
		const started = Date.now();
		await get('/addons.xml');
		expect(Date.now() - started).toBeGreaterThanOrEqual(110);
	});
});

// ====================================================================== control endpoints

describe('control endpoints', () => {
	async function control(method: string, path: string, body?: unknown): Promise<unknown> {
		const res = await fetch(`${emu.baseUrl}/__emulator${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
		return res.json();
	}

	it('lists and clears requests without recording themselves', async () => {
		await send('/audience_lists', { name: 'Via control' });
		const list = (await control('GET', '/requests')) as RecordedRequest[];
		expect(list).toHaveLength(1);
		expect(list[0]).toMatchObject({
			method: 'POST',
			path: '/audience_lists',
			params: { name: 'Via control' },
			status: 200,
		});
		await control('DELETE', '/requests');
		expect(emu.requests).toHaveLength(0);
	});

	it('snapshots the state, resets with a seed', async () => {
		const state = (await control('GET', '/state')) as {
			lists: { name: string; members: string[] }[];
			members: unknown[];
		};
		expect(state.lists.map((l) => l.name)).toEqual([
			'Newsletter',
			'VIP Customers',
			'Beta testers (EU)',
		]);
		expect(state.lists[1].members).toEqual([
			'ann.archer@example.com',
			'eve.evans@example.com',
			'hugo.hill@example.com',
		]);
		expect(state.members).toHaveLength(12);
		await control('POST', '/reset', { seed: 'empty' });
		expect(emu.store.lists.size).toBe(0);
		await control('POST', '/reset');
		expect(emu.store.lists.size).toBe(3);
	});

	it('adds faults (string or regex path) and clears them', async () => {
		await control('POST', '/faults', {
			path: { regex: '^/addons' },
			times: 1,
			respond: { status: 500, body: 'boom' },
		});
		expect(emu.faults.rules[0].path).toBeInstanceOf(RegExp);
		expect(await get('/addons.xml')).toMatchObject({ status: 500, text: 'boom' });
		await control('POST', '/faults', { path: '/addons.xml', respond: 'reset' });
		await control('DELETE', '/faults');
		expect((await get('/addons.xml')).status).toBe(200);
	});

	it('sets, advances and releases the clock', async () => {
		expect(await control('POST', '/clock', { set: 1_700_000_000_000 })).toMatchObject({
			now: 1_700_000_000_000,
		});
		expect(await control('POST', '/clock', { advance: 5_000 })).toMatchObject({
			now: 1_700_000_005_000,
		});
		await send('/audience_members', { csv_file: 'email\nclock@example.com' });
		expect(emu.store.getMember('clock@example.com')?.createdAt).toBe(1_700_000_005_000);
		expect(lastRequest().at).toBe(1_700_000_005_000);
		await control('POST', '/clock', { real: true });
		expect(Math.abs(emu.clock.now() - Date.now())).toBeLessThan(DAY);
	});
});
