/**
 * The trigger's promise under load: over a simulated month of checks, with faults of every kind,
 * restarts of n8n and the clocks skewed, every event is emitted exactly once.
 */
import type { IDataObject } from 'n8n-workflow';

import type { FaultRule } from '../../emulator';
import { rng } from '../../emulator/random';
import type { PollingWorkflow } from '../harness';
import { DAY, HOUR, MINUTE, onList, placeOf, trigger, useTriggerEmulator } from './triggerSupport';

const { env, clock } = useTriggerEmulator();

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
