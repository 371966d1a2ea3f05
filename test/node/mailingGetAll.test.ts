import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEMO_IDS } from '../../emulator';
import { runNode } from '../harness';
import { received, useEmulator } from './setup';

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
		const { items, error } = await runNode({
			parameters: mailings({ options: { parallelPageReads: 1 } }),
		});
		expect(error).toBeUndefined();
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
		const { items, error } = await runNode({
			parameters: mailings({ filters: { sentAfter: "={{ $now.minus(7, 'days') }}" } }),
		});
		expect(error).toBeUndefined();
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

	test('one promotion: its mailings from a search by ID, sent and unsent', async () => {
		const { items } = await runNode({
			parameters: mailings({
				filters: { promotionId: { __rl: true, mode: 'id', value: String(P.springSale) } },
			}),
		});
		expect(items.map((i) => i.json.id)).toEqual([M.springSaleFirst, M.springSaleSecond]);
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/promotions/search.xml', params: { id: String(P.springSale) } },
		]);
	});

	test('Limit 3 reads no more pages than needed', async () => {
		const { items } = await runNode({ parameters: mailings({ returnAll: false, limit: 3 }) });
		expect(items).toHaveLength(3);
		expect(env.emulator.requests).toHaveLength(1);
	});

	test('a date that is no date is refused before any request, naming the filter', async () => {
		const { error } = await runNode({
			parameters: mailings({ filters: { sentAfter: '={{ "last tuesday" }}' } }),
		});
		expect(error?.message).toMatch(/^The field "Sent After" is not a date n8n can read/);
		expect(env.emulator.requests).toHaveLength(0);
	});
});

describe('promotion.getAll filters', () => {
	test('"Updated After" / "Updated Before": the promotions changed in that time, every page read', async () => {
		const store = env.emulator.store;
		const ten = store.promotions.get(10)!.updatedAt;
		const twelve = store.promotions.get(12)!.updatedAt;
		const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();
		const { items, error } = await runNode({
			parameters: {
				resource: 'promotion',
				operation: 'getAll',
				returnAll: true,
				filters: { updatedAfter: iso(ten), updatedBefore: iso(twelve) },
				options: { parallelPageReads: 1 },
			} as INodeParameters,
		});
		expect(error).toBeUndefined();
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
