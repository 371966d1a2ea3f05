/**
 * The emulator against the real service's recorded answers (shared/design/recorded-answers.md):
 * seeded with the recorded data and with the recorded date style, it answers the recorded
 * documents character for character, under both vocabularies.
 */
import { DEMO_CREDENTIALS, NO_RIGHTS_CREDENTIALS, startEmulator } from './index';
import type { Emulator, Vocabulary } from './index';

const AUTH = { username: DEMO_CREDENTIALS.username, api_key: DEMO_CREDENTIALS.apiKey };
const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

// ---------------------------------------------------------------- the recorded documents

const LISTS =
	`${DECLARATION}<lists>\n` +
	'  <list id="1163641" name="list 1" subscriber_count="1" display_name=""/>\n' +
	'  <list id="1165154" name="list 2" subscriber_count="2" display_name=""/>\n' +
	'</lists>';

const NO_LISTS = `${DECLARATION}<lists>\n</lists>`;

const PROMOTIONS =
	`${DECLARATION}<promotions>\n` +
	'<promotion name="Untitled Promotion" id="5515748" mimio="4e9245" updated_at="2014-09-07 16:54:55 -0400" hidden="false" thumbnail="https://snaps.madmimi.com/v2/thumbs.php?size=b&amp;wait=120&amp;url=https%3A%2F%2Fmadmimi.com%2Fp%2F4e9245">\n' +
	'</promotion>\n' +
	'<promotion name="API test" id="5510034" mimio="293145" updated_at="2014-09-05 15:20:42 -0400" hidden="false" thumbnail="https://snaps.madmimi.com/v2/thumbs.php?size=b&amp;wait=120&amp;url=https%3A%2F%2Fmadmimi.com%2Fp%2F293145">\n' +
	'  <mailing id="122026332" subject="API test" count="1">\n' +
	'    <started_send>2014-09-05 15:26:32 -0400</started_send>\n' +
	'    <finished_send>2014-09-05 15:26:34 -0400</finished_send>\n' +
	'  </mailing>\n' +
	'</promotion>\n' +
	'</promotions>';

/** The older client fixture: two mailings in one promotion, the second never sent, 2011 dates. */
const TWO_MAILINGS =
	`${DECLARATION}<promotions>\n` +
	'<promotion name="Newsletter Feb" id="1234" mimio="a1b2c3" updated_at="Thu Feb 10 07:53:11 -0500 2011" hidden="false" thumbnail="https://snaps.madmimi.com/v2/thumbs.php?size=b&amp;wait=120&amp;url=https%3A%2F%2Fmadmimi.com%2Fp%2Fa1b2c3">\n' +
	'  <mailing id="5001" subject="Newsletter Feb" count="120">\n' +
	'    <started_send>Thu Feb 10 07:53:11 -0500 2011</started_send>\n' +
	'    <finished_send>Thu Feb 10 07:55:40 -0500 2011</finished_send>\n' +
	'  </mailing>\n' +
	'  <mailing id="5002" subject="Newsletter Feb" count="0">\n' +
	'    <started_send></started_send>\n' +
	'    <finished_send></finished_send>\n' +
	'  </mailing>\n' +
	'</promotion>\n' +
	'</promotions>';

const STATS =
	`${DECLARATION}<mailing all_audience="false">\n` +
	'  <sent>1</sent>\n' +
	'  <views>0</views>\n' +
	'  <untraced>1</untraced>\n' +
	'  <clicked>0</clicked>\n' +
	'  <links>\n' +
	'  </links>\n' +
	'  <forwarded>0</forwarded>\n' +
	'  <bounced>0</bounced>\n' +
	'  <unsubscribed>0</unsubscribed>\n' +
	'  <abused>0</abused>\n' +
	'</mailing>';

// ---------------------------------------------------------------- the recorded data

/** The account behind the recordings: lists 1163641 (1 member) and 1165154 (2). */
function seedLists(emu: Emulator): void {
	const store = emu.store;
	store.nextListId = 1163641;
	store.createList('list 1');
	store.nextListId = 1165154;
	store.createList('list 2');
	store.addMember('another@example.com', { lists: ['list 1', 'list 2'] });
	store.addMember('test@example.com', { lists: ['list 2'] });
	store.addMember('new_test1@example.com');
}

/** The two recorded promotions (dates in -0400). */
function seedPromotions(emu: Emulator): void {
	const store = emu.store;
	store.addPromotion('API test', { id: 5510034, mimio: '293145', updatedAt: Date.UTC(2014, 8, 5, 19, 20, 42) });
	store.addMailing(5510034, {
		id: 122026332,
		startedSend: Date.UTC(2014, 8, 5, 19, 26, 32),
		finishedSend: Date.UTC(2014, 8, 5, 19, 26, 34),
		stats: { sent: 1, untraced: 1 },
	});
	store.addPromotion('Untitled Promotion', { id: 5515748, mimio: '4e9245', updatedAt: Date.UTC(2014, 8, 7, 20, 54, 55) });
}

