/**
 * The trigger under faults the month in test/node/triggerMonth.test.ts does not try: failures at
 * activation (nothing saved, then a clean start), and a simulated fortnight where failing polls
 * include answers that look fine to HTTP (200 with a proxy's HTML page, 200 with garbage, 404,
 * pages echoing the api_key), with restarts from saved static data. Every opt-out is emitted
 * exactly once, every new member emitted once, and the key is in no error, log or saved state.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Emulator, FaultRule } from '../../emulator';
import { PollingWorkflow } from '../harness';
import { logs } from './capture';
import { leaksIn, serialize, DEMO_KEY } from './support';
import { rng } from '../../emulator/random';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const PORTAL = `<!DOCTYPE html><html><head><title>Sign in</title></head><body><p>You asked for /audience_members/suppressed_since/1.txt?api_key=${DEMO_KEY}</p></body></html>`;
const ECHO = `<html><body><h1>Error</h1><p>api_key=${DEMO_KEY}</p><p>${DEMO_KEY}</p></body></html>`;

/**
 * Failures at activation, for both events; an empty 200 is a valid "none" for opt-outs only. A
 * transient fault (tried again by the node) is put on every try, so that the activation fails.
 */
const ACTIVATION_FAULTS: Array<
	[string, FaultRule['respond'], Array<'memberOptedOut' | 'newMember'>]
> = [
	[
		'500 page echoing the key',
		{ status: 500, body: ECHO, contentType: 'text/html' },
		['memberOptedOut', 'newMember'],
	],
	[
		'429 on every try',
		{ status: 429, body: 'Rate limit exceeded' },
		['memberOptedOut', 'newMember'],
	],
	[
		'401 no rights',
		{ status: 401, body: 'You do not have the rights to use this API' },
		['memberOptedOut', 'newMember'],
	],
	['404 blank', { status: 404, body: ' ' }, ['memberOptedOut', 'newMember']],
	['reset on every try', 'reset', ['memberOptedOut', 'newMember']],
	['reset mid-answer on every try', 'resetMidAnswer', ['memberOptedOut', 'newMember']],
	[
		'200 with a proxy sign-in page',
		{ status: 200, body: PORTAL, contentType: 'text/html' },
		['memberOptedOut', 'newMember'],
	],
	['200 with an empty body', { status: 200, body: '' }, ['newMember']],
];

/** The faults the node tries again (transport/backoff.ts): met once, a poll still succeeds. */
const isTransient = (respond: FaultRule['respond']) =>
	respond === 'reset' ||
	respond === 'resetMidAnswer' ||
	(typeof respond === 'object' &&
		'status' in respond &&
		[429, 502, 503, 504].includes(respond.status));

const MONTH_FAULTS: FaultRule['respond'][] = [
	{ status: 200, body: PORTAL, contentType: 'text/html' },
	{
		status: 200,
		body: '<?xml version="1.0"?><lists><list name="x"/></lists>',
		contentType: 'application/xml',
	},
	{ status: 500, body: ECHO, contentType: 'text/html' },
	{ status: 404, body: ' ' },
	{ status: 503, body: 'Service Unavailable' },
	{ status: 401, body: 'Unable to authenticate' },
	'reset',
	'resetMidAnswer',
];

