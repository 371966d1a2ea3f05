/**
 * Member Added to List and Mailing Sent ask what the service says changed, and read everything
 * only every "Full Check Every (Hours)": what a check costs, what the cheap checks catch, what
 * only the full read catches, and that nothing is lost or emitted twice either way.
 */
import { PollContext } from 'n8n-core';
import type { IDataObject, Logger } from 'n8n-workflow';

import { answerOnce } from './setup';
import { DAY, HOUR, MINUTE, onList, trigger, useTriggerEmulator } from './triggerSupport';

const { env, clock } = useTriggerEmulator();

const emails = (result: { items: Array<{ json: IDataObject }> | null }) =>
	result.items?.map((i) => i.json.email) ?? null;
const ids = (result: { items: Array<{ json: IDataObject }> | null }) =>
	result.items?.map((i) => i.json.id) ?? null;
const paths = () =>
	env.emulator.requests.map((r) => `${r.path}${r.params.page ? ` page ${r.params.page}` : ''}`);
const listPages = () =>
	env.emulator.requests.filter((r) => r.path === '/audience_lists/Newsletter/members.xml').length;

/** n8n's logger for the trigger's context, its warnings caught. */
function catchWarnings(): jest.Mock {
	const warn = jest.fn();
	const logger = { warn, debug: jest.fn(), info: jest.fn(), error: jest.fn() } as unknown as Logger;
	jest
		.spyOn(PollContext.prototype, 'logger', 'get')
		.mockReturnValue(logger as unknown as PollContext['logger']);
	return warn;
}

describe('memberAddedToList', () => {
	/** A list of 2,000 members (20 pages), all imported 30 days ago in the same second. */
	function bigList() {
		for (let i = 0; i < 2_000; i++)
			env.emulator.store.addMember(`m${String(i).padStart(4, '0')}@example.com`, {
				createdAt: clock.service - 30 * DAY,
				lists: ['Newsletter'],
			});
	}
	const newsletter = () => env.emulator.store.lists.get('Newsletter')!;

	test('a quiet check asks 2 questions; a new member on the list costs 4 requests; every 6 hours the whole list is read, and emits nothing twice', async () => {
		bigList();
		const w = trigger('memberAddedToList', onList('Newsletter'));
		await w.poll();
		expect(listPages()).toBe(20);
		clock.advance(15 * MINUTE);
		env.emulator.clearRequests();
		expect((await w.poll()).items).toBeNull();
		expect(paths()).toEqual(['/audience_lists/lists.xml', '/audience_members/count_new']);

		clock.advance(15 * MINUTE);
		env.emulator.store.addMember('new@example.com', {
			createdAt: clock.service - MINUTE,
			lists: ['Newsletter'],
		});
		env.emulator.clearRequests();
		expect(emails(await w.poll())).toEqual(['new@example.com']);
		expect(paths()).toEqual([
			'/audience_lists/lists.xml',
			'/audience_members/count_new',
			'/audience_members.xml page 1',
			'/audience_members.xml page 21',
		]);

		// the full read, 6 hours after the last: every page, and new@ not again
		clock.advance(6 * HOUR);
		env.emulator.clearRequests();
		expect((await w.poll()).items).toBeNull();
		expect(listPages()).toBe(21);
		// and then cheap again
		clock.advance(15 * MINUTE);
		env.emulator.clearRequests();
		expect((await w.poll()).items).toBeNull();
		expect(env.emulator.requests).toHaveLength(2);
	});

	test('an existing member who joins (the list grew, no new member explains it): that check reads the list, and emits the join once', async () => {
		bigList();
		env.emulator.store.addMember('known@example.com', { createdAt: clock.service - 60 * DAY });
		const w = trigger('memberAddedToList', onList('Newsletter'));
		await w.poll();
		clock.advance(15 * MINUTE);
		env.emulator.store.joinList(newsletter(), 'known@example.com', clock.service - 5 * MINUTE);
		env.emulator.clearRequests();
		expect(emails(await w.poll())).toEqual(['known@example.com']);
		expect(listPages()).toBe(21);
		clock.advance(15 * MINUTE);
		env.emulator.clearRequests();
		expect((await w.poll()).items).toBeNull();
		expect(env.emulator.requests).toHaveLength(2);
	});

	test('a join and a leave between two checks (the count unchanged): the cheap check misses it, the full read finds it, once', async () => {
		bigList();
		env.emulator.store.addMember('known@example.com', { createdAt: clock.service - 60 * DAY });
		const w = trigger('memberAddedToList', onList('Newsletter', { fullCheckHours: 2 }));
		await w.poll();
		clock.advance(15 * MINUTE);
		env.emulator.store.joinList(newsletter(), 'known@example.com', clock.service - 10 * MINUTE);
		env.emulator.store.leaveList(newsletter(), 'm0001@example.com');
		env.emulator.clearRequests();
		expect((await w.poll()).items).toBeNull();
		expect(env.emulator.requests).toHaveLength(2);
		// checks every 15 minutes until the full read, 2 hours after the last one
		const found: unknown[] = [];
		for (let i = 0; i < 8; i++) {
			clock.advance(15 * MINUTE);
			found.push(...(emails(await w.poll()) ?? []));
		}
		expect(found).toEqual(['known@example.com']);
	});

	test('members that come in no order the check can follow: it reads the list instead, says so, and loses nothing', async () => {
		bigList();
		env.emulator.createdAtOrder = 'shuffled';
		for (let i = 0; i < 300; i++)
			env.emulator.store.addMember(`other${i}@example.com`, {
				createdAt: clock.service - 20 * DAY + i * 1000,
			});
		const w = trigger('memberAddedToList', onList('Newsletter'));
		await w.poll();
		clock.advance(15 * MINUTE);
		env.emulator.store.addMember('new@example.com', {
			createdAt: clock.service - MINUTE,
			lists: ['Newsletter'],
		});
		const warn = catchWarnings();
		env.emulator.clearRequests();
		expect(emails(await w.poll())).toEqual(['new@example.com']);
		expect(listPages()).toBe(21);
		expect(warn).toHaveBeenCalledWith(
			expect.stringMatching(
				/no order the trigger can follow: it read every page of the list "Newsletter"/,
			),
			expect.anything(),
		);
		clock.advance(7 * HOUR);
		expect((await w.poll()).items).toBeNull();
	});
});