/** The older fixture's promotion (dates in -0500, before 2012). */
function seedTwoMailings(emu: Emulator): void {
	const store = emu.store;
	store.addPromotion('Newsletter Feb', { id: 1234, mimio: 'a1b2c3', updatedAt: Date.UTC(2011, 1, 10, 12, 53, 11) });
	store.addMailing(1234, {
		id: 5001,
		startedSend: Date.UTC(2011, 1, 10, 12, 53, 11),
		finishedSend: Date.UTC(2011, 1, 10, 12, 55, 40),
		stats: { sent: 120 },
	});
	store.addMailing(1234, { id: 5002, unsent: true });
}

// ---------------------------------------------------------------- helpers

let emu: Emulator;

beforeAll(async () => {
	emu = await startEmulator({ seed: 'empty' });
});

afterAll(async () => {
	await emu.close();
});

beforeEach(() => {
	emu.reset('empty');
	emu.dateStyle = '-0400';
});

interface Reply {
	status: number;
	text: string;
	type: string;
}

async function request(method: string, path: string, params: Record<string, string> = {}, auth: Record<string, string> = AUTH): Promise<Reply> {
	const all = new URLSearchParams({ ...auth, ...params }).toString();
	const res =
		method === 'GET' || method === 'DELETE'
			? await fetch(`${emu.baseUrl}${path}?${all}`, { method })
			: await fetch(`${emu.baseUrl}${path}`, { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: all });
	return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
}

const get = (path: string, params: Record<string, string> = {}): Promise<Reply> => request('GET', path, params);
const post = (path: string, params: Record<string, string> = {}): Promise<Reply> => request('POST', path, params);

// ====================================================================== documents

