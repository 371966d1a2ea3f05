/**
 * The emulator against the real service's recorded documents (docs/recorded-answers.md): seeded
 * with the recorded data (recordedAccount.ts) and with the recorded date style, it answers them
 * character for character, and every recorded answer alike under both vocabularies. The recorded
 * plain-text and empty answers: recordedText.test.ts.
 */
import type { Emulator, Vocabulary } from '../../emulator';
import { DECLARATION, RECORDED, XML_CONTENT_TYPE as XML } from '../support/recorded';
import { DEMO_AUTH, emulatorClient } from '../support/emulatorClient';
import type { Reply } from '../support/emulatorClient';
import {
	CUSTOM_FIELDS,
	seedLists,
	seedMembers,
	seedPromotions,
	seedTwoMailings,
	useRecordedEmulator,
} from './recordedAccount';

const TEXT = 'text/html; charset=utf-8';
/** A whole answer: status, body and content type. */
const answer = (status: number, text: string, type = XML) => ({ status, text, type });

// ---------------------------------------------------------------- the recorded documents

// the documents the node's tests also serve (test/support/recorded.ts): one copy of each
const {
	lists: LISTS,
	listMembers: LIST_MEMBERS,
	noLists: NO_LISTS,
	promotions: PROMOTIONS,
	promotionTwoMailings: TWO_MAILINGS,
	mailingStats: STATS,
} = RECORDED;

// The members documents (recorded in the +0300 style; membership dates always in UTC).

/** `<x/>` for every empty standard field after `created_at`, and `<confirmed/>`. */
const EMPTY_REST = [
	'city',
	'phone',
	'company',
	'title',
	'address',
	'state',
	'zip',
	'country',
	'confirmed',
]
	.map((f) => `    <${f}/>\n`)
	.join('');
const FOUR_CUSTOM =
	'    <custom_field_1/>\n    <custom_value/>\n    <custom_value_1/>\n    <custom_value_2/>\n';

/** Three members of the recorded GET /audience_members.xml (22 there), their blocks as recorded. */
const ALL_MEMBERS =
	`${DECLARATION}<audience count="3" total_pages="1" per_page="30" page="1">\n` +
	'  <member suppressed="false">\n' +
	'    <first_name></first_name>\n' +
	'    <last_name></last_name>\n' +
	'    <email>add_to_list@example.com</email>\n' +
	'    <created_at>2014-09-05 21:12:22 +0300</created_at>\n' +
	'    <city></city>\n' +
	'    <phone></phone>\n' +
	'    <company></company>\n' +
	'    <title></title>\n' +
	'    <address></address>\n' +
	'    <state></state>\n' +
	'    <zip></zip>\n' +
	'    <country></country>\n' +
	'    <confirmed/>\n' +
	FOUR_CUSTOM +
	'    <lists>\n' +
	'    </lists>\n' +
	'  </member>\n' +
	'  <member suppressed="false">\n' +
	'    <first_name>AddUser</first_name>\n' +
	'    <last_name/>\n' +
	'    <email>add_user@example.com</email>\n' +
	'    <created_at>2014-09-07 19:41:31 +0300</created_at>\n' +
	EMPTY_REST +
	'    <custom_field_1/>\n' +
	'    <custom_value/>\n' +
	'    <custom_value_1>updated</custom_value_1>\n' +
	'    <custom_value_2/>\n' +
	'    <lists>\n' +
	'    </lists>\n' +
	'  </member>\n' +
	'  <member suppressed="false">\n' +
	'    <first_name/>\n' +
	'    <last_name/>\n' +
	'    <email>new_test1@example.com</email>\n' +
	'    <created_at>2014-09-04 21:32:31 +0300</created_at>\n' +
	EMPTY_REST +
	FOUR_CUSTOM +
	'    <lists>\n' +
	'      <list membership_created_at="2014-09-04 18:32:31 UTC">list 1</list>\n' +
	'      <list membership_created_at="2014-09-04 18:32:45 UTC">list 2</list>\n' +
	'    </lists>\n' +
	'  </member>\n' +
	'</audience>';

