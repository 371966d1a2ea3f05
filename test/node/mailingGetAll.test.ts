import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEMO_IDS } from '../../emulator';
import { runNode } from '../harness';
import { itemsOf, nodeParams, received, useEmulator } from './setup';

const env = useEmulator();
const { promotions: P, mailings: M } = DEMO_IDS;
const DAY = 86_400_000;

const mailings = (extra: IDataObject = {}): INodeParameters =>
	({ resource: 'mailing', operation: 'getAll', returnAll: true, ...extra }) as INodeParameters;

/** Every mailing in the store: id, promotion, start (ms, or undefined when not sent). */
function stored() {
	return env.emulator.store.promotionsById().flatMap((p) =>
		p.mailings.map((m) => ({
			id: m.id,
			promotionId: p.id,
			promotionName: p.name,
			startedSend: m.startedSend,
		})),
	);
}

describe('mailing.getAll: what was sent, without a Code node', () => {
	test("every mailing of the account, one item each with its promotion's ID and name, the mailing's ID first", async () => {
		const items = await itemsOf({
			parameters: mailings({ options: { parallelPageReads: 1 } }),
		});
		const all = stored();
		expect(items).toHaveLength(all.length);
		expect(new Set(items.map((i) => i.json.id))).toEqual(new Set(all.map((m) => m.id)));
		const digest = items.find((i) => i.json.id === M.weeklyDigest)!.json;
		expect(Object.keys(digest).slice(0, 3)).toEqual(['id', 'promotionId', 'promotionName']);
		expect(digest).toMatchObject({
			promotionId: P.weeklyDigest,
			promotionName: 'Weekly digest',
			count: 250,
		});
		// the pages of promotions, all of them
		expect(received(env.emulator).map((r) => r.params.page)).toEqual(['1', '2']);
		expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	test('"Sent After" {{ $now.minus(7, \'days\') }}: the mailings of the last 7 days only (not the unsent ones)', async () => {
		const items = await itemsOf({
			parameters: mailings({ filters: { sentAfter: "={{ $now.minus(7, 'days') }}" } }),
		});
		const since = env.emulator.clock.now() - 7 * DAY;
		const expected = stored().filter(
			(m) => m.startedSend !== undefined && Math.floor(m.startedSend / 1000) * 1000 >= since - 1000,
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(stored().length);
		expect(items.map((i) => i.json.id).sort()).toEqual(expected.map((m) => m.id).sort());
		expect(items.map((i) => i.json.id)).not.toContain(M.summerLaunchUnsent);
	});

	test('"Sent Before" a date: the older ones, ISO dates compared as instants whatever their offset', async () => {
		const { items } = await runNode({
			parameters: mailings({ filters: { sentBefore: '2012-01-01T00:00:00Z' } }),
		});
		expect(items.map((i) => i.json.id)).toEqual([M.winterClearance]);
	});

	test('one promotion: its mailings from a search by ID, newest first', async () => {
		const { items } = await runNode({
			parameters: mailings({
				filters: { promotionId: { __rl: true, mode: 'id', value: String(P.springSale) } },
			}),
		});
		expect(items.map((i) => i.json.id)).toEqual([M.springSaleSecond, M.springSaleFirst]);
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/promotions/search.xml', params: { id: String(P.springSale) } },
		]);
	});

	test('Limit 3: every page read, then the 3 that started sending last (the old unsent draft last, not first)', async () => {
		const items = await itemsOf({
			parameters: mailings({ returnAll: false, limit: 3, options: { parallelPageReads: 1 } }),
		});
		expect(items.map((i) => i.json.id)).toEqual([39, 38, M.productUpdate]);
		expect(received(env.emulator).map((r) => r.params.page)).toEqual(['1', '2']);
	});

	test('a date that is no date is refused before any request, naming the filter', async () => {
		const { error } = await runNode({
			parameters: mailings({ filters: { sentAfter: '={{ "last tuesday" }}' } }),
		});
		expect(error?.message).toMatch(/^The field "Sent After" is not a date n8n can read/);
		expect(env.emulator.requests).toHaveLength(0);
	});
});

describe('mailing.getAll: newest first, by when they started sending', () => {
	/** A mailing of the oldest promotion (the last one the service lists), started `ago` ms ago or not yet. */
	function sendAgainOnOldest(ago?: number): number {
		const store = env.emulator.store;
		const startedSend = ago === undefined ? undefined : store.now() - ago;
		return store.addMailing(P.winterClearance, {
			subject: 'Winter clearance: once more',
			unsent: ago === undefined,
			startedSend,
		}).id;
	}

	test('an old promotion sent again: its new mailing comes first with Limit 5, though its promotion is on the last page', async () => {
		const sent = sendAgainOnOldest(60_000);
		// the service lists the promotion last: sending did not move it
		expect(env.emulator.store.promotionsNewestFirst().at(-1)!.id).toBe(P.winterClearance);
		const items = await itemsOf({
			parameters: mailings({ returnAll: false, limit: 5, options: { parallelPageReads: 1 } }),
		});
		expect(items.slice(0, 3).map((i) => i.json.id)).toEqual([sent, 39, 38]);
		expect(items).toHaveLength(5);
		expect(items[0].json).toMatchObject({
			promotionId: P.winterClearance,
			promotionName: 'Winter clearance 2010',
			subject: 'Winter clearance: once more',
		});
		// every page of promotions, the one holding the winter clearance included
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/promotions.xml', params: { page: '1' } },
			{ method: 'GET', path: '/promotions.xml', params: { page: '2' } },
		]);
	});

	test('a send just accepted, not started yet, comes first of all; an unsent draft older than the last send comes last', async () => {
		const queued = sendAgainOnOldest();
		expect(queued).toBeGreaterThan(M.summerLaunchUnsent);
		const { items } = await runNode({ parameters: mailings({ returnAll: true }) });
		expect(items.slice(0, 2).map((i) => i.json.id)).toEqual([queued, 39]);
		expect(items[0].json.startedSend).toBeNull();
		expect(items.at(-1)!.json.id).toBe(M.summerLaunchUnsent);
	});

	test('Return All: every mailing ordered by its start, newest first; the same second, the higher ID first', async () => {
		const store = env.emulator.store;
		const at = store.getMailing(20, 39)!.startedSend!;
		const twin = store.addMailing(P.springSale, { startedSend: at, finishedSend: at + 1000 }).id;
		const items = await itemsOf({ parameters: mailings() });
		// the demo account's only unsent mailing is older than the last send: a draft, last
		const expected = stored()
			.sort(
				(a, b) =>
					(b.startedSend ?? -Infinity) - (a.startedSend ?? -Infinity) ||
					Number(b.id) - Number(a.id),
			)
			.map((m) => m.id);
		expect(expected.indexOf(twin)).toBe(expected.indexOf(39) - 1);
		expect(items.map((i) => i.json.id)).toEqual(expected);
		const starts = items.map((i) => Date.parse(String(i.json.startedSend)));
		expect(Number.isNaN(starts.at(-1)!)).toBe(true);
		expect(starts.slice(0, -1)).toEqual([...starts.slice(0, -1)].sort((a, b) => b - a));
	});

	test('one promotion with "Sent After": its mailings that started since, newest first, then the Limit', async () => {
		const older = sendAgainOnOldest(5 * DAY);
		const newer = sendAgainOnOldest(DAY);
		sendAgainOnOldest();
		const { items } = await runNode({
			parameters: mailings({
				returnAll: false,
				limit: 1,
				filters: {
					promotionId: { __rl: true, mode: 'id', value: String(P.winterClearance) },
					sentAfter: "={{ $now.minus(7, 'days') }}",
				},
			}),
		});
		expect(items.map((i) => i.json.id)).toEqual([newer]);
		const all = await runNode({
			parameters: mailings({
				filters: {
					promotionId: { __rl: true, mode: 'id', value: String(P.winterClearance) },
					sentAfter: "={{ $now.minus(7, 'days') }}",
				},
			}),
		});
		expect(all.items.map((i) => i.json.id)).toEqual([newer, older]);
		expect(received(env.emulator).map((r) => r.path)).toEqual([
			'/promotions/search.xml',
			'/promotions/search.xml',
		]);
	});
});

describe('promotion.getAll filters', () => {
	test('"Updated After" / "Updated Before": the promotions changed in that time, every page read', async () => {
		const store = env.emulator.store;
		const ten = store.promotions.get(10)!.updatedAt;
		const twelve = store.promotions.get(12)!.updatedAt;
		const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();
		const items = await itemsOf({
			parameters: nodeParams('promotion', 'getAll', {
				returnAll: true,
				filters: { updatedAfter: iso(ten), updatedBefore: iso(twelve) },
				options: { parallelPageReads: 1 },
			}),
		});
		const expected = store
			.promotionsById()
			.filter(
				(p) =>
					p.updatedAt >= Math.floor(ten / 1000) * 1000 &&
					Math.floor(p.updatedAt / 1000) * 1000 <= Math.floor(twelve / 1000) * 1000,
			)
			.map((p) => p.id);
		expect(items.map((i) => i.json.id).sort((a, b) => Number(a) - Number(b))).toEqual(expected);
		expect(env.emulator.requests).toHaveLength(2);
	});
});
