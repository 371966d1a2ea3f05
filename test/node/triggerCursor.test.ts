/**
 * Where the trigger keeps its place, for every event: the first activation emits nothing old and
 * checks the credentials and the list; after it, each event comes once, whatever the clocks' skew,
 * a rename or a delete and re-add of the trigger; places saved by an older version are carried on,
 * those of deleted triggers pruned. The same over a simulated month of faults: triggerMonth.test.ts;
 * an activation that fails saves nothing: test/reliability/trigger.cases.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { PollingWorkflow } from '../harness';
import { DAY, HOUR, MINUTE, onList, placeOf, trigger, useTriggerEmulator } from './triggerSupport';

const { env, clock } = useTriggerEmulator();

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
		// what one check asks, once: one page of a small account (and the list's count, for
		// Member Added to List's later checks)
		expect(env.emulator.requests).toHaveLength(event === 'memberAddedToList' ? 2 : 1);
		const key = event === 'memberAddedToList' ? 'memberAddedToList:Newsletter' : event;
		const now = Math.floor(clock.n8n / 1000);
		// the events that read everything now and then note when they did (and the list's count)
		const notes =
			event === 'memberAddedToList'
				? { notes: { fullReadAt: now, count: 1 } }
				: event === 'mailingSent'
					? { notes: { fullReadAt: now } }
					: {};
		expect(placeOf(w)).toEqual({
			version: 2,
			cursors: { [key]: { checkedAt: now, emitted: {}, ...notes } },
			savedAt: now,
		});
		clock.advance(HOUR);
		expect(await w.poll()).toEqual({ items: null });
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