/** GET /audience_members/search.xml?query=test&raw=true: three of the recorded members, newest first. */
const SEARCH =
	`${DECLARATION}<audience>\n` +
	'  <member suppressed="true">\n' +
	'    <first_name/>\n' +
	'    <last_name/>\n' +
	'    <email>test@example.com</email>\n' +
	'    <created_at>2014-09-07 22:59:46 +0300</created_at>\n' +
	EMPTY_REST +
	FOUR_CUSTOM +
	'    <lists>\n' +
	'    </lists>\n' +
	'  </member>\n' +
	'  <member suppressed="false">\n' +
	'    <first_name>test2</first_name>\n' +
	'    <last_name>csv2</last_name>\n' +
	'    <email>csv_test2@example.com</email>\n' +
	'    <created_at>2014-09-07 19:32:52 +0300</created_at>\n' +
	EMPTY_REST +
	FOUR_CUSTOM +
	'    <lists>\n' +
	'    </lists>\n' +
	'  </member>\n' +
	'  <member suppressed="true">\n' +
	'    <first_name/>\n' +
	'    <last_name/>\n' +
	'    <email>new_test1@example.com</email>\n' +
	'    <created_at>2014-09-04 21:32:31 +0300</created_at>\n' +
	EMPTY_REST +
	FOUR_CUSTOM +
	'    <lists>\n' +
	'      <list>list 1</list>\n' +
	'      <list>list 2</list>\n' +
	'    </lists>\n' +
	'  </member>\n' +
	'</audience>';

const current = useRecordedEmulator();
let emu: Emulator;
beforeEach(() => (emu = current()));
const { request, get } = emulatorClient(current);