describe('recorded documents, character for character', () => {
	it('GET /audience_lists/lists.xml: two lists', async () => {
		seedLists(emu);
		expect(await get('/audience_lists/lists.xml')).toEqual({ status: 200, text: LISTS, type: XML });
	});

	it('no lists, and a member on no list: <lists>\\n</lists>, every time', async () => {
		expect(await get('/audience_lists/lists.xml')).toEqual({ status: 200, text: NO_LISTS, type: XML });
		expect((await get('/audience_lists/lists.xml')).text).toBe(NO_LISTS);
		seedLists(emu);
		for (let i = 0; i < 3; i++) {
			expect(await get('/audience_members/new_test1%40example.com/lists.xml')).toEqual({ status: 200, text: NO_LISTS, type: XML });
		}
	});

	it("GET /audience_members/{email}/lists.xml: the member's lists in the same document", async () => {
		seedLists(emu);
		expect((await get('/audience_members/another@example.com/lists.xml')).text).toBe(LISTS);
	});

	it('GET /promotions.xml: the two recorded promotions, mailings directly inside, dates in -0400', async () => {
		seedPromotions(emu);
		expect(await get('/promotions.xml')).toEqual({ status: 200, text: PROMOTIONS, type: XML });
		expect((await get('/promotions.xml', { page: '1' })).text).toBe(PROMOTIONS);
	});

	it('GET /promotions/search.xml answers the same document', async () => {
		seedPromotions(emu);
		expect((await get('/promotions/search.xml', { query: 't' })).text).toBe(PROMOTIONS);
		const one = await get('/promotions/search.xml', { id: '5510034' });
		expect(one.text).toBe(PROMOTIONS.replace(/<promotion name="Untitled[\s\S]*?<\/promotion>\n/, ''));
	});

	it('a promotion with two mailings, the second never sent, legacy dates in -0500', async () => {
		emu.dateStyle = '-0500';
		seedTwoMailings(emu);
		expect((await get('/promotions.xml')).text).toBe(TWO_MAILINGS);
	});

	it('the same promotions in the rotation: only the dates change, at the same instant', async () => {
		seedPromotions(emu);
		emu.dateStyle = undefined;
		const texts: string[] = [];
		for (let i = 0; i < 5; i++) texts.push((await get('/promotions.xml')).text);
		expect(texts[0]).toBe(PROMOTIONS);
		expect(texts[1]).toContain('updated_at="2014-09-07 15:54:55 -0500"');
		expect(texts[4]).toContain('<started_send>2014-09-05 19:26:32 UTC</started_send>');
		const withoutDates = (t: string): string => t.replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [^"<]+/g, 'DATE');
		expect(new Set(texts.map(withoutDates)).size).toBe(1);
	});

	it('GET /promotions/{p}/mailings/{m}.xml: the statistics document', async () => {
		seedPromotions(emu);
		expect(await get('/promotions/5510034/mailings/122026332.xml')).toEqual({ status: 200, text: STATS, type: XML });
		emu.store.getMailing(5510034, 122026332)!.allAudience = true;
		expect((await get('/promotions/5510034/mailings/122026332.xml')).text).toBe(STATS.replace('"false"', '"true"'));
	});

	it('unknown promotion or mailing in statistics: 404, one space', async () => {
		seedPromotions(emu);
		expect(await get('/promotions/999/mailings/122026332.xml')).toEqual({ status: 404, text: ' ', type: TEXT });
		expect(await get('/promotions/5510034/mailings/1.xml')).toEqual({ status: 404, text: ' ', type: TEXT });
		expect(await get('/promotions/5515748/mailings/122026332.xml')).toEqual({ status: 404, text: ' ', type: TEXT });
	});
});

// ====================================================================== plain and empty answers

describe('recorded plain-text and empty answers', () => {
	it('POST /audience_lists/{list}/add: one space, every time', async () => {
		seedLists(emu);
		for (const email of ['test@example.com', 'new_test1@example.com', 'new_test1@example.com']) {
			expect(await post('/audience_lists/list%201/add', { email })).toEqual({ status: 200, text: ' ', type: TEXT });
		}
		expect(emu.store.lists.get('list 1')?.members.size).toBe(3);
	});

	it('POST /audience_lists/{list}/remove: 200 and an empty body, member on it or not, or unknown', async () => {
		seedLists(emu);
		for (const email of ['another@example.com', 'another@example.com', 'test@example.com', 'ghost@example.com']) {
			expect(await post('/audience_lists/list%201/remove', { email })).toEqual({ status: 200, text: '', type: TEXT });
		}
		expect(emu.store.lists.get('list 1')?.members.size).toBe(0);
	});

	it('DELETE /audience_lists/{list}: one space, whether the list exists or not', async () => {
		seedLists(emu);
		expect(await request('DELETE', '/audience_lists/list%201')).toEqual({ status: 200, text: ' ', type: TEXT });
		expect(await post('/audience_lists/list%202', { _method: 'delete' })).toEqual({ status: 200, text: ' ', type: TEXT });
		expect(await request('DELETE', '/audience_lists/list%201')).toEqual({ status: 200, text: ' ', type: TEXT });
		expect(emu.store.lists.size).toBe(0);
	});

	it('POST /audience_lists.json: the new list as JSON; a taken name: success false', async () => {
		emu.store.nextListId = 1167134;
		expect(await post('/audience_lists.json', { name: 'new list 1' })).toEqual({
			status: 200,
			text: '{"success":true,"result":{"id":1167134,"name":"new list 1","size":0}}',
			type: JSON_TYPE,
		});
		expect(await post('/audience_lists.json', { name: 'new list 1' })).toEqual({
			status: 200,
			text: '{"success":false,"error":"Name has already been taken"}',
			type: JSON_TYPE,
		});
		expect(emu.store.lists.get('new list 1')?.id).toBe(1167134);
	});

	it('POST /audience_members (import): the import id', async () => {
		emu.store.nextImportId = 140368637;
		expect(await post('/audience_members', { csv_file: 'email\nx@example.com\n' })).toEqual({ status: 200, text: '140368637', type: TEXT });
	});

	it('POST /promotions/save: Saved <name> (<id>)', async () => {
		emu.store.nextPromotionId = 5516645;
		expect(await post('/promotions/save', { promotion_name: 'Test promotion', raw_html: '<p>x</p>' })).toEqual({
			status: 200,
			text: 'Saved Test promotion (5516645)',
			type: TEXT,
		});
	});

	it('GET /audience_members/suppressed_since/{ts}.txt: addresses one per line, nobody a lone newline, as text/plain', async () => {
		const at = Date.UTC(2014, 8, 7, 12, 0, 0);
		expect(await get(`/audience_members/suppressed_since/${at / 1000}.txt`)).toEqual({ status: 200, text: '\n', type: 'text/plain; charset=utf-8' });
		emu.store.optOut('new_test1@example.com', at + 1000);
		expect(await get(`/audience_members/suppressed_since/${at / 1000}.txt`)).toEqual({
			status: 200,
			text: 'new_test1@example.com\n',
			type: 'text/plain; charset=utf-8',
		});
	});

	it('401: wrong credentials, and an account without the API right', async () => {
		expect(await request('GET', '/audience_lists/lists.xml', {}, { ...AUTH, api_key: 'wrong' })).toEqual({
			status: 401,
			text: 'Unable to authenticate',
			type: TEXT,
		});
		const noRights = { username: NO_RIGHTS_CREDENTIALS.username, api_key: NO_RIGHTS_CREDENTIALS.apiKey };
		expect(await request('GET', '/audience_lists/lists.xml', {}, noRights)).toEqual({
			status: 401,
			text: 'You do not have the rights to use this API',
			type: TEXT,
		});
	});
});

// ====================================================================== under both vocabularies

describe('recorded answers never change with the vocabulary', () => {
	/** Every recorded request, in order, from a fresh seeded store; the replies. */
	async function replay(vocabulary: Vocabulary): Promise<Reply[]> {
		emu.reset('empty');
		emu.dateStyle = undefined; // the rotation too: it must run alike under both
		emu.vocabulary = vocabulary;
		seedLists(emu);
		seedPromotions(emu);
		seedTwoMailings(emu);
		emu.store.nextListId = 1167134;
		emu.store.optOut('new_test1@example.com', Date.UTC(2014, 8, 7));
		const replies: Reply[] = [];
		const at = Date.UTC(2014, 8, 1) / 1000;
		for (const [method, path, params] of [
			['GET', '/audience_lists/lists.xml', {}],
			['GET', '/audience_members/another%40example.com/lists.xml', {}],
			['GET', '/audience_members/new_test1%40example.com/lists.xml', {}],
			['GET', '/promotions.xml', {}],
			['GET', '/promotions.xml', { page: '2' }],
			['GET', '/promotions/search.xml', { query: 'e' }],
			['GET', '/promotions/search.xml', { query: 'nothing like it' }],
			['GET', '/promotions/5510034/mailings/122026332.xml', {}],
			['GET', '/promotions/1234/mailings/5002.xml', {}],
			['GET', '/promotions/1/mailings/5002.xml', {}],
			['GET', '/signups/1.json', {}],
			['GET', `/audience_members/suppressed_since/${at}.txt`, {}],
			['POST', '/audience_lists/list%201/add', { email: 'test@example.com' }],
			['POST', '/audience_lists/list%201/remove', { email: 'test@example.com' }],
			['POST', '/audience_lists.json', { name: 'new list 1' }],
			['POST', '/audience_lists.json', { name: 'new list 1' }],
			['DELETE', '/audience_lists/new%20list%201', {}],
			['POST', '/audience_members', { csv_file: 'email\nz@example.com' }],
			['POST', '/promotions/save', { promotion_name: 'Test promotion', raw_plain_text: 'x' }],
		] as [string, string, Record<string, string>][]) {
			replies.push(await request(method, path, params));
		}
		replies.push(await request('GET', '/promotions.xml', {}, { ...AUTH, api_key: 'wrong' }));
		return replies;
	}

	it('the same bytes under "guessed" and "second"', async () => {
		const guessed = await replay('guessed');
		const second = await replay('second');
		expect(second).toEqual(guessed);
		expect(guessed[0].text).toBe(LISTS);
		expect(guessed[7].text).toBe(STATS);
	});
});

// ====================================================================== the date style setting

describe('the date style setting', () => {
	it('is given at start, settable, reachable by a control endpoint, and restored by reset()', async () => {
		const fixed = await startEmulator({ seed: 'empty', dateStyle: '+0530' });
		try {
			expect(fixed.dateStyle).toBe('+0530');
			seedPromotions(fixed);
			const url = `${fixed.baseUrl}/promotions.xml?${new URLSearchParams(AUTH).toString()}`;
			const texts = [await (await fetch(url)).text(), await (await fetch(url)).text()];
			expect(texts[0]).toBe(texts[1]);
			expect(texts[0]).toContain('updated_at="2014-09-08 02:24:55 +0530"');

			const control = async (method: string, body?: unknown): Promise<unknown> =>
				(
					await fetch(`${fixed.baseUrl}/__emulator/date-style`, {
						method,
						headers: { 'content-type': 'application/json' },
						body: body === undefined ? undefined : JSON.stringify(body),
					})
				).json();
			expect(await control('GET')).toEqual({ dateStyle: '+0530' });
			expect(await control('POST', { dateStyle: 'UTC' })).toEqual({ dateStyle: 'UTC' });
			expect(fixed.dateStyle).toBe('UTC');
			expect(await (await fetch(url)).text()).toContain('updated_at="2014-09-07 20:54:55 UTC"');
			expect(await control('POST', { dateStyle: null })).toEqual({ dateStyle: null });
			expect(fixed.dateStyle).toBeUndefined();
			expect(await control('POST', { dateStyle: '+0100' })).toMatchObject({ error: expect.stringContaining('dateStyle') });

			fixed.dateStyle = '-0500';
			fixed.reset();
			expect(fixed.dateStyle).toBe('+0530');
			expect(() => {
				fixed.dateStyle = 'CET' as never;
			}).toThrow(/dateStyle/);
		} finally {
			await fixed.close();
		}
	});
});
