/**
 * Reading promotions: Get Many's pages and typed records, Search by text, name, ID and date range
 * (dates in the workflow time zone), and the transactional count of a day. Saving, trashing and
 * picking a promotion: promotionWrite.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';
import { getGlobalState, setGlobalState } from 'n8n-workflow';

import { DEMO_IDS } from '../../emulator';
import { runNode } from '../harness';
import { itemsOf, received, refusedBeforeAnyRequest, useEmulator } from './setup';
import { byId, fromList, promotion } from './promotionSupport';

const env = useEmulator();
const { promotions: P, mailings: M, promotionCount } = DEMO_IDS;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;

/** Runs `fn` with the workflows' default time zone set to `timeZone` (as n8n's GENERIC_TIMEZONE). */
async function inTimeZone<T>(timeZone: string, fn: () => Promise<T>): Promise<T> {
	const saved = getGlobalState();
	setGlobalState({ ...saved, defaultTimezone: timeZone });
	try {
		return await fn();
	} finally {
		setGlobalState(saved);
	}
}

describe('promotion.getAll', () => {
	test('one page at a time (Parallel Page Reads 1): the pages of 20 until a short one, 25 promotions in 2 requests, newest first as the service lists them', async () => {
		const items = await itemsOf({
			parameters: promotion('getAll', { returnAll: true, options: { parallelPageReads: 1 } }),
		});
		expect(items).toHaveLength(promotionCount);
		expect(items.map((i) => i.json.id)).toEqual(
			Array.from({ length: promotionCount }, (_, i) => promotionCount - i),
		);
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/promotions.xml', params: { page: '1' } },
			{ method: 'GET', path: '/promotions.xml', params: { page: '2' } },
		]);
		expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	test('each promotion is typed: numbers, booleans, ISO dates, mailings always an array', async () => {
		const { items } = await runNode({ parameters: promotion('getAll', { returnAll: true }) });
		const byIdMap = new Map(items.map((i) => [i.json.id as number, i.json]));
		for (const p of byIdMap.values()) {
			expect(Array.isArray(p.mailings)).toBe(true);
			expect(String(p.updatedAt)).toMatch(ISO);
			expect(typeof p.hidden).toBe('boolean');
		}
		// the 2011 record in the legacy date form: the same instant
		const winter = byIdMap.get(P.winterClearance)!;
		expect(new Date(String(winter.updatedAt)).getTime()).toBe(Date.UTC(2011, 1, 14, 14, 59, 5));
		expect(winter.name).toBe('Winter clearance 2010');
		expect((winter.mailings as IDataObject[]).map((m) => m.id)).toEqual([M.winterClearance]);
		// extra attributes the spec does not list are kept
		expect(byIdMap.get(7)).toMatchObject({
			hidden: true,
			thumbnail: expect.stringMatching(/^https:\/\//),
		});
		// a mailing not sent yet: empty started/finished send
		expect(byIdMap.get(P.summerLaunch)!.mailings).toEqual([
			{
				id: M.summerLaunchUnsent,
				subject: 'Summer launch',
				count: 0,
				startedSend: null,
				finishedSend: null,
			},
		]);
		// two mailings, dates as ISO 8601 with the instant kept
		const spring = byIdMap.get(P.springSale)!.mailings as IDataObject[];
		expect(spring.map((m) => m.id)).toEqual([M.springSaleFirst, M.springSaleSecond]);
		const stored = env.emulator.store.getMailing(P.springSale, M.springSaleFirst)!;
		expect(new Date(String(spring[0].startedSend)).getTime()).toBe(
			Math.floor(stored.startedSend! / 1000) * 1000,
		);
		// promotions without mailings: an empty array, whichever empty form the service used
		expect(byIdMap.get(9)!.mailings).toEqual([]);
		expect(byIdMap.get(10)!.mailings).toEqual([]);
	});

	test('Limit 5 asks for one page only', async () => {
		const { items } = await runNode({
			parameters: promotion('getAll', { returnAll: false, limit: 5 }),
		});
		expect(items.map((i) => i.json.id)).toEqual([25, 24, 23, 22, 21]);
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/promotions.xml', params: { page: '1' } },
		]);
	});

	test('Limit 20 needs one page; Limit 21 needs two', async () => {
		const twenty = await runNode({
			parameters: promotion('getAll', {
				returnAll: false,
				limit: 20,
				options: { parallelPageReads: 1 },
			}),
		});
		expect(twenty.items).toHaveLength(20);
		expect(env.emulator.requests).toHaveLength(1);
		env.emulator.clearRequests();
		const more = await runNode({
			parameters: promotion('getAll', {
				returnAll: false,
				limit: 21,
				options: { parallelPageReads: 1 },
			}),
		});
		expect(more.items.map((i) => i.json.id)).toEqual(
			Array.from({ length: 21 }, (_, i) => promotionCount - i),
		);
		expect(env.emulator.requests.map((r) => r.params.page)).toEqual(['1', '2']);
	});

	test('exactly 40 promotions: the third page comes back empty and ends the reading', async () => {
		for (let i = 0; i < 15; i++) env.emulator.store.addPromotion(`Extra ${i + 1}`);
		const { items } = await runNode({
			parameters: promotion('getAll', { returnAll: true, options: { parallelPageReads: 1 } }),
		});
		expect(items).toHaveLength(40);
		expect(env.emulator.requests.map((r) => r.params.page)).toEqual(['1', '2', '3']);
	});

	test('an account without promotions gives no items', async () => {
		env.emulator.reset('empty');
		const items = await itemsOf({
			parameters: promotion('getAll', { returnAll: true }),
		});
		expect(items).toEqual([]);
		expect(env.emulator.requests).toHaveLength(1);
	});
});

