/**
 * The emulator against the real service's recorded answers (docs/recorded-answers.md):
 * seeded with the recorded data and with the recorded date style, it answers the recorded
 * documents character for character, under both vocabularies.
 */
import { NO_RIGHTS_CREDENTIALS, startEmulator } from '../../emulator';
import type { Emulator, Vocabulary } from '../../emulator';
import { RECORDED, recordedAnswersPage } from '../support/recorded';
import { DEMO_AUTH, emulatorClient } from '../support/emulatorClient';
import type { Reply } from '../support/emulatorClient';

const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

// ---------------------------------------------------------------- the recorded documents

// the documents the node's tests also serve (test/support/recorded.ts): one copy of each
const {
	lists: LISTS,
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

/** GET /audience_lists/list%201/members.xml, as recorded (the account had 4 custom fields). */
const LIST_MEMBERS =
	`${DECLARATION}<audience count="2" total_pages="1" per_page="30" page="1">\n` +
	'  <member suppressed="false">\n' +
	'    <first_name/>\n' +
	'    <last_name/>\n' +
	'    <email>another@example.com</email>\n' +
	'    <created_at>2014-09-07 22:14:29 +0300</created_at>\n' +
	'    <city/>\n' +
	'    <phone/>\n' +
	'    <company/>\n' +
	'    <title/>\n' +
	'    <address/>\n' +
	'    <state/>\n' +
	'    <zip/>\n' +
	'    <country/>\n' +
	'    <confirmed/>\n' +
	'    <custom_field_1/>\n' +
	'    <custom_value/>\n' +
	'    <custom_value_1/>\n' +
	'    <custom_value_2/>\n' +
	'    <lists>\n' +
	'      <list membership_created_at="2014-09-07 19:14:29 UTC">list 1</list>\n' +
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

/** The same document as docs/recorded-answers.md shows it: an account with two custom fields. */
const LIST_MEMBERS_TWO_CUSTOM = LIST_MEMBERS.split(
	'    <custom_value_1/>\n    <custom_value_2/>\n',
).join('');

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

const UNSUPPRESSED =
	'{"success":true,"result":{"id":7130012110,"email":"test@example.com","name":"","first_name":"","last_name":"",' +
	'"suppressed":false,"recent_signup?":false,"suppression_reason":"","suppression_reason_class":"sent","external_id":null,' +
	'"special_list_member":false,"lists":[],"list_removals":[],"list_unsuppressions":[],"list_additions":[]}}';

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
	store.addPromotion('API test', {
		id: 5510034,
		mimio: '293145',
		updatedAt: Date.UTC(2014, 8, 5, 19, 20, 42),
	});
	store.addMailing(5510034, {
		id: 122026332,
		startedSend: Date.UTC(2014, 8, 5, 19, 26, 32),
		finishedSend: Date.UTC(2014, 8, 5, 19, 26, 34),
		stats: { sent: 1, untraced: 1 },
	});
	store.addPromotion('Untitled Promotion', {
		id: 5515748,
		mimio: '4e9245',
		updatedAt: Date.UTC(2014, 8, 7, 20, 54, 55),
	});
}

/** The promotion of RECORDED.promotionTwoMailings (dates in -0500, before 2012). */
function seedTwoMailings(emu: Emulator): void {
	const store = emu.store;
	store.addPromotion('Newsletter Feb', {
		id: 1234,
		mimio: 'a1b2c3',
		updatedAt: Date.UTC(2011, 1, 10, 12, 53, 11),
	});
	store.addMailing(1234, {
		id: 5001,
		startedSend: Date.UTC(2011, 1, 10, 12, 53, 11),
		finishedSend: Date.UTC(2011, 1, 10, 12, 55, 40),
		stats: { sent: 120 },
	});
	store.addMailing(1234, { id: 5002, unsent: true });
}

const CUSTOM_FIELDS = ['custom_field_1', 'custom_value', 'custom_value_1', 'custom_value_2'];

