/**
 * Changing promotions: Save (from HTML, plain text or a URL, checked before any request), Trash,
 * and the "From list" locator that picks the promotion, page by page. Reading them:
 * promotionRead.test.ts.
 */
import type { INodeListSearchResult } from 'n8n-workflow';

import { DEMO_IDS } from '../../emulator';
import { callMethod, runNode } from '../harness';
import { answerOnce, itemsOf, received, useEmulator } from './setup';
import { byId, fromList, promotion } from './promotionSupport';

const env = useEmulator();
const { promotions: P, promotionCount } = DEMO_IDS;

describe('promotion.save', () => {
	test('creates a promotion from HTML, then updates it by name with plain text', async () => {
		const name = 'Autumn sale';
		const created = await runNode({
			parameters: promotion('save', {
				promotionName: name,
				contentSource: 'html',
				rawHtml: '<h1>Autumn</h1>[[unsubscribe]]',
				rawPlainText: 'not sent',
			}),
		});
		expect(created.error).toBeUndefined();
		expect(created.items.map((i) => i.json)).toEqual([
			{ success: true, promotionId: 26, promotionName: name },
		]);
		expect(received(env.emulator)).toEqual([
			{
				method: 'POST',
				path: '/promotions/save',
				params: { promotion_name: name, raw_html: '<h1>Autumn</h1>[[unsubscribe]]' },
			},
		]);
		expect(env.emulator.store.promotions.get(26)).toMatchObject({
			name,
			rawHtml: '<h1>Autumn</h1>[[unsubscribe]]',
			rawPlainText: undefined,
		});

		const updated = await runNode({
			parameters: promotion('save', {
				promotionName: name,
				contentSource: 'plainText',
				rawPlainText: 'Autumn!',
			}),
		});
		expect(updated.items[0].json).toEqual({ success: true, promotionId: 26, promotionName: name });
		expect(env.emulator.requests[1].params).toEqual({
			promotion_name: name,
			raw_plain_text: 'Autumn!',
		});
		expect(env.emulator.store.promotions.get(26)).toMatchObject({
			rawHtml: '<h1>Autumn</h1>[[unsubscribe]]',
			rawPlainText: 'Autumn!',
		});
		expect(env.emulator.store.promotionsById()).toHaveLength(promotionCount + 1);
	});

	test('HTML and plain text together, onto an existing promotion', async () => {
		const { items } = await runNode({
			parameters: promotion('save', {
				promotionName: 'Weekly digest',
				contentSource: 'htmlAndPlainText',
				rawHtml: '<p>Hi</p>',
				rawPlainText: 'Hi',
			}),
		});
		expect(items[0].json).toEqual({
			success: true,
			promotionId: P.weeklyDigest,
			promotionName: 'Weekly digest',
		});
		expect(env.emulator.requests[0].params).toEqual({
			promotion_name: 'Weekly digest',
			raw_html: '<p>Hi</p>',
			raw_plain_text: 'Hi',
		});
	});

	test('content from a URL: only the url is sent', async () => {
		const { items } = await runNode({
			parameters: promotion('save', {
				promotionName: 'From the web',
				contentSource: 'url',
				url: 'https://example.com/n.html?a=1&b=2',
				rawHtml: '<p>hidden</p>',
			}),
		});
		expect(items[0].json.promotionId).toBe(26);
		expect(env.emulator.requests[0].params).toEqual({
			promotion_name: 'From the web',
			url: 'https://example.com/n.html?a=1&b=2',
		});
		expect(env.emulator.store.promotions.get(26)?.url).toBe('https://example.com/n.html?a=1&b=2');
	});

	test.each(['Sale (June) (final)', 'Promo (123)', 'Brackets ) ( inside'])(
		'a name with parentheses, %j: the id comes from the last pair',
		async (name) => {
			const { items } = await runNode({
				parameters: promotion('save', {
					promotionName: name,
					contentSource: 'plainText',
					rawPlainText: 'x',
				}),
			});
			expect(items[0].json).toEqual({ success: true, promotionId: 26, promotionName: name });
		},
	);

	test('a save the service does not confirm is an error, not a silent success', async () => {
		answerOnce(env.emulator, undefined, '/promotions/save', 0, 200, 'OK');
		const { error } = await runNode({
			parameters: promotion('save', {
				promotionName: 'X',
				contentSource: 'plainText',
				rawPlainText: 'x',
			}),
		});
		expect(error?.message).toBe('Mad Mimi did not confirm that the promotion was saved');
		expect(error?.description).toContain('"OK"');
	});

	test.each([
		[
			{ contentSource: 'url', url: '={{ $json.v }}' },
			'ftp://example.com/a.html',
			'The field "URL" is not an http or https address: "ftp://example.com/a.html"',
		],
		[
			{ contentSource: 'url', url: '={{ $json.v }}' },
			'example.com/page',
			'The field "URL" is not an http or https address: "example.com/page"',
		],
		[
			{ contentSource: 'url', url: '={{ $json.v }}' },
			'javascript:alert(1)',
			'The field "URL" is not an http or https address: "javascript:alert(1)"',
		],
		[{ contentSource: 'url', url: '={{ $json.v }}' }, ' ', 'The field "URL" is empty'],
		[
			{ contentSource: 'htmlAndPlainText', rawHtml: '<p>x</p>', rawPlainText: '={{ $json.v }}' },
			'',
			'The field "Plain Text" is empty',
		],
	])('%j with %j is refused before any request', async (extra, v, message) => {
		const { error } = await runNode(
			{ parameters: promotion('save', { promotionName: 'Checked', ...extra }) },
			[{ json: { v } }],
		);
		expect(error?.message).toBe(message);
		expect(env.emulator.requests).toHaveLength(0);
	});
});