describe('promotion.search', () => {
	test('by a text in the name: case-insensitive, API promotions left out', async () => {
		const items = await itemsOf({
			parameters: promotion('search', { searchBy: 'query', query: 'SALE' }),
		});
		expect(items.map((i) => i.json.name)).toEqual(['Flash sale: 24 hours', 'Spring sale']);
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/promotions/search.xml', params: { query: 'SALE' } },
		]);
		expect(items[1].json.mailings).toHaveLength(2);
	});

	test('"Include API Promotions" sends api_mailings=true', async () => {
		const without = await runNode({
			parameters: promotion('search', { searchBy: 'query', query: 'receipt' }),
		});
		expect(without.items).toEqual([]);
		const { items } = await runNode({
			parameters: promotion('search', {
				searchBy: 'query',
				query: 'receipt',
				options: { includeApiMailings: true },
			}),
		});
		expect(items.map((i) => [i.json.id, i.json.name, i.json.mailings])).toEqual([
			[P.apiReceipt, 'API: Receipt', []],
		]);
		expect(env.emulator.requests[1].params).toEqual({ query: 'receipt', api_mailings: 'true' });
	});

	test('by exact name, parentheses and all; the case counts', async () => {
		const { items } = await runNode({
			parameters: promotion('search', { searchBy: 'name', name: 'Product update (June)' }),
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			id: P.productUpdate,
			name: 'Product update (June)',
			mailings: [{ id: M.productUpdate }],
		});
		expect(env.emulator.requests[0].params).toEqual({ name: 'Product update (June)' });
		const lower = await runNode({
			parameters: promotion('search', { searchBy: 'name', name: 'product update (june)' }),
		});
		expect(lower.items).toEqual([]);
	});

	test('by ID: picked from the list or typed', async () => {
		const picked = await runNode({
			parameters: promotion('search', {
				searchBy: 'id',
				promotionId: fromList('3', 'Weekly digest'),
			}),
		});
		expect(picked.items.map((i) => i.json.name)).toEqual(['Weekly digest']);
		const typed = await runNode({
			parameters: promotion('search', { searchBy: 'id', promotionId: byId(' 6 ') }),
		});
		expect(typed.error?.message).toMatch(/promotion ID is a whole number/);
		const mapped = await runNode(
			{ parameters: promotion('search', { searchBy: 'id', promotionId: byId('={{ $json.id }}') }) },
			[{ json: { id: 6 } }],
		);
		expect(mapped.items.map((i) => i.json.id)).toEqual([P.productUpdate]);
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/promotions/search.xml', params: { id: '3' } },
			{ method: 'GET', path: '/promotions/search.xml', params: { id: '6' } },
		]);
	});

	test('an unknown ID finds nothing (no items, no error)', async () => {
		const items = await itemsOf({
			parameters: promotion('search', { searchBy: 'id', promotionId: byId('999') }),
		});
		expect(items).toEqual([]);
	});

	test('by date range: sent as YYYY-MM-DD hh:mm:ss with date=1, promotions changed in it', async () => {
		await inTimeZone('UTC', async () => {
			const store = env.emulator.store;
			const from = new Date(Math.floor(store.promotions.get(10)!.updatedAt / 1000) * 1000);
			const to = new Date(Math.floor(store.promotions.get(12)!.updatedAt / 1000) * 1000);
			// the date picker gives a wall-clock time without offset
			const naive = (d: Date) => d.toISOString().slice(0, 19);
			const items = await itemsOf({
				parameters: promotion('search', {
					searchBy: 'dateRange',
					fromDate: naive(from),
					toDate: naive(to),
				}),
			});
			expect(items.map((i) => i.json.id)).toEqual([12, 11, 10]);
			const sql = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
			expect(received(env.emulator)).toEqual([
				{
					method: 'GET',
					path: '/promotions/search.xml',
					params: { date: '1', from_date: sql(from), to_date: sql(to) },
				},
			]);
		});
	});

	test('dates are sent in the workflow time zone', async () => {
		await inTimeZone('Asia/Kolkata', async () => {
			await runNode({
				parameters: promotion('search', {
					searchBy: 'dateRange',
					fromDate: '2024-06-01T09:30:00',
					toDate: '2024-06-02T00:00:00Z',
					options: { includeApiMailings: true },
				}),
			});
		});
		expect(env.emulator.requests[0].params).toEqual({
			date: '1',
			from_date: '2024-06-01 09:30:00',
			to_date: '2024-06-02 05:30:00',
			api_mailings: 'true',
		});
	});

	const v = (extra: IDataObject, value: string) => ({
		parameters: promotion('search', extra),
		input: [{ json: { v: value } }],
	});
	const byIdV = { searchBy: 'id', promotionId: byId('={{ $json.v }}') };
	refusedBeforeAnyRequest(env, [
		{
			name: 'an empty search text',
			...v({ searchBy: 'query', query: '={{ $json.v }}' }, '  '),
			message: 'The field "Search Text" is empty',
		},
		{
			name: 'an empty name',
			...v({ searchBy: 'name', name: '={{ $json.v }}' }, ''),
			message: 'The field "Name" is empty',
		},
		{
			name: 'an ID of letters',
			...v(byIdV, 'abc'),
			message: 'The field "Promotion" is not a valid promotion ID: "abc"',
		},
		{
			name: 'an ID 0',
			...v(byIdV, '0'),
			message: 'The field "Promotion" is not a valid promotion ID: "0"',
		},
		{ name: 'an empty ID', ...v(byIdV, ''), message: 'The field "Promotion" is empty' },
		{
			name: 'a From that is no date',
			...v(
				{ searchBy: 'dateRange', fromDate: '={{ $json.v }}', toDate: '2024-06-01T00:00:00' },
				'soon',
			),
			message: /^The field "From" is not a date n8n can read/,
		},
		{
			name: '"To" before "From"',
			...v(
				{ searchBy: 'dateRange', fromDate: '2024-06-02T00:00:00', toDate: '2024-06-01T00:00:00' },
				'',
			),
			message: 'The field "To" is before "From"',
			description: 'swap them',
		},
	]);
});