describe('mailingSent', () => {
	/** 200 promotions (10 pages), the newest updated 3 days ago. */
	function promotions() {
		for (let i = 0; i < 200; i++)
			env.emulator.store.addPromotion(`Promotion ${i}`, {
				updatedAt: clock.service - 3 * DAY - (200 - i) * HOUR,
			});
		return [...env.emulator.store.promotions.values()];
	}

	test('a check reads page 1; a new promotion sent is found there; a new mailing of an old promotion comes with the full read, once', async () => {
		const all = promotions();
		const w = trigger('mailingSent', { options: { fullCheckHours: 1 } });
		await w.poll();
		clock.advance(15 * MINUTE);
		env.emulator.clearRequests();
		expect((await w.poll()).items).toBeNull();
		expect(paths()).toEqual(['/promotions.xml page 1']);

		clock.advance(15 * MINUTE);
		const fresh = env.emulator.store.addPromotion('Fresh news');
		const first = env.emulator.store.addMailing(fresh.id, {
			startedSend: clock.service - 5 * MINUTE,
			finishedSend: clock.service - MINUTE,
		});
		// the oldest promotion, on page 10, sent again: sending does not move it up
		const again = env.emulator.store.addMailing(all[0].id, {
			startedSend: clock.service - 5 * MINUTE,
			finishedSend: clock.service - MINUTE,
		});
		env.emulator.clearRequests();
		expect(ids(await w.poll())).toEqual([first.id]);
		expect(paths()).toEqual(['/promotions.xml page 1']);

		// the full read, an hour after the last: every page; the fresh mailing not again
		clock.advance(45 * MINUTE);
		env.emulator.clearRequests();
		expect(ids(await w.poll())).toEqual([again.id]);
		expect(env.emulator.requests.length).toBeGreaterThanOrEqual(11);
		clock.advance(15 * MINUTE);
		expect((await w.poll()).items).toBeNull();
	});

	test('page 1 out of order: the check reads every page instead, says so, and loses nothing', async () => {
		const all = promotions();
		const w = trigger('mailingSent');
		await w.poll();
		clock.advance(15 * MINUTE);
		const sent = env.emulator.store.addMailing(all[0].id, {
			startedSend: clock.service - 5 * MINUTE,
			finishedSend: clock.service - MINUTE,
		});
		// page 1 answered with the older promotion first
		const page1 =
			'<?xml version="1.0" encoding="UTF-8"?>\n<promotions>\n<promotion name="Older" id="1" updated_at="2014-09-05 15:20:42 -0400" hidden="false">\n</promotion>\n<promotion name="Newer" id="2" updated_at="2014-09-07 16:54:55 -0400" hidden="false">\n</promotion>\n</promotions>\n';
		answerOnce(env.emulator, undefined, '/promotions.xml', 0, 200, page1, 'application/xml');
		const warn = catchWarnings();
		env.emulator.clearRequests();
		expect(ids(await w.poll())).toEqual([sent.id]);
		expect(warn).toHaveBeenCalledWith(
			expect.stringMatching(/did not come most recently updated first/),
			expect.anything(),
		);
		clock.advance(7 * HOUR);
		expect((await w.poll()).items).toBeNull();
	});
});