describe('recorded documents, character for character', () => {
	it('GET /audience_lists/lists.xml: two lists', async () => {
		seedLists(emu);
		expect(await get('/audience_lists/lists.xml')).toEqual(answer(200, LISTS));
	});

	it('no lists, and a member on no list: <lists>\\n</lists>, every time', async () => {
		expect(await get('/audience_lists/lists.xml')).toEqual(answer(200, NO_LISTS));
		expect((await get('/audience_lists/lists.xml')).text).toBe(NO_LISTS);
		seedLists(emu);
		for (let i = 0; i < 3; i++) {
			expect(await get('/audience_members/new_test1%40example.com/lists.xml')).toEqual(
				answer(200, NO_LISTS),
			);
		}
	});

	it("GET /audience_members/{email}/lists.xml: the member's lists in the same document", async () => {
		seedLists(emu);
		expect((await get('/audience_members/another@example.com/lists.xml')).text).toBe(LISTS);
	});

	it('GET /promotions.xml: the two recorded promotions, mailings directly inside, dates in -0400', async () => {
		seedPromotions(emu);
		expect(await get('/promotions.xml')).toEqual(answer(200, PROMOTIONS));
		expect((await get('/promotions.xml', { page: '1' })).text).toBe(PROMOTIONS);
	});

	it('GET /promotions/search.xml answers the same document', async () => {
		seedPromotions(emu);
		expect((await get('/promotions/search.xml', { query: 't' })).text).toBe(PROMOTIONS);
		const one = await get('/promotions/search.xml', { id: '5510034' });
		expect(one.text).toBe(
			PROMOTIONS.replace(/<promotion name="Untitled[\s\S]*?<\/promotion>\n/, ''),
		);
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
		const withoutDates = (t: string): string =>
			t.replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [^"<]+/g, 'DATE');
		expect(new Set(texts.map(withoutDates)).size).toBe(1);
	});

	it('GET /promotions/{p}/mailings/{m}.xml: the statistics document', async () => {
		seedPromotions(emu);
		expect(await get('/promotions/5510034/mailings/122026332.xml')).toEqual(answer(200, STATS));
		emu.store.getMailing(5510034, 122026332)!.allAudience = true;
		expect((await get('/promotions/5510034/mailings/122026332.xml')).text).toBe(
			STATS.replace('"false"', '"true"'),
		);
	});

	it('GET /audience_lists/{list}/members.xml: the recorded document, members by address, membership dates in UTC', async () => {
		emu.dateStyle = '+0300';
		seedMembers(emu);
		expect(await get('/audience_lists/list%201/members.xml')).toEqual(answer(200, LIST_MEMBERS));
		// the page's account, with two custom fields
		emu.store.customFieldNames = ['custom_field_1', 'custom_value'];
		expect((await get('/audience_lists/list%201/members.xml')).text).toBe(
			LIST_MEMBERS.split('    <custom_value_1/>\n    <custom_value_2/>\n').join(''),
		);
	});

	it('GET /audience_members.xml: recorded members, <x></x> for cleared fields beside <x/> for unset ones', async () => {
		emu.dateStyle = '+0300';
		seedMembers(emu);
		for (const email of ['another@example.com', 'csv_test2@example.com', 'test@example.com'])
			emu.store.members.delete(email);
		expect(await get('/audience_members.xml')).toEqual(answer(200, ALL_MEMBERS));
	});

	it('GET /audience_members/search.xml: no root attributes, bare list names, newest first, opted-out members with raw=true', async () => {
		emu.dateStyle = '+0300';
		seedMembers(emu);
		emu.store.optOut('test@example.com', Date.UTC(2014, 8, 7, 20, 0, 0));
		emu.store.optOut('new_test1@example.com', Date.UTC(2014, 8, 7, 20, 0, 0));
		emu.store.members.delete('another@example.com');
		expect(await get('/audience_members/search.xml', { query: 'test', raw: 'true' })).toEqual(
			answer(200, SEARCH),
		);
		const withoutRaw = await get('/audience_members/search.xml', { query: 'test' });
		const csvOnly = SEARCH.replace(/ {2}<member suppressed="true">[\s\S]*?<\/member>\n/g, '');
		expect(withoutRaw.text).toBe(csvOnly);
		expect(csvOnly).toContain('<email>csv_test2@example.com</email>');
		expect(csvOnly).not.toContain('suppressed="true"');
	});

	it('unknown promotion or mailing in statistics: 404, one space', async () => {
		seedPromotions(emu);
		expect(await get('/promotions/999/mailings/122026332.xml')).toEqual(answer(404, ' ', TEXT));
		expect(await get('/promotions/5510034/mailings/1.xml')).toEqual(answer(404, ' ', TEXT));
		expect(await get('/promotions/5515748/mailings/122026332.xml')).toEqual(answer(404, ' ', TEXT));
	});
});

describe('recorded answers never change with the vocabulary', () => {
	/** Every recorded request, in order, from a fresh seeded store; the replies. */
	async function replay(vocabulary: Vocabulary): Promise<Reply[]> {
		emu.reset('empty');
		// one frozen instant for both replays: a member added at a second boundary would differ
		emu.clock.set(Date.UTC(2026, 10, 24, 12, 0, 0));
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
		replies.push(await request('GET', '/promotions.xml', {}, { ...DEMO_AUTH, api_key: 'wrong' }));
		// the members documents and the Mailer (the members of seedMembers beside seedLists')
		emu.store.addMember('add_user@example.com', {
			createdAt: Date.UTC(2014, 8, 7, 16, 41, 31),
			fields: { first_name: 'AddUser', custom_value_1: 'updated' },
		});
		emu.store.customFieldNames = [...CUSTOM_FIELDS];
		for (const [method, path, params] of [
			['GET', '/audience_members.xml', {}],
			['GET', '/audience_members.xml', { raw: 'true', per_page: '2', page: '2' }],
			['GET', '/audience_lists/list%202/members.xml', {}],
			['GET', '/audience_lists/list%201/members.xml', { page: '5' }],
			['GET', '/audience_members/search.xml', { query: 'example', raw: 'true' }],
			['GET', '/audience_members/search.xml', { query: 'nobody like that' }],
			['GET', '/audience_members/test%40example.com/is_suppressed', {}],
			[
				'POST',
				'/audience_members/test%40example.com/update_email',
				{ new_email: 'test2@example.com' },
			],
			['DELETE', '/suppressed_audience_members/new_test1%40example.com', {}],
			['DELETE', '/suppressed_audience_members/ghost%40example.com', {}],
			['POST', '/mailer', { promotion_name: 'API test', recipient: 'test2@example.com' }],
			['GET', '/mailers/status/10199230844895592240', {}],
			['GET', '/mailers/status/1', {}],
			['POST', '/mailer/to_list', { promotion_name: 'API test', list_name: 'list 1,list 2' }],
			['POST', '/mailer/to_all', { promotion_name: 'Unknown Promotion' }],
		] as [string, string, Record<string, string>][]) {
			replies.push(await request(method, path, params));
		}
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
