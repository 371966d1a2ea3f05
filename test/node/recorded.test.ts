/**
 * The node against the service's recorded answers, served byte for byte (test/support/recorded.ts):
 * whatever our emulator renders, these are the documents the real service sends.
 */
import type { INodeListSearchResult, INodeParameters } from 'n8n-workflow';

import { callMethod, runNode } from '../harness';
import { RECORDED, XML_CONTENT_TYPE } from '../support/recorded';
import { useEmulator } from './setup';

const env = useEmulator();

/** Serves `body` as the answer to every request on `path` (the emulator's fault switch). */
function serve(
	path: string | RegExp,
	body: string,
	contentType = XML_CONTENT_TYPE,
	status = 200,
): void {
	env.emulator.faults.add({ path, respond: { status, body, contentType } });
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const params = (resource: string, operation: string, extra: Record<string, unknown> = {}) =>
	({ resource, operation, ...extra }) as INodeParameters;

const UNTITLED = {
	id: 5515748,
	name: 'Untitled Promotion',
	mimio: '4e9245',
	updatedAt: '2014-09-07T20:54:55Z',
	hidden: false,
	thumbnail:
		'https://snaps.madmimi.com/v2/thumbs.php?size=b&wait=120&url=https%3A%2F%2Fmadmimi.com%2Fp%2F4e9245',
	mailings: [],
};
const API_TEST = {
	id: 5510034,
	name: 'API test',
	mimio: '293145',
	updatedAt: '2014-09-05T19:20:42Z',
	hidden: false,
	thumbnail:
		'https://snaps.madmimi.com/v2/thumbs.php?size=b&wait=120&url=https%3A%2F%2Fmadmimi.com%2Fp%2F293145',
	mailings: [
		{
			id: 122026332,
			subject: 'API test',
			count: 1,
			startedSend: '2014-09-05T19:26:32Z',
			finishedSend: '2014-09-05T19:26:34Z',
		},
	],
};
const TWO_MAILINGS = {
	id: 1234,
	name: 'Newsletter Feb',
	mimio: 'a1b2c3',
	updatedAt: '2011-02-10T12:53:11Z',
	hidden: false,
	thumbnail:
		'https://snaps.madmimi.com/v2/thumbs.php?size=b&wait=120&url=https%3A%2F%2Fmadmimi.com%2Fp%2Fa1b2c3',
	mailings: [
		{
			id: 5001,
			subject: 'Newsletter Feb',
			count: 120,
			startedSend: '2011-02-10T12:53:11Z',
			finishedSend: '2011-02-10T12:55:40Z',
		},
		{ id: 5002, subject: 'Newsletter Feb', count: 0, startedSend: null, finishedSend: null },
	],
};

describe('the recorded promotions document: mailings sit directly inside each promotion', () => {
	test('Get Many: a promotion with no mailing and one with one mailing; mailings always one array, no other field for them', async () => {
		serve('/promotions.xml', RECORDED.promotions);
		const { items, error } = await runNode({
			parameters: params('promotion', 'getAll', { returnAll: true }),
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual([UNTITLED, API_TEST]);
		// the id and name come first
		expect(Object.keys(items[0].json).slice(0, 2)).toEqual(['id', 'name']);
		expect(items.every((i) => !('mailing' in i.json))).toBe(true);
		// a page of 2 (< 20) is the last one
		expect(env.emulator.requests).toHaveLength(1);
	});

	test('Get Many: two mailings, the second never sent, dates of 2011 as ISO 8601 in UTC', async () => {
		serve('/promotions.xml', RECORDED.promotionTwoMailings);
		const { items } = await runNode({
			parameters: params('promotion', 'getAll', { returnAll: true }),
		});
		expect(items.map((i) => i.json)).toEqual([TWO_MAILINGS]);
	});

	test.each([
		['query', { searchBy: 'query', query: 'test' }],
		['name', { searchBy: 'name', name: 'API test' }],
		['id', { searchBy: 'id', promotionId: byId('5510034') }],
	])('Search by %s reads the same document', async (_by, search) => {
		serve('/promotions/search.xml', RECORDED.promotions);
		const { items, error } = await runNode({ parameters: params('promotion', 'search', search) });
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual([UNTITLED, API_TEST]);
	});

	test('the Mailing "From List" dropdown lists the mailings of the chosen promotion: 1, 2 and none', async () => {
		const search = async (promotionId: string) =>
			(await callMethod(
				'listSearch',
				'searchMailings',
				params('mailing', 'getStats', { promotionId: byId(promotionId) }),
			)) as INodeListSearchResult;

		serve(
			'/promotions/search.xml',
			RECORDED.promotions.replace(/<promotion name="Untitled[\s\S]*?<\/promotion>\n/, ''),
			XML_CONTENT_TYPE,
		);
		expect((await search('5510034')).results).toEqual([
			{ name: 'API test: sent 2014-09-05 19:26 UTC (mailing 122026332)', value: '122026332' },
		]);

		env.emulator.faults.clear();
		serve('/promotions/search.xml', RECORDED.promotionTwoMailings);
		expect((await search('1234')).results).toEqual([
			{ name: 'Newsletter Feb: not sent yet (mailing 5002)', value: '5002' },
			{ name: 'Newsletter Feb: sent 2011-02-10 12:53 UTC (mailing 5001)', value: '5001' },
		]);

		env.emulator.faults.clear();
		serve(
			'/promotions/search.xml',
			RECORDED.promotions.replace(/<promotion name="API test"[\s\S]*?<\/promotion>\n/, ''),
		);
		expect((await search('5515748')).results).toEqual([]);
	});
});

describe('the other recorded documents', () => {
	test('Mailing → Get Stats: the counters as numbers, all_audience a boolean, the empty <links> an empty array', async () => {
		serve('/promotions/5510034/mailings/122026332.xml', RECORDED.mailingStats);
		const { items, error } = await runNode({
			parameters: params('mailing', 'getStats', {
				promotionId: byId('5510034'),
				mailingId: byId('122026332'),
			}),
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual([
			{
				promotionId: 5510034,
				mailingId: 122026332,
				allAudience: false,
				sent: 1,
				views: 0,
				untraced: 1,
				clicked: 0,
				links: [],
				forwarded: 0,
				bounced: 0,
				unsubscribed: 0,
				abused: 0,
			},
		]);
	});

	test('Audience List → Get Many: display_name="" is null, the counts numbers; the empty document gives no item', async () => {
		serve('/audience_lists/lists.xml', RECORDED.lists);
		const { items } = await runNode({
			parameters: params('audienceList', 'getAll', { returnAll: true }),
		});
		expect(items.map((i) => i.json)).toEqual([
			{ id: 1163641, name: 'list 1', subscriberCount: 1, displayName: null },
			{ id: 1165154, name: 'list 2', subscriberCount: 2, displayName: null },
		]);
		env.emulator.faults.clear();
		serve('/audience_lists/lists.xml', RECORDED.noLists);
		const none = await runNode({
			parameters: params('audienceList', 'getAll', { returnAll: true }),
		});
		expect(none.error).toBeUndefined();
		expect(none.items).toEqual([]);
	});

	test('Audience Member → Get Lists of a member on no list: no item, no error', async () => {
		serve(/\/lists\.xml$/, RECORDED.noLists);
		const { items, error } = await runNode({
			parameters: params('audienceMember', 'getLists', { email: 'ann.archer@example.com' }),
		});
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
	});

	test.each([
		['add (one space)', 'addMember', /\/add$/, ' '],
		['remove (empty)', 'removeMember', /\/remove$/, ''],
	])('the blank answer of %s is a success', async (_name, operation, path, body) => {
		serve(path, body, 'text/html; charset=utf-8');
		const { items, error } = await runNode({
			parameters: params('audienceList', operation, {
				list: { __rl: true, mode: 'name', value: 'list 1' },
				email: 'ann.archer@example.com',
			}),
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			success: true,
			list: 'list 1',
			email: 'ann.archer@example.com',
		});
	});

	test.each([
		['Unable to authenticate', 'Mad Mimi rejected the credentials'],
		[
			'You do not have the rights to use this API',
			'This Mad Mimi account is not allowed to use the API',
		],
	])('401 "%s" becomes "%s"', async (body, message) => {
		serve('/audience_lists/lists.xml', body, 'text/html; charset=utf-8', 401);
		const { error } = await runNode({
			parameters: params('audienceList', 'getAll', { returnAll: true }),
		});
		expect(error?.message).toBe(message);
		expect(error?.description).toContain(body);
	});

	test('a 404 with a body of one space on statistics names the promotion and mailing', async () => {
		serve(/\/mailings\//, ' ', 'text/html; charset=utf-8', 404);
		const { error } = await runNode({
			parameters: params('mailing', 'getStats', { promotionId: byId('1'), mailingId: byId('2') }),
		});
		expect(error?.message).toBe(
			'Mad Mimi has no promotion 1 with a mailing 2: check the promotion ID and mailing ID',
		);
	});
});