/** The account behind the recorded members documents (dates as recorded, in UTC). */
function seedMembers(emu: Emulator): void {
	const store = emu.store;
	store.nextListId = 1163641;
	store.createList('list 1');
	store.nextListId = 1165154;
	store.createList('list 2');
	store.addMember('new_test1@example.com', {
		createdAt: Date.UTC(2014, 8, 4, 18, 32, 31),
		lists: ['list 1'],
	});
	store.addMember('new_test1@example.com', {
		lists: ['list 2'],
		membershipCreatedAt: Date.UTC(2014, 8, 4, 18, 32, 45),
	});
	store.addMember('another@example.com', {
		createdAt: Date.UTC(2014, 8, 7, 19, 14, 29),
		lists: ['list 1'],
	});
	// created by add_to_list: its standard fields are empty texts, written <x></x>
	const blank = Object.fromEntries(
		[
			'first_name',
			'last_name',
			'city',
			'phone',
			'company',
			'title',
			'address',
			'state',
			'zip',
			'country',
		].map((f) => [f, '']),
	);
	store.addMember('add_to_list@example.com', {
		createdAt: Date.UTC(2014, 8, 5, 18, 12, 22),
		fields: blank,
	});
	store.addMember('add_user@example.com', {
		createdAt: Date.UTC(2014, 8, 7, 16, 41, 31),
		fields: { first_name: 'AddUser', custom_value_1: 'updated' },
	});
	store.addMember('csv_test2@example.com', {
		createdAt: Date.UTC(2014, 8, 7, 16, 32, 52),
		fields: { first_name: 'test2', last_name: 'csv2' },
	});
	store.addMember('test@example.com', { createdAt: Date.UTC(2014, 8, 7, 19, 59, 46) });
	store.customFieldNames = [...CUSTOM_FIELDS];
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
	emu.clock.useRealTime();
	emu.dateStyle = '-0400';
});

const { request, get, post } = emulatorClient(() => emu);

// ====================================================================== documents

