/**
 * The node against the service's recorded promotions document, served byte for byte
 * (test/support/recorded.ts): whatever our emulator renders, this is the document the real service
 * sends. The other recorded answers reach the node as the emulator renders them, proven the same
 * as the recordings (test/emulator/recorded.test.ts, recordedText.test.ts): the node's tests of
 * each resource read them there.
 */
import type { INodeListSearchResult, INodeParameters } from 'n8n-workflow';

import { callMethod, runNode } from '../harness';
import { RECORDED, XML_CONTENT_TYPE } from '../support/recorded';
import { itemsOf, useEmulator } from './setup';

const env = useEmulator();

/** Serves the XML `body` as the answer to every request on `path` (the emulator's fault switch). */
function serve(path: string, body: string): void {
	env.emulator.faults.add({
		path,
		respond: { status: 200, body, contentType: XML_CONTENT_TYPE },
	});
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
		const items = await itemsOf({
			parameters: params('promotion', 'getAll', { returnAll: true }),
		});
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
		const items = await itemsOf({ parameters: params('promotion', 'search', search) });
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