describe('promotion.getTransactionalCount', () => {
	const [june3, june4] = DEMO_IDS.transactional;

	test('the count of a day, with the day sent as YYYY-MM-DD', async () => {
		const items = await itemsOf({
			parameters: promotion('getTransactionalCount', {
				promotionName: june4.promotionName,
				date: '2024-06-04T00:00:00',
			}),
		});
		expect(items.map((i) => [i.json, i.pairedItem])).toEqual([
			[{ promotionName: 'API: Receipt', date: '2024-06-04', count: june4.count }, { item: 0 }],
		]);
		expect(received(env.emulator)).toEqual([
			{
				method: 'GET',
				path: '/promotions/transactional_count',
				params: { promotion_name: 'API: Receipt', date: '2024-06-04' },
			},
		]);
	});

	test('the day is the one in the workflow time zone', async () => {
		// 02:00 UTC on 4 June is still 3 June in New York
		const { items } = await inTimeZone(
			'America/New_York',
			async () =>
				await runNode({
					parameters: promotion('getTransactionalCount', {
						promotionName: june3.promotionName,
						date: '2024-06-04T02:00:00Z',
					}),
				}),
		);
		expect(items[0].json).toEqual({
			promotionName: 'API: Receipt',
			date: '2024-06-03',
			count: june3.count,
		});
	});

	test('a day without emails counts 0', async () => {
		const { items } = await runNode({
			parameters: promotion('getTransactionalCount', {
				promotionName: 'Weekly digest',
				date: '2024-01-01T12:00:00',
			}),
		});
		expect(items[0].json.count).toBe(0);
	});

	test('an empty name or a date that is not one is refused before any request', async () => {
		const { items } = await runNode(
			{
				parameters: promotion('getTransactionalCount', {
					promotionName: '={{ $json.name }}',
					date: '={{ $json.date }}',
				}),
				continueOnFail: true,
			},
			[
				{ json: { name: '', date: '2024-06-04' } },
				{ json: { name: 'API: Receipt', date: '31/02/2024' } },
				{ json: { name: 'API: Receipt', date: '2024-06-04' } },
			],
		);
		expect(items.map((i) => [i.json.error ?? i.json.count, i.pairedItem])).toEqual([
			['The field "Promotion Name" is empty', { item: 0 }],
			[expect.stringMatching(/^The field "Date" is not a date n8n can read/), { item: 1 }],
			[june4.count, { item: 2 }],
		]);
		expect(env.emulator.requests).toHaveLength(1);
	});
});