describe('promotion.trash', () => {
	test('a real PUT on /promotions/{id}/trash; the promotion leaves the account', async () => {
		const items = await itemsOf({
			parameters: promotion('trash', { promotionId: fromList('3', 'Weekly digest') }),
		});
		expect(items.map((i) => [i.json, i.pairedItem])).toEqual([
			[{ trashed: true, promotionId: P.weeklyDigest }, { item: 0 }],
		]);
		const [request] = env.emulator.requests;
		expect([request.method, request.effectiveMethod, request.rawPath]).toEqual([
			'PUT',
			'PUT',
			'/promotions/3/trash',
		]);
		expect(request.form._method).toBeUndefined();
		expect(env.emulator.store.promotions.get(P.weeklyDigest)?.trashed).toBe(true);
		expect(env.emulator.store.promotionsById().map((p) => p.id)).not.toContain(P.weeklyDigest);

		const after = await runNode({ parameters: promotion('getAll', { returnAll: true }) });
		expect(after.items).toHaveLength(promotionCount - 1);
		expect(after.items.map((i) => i.json.id)).not.toContain(P.weeklyDigest);
		const search = await runNode({
			parameters: promotion('search', { searchBy: 'id', promotionId: byId('3') }),
		});
		expect(search.items).toEqual([]);
	});

	test('an unknown promotion: the blank 404 becomes a clear message', async () => {
		const { error } = await runNode({
			parameters: promotion('trash', { promotionId: byId('999') }),
		});
		expect(error?.message).toBe('Mad Mimi has no promotion 999: check the promotion ID');
		expect(error?.description).not.toContain('/promotions/999/trash'); // the user's words, not the API path
		expect(JSON.stringify({ m: error?.message, d: error?.description })).not.toContain('demo-key');
	});
});

describe('the promotion resource locator: "From list"', () => {
	test("lists the account's promotions a page at a time, value = ID, name = promotion name", async () => {
		const first = (await callMethod(
			'listSearch',
			'searchPromotions',
			promotion('trash'),
		)) as INodeListSearchResult;
		expect(first.results).toHaveLength(20);
		// newest first, as the service lists them
		expect(first.results.slice(0, 3)).toEqual([
			{ name: 'Monthly newsletter', value: '25' },
			{ name: 'Re-engagement: we miss you', value: '24' },
			{ name: 'Autumn catalogue', value: '23' },
		]);
		expect(first.paginationToken).toBe('2');

		// the editor asks for the next page with the token it got
		const second = (await callMethod(
			'listSearch',
			'searchPromotions',
			promotion('trash'),
			undefined,
			first.paginationToken,
		)) as INodeListSearchResult;
		expect(second.results.map((r) => r.value)).toEqual(['5', '4', '3', '2', '1']);
		expect(second.paginationToken).toBeUndefined();
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/promotions.xml', params: { page: '1' } },
			{ method: 'GET', path: '/promotions.xml', params: { page: '2' } },
		]);
	});

	test('filters by name in one request, API promotions included', async () => {
		const sale = (await callMethod(
			'listSearch',
			'searchPromotions',
			promotion('trash'),
			'Sale',
		)) as INodeListSearchResult;
		expect(sale).toEqual({
			results: [
				{ name: 'Flash sale: 24 hours', value: '14' },
				{ name: 'Spring sale', value: '2' },
			],
		});
		const receipt = (await callMethod(
			'listSearch',
			'searchPromotions',
			promotion('trash'),
			'receipt',
		)) as INodeListSearchResult;
		expect(receipt.results).toEqual([{ name: 'API: Receipt', value: '4' }]);
		expect(received(env.emulator)).toEqual([
			{
				method: 'GET',
				path: '/promotions/search.xml',
				params: { query: 'Sale', api_mailings: 'true' },
			},
			{
				method: 'GET',
				path: '/promotions/search.xml',
				params: { query: 'receipt', api_mailings: 'true' },
			},
		]);
	});

	test('a trashed promotion is no longer listed', async () => {
		env.emulator.store.promotions.get(2)!.trashed = true;
		const sale = (await callMethod(
			'listSearch',
			'searchPromotions',
			promotion('trash'),
			'sale',
		)) as INodeListSearchResult;
		expect(sale.results.map((r) => r.value)).toEqual(['14']);
	});
});
