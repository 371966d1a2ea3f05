import type { IDataObject, INodeListSearchResult, INodeParameters } from 'n8n-workflow';

import { DEMO_IDS } from '../../emulator';
import { callMethod, runNode } from '../harness';
import { itemsOf, received, useEmulator } from './setup';

const env = useEmulator();
const { promotions: P, mailings: M } = DEMO_IDS;

const byId = (value: string | number) => ({ __rl: true, mode: 'id', value });
const fromList = (value: string, name?: string) => ({
	__rl: true,
	mode: 'list',
	value,
	cachedResultName: name ?? value,
});
const mailing = (operation: string, extra: IDataObject = {}): INodeParameters =>
	({ resource: 'mailing', operation, ...extra }) as INodeParameters;
/** The weekly digest mailing (250 sent, every outcome populated), picked from the lists. */
const digest = {
	promotionId: fromList(String(P.weeklyDigest), 'Weekly digest'),
	mailingId: fromList(String(M.weeklyDigest)),
};

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;

describe('mailing.getStats', () => {
	test('one item of counters as numbers, links as an array, the extra counter kept', async () => {
		const items = await itemsOf({ parameters: mailing('getStats', digest) });
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json).toEqual({
			promotionId: P.weeklyDigest,
			promotionName: 'Weekly digest',
			mailingId: M.weeklyDigest,
			subject: 'Weekly digest: this week on the blog',
			startedSend: expect.stringMatching(ISO),
			finishedSend: expect.stringMatching(ISO),
			allAudience: false,
			sent: 250,
			views: 120,
			untraced: 10,
			clicked: 40,
			links: [
				{
					id: expect.any(Number),
					url: 'https://blog.example.com/this-week',
					clicks: '52',
					uniqueClicks: '31',
				},
				{
					id: expect.any(Number),
					url: 'https://blog.example.com/archive?page=2&sort=new',
					clicks: '14',
					uniqueClicks: '9',
				},
				{
					id: expect.any(Number),
					url: 'https://events.example.com/meetup',
					clicks: '4',
					uniqueClicks: '4',
				},
			],
			forwarded: 2,
			bounced: 5,
			unsubscribed: 3,
			abused: 1,
			// views and clicked as a percentage of sent: 120 and 40 of 250
			openRate: 48,
			clickRate: 16,
		});
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/promotions/3/mailings/34.xml', params: {} },
			{ method: 'GET', path: '/promotions/search.xml', params: { id: '3' } },
		]);
	});

	test('a mailing with one link or none: links is still an array', async () => {
		const { items } = await runNode(
			{
				parameters: mailing('getStats', {
					promotionId: byId('={{ $json.p }}'),
					mailingId: byId('={{ $json.m }}'),
				}),
			},
			[
				{ json: { p: P.productUpdate, m: M.productUpdate } },
				{ json: { p: String(P.springSale), m: String(M.springSaleSecond) } },
			],
		);
		expect(items.map((i) => [i.json.mailingId, i.json.links, i.pairedItem])).toEqual([
			[
				M.productUpdate,
				[
					{
						id: expect.any(Number),
						url: 'https://example.com/changelog',
						clicks: '2',
						uniqueClicks: '2',
					},
				],
				{ item: 0 },
			],
			[M.springSaleSecond, [], { item: 1 }],
		]);
	});

	test('a mailing not sent yet: all counters 0', async () => {
		const { items } = await runNode({
			parameters: mailing('getStats', {
				promotionId: byId('5'),
				mailingId: byId(String(M.summerLaunchUnsent)),
			}),
		});
		expect(items[0].json).toMatchObject({
			sent: 0,
			views: 0,
			clicked: 0,
			abused: 0,
			links: [],
			startedSend: null,
			openRate: null,
			clickRate: null,
		});
	});

	test.each([
		['promotionId', 'abc', 'The field "Promotion" is not a valid promotion ID: "abc"'],
		['promotionId', '-3', 'The field "Promotion" is not a valid promotion ID: "-3"'],
		['mailingId', '3.5', 'The field "Mailing" is not a valid mailing ID: "3.5"'],
		['mailingId', '0', 'The field "Mailing" is not a valid mailing ID: "0"'],
		['mailingId', '34; drop', 'The field "Mailing" is not a valid mailing ID: "34; drop"'],
		[
			'mailingId',
			'99999999999999999999',
			'The field "Mailing" is not a valid mailing ID: "99999999999999999999"',
		],
	])('a mapped %s of %j is refused before any request', async (field, v, message) => {
		const parameters = mailing('getStats', { ...digest, [field]: byId('={{ $json.v }}') });
		const { error } = await runNode({ parameters }, [{ json: { v } }]);
		expect(error?.message).toBe(message);
		expect(env.emulator.requests).toHaveLength(0);
	});
});

