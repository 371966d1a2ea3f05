/**
 * Each event of the trigger on its own: what its items hold, what a check costs in requests as
 * the account grows, and what Fetch Test Event shows. A failed check catching up:
 * triggerMonth.test.ts and test/reliability/trigger.cases.ts.
 */
import { PollContext } from 'n8n-core';
import type { IDataObject, Logger } from 'n8n-workflow';

import { PollingWorkflow } from '../harness';
import { DAY, HOUR, MINUTE, onList, trigger, useTriggerEmulator } from './triggerSupport';

const { env, clock } = useTriggerEmulator();

const iso = (ms: number) =>
	new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
/** An output date, as the instant it names (the service writes the same instant with varying offsets). */
const instant = (value: unknown) => iso(Date.parse(String(value)));
const emails = (result: { items: Array<{ json: IDataObject }> | null }) =>
	result.items?.map((i) => i.json.email) ?? null;
const requestPaths = () =>
	env.emulator.requests.map((r) => `${r.path}${r.params.page ? ` page ${r.params.page}` : ''}`);

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

	test('a list of 250 members, 10 new members joining: found from the newest end of the members, each once', async () => {
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
		// the list's count, how many are new, and the members from their newest end (page 1 all
		// one second, so the last page tells the direction): not the list's 3 pages
		expect(requestPaths()).toEqual([
			'/audience_lists/lists.xml',
			'/audience_members/count_new',
			'/audience_members.xml page 1',
			'/audience_members.xml page 3',
		]);
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

	test('a new mailing of a promotion updated since the last check is found, past page 1: the pages are read while they hold such promotions', async () => {
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
