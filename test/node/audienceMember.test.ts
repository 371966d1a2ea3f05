/**
 * Audience Member's reads (a member's lists, the opt-outs since a time, promotion attempts), Count
 * New over any range, Get Many's order by date, the defaults of date fields left empty, and the
 * words a person reads. The
 * imports: audienceMemberImport.test.ts and audienceMemberImportCsv.test.ts.
 */
import { ExecuteContext } from 'n8n-core';
import type { INodeParameters, Logger } from 'n8n-workflow';

import { MadMimi } from '../../nodes/MadMimi/MadMimi.node';
import { DEMO_IDS } from '../../emulator';
import { runNode } from '../harness';
import { itemsOf, received, useEmulator } from './setup';
import { importItems } from './importSupport';
import { member } from './memberSupport';

const env = useEmulator();
const DAY = 86_400_000;

describe('audienceMember reads', () => {
	test('getLists: one item per list the member is on', async () => {
		const items = await itemsOf({
			parameters: member('getLists', { email: 'ann.archer@example.com' }),
		});
		expect(items.map((i) => i.json.name)).toEqual(['Newsletter', 'VIP Customers']);
		expect(items[0].json).toMatchObject({ id: 101, email: 'ann.archer@example.com' });
		expect(env.emulator.requests[0].rawPath).toBe(
			'/audience_members/ann.archer%40example.com/lists.xml',
		);
	});

	test('getLists of a member on no list gives no items', async () => {
		const items = await itemsOf({
			parameters: member('getLists', { email: 'leo.lopez@example.com' }),
		});
		expect(items).toEqual([]);
	});

	test('getLists of an unknown member: the service text, and nothing leaked', async () => {
		const { error } = await runNode({
			parameters: { resource: 'audienceMember', operation: 'getLists', email: 'ghost@example.com' },
		});
		expect(error?.message).toMatch(
			/^Mad Mimi refused the request: (Member )?ghost@example.com does not exist$/,
		);
		expect(JSON.stringify({ m: error?.message, d: error?.description })).not.toContain('demo-key');
	});

	test('getOptedOut: the addresses that opted out since the time, with unix seconds in the path', async () => {
		const since = new Date(Date.now() - 7 * DAY);
		const items = await itemsOf({
			parameters: member('getOptedOut', { since: since.toISOString() }),
		});
		expect(items.map((i) => i.json.email).sort()).toEqual([...DEMO_IDS.optedOut].sort());
		expect(items[0].json.optedOutSince).toBe(since.toISOString().replace(/\.\d{3}Z$/, 'Z'));
		expect(env.emulator.requests[0].rawPath).toBe(
			`/audience_members/suppressed_since/${Math.floor(since.getTime() / 1000)}.txt`,
		);
	});

	test('getOptedOut with none since: no items (the service answers a lone newline)', async () => {
		const items = await itemsOf({
			parameters: member('getOptedOut', { since: new Date().toISOString() }),
		});
		expect(items).toEqual([]);
	});

	test('getPromotionAttempts: one item per mailing sent to the member', async () => {
		const recipient = env.emulator.store.promotions.get(DEMO_IDS.promotions.weeklyDigest)!
			.mailings[0].recipients.sent[0].email;
		const items = await itemsOf({
			parameters: member('getPromotionAttempts', { email: recipient }),
		});
		expect(items.length).toBeGreaterThan(0);
		expect(
			items.find((i) => i.json.promotionId === DEMO_IDS.promotions.weeklyDigest)?.json,
		).toMatchObject({ email: recipient, mailingId: DEMO_IDS.mailings.weeklyDigest });
		// a guessed name that says no type: the text Mad Mimi wrote (parsing/fieldTypes.ts)
		expect(['true', 'false']).toContain(items[0].json.viewed);
		expect(String(items[0].json.sentAt)).toMatch(
			/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/,
		);
	});
});