describe('mailing.getRecipients', () => {
	test('Return All: 250 sent recipients at 100 a page in 3 requests, typed and paired', async () => {
		const items = await itemsOf({
			parameters: mailing('getRecipients', {
				...digest,
				outcome: 'sent',
				returnAll: true,
				options: { parallelPageReads: 1 },
			}),
		});
		expect(items).toHaveLength(250);
		expect(received(env.emulator)).toEqual(
			['1', '2', '3'].map((page) => ({
				method: 'GET',
				path: '/promotions/3/mailings/34/sent.xml',
				params: { page, per_page: '100' },
			})),
		);
		expect(items[0].json).toEqual({
			email: 'ann.archer@example.com',
			firstName: 'Ann',
			lastName: 'Archer',
			createdAt: expect.stringMatching(ISO),
			promotionId: P.weeklyDigest,
			mailingId: M.weeklyDigest,
			outcome: 'sent',
		});
		const stored = env.emulator.store.getMailing(P.weeklyDigest, M.weeklyDigest)!.recipients.sent;
		expect(items.map((i) => i.json.email)).toEqual(stored.map((r) => r.email));
		expect(new Date(String(items[0].json.createdAt)).getTime()).toBe(
			Math.floor(stored[0].at / 1000) * 1000,
		);
		expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	test.each([
		[30, [['1', '30']]],
		[
			150,
			[
				['1', '100'],
				['2', '100'],
			],
		],
	])('Limit %i asks for the pages %j and no more', async (limit, pages) => {
		const { items } = await runNode({
			parameters: mailing('getRecipients', { ...digest, outcome: 'sent', returnAll: false, limit }),
		});
		expect(items).toHaveLength(limit);
		expect(received(env.emulator).map((r) => [r.params.page, r.params.per_page])).toEqual(pages);
		expect(
			received(env.emulator).every((r) => r.path === '/promotions/3/mailings/34/sent.xml'),
		).toBe(true);
	});

	test.each([
		['sent', 'sent', 250, 3, 'sent'],
		['read', 'read', 120, 2, 'views'],
		['clickedThru', 'clicked_thru', 40, 1, 'clicked'],
		['optOut', 'opt_out', 3, 1, 'unsubscribed'],
		['bounced', 'bounced', 5, 1, 'bounced'],
		['forwarded', 'forwarded', 2, 1, 'forwarded'],
		['abused', 'abused', 1, 1, 'abused'],
		['unopened', 'unopened', 10, 1, 'untraced'],
	])(
		'outcome %s reads %s.xml: %i recipients in %i request(s), the outcome named as the statistics name it (%s)',
		async (outcome, path, count, requests, counter) => {
			const items = await itemsOf({
				parameters: mailing('getRecipients', {
					...digest,
					outcome,
					returnAll: true,
					options: { parallelPageReads: 1 },
				}),
			});
			expect(items).toHaveLength(count);
			expect(items.every((i) => i.json.outcome === counter)).toBe(true);
			// the counter of Get Stats with the same name holds the same number
			const stats = env.emulator.store.getMailing(P.weeklyDigest, M.weeklyDigest)!
				.stats as unknown as Record<string, number>;
			expect(stats[counter]).toBe(count);
			expect(env.emulator.requests).toHaveLength(requests);
			expect(
				env.emulator.requests.every(
					(r) => r.rawPath === `/promotions/3/mailings/34/${path}.xml` && r.method === 'GET',
				),
			).toBe(true);
			const stored = env.emulator.store.getMailing(P.weeklyDigest, M.weeklyDigest)!.recipients;
			expect(items.map((i) => i.json.email)).toEqual(
				stored[path as keyof typeof stored].map((r) => r.email),
			);
		},
	);

	test('no recipients for an outcome: no items', async () => {
		const items = await itemsOf({
			parameters: mailing('getRecipients', {
				promotionId: byId('6'),
				mailingId: byId('36'),
				outcome: 'read',
				returnAll: true,
			}),
		});
		expect(items).toEqual([]);
		expect(env.emulator.requests).toHaveLength(1);
	});
});

describe('mailing.getLinks', () => {
	test('one item per link of the mailing, URLs decoded', async () => {
		const items = await itemsOf({ parameters: mailing('getLinks', digest) });
		expect(items.map((i) => i.json)).toEqual([
			{
				id: expect.any(Number),
				url: 'https://blog.example.com/this-week',
				clicks: '52',
				uniqueClicks: '31',
				promotionId: 3,
				mailingId: 34,
			},
			{
				id: expect.any(Number),
				url: 'https://blog.example.com/archive?page=2&sort=new',
				clicks: '14',
				uniqueClicks: '9',
				promotionId: 3,
				mailingId: 34,
			},
			{
				id: expect.any(Number),
				url: 'https://events.example.com/meetup',
				clicks: '4',
				uniqueClicks: '4',
				promotionId: 3,
				mailingId: 34,
			},
		]);
		expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/promotions/3/mailings/34/clicked.xml', params: {} },
		]);
	});

	test('a mailing without links gives no items, whichever empty form the service sends', async () => {
		const items = await itemsOf(
			{ parameters: mailing('getLinks', { promotionId: byId('2'), mailingId: byId('33') }) },
			[{ json: {} }, { json: {} }],
		);
		expect(items).toEqual([]);
		expect(env.emulator.requests).toHaveLength(2);
	});
});