export function triggerFaults(env: { readonly emulator: Emulator }): void {
	const clock = {
		n8n: Date.UTC(2026, 0, 1, 8),
		set(ms: number) {
			this.n8n = ms;
			env.emulator.clock.set(ms);
		},
		advance(ms: number) {
			this.set(this.n8n + ms);
		},
	};

	let dateNow: jest.SpyInstance | undefined;
	beforeEach(() => {
		dateNow = jest.spyOn(Date, 'now').mockImplementation(() => clock.n8n);
		clock.set(Date.UTC(2026, 0, 1, 8));
		env.emulator.reset('empty');
	});
	afterEach(() => {
		dateNow?.mockRestore();
		env.emulator.clock.useRealTime();
	});

	const activationCases = ACTIVATION_FAULTS.flatMap(([name, respond, events]) =>
		events.map((event) => [event, name, respond] as const),
	);

	test.each(activationCases)(
		'%s: %s at activation fails clearly, saves nothing, and the next activation starts clean',
		async (event, _name, respond) => {
			env.emulator.store.addMember('old@example.com', { createdAt: clock.n8n - 2 * DAY });
			env.emulator.store.optOut('old@example.com', clock.n8n - DAY);
			const w = new PollingWorkflow({ event });
			env.emulator.faults.add({
				path: /^\/audience_members\//,
				times: isTransient(respond) ? 5 : 1,
				respond,
			});
			const mark = logs.mark();
			const failed = await w.poll('trigger', 'activate');
			if (isTransient(respond)) expect(failed.error?.description).toMatch(/^Tried 5 times over /);
			expect(failed.error?.message).toMatch(/^(Mad Mimi|This Mad Mimi|The connection to Mad Mimi)/);
			expect(failed.items).toBeNull();
			expect(JSON.stringify(w.savedStaticData())).not.toContain('madMimi');
			const leaks = leaksIn(
				serialize(failed.error) + logs.since(mark) + JSON.stringify(w.savedStaticData()),
			);
			expect(leaks).toEqual([]);

			clock.advance(MINUTE);
			const activated = await w.poll('trigger', 'activate');
			expect(activated).toEqual({ items: null });
			clock.advance(HOUR);
			env.emulator.store.addMember('fresh@example.com', { createdAt: clock.n8n - 2 * DAY });
			env.emulator.store.optOut('fresh@example.com', clock.n8n - 10 * MINUTE);
			env.emulator.store.addMember('new@example.com', { createdAt: clock.n8n - 30 * MINUTE });
			const next = await w.poll();
			expect(next.items?.map((i) => i.json.email)).toEqual(
				event === 'memberOptedOut' ? ['fresh@example.com'] : ['new@example.com'],
			);
		},
	);

	test.each(['memberOptedOut', 'newMember'] as const)(
		'%s: a 503 and a reset at activation are tried again, and the activation succeeds',
		async (event) => {
			const w = new PollingWorkflow({ event });
			env.emulator.faults.add({
				path: /^\/audience_members\//,
				times: 1,
				respond: { status: 503, body: 'Service Unavailable' },
			});
			env.emulator.faults.add({ path: /^\/audience_members\//, times: 1, respond: 'reset' });
			expect(await w.poll('trigger', 'activate')).toEqual({ items: null });
			expect(env.emulator.requests.map((r) => r.fault ?? r.status)).toEqual(['503', 'reset', 200]);
			expect(JSON.stringify(w.savedStaticData())).toContain('madMimi');
		},
	);

	test('a fortnight of polls, 20% meeting a fault (answers that look fine to HTTP too), restarts included: exactly once', async () => {
		const random = rng(2026);
		let outW = new PollingWorkflow({ event: 'memberOptedOut' });
		let newW = new PollingWorkflow({ event: 'newMember' });
		await outW.poll('trigger', 'activate');
		await newW.poll('trigger', 'activate');
		const activatedAt = clock.n8n;
		const mark = logs.mark();

		const optedOut: string[] = [];
		const created: string[] = [];
		const emitted: string[] = [];
		const emittedNew: string[] = [];
		const errors: string[] = [];

		for (let step = 0; step < 15 * 12; step++) {
			const interval = 2 * HOUR + Math.floor((random() - 0.5) * 20 * MINUTE);
			const from = clock.n8n;
			clock.advance(interval);
			for (let k = Math.floor(random() * 4); k > 0; k--) {
				const email = `out${optedOut.length}@example.com`;
				env.emulator.store.addMember(email, { createdAt: activatedAt - DAY });
				env.emulator.store.optOut(email, from + Math.floor(random() * (clock.n8n - from)));
				optedOut.push(email);
			}
			for (let k = Math.floor(random() * 5); k > 0; k--) {
				const email = `new${created.length}@example.com`;
				env.emulator.store.addMember(email, {
					createdAt: from + Math.floor(random() * (clock.n8n - from)),
				});
				created.push(email);
			}
			for (const w of [outW, newW]) {
				const fault =
					random() < 0.2 ? MONTH_FAULTS[Math.floor(random() * MONTH_FAULTS.length)] : undefined;
				if (fault)
					env.emulator.faults.add({ path: /^\/audience_members\//, times: 1, respond: fault });
				const result = await w.poll();
				env.emulator.faults.clear();
				// a poll fails exactly when it met a fault the node does not try again
				expect(result.error !== undefined).toBe(fault !== undefined && !isTransient(fault));
				if (result.error) {
					errors.push(`${result.error.message}\n${String(result.error.description)}`);
					continue;
				}
				for (const item of result.items ?? [])
					(w === outW ? emitted : emittedNew).push(String(item.json.email));
			}
			if (random() < 0.1) {
				outW.restart();
				newW.restart();
			}
		}
		clock.advance(HOUR);
		for (const w of [outW, newW]) {
			const result = await w.poll();
			for (const item of result.items ?? [])
				(w === outW ? emitted : emittedNew).push(String(item.json.email));
		}

		expect(errors.length).toBeGreaterThan(25);
		// every error says what happened, in the user's words
		for (const e of errors)
			expect(e).toMatch(/^(Mad Mimi|This Mad Mimi|The connection to Mad Mimi)/);
		// exactly once: nothing lost, nothing twice
		const missing = [
			...optedOut.filter((e) => !emitted.includes(e)),
			...created.filter((e) => !emittedNew.includes(e)),
		];
		const twice = [
			...emitted.filter((e, i) => emitted.indexOf(e) !== i),
			...emittedNew.filter((e, i) => emittedNew.indexOf(e) !== i),
		];
		expect(missing).toEqual([]);
		expect(twice).toEqual([]);
		expect(emittedNew.length).toBe(created.length);
		// the key is in no error, log or saved state
		const saved = JSON.stringify([outW.savedStaticData(), newW.savedStaticData()]);
		const leaks = leaksIn(errors.join('\n') + logs.since(mark) + saved);
		expect(leaks).toEqual([]);
		const places = (outW.savedStaticData().global as IDataObject).madMimiTrigger as Record<
			string,
			{ cursors: { memberOptedOut: { emitted: IDataObject } } }
		>;
		expect(Object.keys(places[outW.node.id].cursors.memberOptedOut.emitted).length).toBeLessThan(
			20,
		);
		outW = newW = undefined as never;
	}, 60_000);
}
