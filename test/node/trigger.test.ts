import { PollContext } from 'n8n-core';
import type { IDataObject, Logger } from 'n8n-workflow';

import type { FaultRule } from '../../emulator';
import { WRONG_CREDENTIALS } from '../../emulator';
import { PollingWorkflow, setCredentials } from '../harness';
import { useEmulator } from './setup';
import { rng } from '../../emulator/random';

const env = useEmulator();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The simulated time of n8n (Date.now) and of the service (the emulator's clock). */
const clock = {
	n8n: Date.UTC(2026, 0, 1, 8),
	skewMs: 0,
	set(n8nMs: number) {
		this.n8n = n8nMs;
		env.emulator.clock.set(n8nMs - this.skewMs);
	},
	advance(ms: number) {
		this.set(this.n8n + ms);
	},
	/** The service's time now. */
	get service() {
		return this.n8n - this.skewMs;
	},
};

beforeEach(() => {
	clock.skewMs = 0;
	jest.spyOn(Date, 'now').mockImplementation(() => clock.n8n);
	clock.set(Date.UTC(2026, 0, 1, 8));
	env.emulator.reset('empty');
});

afterEach(() => {
	jest.restoreAllMocks();
	env.emulator.clock.useRealTime();
});

const iso = (ms: number) =>
	new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
/** An output date, as the instant it names (the service writes the same instant with varying offsets). */
const instant = (value: unknown) => iso(Date.parse(String(value)));
const trigger = (event: string, extra: IDataObject = {}) =>
	new PollingWorkflow({ event, ...extra });
const onList = (value: string) => ({ list: { __rl: true, mode: 'list', value } });
const emails = (result: { items: Array<{ json: IDataObject }> | null }) =>
	result.items?.map((i) => i.json.email) ?? null;
const requestPaths = () =>
	env.emulator.requests.map((r) => `${r.path}${r.params.page ? ` page ${r.params.page}` : ''}`);

/** A trigger's place as n8n saves it: in the workflow's global static data, under the node's ID. */
function placeOf(w: PollingWorkflow): {
	version: number;
	cursors: Record<string, { checkedAt: number; emitted: IDataObject }>;
} {
	const places = (w.savedStaticData().global as IDataObject | undefined)?.madMimiTrigger as
		| IDataObject
		| undefined;
	return places?.[w.node.id] as never;
}

describe('every event: the first activation emits nothing old, and checks the credentials at once', () => {
	test.each([
		['memberOptedOut', {}],
		['newMember', {}],
		['memberAddedToList', onList('Newsletter')],
		['mailingSent', {}],
	])('%s', async (event, extra) => {
		env.emulator.store.addMember('old@example.com', {
			createdAt: clock.service - DAY,
			lists: ['Newsletter'],
		});
		env.emulator.store.optOut('old@example.com', clock.service - HOUR);
		const promotion = env.emulator.store.addPromotion('Old news');
		env.emulator.store.addMailing(promotion.id, { startedSend: clock.service - 2 * HOUR });
		const w = trigger(event, extra);
		expect(await w.poll('trigger', 'activate')).toEqual({ items: null });
		// what one check asks, once: one page of a small account
		expect(env.emulator.requests).toHaveLength(1);
		const key = event === 'memberAddedToList' ? 'memberAddedToList:Newsletter' : event;
		expect(placeOf(w)).toEqual({
			version: 2,
			cursors: { [key]: { checkedAt: Math.floor(clock.n8n / 1000), emitted: {} } },
			savedAt: Math.floor(clock.n8n / 1000),
		});
		clock.advance(HOUR);
		expect(await w.poll()).toEqual({ items: null });
	});

	test('wrong credentials fail the activation clearly, without the key, and store nothing', async () => {
		await setCredentials({ ...WRONG_CREDENTIALS, baseUrl: env.emulator.baseUrl });
		const w = trigger('newMember');
		const result = await w.poll('trigger', 'activate');
		expect(result.error?.message).toBe('Mad Mimi rejected the credentials');
		expect(result.error?.description).not.toContain(WRONG_CREDENTIALS.apiKey);
		expect(JSON.stringify(w.savedStaticData())).not.toContain('cursors');
	});

	test('a list the account lacks fails the activation of Member Added to List, naming it', async () => {
		const result = await trigger('memberAddedToList', onList('Newsleter')).poll(
			'trigger',
			'activate',
		);
		expect(result.error?.message).toBe('Mad Mimi has no list named "Newsleter"');
	});
});

/**
 * One event of each kind made to happen in Mad Mimi at the service's time `at`, named by `tag`;
 * returns what identifies its item (`identify`).
 */
const HAPPEN: Record<string, (tag: string, at: number) => string> = {
	memberOptedOut: (tag, at) => {
		env.emulator.store.addMember(`${tag}@example.com`, { createdAt: at - DAY });
		env.emulator.store.optOut(`${tag}@example.com`, at);
		return `${tag}@example.com`;
	},
	newMember: (tag, at) =>
		env.emulator.store.addMember(`${tag}@example.com`, { createdAt: at }).email,
	memberAddedToList: (tag, at) => {
		env.emulator.store.addMember(`${tag}@example.com`, { createdAt: at - DAY });
		env.emulator.store.joinList(
			env.emulator.store.lists.get('Newsletter')!,
			`${tag}@example.com`,
			at,
		);
		return `${tag}@example.com`;
	},
	mailingSent: (tag, at) =>
		String(
			env.emulator.store.addMailing(env.emulator.store.addPromotion(tag).id, {
				startedSend: at - MINUTE,
				finishedSend: at,
			}).id,
		),
};
const EVENTS = Object.keys(HAPPEN).map(
	(event) => [event, event === 'memberAddedToList' ? onList('Newsletter') : {}] as const,
);
const identify = (
	event: string,
	result: { items: Array<{ json: IDataObject }> | null; error?: Error },
) => {
	expect(result.error).toBeUndefined();
	return result.items?.map((i) => String(event === 'mailingSent' ? i.json.id : i.json.email)) ?? [];
};

describe('the trigger keeps its place', () => {
	// the list Member Added to List watches
	beforeEach(() => void env.emulator.store.createList('Newsletter'));

	test.each(EVENTS)(
		'%s: a new trigger emits nothing from before it was published, even within the Safety Margin, and what comes after once',
		async (event, extra) => {
			HAPPEN[event]('before', clock.service - 2 * MINUTE);
			const w = trigger(event, extra);
			expect(await w.poll('trigger', 'activate')).toEqual({ items: null });
			clock.advance(MINUTE);
			const after = HAPPEN[event]('after', clock.service - 10_000);
			expect(identify(event, await w.poll())).toEqual([after]);
			clock.advance(MINUTE);
			expect(identify(event, await w.poll())).toEqual([]);
		},
	);

	test.each(EVENTS)(
		"%s: an event that arrives after the activation stamped before it (n8n's clock 90 s ahead) still comes, once",
		async (event, extra) => {
			clock.skewMs = 90_000;
			clock.set(clock.n8n);
			const w = trigger(event, extra);
			expect(await w.poll('trigger', 'activate')).toEqual({ items: null });
			// it happens now, by Mad Mimi's clock: 90 s before the activation by n8n's
			const late = HAPPEN[event]('late', clock.service);
			clock.advance(MINUTE);
			expect(identify(event, await w.poll())).toEqual([late]);
			clock.advance(MINUTE);
			expect(identify(event, await w.poll())).toEqual([]);
		},
	);

	test.each(EVENTS)(
		'%s: renamed between two checks (n8n keeps the static data, the ID stays): nothing comes again, nothing is lost',
		async (event, extra) => {
			const w = trigger(event, extra);
			await w.poll('trigger', 'activate');
			clock.advance(MINUTE);
			const first = HAPPEN[event]('first', clock.service - 10_000);
			expect(identify(event, await w.poll())).toEqual([first]);
			// 20 minutes pass (more than the Safety Margin) and something happens before the rename
			clock.advance(20 * MINUTE);
			const beforeRename = HAPPEN[event]('beforerename', clock.service - 5 * MINUTE);
			const renamed = new PollingWorkflow(w.node.parameters, w.savedStaticData(), {
				name: 'New signups',
				id: w.node.id,
			});
			clock.advance(MINUTE);
			const afterRename = HAPPEN[event]('afterrename', clock.service - 10_000);
			expect(identify(event, await renamed.poll()).sort()).toEqual(
				[beforeRename, afterRename].sort(),
			);
			clock.advance(MINUTE);
			expect(identify(event, await renamed.poll())).toEqual([]);
		},
	);

	test.each(EVENTS)(
		'%s: deleted and added again (another ID): it starts afresh and emits nothing from before',
		async (event, extra) => {
			const w = trigger(event, extra);
			await w.poll('trigger', 'activate');
			clock.advance(MINUTE);
			HAPPEN[event]('old', clock.service - 10_000);
			const again = new PollingWorkflow(w.node.parameters, w.savedStaticData(), {
				name: 'Mad Mimi Trigger',
				id: 'another-node-id',
			});
			expect(await again.poll('trigger', 'activate')).toEqual({ items: null });
			clock.advance(MINUTE);
			const fresh = HAPPEN[event]('fresh', clock.service - 10_000);
			expect(identify(event, await again.poll())).toEqual([fresh]);
		},
	);

	test("a place saved under the node's name (before this version) is read once, carried on and moved", async () => {
		const checkedAt = Math.floor(clock.n8n / 1000);
		const saved = {
			'node:Mad Mimi Trigger': {
				madMimi: { version: 2, cursors: { memberOptedOut: { checkedAt, emitted: {} } } },
			},
		};
		clock.advance(10 * MINUTE);
		const missed = HAPPEN.memberOptedOut('missed', clock.service - 5 * MINUTE);
		const w = new PollingWorkflow({ event: 'memberOptedOut' }, saved);
		expect(identify('memberOptedOut', await w.poll())).toEqual([missed]);
		expect(w.savedStaticData()['node:Mad Mimi Trigger']).toEqual({});
		expect(placeOf(w).cursors.memberOptedOut.checkedAt).toBe(Math.floor(clock.n8n / 1000));
		clock.advance(MINUTE);
		expect(identify('memberOptedOut', await w.poll())).toEqual([]);
	});

	test('the places of deleted triggers do not pile up: 90 days unsaved, or beyond the 50 most recent, they go', async () => {
		const now = Math.floor(clock.n8n / 1000);
		const place = (savedAt: number) => ({ version: 2, cursors: {}, savedAt });
		const stale = Object.fromEntries(
			Array.from({ length: 10 }, (_, k) => [`gone-${k}`, place(now - 91 * 86_400)]),
		);
		const recent = Object.fromEntries(
			Array.from({ length: 60 }, (_, k) => [`other-${k}`, place(now - k * 60)]),
		);
		const w = new PollingWorkflow(
			{ event: 'memberOptedOut' },
			{ global: { madMimiTrigger: { ...stale, ...recent } } },
		);
		await w.poll('trigger', 'activate');
		const kept = Object.keys(
			(w.savedStaticData().global as IDataObject).madMimiTrigger as IDataObject,
		);
		expect(kept).toHaveLength(50);
		expect(kept).toContain(w.node.id);
		expect(kept.filter((id) => id.startsWith('gone-'))).toEqual([]);
		expect(kept).toContain('other-0');
		expect(kept).not.toContain('other-59');
	});
});

describe('memberOptedOut', () => {
	test('each opt-out is emitted once; the item says when the check found it, and nothing that looks like when the person opted out', async () => {
		const w = trigger('memberOptedOut');
		await w.poll();
		clock.advance(30 * MINUTE);
		env.emulator.store.optOut('ann@example.com', clock.service - 10 * MINUTE);
		env.emulator.store.optOut('Ben@Example.com', clock.service - 5 * MINUTE);
		const second = await w.poll();
		expect(second.items?.map((i) => i.json)).toEqual([
			{ email: 'ann@example.com', optedOut: true, detectedAt: iso(clock.n8n) },
			{ email: 'Ben@Example.com', optedOut: true, detectedAt: iso(clock.n8n) },
		]);
		clock.advance(30 * MINUTE);
		expect((await w.poll()).items).toBeNull(); // the overlap brings them back; they are not emitted again
		env.emulator.store.optOut('cy@example.com', clock.service - MINUTE);
		clock.advance(MINUTE);
		expect(emails(await w.poll())).toEqual(['cy@example.com']);
	});

	test('a failed check throws a clear error, keeps the cursor, and the next check catches up', async () => {
		const w = trigger('memberOptedOut');
		await w.poll();
		const before = w.savedStaticData();
		clock.advance(HOUR);
		env.emulator.store.optOut('during-outage@example.com', clock.service - 10 * MINUTE);
		env.emulator.faults.add({
			path: /suppressed_since/,
			times: 1,
			respond: {
				status: 500,
				body: '<html><h1>We are sorry</h1></html>',
				contentType: 'text/html',
			},
		});
		const failed = await w.poll();
		expect(failed.error?.message).toBe('Mad Mimi could not handle the request (500)');
		expect(w.savedStaticData()).toEqual(before);
		clock.advance(HOUR);
		expect(emails(await w.poll())).toEqual(['during-outage@example.com']);
	});

	test("Fetch Test Event shows the last 30 days' opt-outs, newest first, and leaves the cursor; with none, it says what it looked at", async () => {
		const w = trigger('memberOptedOut');
		await w.poll();
		clock.advance(HOUR);
		const empty = await w.poll('manual', 'manual');
		expect(empty.error?.message).toBe('No member opted out in the last 30 days');
		env.emulator.store.optOut('older@example.com', clock.service - 3 * DAY);
		env.emulator.store.optOut('recent@example.com', clock.service - 2 * DAY);
		const before = w.savedStaticData();
		const manual = await w.poll('manual', 'manual');
		expect(emails(manual)).toEqual(['recent@example.com', 'older@example.com']);
		expect(w.savedStaticData()).toEqual(before);
		// the scheduled check still finds nothing new: those opt-outs are older than the cursor
		expect((await w.poll()).items).toBeNull();
	});

	test('the cursor survives a restart of n8n (static data saved and loaded)', async () => {
		const w = trigger('memberOptedOut');
		await w.poll();
		clock.advance(HOUR);
		env.emulator.store.optOut('a@example.com', clock.service - MINUTE);
		await w.poll();
		w.restart();
		clock.advance(HOUR);
		env.emulator.store.optOut('b@example.com', clock.service - MINUTE);
		expect(emails(await w.poll())).toEqual(['b@example.com']);
	});
});

describe('newMember', () => {
	test('one item per member created since the last check, in the shape of Audience Member → Get, oldest first', async () => {
		env.emulator.store.addMember('before@example.com', { createdAt: clock.service - DAY });
		const w = trigger('newMember');
		await w.poll();
		clock.advance(HOUR);
		env.emulator.store.addMember('nina@example.com', {
			createdAt: clock.service - 20 * MINUTE,
			firstName: 'Nina',
			lastName: 'Novak',
			fields: { company: 'Acme' },
			lists: ['Newsletter'],
		});
		env.emulator.store.addMember('omar@example.com', { createdAt: clock.service - 10 * MINUTE });
		env.emulator.store.optOut('omar@example.com', clock.service - 5 * MINUTE);
		const { items } = await w.poll();
		expect(items?.map((i) => i.json)).toEqual([
			expect.objectContaining({
				email: 'nina@example.com',
				firstName: 'Nina',
				lastName: 'Novak',
				company: 'Acme',
				suppressed: false,
				lists: [{ name: 'Newsletter', membershipCreatedAt: iso(clock.service - 20 * MINUTE) }],
			}),
			expect.objectContaining({ email: 'omar@example.com', suppressed: true, lists: [] }),
		]);
		expect(instant(items?.[0].json.createdAt)).toBe(iso(clock.service - 20 * MINUTE));
		clock.advance(HOUR);
		expect((await w.poll()).items).toBeNull();
	});

	test("a check that finds nothing new makes one request (count_new), even with the last check's members in its overlap", async () => {
		for (let i = 0; i < 3_000; i++)
			env.emulator.store.addMember(`m${i}@example.com`, {
				createdAt: clock.service - 30 * DAY + i * 1000,
			});
		const w = trigger('newMember');
		await w.poll();
		clock.advance(2 * MINUTE);
		env.emulator.store.addMember('just-now@example.com', { createdAt: clock.service - MINUTE });
		expect(emails(await w.poll())).toEqual(['just-now@example.com']);
		clock.advance(2 * MINUTE);
		env.emulator.clearRequests();
		// just-now@ is still inside the Safety Margin's overlap: counted, known, not read again
		expect((await w.poll()).items).toBeNull();
		expect(requestPaths()).toEqual(['/audience_members/count_new']);
	});

	test.each([
		['oldest first', 'oldestFirst'],
		['newest first', 'newestFirst'],
	] as const)(
		'150 new members in an audience of 3,150, the service ordering by date %s: at most 8 requests, each member once',
		async (_name, order) => {
			env.emulator.createdAtOrder = order;
			for (let i = 0; i < 3_000; i++)
				env.emulator.store.addMember(`old${i}@example.com`, {
					createdAt: clock.service - 60 * DAY + i * 1000,
				});
			const w = trigger('newMember');
			await w.poll();
			clock.advance(HOUR);
			for (let i = 0; i < 150; i++)
				env.emulator.store.addMember(`new${i}@example.com`, {
					createdAt: clock.service - HOUR + (i + 1) * 10_000,
				});
			env.emulator.clearRequests();
			const result = await w.poll();
			expect(emails(result)).toEqual(Array.from({ length: 150 }, (_, i) => `new${i}@example.com`));
			expect(env.emulator.requests.length).toBeLessThanOrEqual(8);
			// count_new, then pages from the newest end only (page 1 tells which end that is)
			expect(requestPaths()).toEqual(
				order === 'newestFirst'
					? [
							'/audience_members/count_new',
							'/audience_members.xml page 1',
							'/audience_members.xml page 2',
						]
					: [
							'/audience_members/count_new',
							'/audience_members.xml page 1',
							'/audience_members.xml page 32',
							'/audience_members.xml page 31',
						],
			);
			// one new member costs as little
			clock.advance(HOUR);
			env.emulator.store.addMember('one-more@example.com', { createdAt: clock.service - MINUTE });
			env.emulator.clearRequests();
			expect(emails(await w.poll())).toEqual(['one-more@example.com']);
			expect(env.emulator.requests.length).toBeLessThanOrEqual(order === 'newestFirst' ? 2 : 3);
		},
	);

	test('records that come in no order: every page is read, the new members found all the same, and a warning logged', async () => {
		env.emulator.createdAtOrder = 'shuffled';
		for (let i = 0; i < 450; i++)
			env.emulator.store.addMember(`old${i}@example.com`, {
				createdAt: clock.service - 60 * DAY + i * 1000,
			});
		const w = trigger('newMember');
		await w.poll();
		clock.advance(HOUR);
		for (let i = 0; i < 3; i++)
			env.emulator.store.addMember(`new${i}@example.com`, {
				createdAt: clock.service - 30 * MINUTE + i * 1000,
			});
		env.emulator.clearRequests();
		// the logger n8n gives the trigger's context
		const warn = jest.fn();
		const logger = {
			warn,
			debug: jest.fn(),
			info: jest.fn(),
			error: jest.fn(),
		} as unknown as Logger;
		jest
			.spyOn(PollContext.prototype, 'logger', 'get')
			.mockReturnValue(logger as unknown as PollContext['logger']);
		expect(emails(await w.poll())).toEqual([
			'new0@example.com',
			'new1@example.com',
			'new2@example.com',
		]);
		const pages = env.emulator.requests
			.filter((r) => r.path === '/audience_members.xml')
			.map((r) => Number(r.params.page));
		expect([...new Set(pages)].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
		expect(warn).toHaveBeenCalledWith(
			expect.stringMatching(
				/^Mad Mimi's members ordered by created_at came in no order .* read all 5 pages/,
			),
			expect.anything(),
		);
	});

	test('a member created in the same second as a check is emitted once, by that check or the next', async () => {
		const w = trigger('newMember');
		await w.poll();
		clock.advance(HOUR);
		env.emulator.store.addMember('same-second@example.com', { createdAt: clock.service });
		const first = await w.poll();
		clock.advance(1000);
		env.emulator.store.addMember('next-second@example.com', { createdAt: clock.service - 1000 });
		const second = await w.poll();
		expect([...(emails(first) ?? []), ...(emails(second) ?? [])]).toEqual([
			'same-second@example.com',
			'next-second@example.com',
		]);
	});

	test("Fetch Test Event shows up to 5 of the last 7 days' new members, newest first, and moves nothing; with none, it says so", async () => {
		const w = trigger('newMember');
		await w.poll();
		expect((await w.poll('manual', 'manual')).error?.message).toBe(
			'No member was added in the last 7 days',
		);
		for (let i = 0; i < 8; i++)
			env.emulator.store.addMember(`week${i}@example.com`, {
				createdAt: clock.service - (8 - i) * HOUR,
			});
		env.emulator.store.addMember('month@example.com', { createdAt: clock.service - 20 * DAY });
		const before = w.savedStaticData();
		expect(emails(await w.poll('manual', 'manual'))).toEqual([
			'week7@example.com',
			'week6@example.com',
			'week5@example.com',
			'week4@example.com',
			'week3@example.com',
		]);
		expect(w.savedStaticData()).toEqual(before);
	});
});

describe('memberAddedToList', () => {
	test('one item per member who joined the list since the last check: the member, the list and when they joined it', async () => {
		env.emulator.store.addMember('ann@example.com', {
			createdAt: clock.service - 30 * DAY,
			lists: ['Newsletter'],
		});
		const w = trigger('memberAddedToList', onList('Newsletter'));
		await w.poll();
		clock.advance(HOUR);
		// an old member joins, a new member joins, someone joins another list
		env.emulator.store.addMember('ben@example.com', { createdAt: clock.service - 40 * DAY });
		env.emulator.store.joinList(
			env.emulator.store.lists.get('Newsletter')!,
			'ben@example.com',
			clock.service - 20 * MINUTE,
		);
		env.emulator.store.addMember('cy@example.com', {
			createdAt: clock.service - 10 * MINUTE,
			lists: ['Newsletter'],
		});
		env.emulator.store.addMember('dee@example.com', {
			createdAt: clock.service - 10 * MINUTE,
			lists: ['VIP'],
		});
		const { items } = await w.poll();
		expect(items?.map((i) => [i.json.email, i.json.list, i.json.addedToListAt])).toEqual([
			['ben@example.com', 'Newsletter', iso(clock.service - 20 * MINUTE)],
			['cy@example.com', 'Newsletter', iso(clock.service - 10 * MINUTE)],
		]);
		expect(items?.[0].json).toEqual(
			expect.objectContaining({
				email: 'ben@example.com',
				lists: [{ name: 'Newsletter', membershipCreatedAt: iso(clock.service - 20 * MINUTE) }],
			}),
		);
		clock.advance(HOUR);
		expect((await w.poll()).items).toBeNull();
	});

	test('a list of 250 members: its 3 pages are read side by side, each member who joined once', async () => {
		for (let i = 0; i < 240; i++)
			env.emulator.store.addMember(`m${i}@example.com`, {
				createdAt: clock.service - 30 * DAY,
				lists: ['Newsletter'],
			});
		const w = trigger('memberAddedToList', onList('Newsletter'));
		await w.poll();
		clock.advance(HOUR);
		for (let i = 0; i < 10; i++)
			env.emulator.store.addMember(`j${i}@example.com`, {
				createdAt: clock.service - 30 * MINUTE + i * 1000,
				lists: ['Newsletter'],
			});
		env.emulator.clearRequests();
		expect(emails(await w.poll())).toEqual(
			Array.from({ length: 10 }, (_, i) => `j${i}@example.com`),
		);
		expect(env.emulator.requests.map((r) => r.params.page).sort()).toEqual(['1', '2', '3']);
	});

	test('another list is another cursor: changing the list starts afresh, emitting nothing old', async () => {
		env.emulator.store.addMember('vip@example.com', {
			createdAt: clock.service - DAY,
			lists: ['VIP'],
		});
		const w = trigger('memberAddedToList', onList('Newsletter'));
		await w.poll();
		const other = new PollingWorkflow(
			{ event: 'memberAddedToList', ...onList('VIP') },
			w.savedStaticData()['node:Mad Mimi Trigger'] as IDataObject,
		);
		expect(await other.poll()).toEqual({ items: null });
	});

	test("Fetch Test Event shows the last 30 days' newest joins; with none, it names the list", async () => {
		env.emulator.store.createList('Newsletter');
		const w = trigger('memberAddedToList', onList('Newsletter'));
		await w.poll();
		expect((await w.poll('manual', 'manual')).error?.message).toBe(
			'Nobody joined the list "Newsletter" in the last 30 days',
		);
		env.emulator.store.addMember('joined@example.com', {
			createdAt: clock.service - 2 * DAY,
			lists: ['Newsletter'],
		});
		expect(emails(await w.poll('manual', 'manual'))).toEqual(['joined@example.com']);
	});
});

describe('mailingSent', () => {
	test('one item per mailing that finished sending: its ID, its promotion, when it started and finished; one still sending comes once done; one never sent never', async () => {
		const w = trigger('mailingSent');
		await w.poll();
		clock.advance(HOUR);
		const spring = env.emulator.store.addPromotion('Spring sale');
		const sent = env.emulator.store.addMailing(spring.id, {
			startedSend: clock.service - 30 * MINUTE,
			finishedSend: clock.service - 20 * MINUTE,
		});
		const sending = env.emulator.store.addMailing(spring.id, {
			startedSend: clock.service - 5 * MINUTE,
		});
		sending.finishedSend = undefined;
		env.emulator.store.addMailing(spring.id, { unsent: true });
		const first = await w.poll();
		expect(
			first.items?.map((i) => [
				i.json.id,
				i.json.promotionId,
				i.json.promotionName,
				instant(i.json.startedSend),
				instant(i.json.finishedSend),
			]),
		).toEqual([
			[
				sent.id,
				spring.id,
				'Spring sale',
				iso(clock.service - 30 * MINUTE),
				iso(clock.service - 20 * MINUTE),
			],
		]);
		clock.advance(HOUR);
		sending.finishedSend = clock.service - 10 * MINUTE;
		expect((await w.poll()).items?.map((i) => i.json.id)).toEqual([sending.id]);
		clock.advance(HOUR);
		expect((await w.poll()).items).toBeNull();
	});

	test('every page of promotions is read: sending does not move a promotion up the list', async () => {
		for (let i = 0; i < 45; i++) env.emulator.store.addPromotion(`Promotion ${i}`);
		const w = trigger('mailingSent');
		await w.poll();
		clock.advance(HOUR);
		// the oldest promotion, on the last page, is sent again
		env.emulator.store.addMailing([...env.emulator.store.promotions.values()][0].id, {
			startedSend: clock.service - 15 * MINUTE,
		});
		env.emulator.clearRequests();
		expect((await w.poll()).items).toHaveLength(1);
		// pages 1 to 3 hold the 45 promotions; the pages read ahead past the end are at most 5, each once
		const pages = env.emulator.requests
			.map((r) => Number(r.params.page ?? 1))
			.sort((a, b) => a - b);
		expect(pages.slice(0, 3)).toEqual([1, 2, 3]);
		expect(pages.length).toBeLessThanOrEqual(3 + 5);
		expect(new Set(pages).size).toBe(pages.length);
	});

	test('Fetch Test Event shows the latest finished mailings; with none, it says so', async () => {
		const w = trigger('mailingSent');
		await w.poll();
		expect((await w.poll('manual', 'manual')).error?.message).toBe(
			'No mailing of this account has finished sending yet',
		);
		const promotion = env.emulator.store.addPromotion('News');
		const older = env.emulator.store.addMailing(promotion.id, {
			startedSend: clock.service - 3 * DAY,
		});
		const newer = env.emulator.store.addMailing(promotion.id, { startedSend: clock.service - DAY });
		expect((await w.poll('manual', 'manual')).items?.map((i) => i.json.id)).toEqual([
			newer.id,
			older.id,
		]);
	});
});

describe('a simulated month of checks', () => {
	const FAULTS: FaultRule['respond'][] = [
		{
			status: 500,
			body: '<html><body>Internal Server Error</body></html>',
			contentType: 'text/html',
		},
		{ status: 502, body: 'Bad Gateway' },
		{ status: 429, body: 'Too many requests' },
		{ status: 401, body: 'Unable to authenticate' },
		'reset',
		'resetMidAnswer',
	];

	test.each([
		['n8n 90 s ahead of the service', 90_000, 11],
		['n8n 90 s behind the service', -90_000, 23],
		['clocks in step', 0, 37],
	])(
		'%s: every opt-out, new member, list join and finished mailing emitted exactly once',
		async (_name, skewMs, seed) => {
			const random = rng(seed);
			clock.skewMs = skewMs;
			clock.set(Date.UTC(2026, 2, 1, 0));
			const promotion = env.emulator.store.addPromotion('Monthly');
			env.emulator.store.createList('Newsletter');
			const workflows = {
				memberOptedOut: trigger('memberOptedOut'),
				newMember: trigger('newMember'),
				memberAddedToList: trigger('memberAddedToList', onList('Newsletter')),
				mailingSent: trigger('mailingSent'),
			};
			for (const w of Object.values(workflows))
				expect((await w.poll('trigger', 'activate')).error).toBeUndefined();
			const activatedAtService = clock.service;

			const happened: Record<keyof typeof workflows, string[]> = {
				memberOptedOut: [],
				newMember: [],
				memberAddedToList: [],
				mailingSent: [],
			};
			const emitted: Record<keyof typeof workflows, string[]> = {
				memberOptedOut: [],
				newMember: [],
				memberAddedToList: [],
				mailingSent: [],
			};
			const idOf = (event: keyof typeof workflows, json: IDataObject) =>
				String(event === 'mailingSent' ? json.id : json.email);
			let failures = 0;
			let restarts = 0;

			for (let step = 0; step < 30 * 12; step++) {
				// between checks (every 2 hours, give or take): events at service times
				const interval = 2 * HOUR + Math.floor((random() - 0.5) * 20 * MINUTE);
				const from = clock.service;
				clock.advance(interval);
				const at = () => from + Math.floor(random() * (clock.service - from));
				for (let k = Math.floor(random() * 3); k > 0; k--) {
					const email = `out${happened.memberOptedOut.length}@example.com`;
					env.emulator.store.addMember(email, { createdAt: activatedAtService - DAY });
					env.emulator.store.optOut(email, at());
					happened.memberOptedOut.push(email);
				}
				for (let k = Math.floor(random() * 4); k > 0; k--) {
					const email = `new${happened.newMember.length}@example.com`;
					const joined = random() < 0.5;
					env.emulator.store.addMember(email, {
						createdAt: at(),
						lists: joined ? ['Newsletter'] : [],
					});
					happened.newMember.push(email);
					if (joined) happened.memberAddedToList.push(email);
				}
				if (random() < 0.2) {
					const started = at();
					const mailing = env.emulator.store.addMailing(promotion.id, {
						startedSend: started,
						finishedSend: Math.min(clock.service, started + 5 * MINUTE),
					});
					happened.mailingSent.push(String(mailing.id));
				}
				// 20% of checks meet a fault, in every way the network and the service fail
				for (const [event, w] of Object.entries(workflows) as Array<
					[keyof typeof workflows, PollingWorkflow]
				>) {
					if (random() < 0.2) {
						failures++;
						env.emulator.faults.add({
							times: 1,
							respond: FAULTS[Math.floor(random() * FAULTS.length)],
						});
					}
					const result = await w.poll();
					env.emulator.faults.clear();
					if (result.error) {
						expect(result.error.message).toMatch(/Mad Mimi|connection/);
						continue;
					}
					for (const item of result.items ?? []) emitted[event].push(idOf(event, item.json));
				}
				// now and then n8n restarts and loads the saved static data
				if (random() < 0.1) {
					restarts++;
					for (const w of Object.values(workflows)) w.restart();
				}
			}
			// a last check after the margin has passed, with the service healthy
			clock.advance(HOUR);
			for (const [event, w] of Object.entries(workflows) as Array<
				[keyof typeof workflows, PollingWorkflow]
			>) {
				for (const item of (await w.poll()).items ?? [])
					emitted[event].push(idOf(event, item.json));
			}

			expect(failures).toBeGreaterThan(200);
			expect(restarts).toBeGreaterThan(10);
			expect(happened.newMember.length).toBeGreaterThan(300);
			// exactly once: nothing lost, nothing twice
			for (const event of Object.keys(workflows) as Array<keyof typeof workflows>) {
				expect([event, [...emitted[event]].sort()]).toEqual([event, [...happened[event]].sort()]);
			}
			// the memory of what was emitted stays small: only the last overlap
			expect(
				Object.keys(placeOf(workflows.newMember).cursors.newMember.emitted).length,
			).toBeLessThan(20);
		},
		120_000,
	);
});