describe('an unknown promotion or mailing: the blank 404 becomes a clear message', () => {
	test.each([
		['getStats', 3, 32, {}],
		['getStats', 4242, 34, {}],
		['getRecipients', 3, 77, { outcome: 'clickedThru', returnAll: true }],
		['getLinks', 2, 34, {}],
	])('%s of promotion %i, mailing %i', async (operation, p, m, extra) => {
		const { error } = await runNode({
			parameters: mailing(operation, {
				promotionId: byId(String(p)),
				mailingId: byId(String(m)),
				...extra,
			}),
		});
		expect(error?.message).toBe(
			`Mad Mimi has no promotion ${p} with a mailing ${m}: check the promotion ID and mailing ID`,
		);
		// the user's words, not the API path, and no key
		expect(JSON.stringify({ m: error?.message, d: error?.description })).not.toMatch(
			/\/promotions\/|demo-key/,
		);
		expect(env.emulator.requests.map((r) => r.status)).toEqual([404]);
	});
});

describe('the mailing resource locator: "From list"', () => {
	test('lists the mailings of the chosen promotion, newest first, with their start', async () => {
		const result = (await callMethod(
			'listSearch',
			'searchMailings',
			mailing('getStats', { promotionId: fromList('2', 'Spring sale') }),
		)) as INodeListSearchResult;
		expect(result.results.map((r) => r.value)).toEqual(['33', '32']);
		// the subject people recognise, when it was sent, then the ID
		for (const r of result.results)
			expect(r.name).toMatch(
				/^.+: sent \d{4}-\d{2}-\d{2} \d{2}:\d{2} (UTC|[+-]\d{2}:\d{2}) \(mailing 3[23]\)$/,
			);
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/promotions/search.xml', params: { id: '2' } },
		]);
	});

	test('a promotion typed by ID; a mailing not sent yet says so; the filter narrows the list', async () => {
		const unsent = (await callMethod(
			'listSearch',
			'searchMailings',
			mailing('getRecipients', { promotionId: byId('5') }),
		)) as INodeListSearchResult;
		expect(unsent.results).toEqual([
			{ name: 'Summer launch: not sent yet (mailing 35)', value: '35' },
		]);
		const filtered = (await callMethod(
			'listSearch',
			'searchMailings',
			mailing('getLinks', { promotionId: byId('20') }),
			'39',
		)) as INodeListSearchResult;
		expect(filtered.results.map((r) => r.value)).toEqual(['39']);
		const none = (await callMethod(
			'listSearch',
			'searchMailings',
			mailing('getLinks', { promotionId: byId('9') }),
		)) as INodeListSearchResult;
		expect(none.results).toEqual([]);
	});

	test('without a promotion, or with an unknown one, the editor gets a clear message', async () => {
		await expect(
			callMethod(
				'listSearch',
				'searchMailings',
				mailing('getStats', { promotionId: fromList('') }),
			),
		).rejects.toThrow('Choose a promotion first');
		await expect(
			callMethod('listSearch', 'searchMailings', mailing('getStats', { promotionId: byId('x1') })),
		).rejects.toThrow('The field "Promotion" is not a valid promotion ID: "x1"');
		await expect(
			callMethod(
				'listSearch',
				'searchMailings',
				mailing('getStats', { promotionId: byId('={{ $json.p }}') }),
			),
		).rejects.toThrow('The mailings cannot be listed for a promotion given by an expression');
		expect(env.emulator.requests).toHaveLength(0);
		await expect(
			callMethod('listSearch', 'searchMailings', mailing('getStats', { promotionId: byId('999') })),
		).rejects.toThrow('Mad Mimi has no promotion 999');
	});

	test('the promotion list of the mailing operations is the same search', async () => {
		const result = (await callMethod(
			'listSearch',
			'searchPromotions',
			mailing('getStats'),
			'digest',
		)) as INodeListSearchResult;
		expect(result.results).toEqual([{ name: 'Weekly digest', value: '3' }]);
	});
});