describe('audienceMember.countNew', () => {
	test('a range within a month: one request, the service count', async () => {
		const end = Date.now();
		const start = end - 20 * DAY;
		const items = await itemsOf({
			parameters: member('countNew', {
				start: new Date(start).toISOString(),
				end: new Date(end).toISOString(),
			}),
		});
		const expected = [...env.emulator.store.members.values()].filter(
			(m) =>
				m.createdAt >= Math.floor(start / 1000) * 1000 &&
				m.createdAt <= Math.floor(end / 1000) * 1000,
		).length;
		expect(items[0].json.count).toBe(expected);
		expect(env.emulator.requests).toHaveLength(1);
		expect(env.emulator.requests[0].params).toEqual({
			start: String(Math.floor(start / 1000)),
			end: String(Math.floor(end / 1000)),
		});
	});

	test('a 90-day range is split into windows the service accepts, and the counts added', async () => {
		const end = Date.now();
		const start = end - 90 * DAY;
		const items = await itemsOf({
			parameters: member('countNew', {
				start: new Date(start).toISOString(),
				end: new Date(end).toISOString(),
			}),
		});
		expect(items[0].json.count).toBe(DEMO_IDS.memberCount);
		expect(env.emulator.requests).toHaveLength(4);
		const windows = env.emulator.requests.map((r) => [
			Number(r.params.start),
			Number(r.params.end),
		]);
		for (let i = 1; i < windows.length; i++) expect(windows[i][0]).toBe(windows[i - 1][1] + 1);
		expect(windows.every(([s, e]) => e - s <= 31 * 86400)).toBe(true);
		expect(env.emulator.requests.every((r) => r.status === 200)).toBe(true);
	});
});

describe('audienceMember.getAll by date: newest first unless asked otherwise', () => {
	const getAll = (extra: object = {}): INodeParameters =>
		({ resource: 'audienceMember', operation: 'getAll', ...extra }) as INodeParameters;

	/** The emails of the members not opted out, newest first, as the store holds them. */
	function newestFirst(): string[] {
		return [...env.emulator.store.members.values()]
			.filter((m) => !m.optedOut)
			.sort((a, b) => b.createdAt - a.createdAt)
			.map((m) => m.email);
	}

	const pagesAsked = () =>
		received(env.emulator).map((r) => {
			expect(r.params).toMatchObject({ order: 'created_at' });
			return Number(r.params.page);
		});

	test.each([
		// the direction of order=created_at is recorded nowhere: the node reads it off the dates
		['oldest first', 'oldestFirst', [1, 4, 3]],
		['newest first', 'newestFirst', [1]],
	] as const)(
		'Limit 3 without Sort By: the 3 added last, someone added a minute ago first, Mad Mimi ordering by date %s',
		async (_name, order, pages) => {
			env.emulator.createdAtOrder = order;
			env.emulator.store.addMember('just.added@example.com', {
				createdAt: env.emulator.store.now() - 60_000,
			});
			const items = await itemsOf({ parameters: getAll({ limit: 3 }) });
			expect(items.map((i) => i.json.email)).toEqual([
				'just.added@example.com',
				...newestFirst().slice(1, 3),
			]);
			expect(newestFirst()[0]).toBe('just.added@example.com');
			// 11 members, 3 a page: from the newest end only (page 1 says which end that is)
			expect(pagesAsked()).toEqual(pages);
			expect(received(env.emulator)[0].params).toMatchObject({ per_page: '3' });
		},
	);

	test('dates in no order (a shuffled answer): every page read and sorted, and a warning logged', async () => {
		env.emulator.createdAtOrder = 'shuffled';
		const warn = jest.fn();
		const logger = {
			warn,
			debug: jest.fn(),
			info: jest.fn(),
			error: jest.fn(),
		} as unknown as Logger;
		jest
			.spyOn(ExecuteContext.prototype, 'logger', 'get')
			.mockReturnValue(logger as unknown as ExecuteContext['logger']);
		const { items, error } = await runNode({ parameters: getAll({ limit: 3 }) });
		jest.restoreAllMocks();
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.email)).toEqual(newestFirst().slice(0, 3));
		expect([...new Set(pagesAsked())].sort()).toEqual([1, 2, 3, 4]);
		expect(warn).toHaveBeenCalledWith(
			expect.stringMatching(/^Mad Mimi's members ordered by created_at came in no order/),
			expect.anything(),
		);
	});

	test.each(['oldestFirst', 'newestFirst', 'shuffled'] as const)(
		'Return All, Mad Mimi serving %s: every member newest first, every page once',
		async (order) => {
			env.emulator.createdAtOrder = order;
			for (let i = 0; i < 240; i++)
				env.emulator.store.addMember(`m${i}@example.com`, {
					createdAt: env.emulator.store.now() - 90 * DAY + i * 60_000,
				});
			const items = await itemsOf({ parameters: getAll({ returnAll: true }) });
			expect(items.map((i) => i.json.email)).toEqual(newestFirst());
			expect(pagesAsked().sort()).toEqual([1, 2, 3]);
		},
	);

	test('Sort By "Date Added (Oldest First)", the value saved workflows hold (created_at): the first added, from the right end', async () => {
		env.emulator.createdAtOrder = 'newestFirst';
		const { items } = await runNode({
			parameters: getAll({ limit: 3, options: { order: 'created_at' } }),
		});
		expect(items.map((i) => i.json.email)).toEqual(newestFirst().reverse().slice(0, 3));
		// 10 members, 3 a page, newest first: the oldest are on the last pages
		expect(pagesAsked()).toEqual([1, 4, 3]);
	});

	test('"Date Added (Newest First)" on one list, opted-out members included', async () => {
		const { items } = await runNode({
			parameters: getAll({
				limit: 2,
				options: { order: 'newestFirst', list: 'Newsletter', includeSuppressed: true },
			}),
		});
		const newsletterKeys = env.emulator.store.lists.get(DEMO_IDS.listNames.newsletter)!.members;
		const newsletter = [...env.emulator.store.members.values()]
			.filter((m) => newsletterKeys.has(m.email.toLowerCase()))
			.sort((a, b) => b.createdAt - a.createdAt)
			.map((m) => m.email);
		expect(items.map((i) => i.json.email)).toEqual(newsletter.slice(0, 2));
		expect(received(env.emulator)[0]).toMatchObject({
			path: '/audience_lists/Newsletter/members.xml',
			params: { order: 'created_at', raw: 'true', per_page: '2' },
		});
	});
});