describe('recorded documents, character for character', () => {
	it('GET /audience_lists/lists.xml: two lists', async () => {
		seedLists(emu);
		expect(await get('/audience_lists/lists.xml')).toEqual({ status: 200, text: LISTS, type: XML });
	});

	it('no lists, and a member on no list: <lists>\\n</lists>, every time', async () => {
		expect(await get('/audience_lists/lists.xml')).toEqual({
			status: 200,
			text: NO_LISTS,
			type: XML,
		});
		expect((await get('/audience_lists/lists.xml')).text).toBe(NO_LISTS);
		seedLists(emu);
		for (let i = 0; i < 3; i++) {
			expect(await get('/audience_members/new_test1%40example.com/lists.xml')).toEqual({
				status: 200,
				text: NO_LISTS,
				type: XML,
			});
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
		expect(await get('/promotions/5510034/mailings/122026332.xml')).toEqual({
			status: 200,
			text: STATS,
			type: XML,
		});
		emu.store.getMailing(5510034, 122026332)!.allAudience = true;
		expect((await get('/promotions/5510034/mailings/122026332.xml')).text).toBe(
			STATS.replace('"false"', '"true"'),
		);
	});

	it('GET /audience_lists/{list}/members.xml: the recorded document, members by address, membership dates in UTC', async () => {
		emu.dateStyle = '+0300';
		seedMembers(emu);
		expect(await get('/audience_lists/list%201/members.xml')).toEqual({
			status: 200,
			text: LIST_MEMBERS,
			type: XML,
		});
		emu.store.customFieldNames = ['custom_field_1', 'custom_value'];
		expect((await get('/audience_lists/list%201/members.xml')).text).toBe(LIST_MEMBERS_TWO_CUSTOM);
		// the page shows this document up to its first member, verbatim
		const shown = recordedAnswersPage().blocks.find((b) => b.includes('<audience count='));
		expect(shown?.endsWith('  </member>\n</audience>')).toBe(true);
		expect(LIST_MEMBERS_TWO_CUSTOM.startsWith(shown!.slice(0, -'</audience>'.length))).toBe(true);
	});

	it('GET /audience_members.xml: recorded members, <x></x> for cleared fields beside <x/> for unset ones', async () => {
		emu.dateStyle = '+0300';
		seedMembers(emu);
		for (const email of ['another@example.com', 'csv_test2@example.com', 'test@example.com'])
			emu.store.members.delete(email);
		expect(await get('/audience_members.xml')).toEqual({
			status: 200,
			text: ALL_MEMBERS,
			type: XML,
		});
	});

	it('GET /audience_members/search.xml: no root attributes, bare list names, newest first, opted-out members with raw=true', async () => {
		emu.dateStyle = '+0300';
		seedMembers(emu);
		emu.store.optOut('test@example.com', Date.UTC(2014, 8, 7, 20, 0, 0));
		emu.store.optOut('new_test1@example.com', Date.UTC(2014, 8, 7, 20, 0, 0));
		emu.store.members.delete('another@example.com');
		expect(await get('/audience_members/search.xml', { query: 'test', raw: 'true' })).toEqual({
			status: 200,
			text: SEARCH,
			type: XML,
		});
		const withoutRaw = await get('/audience_members/search.xml', { query: 'test' });
		const csvOnly = SEARCH.replace(/ {2}<member suppressed="true">[\s\S]*?<\/member>\n/g, '');
		expect(withoutRaw.text).toBe(csvOnly);
		expect(csvOnly).toContain('<email>csv_test2@example.com</email>');
		expect(csvOnly).not.toContain('suppressed="true"');
	});

	it('unknown promotion or mailing in statistics: 404, one space', async () => {
		seedPromotions(emu);
		expect(await get('/promotions/999/mailings/122026332.xml')).toEqual({
			status: 404,
			text: ' ',
			type: TEXT,
		});
		expect(await get('/promotions/5510034/mailings/1.xml')).toEqual({
			status: 404,
			text: ' ',
			type: TEXT,
		});
		expect(await get('/promotions/5515748/mailings/122026332.xml')).toEqual({
			status: 404,
			text: ' ',
			type: TEXT,
		});
	});
});

// ====================================================================== plain and empty answers

describe('recorded plain-text and empty answers', () => {
	it('POST /audience_lists/{list}/add: one space, every time', async () => {
		seedLists(emu);
		for (const email of ['test@example.com', 'new_test1@example.com', 'new_test1@example.com']) {
			expect(await post('/audience_lists/list%201/add', { email })).toEqual({
				status: 200,
				text: ' ',
				type: TEXT,
			});
		}
		expect(emu.store.lists.get('list 1')?.members.size).toBe(3);
	});

	it('POST /audience_lists/{list}/remove: 200 and an empty body, member on it or not, or unknown', async () => {
		seedLists(emu);
		for (const email of [
			'another@example.com',
			'another@example.com',
			'test@example.com',
			'ghost@example.com',
		]) {
			expect(await post('/audience_lists/list%201/remove', { email })).toEqual({
				status: 200,
				text: '',
				type: TEXT,
			});
		}
		expect(emu.store.lists.get('list 1')?.members.size).toBe(0);
	});

	it('DELETE /audience_lists/{list}: one space, whether the list exists or not', async () => {
		seedLists(emu);
		expect(await request('DELETE', '/audience_lists/list%201')).toEqual({
			status: 200,
			text: ' ',
			type: TEXT,
		});
		expect(await post('/audience_lists/list%202', { _method: 'delete' })).toEqual({
			status: 200,
			text: ' ',
			type: TEXT,
		});
		expect(await request('DELETE', '/audience_lists/list%201')).toEqual({
			status: 200,
			text: ' ',
			type: TEXT,
		});
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
		expect(await post('/audience_members', { csv_file: 'email\nx@example.com\n' })).toEqual({
			status: 200,
			text: '140368637',
			type: TEXT,
		});
	});

	it('POST /promotions/save: Saved <name> (<id>)', async () => {
		emu.store.nextPromotionId = 5516645;
		expect(
			await post('/promotions/save', { promotion_name: 'Test promotion', raw_html: '<p>x</p>' }),
		).toEqual({
			status: 200,
			text: 'Saved Test promotion (5516645)',
			type: TEXT,
		});
	});

	it('GET /audience_members/suppressed_since/{ts}.txt: addresses one per line, nobody a lone newline, as text/plain', async () => {
		const at = Date.UTC(2014, 8, 7, 12, 0, 0);
		expect(await get(`/audience_members/suppressed_since/${at / 1000}.txt`)).toEqual({
			status: 200,
			text: '\n',
			type: 'text/plain; charset=utf-8',
		});
		emu.store.optOut('new_test1@example.com', at + 1000);
		expect(await get(`/audience_members/suppressed_since/${at / 1000}.txt`)).toEqual({
			status: 200,
			text: 'new_test1@example.com\n',
			type: 'text/plain; charset=utf-8',
		});
	});

	it('GET /audience_members/{email}/is_suppressed: true or false; unknown member 400 <email> does not exist', async () => {
		seedMembers(emu);
		expect(await get('/audience_members/test%40example.com/is_suppressed')).toEqual({
			status: 200,
			text: 'false',
			type: TEXT,
		});
		emu.store.optOut('test@example.com', Date.UTC(2014, 8, 7, 20, 0, 0));
		expect(await get('/audience_members/test@example.com/is_suppressed')).toEqual({
			status: 200,
			text: 'true',
			type: TEXT,
		});
		emu.store.members.delete('test@example.com');
		expect(await get('/audience_members/test@example.com/is_suppressed')).toEqual({
			status: 400,
			text: 'test@example.com does not exist',
			type: TEXT,
		});
	});

	it('POST /audience_members/{email}/update_email: one space; unknown member 400 Member <email> does not exist', async () => {
		expect(
			await post('/audience_members/test@example.com/update_email', {
				new_email: 'new@example.com',
			}),
		).toEqual({
			status: 400,
			text: 'Member test@example.com does not exist',
			type: TEXT,
		});
		seedMembers(emu);
		expect(
			await post('/audience_members/test@example.com/update_email', {
				new_email: 'new@example.com',
			}),
		).toEqual({ status: 200, text: ' ', type: TEXT });
		expect(emu.store.getMember('new@example.com')?.email).toBe('new@example.com');
	});

	it('DELETE /suppressed_audience_members/{email}: the recorded JSON; unknown member: success false, undefined method', async () => {
		emu.store.nextMemberId = 7130012110;
		emu.store.addMember('test@example.com');
		emu.store.optOut('test@example.com', Date.UTC(2014, 8, 7, 20, 0, 0));
		expect(await request('DELETE', '/suppressed_audience_members/test%40example.com')).toEqual({
			status: 200,
			text: UNSUPPRESSED,
			type: JSON_TYPE,
		});
		expect(emu.store.getMember('test@example.com')?.optedOut).toBe(false);
		const unknown = await request('DELETE', '/suppressed_audience_members/nobody%40example.com');
		expect(unknown.status).toBe(200);
		expect(unknown.type).toBe(JSON_TYPE);
		expect(JSON.parse(unknown.text)).toEqual({
			success: false,
			error: expect.stringMatching(/^undefined method /),
		});
	});

	it('POST /mailer: a 20-digit transaction id; GET /mailers/status/{id}: one word; unknown id: 410 Not Found', async () => {
		emu.store.addPromotion('Transactional Promotion');
		const sent = await post('/mailer', {
			promotion_name: 'Transactional Promotion',
			from: 'maxim+1@madmimi.com',
			subject: 'Test',
			recipient: 'Test Example <test@example.com>',
			body: '--- {}\n',
		});
		expect(sent).toEqual({ status: 200, text: '10199230844895592240', type: TEXT });
		expect(Number.isSafeInteger(Number(sent.text))).toBe(false);
		expect(await get(`/mailers/status/${sent.text}`)).toEqual({
			status: 200,
			text: 'sent',
			type: TEXT,
		});
		expect(await get('/mailers/status/0')).toEqual({ status: 410, text: 'Not Found', type: TEXT });
	});

	it('POST /mailer/to_list and /mailer/to_all: the mailing id; an unknown promotion without raw content: 409', async () => {
		seedMembers(emu);
		emu.store.addPromotion('Transactional Promotion');
		emu.store.nextMailingId = 122048588;
		expect(
			await post('/mailer/to_list', {
				promotion_name: 'Transactional Promotion',
				from: 'maxim+1@madmimi.com',
				subject: 'Test',
				list_name: 'list 1',
				raw_html: '<html><body>Test [[tracking_beacon]] [[opt_out]]</body></html>',
			}),
		).toEqual({ status: 200, text: '122048588', type: TEXT });
		expect(
			await post('/mailer/to_all', {
				promotion_name: 'Unknown Promotion',
				from: 'maxim+1@madmimi.com',
				subject: 'Test',
				to_all: 'true',
				body: '--- {}\n',
			}),
		).toEqual({
			status: 409,
			text: 'You do not have a promotion named Unknown Promotion.',
			type: TEXT,
		});
		// with raw content the promotion is created (recorded: 122048622 there)
		expect(
			await post('/mailer/to_all', {
				promotion_name: 'Unknown Promotion',
				from: 'maxim+1@madmimi.com',
				subject: 'Test',
				to_all: 'true',
				raw_plain_text: 'Test [[opt_out]]',
			}),
		).toEqual({ status: 200, text: '122048589', type: TEXT });
		expect(emu.store.findPromotionByName('Unknown Promotion')?.mailings.map((m) => m.id)).toEqual([
			122048589,
		]);
	});

	it('401: wrong credentials, and an account without the API right', async () => {
		expect(
			await request('GET', '/audience_lists/lists.xml', {}, { ...DEMO_AUTH, api_key: 'wrong' }),
		).toEqual({
			status: 401,
			text: 'Unable to authenticate',
			type: TEXT,
		});
		const noRights = {
			username: NO_RIGHTS_CREDENTIALS.username,
			api_key: NO_RIGHTS_CREDENTIALS.apiKey,
		};
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

// ====================================================================== the date style setting

describe('the date style setting', () => {
	it('is given at start, settable, reachable by a control endpoint, and restored by reset()', async () => {
		const fixed = await startEmulator({ seed: 'empty', dateStyle: '+0530' });
		try {
			expect(fixed.dateStyle).toBe('+0530');
			seedPromotions(fixed);
			const url = `${fixed.baseUrl}/promotions.xml?${new URLSearchParams(DEMO_AUTH).toString()}`;
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
			expect(await control('POST', { dateStyle: '+0100' })).toMatchObject({
				error: expect.stringContaining('dateStyle'),
			});

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