describe('date fields left empty take the default their hint names', () => {
	test('Get Opted Out without "Since": the last 7 days', async () => {
		const before = Math.floor((Date.now() - 7 * DAY) / 1000);
		await itemsOf({
			parameters: { resource: 'audienceMember', operation: 'getOptedOut' },
		});
		const seconds = Number(
			/suppressed_since\/(\d+)\.txt$/.exec(env.emulator.requests[0].rawPath)![1],
		);
		expect(Math.abs(seconds - before)).toBeLessThanOrEqual(5);
	});

	test('Count New without dates: the 7 days up to now', async () => {
		const items = await itemsOf({
			parameters: { resource: 'audienceMember', operation: 'countNew' },
		});
		const { start, end } = env.emulator.requests[0].params;
		expect(Number(end) - Number(start)).toBe(7 * 86_400);
		expect(Math.abs(Number(end) - Date.now() / 1000)).toBeLessThanOrEqual(5);
		const created = [...env.emulator.store.members.values()].filter(
			(m) =>
				Math.floor(m.createdAt / 1000) >= Number(start) &&
				Math.floor(m.createdAt / 1000) <= Number(end),
		);
		expect(created.length).toBeGreaterThan(0);
		expect(items[0].json.count).toBe(created.length);
	});
});

describe('the notices and messages a person reads', () => {
	test('the import notice names the items left out as a person counts them: the 4th, not "item 3"', async () => {
		const input = [
			'a@example.com',
			'b@example.com',
			'c@example.com',
			'not an address',
			'e@example.com',
		].map((email) => ({ json: { email } }));
		const { hints, error } = await runNode({ parameters: importItems() }, input);
		expect(error).toBeUndefined();
		expect(hints.map((h) => h.message)).toEqual([
			'1 of 5 items were not imported: they have no valid email address (the 4th item). They are in the output with "imported": false and the reason.',
		]);
	});

	test('a new Mad Mimi node on Audience Member opens on Create or Update', () => {
		const operation = new MadMimi().description.properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes('audienceMember'),
		);
		expect(operation?.default).toBe('upsert');
	});
});
