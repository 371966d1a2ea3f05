import type { IDataObject } from 'n8n-workflow';

import type { FaultRule } from '../emulator';
import { WRONG_CREDENTIALS } from '../emulator';
import { PollingWorkflow, setCredentials } from '../harness';
import { useEmulator } from './setup';
import { rng } from '../support/random';

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

const optOuts = (extra: IDataObject = {}) => new PollingWorkflow({ event: 'memberOptedOut', ...extra });
const newMembers = (extra: IDataObject = {}) => new PollingWorkflow({ event: 'newMembers', ...extra });

describe('memberOptedOut', () => {
	test('first activation stores the cursor, checks the credentials and emits nothing old', async () => {
		env.emulator.store.optOut('old@example.com', clock.service - DAY);
		const w = optOuts();
		const first = await w.poll('trigger', 'activate');
		expect(first).toEqual({ items: null });
		expect(w.savedStaticData()).toEqual({
			'node:Mad Mimi Trigger': { madMimi: { version: 1, memberOptedOut: { cursor: Math.floor(clock.n8n / 1000), emitted: {} } } },
		});
		expect(env.emulator.requests).toHaveLength(1);
	});

	test('activation with wrong credentials fails clearly and stores nothing', async () => {
		await setCredentials({ ...WRONG_CREDENTIALS, baseUrl: env.emulator.baseUrl });
		const w = optOuts();
		const result = await w.poll('trigger', 'activate');
		expect(result.error?.message).toBe('Mad Mimi rejected the credentials');
		expect(result.error?.description).not.toContain(WRONG_CREDENTIALS.apiKey);
		expect(JSON.stringify(w.savedStaticData())).not.toContain('madMimi');
	});

	test('each opt-out is emitted once, with the window it was found in', async () => {
		const w = optOuts();
		await w.poll();
		clock.advance(30 * MINUTE);
		env.emulator.store.optOut('ann@example.com', clock.service - 10 * MINUTE);
		env.emulator.store.optOut('Ben@Example.com', clock.service - 5 * MINUTE);
		const second = await w.poll();
		expect(second.items?.map((i) => i.json.email)).toEqual(['ann@example.com', 'Ben@Example.com']);
		expect(second.items?.[0].json).toEqual({
			email: 'ann@example.com',
			optedOutSince: new Date(clock.n8n - 30 * MINUTE - 300_000).toISOString().replace('.000Z', 'Z'),
			checkedAt: new Date(clock.n8n).toISOString().replace('.000Z', 'Z'),
		});
		clock.advance(30 * MINUTE);
		expect((await w.poll()).items).toBeNull(); // the overlap brings them back; dedupe drops them
		env.emulator.store.optOut('cy@example.com', clock.service - MINUTE);
		clock.advance(MINUTE);
		expect((await w.poll()).items?.map((i) => i.json.email)).toEqual(['cy@example.com']);
	});

	test('a failed poll throws a clear error, keeps the cursor, and the next poll catches up', async () => {
		const w = optOuts();
		await w.poll();
		const before = w.savedStaticData();
		clock.advance(HOUR);
		env.emulator.store.optOut('during-outage@example.com', clock.service - 10 * MINUTE);
		env.emulator.faults.add({ path: /suppressed_since/, times: 1, respond: { status: 500, body: '<html><h1>We are sorry</h1></html>', contentType: 'text/html' } });
		const failed = await w.poll();
		expect(failed.error?.message).toBe('Mad Mimi had a problem on its side (500)');
		expect(w.savedStaticData()).toEqual(before);
		clock.advance(HOUR);
		expect((await w.poll()).items?.map((i) => i.json.email)).toEqual(['during-outage@example.com']);
	});

	test('"Fetch test event" returns a recent sample and leaves the cursor where it was', async () => {
		const w = optOuts();
		await w.poll();
		clock.advance(HOUR);
		env.emulator.store.optOut('recent@example.com', clock.service - 2 * DAY);
		const before = w.savedStaticData();
		const manual = await w.poll('manual', 'manual');
		expect(manual.items?.map((i) => i.json.email)).toEqual(['recent@example.com']);
		expect(w.savedStaticData()).toEqual(before);
		// the scheduled poll still finds nothing new: the opt-out is older than the cursor
		expect((await w.poll()).items).toBeNull();
	});

	test('the cursor survives a restart of n8n (static data saved and loaded)', async () => {
		const w = optOuts();
		await w.poll();
		clock.advance(HOUR);
		env.emulator.store.optOut('a@example.com', clock.service - MINUTE);
		await w.poll();
		w.restart();
		clock.advance(HOUR);
		env.emulator.store.optOut('b@example.com', clock.service - MINUTE);
		expect((await w.poll()).items?.map((i) => i.json.email)).toEqual(['b@example.com']);
	});
});

describe('newMembers', () => {
	test('counts the members created since the last poll, once, and emits only when above zero', async () => {
		const w = newMembers();
		expect(await w.poll('trigger', 'activate')).toEqual({ items: null });
		clock.advance(HOUR);
		env.emulator.store.addMember('n1@example.com', { createdAt: clock.service - 20 * MINUTE });
		env.emulator.store.addMember('n2@example.com', { createdAt: clock.service - 10 * MINUTE });
		const result = await w.poll();
		expect(result.items?.map((i) => i.json)).toEqual([
			{
				count: 2,
				start: new Date(clock.n8n - HOUR - 300_000 + 1000).toISOString().replace('.000Z', 'Z'),
				end: new Date(clock.n8n - 300_000).toISOString().replace('.000Z', 'Z'),
			},
		]);
		clock.advance(HOUR);
		expect((await w.poll()).items).toBeNull();
	});

	test('after an outage longer than a month, the windows are split and the counts added', async () => {
		const w = newMembers();
		await w.poll();
		for (let d = 1; d <= 40; d++) env.emulator.store.addMember(`d${d}@example.com`, { createdAt: clock.service + d * DAY });
		clock.advance(41 * DAY);
		env.emulator.clearRequests();
		const result = await w.poll();
		expect(result.items?.[0].json.count).toBe(40);
		expect(env.emulator.requests.length).toBe(2);
		expect(env.emulator.requests.every((r) => r.status === 200)).toBe(true);
	});

	test('"Fetch test event" returns the last week\'s count, even zero, and moves nothing', async () => {
		const w = newMembers();
		await w.poll();
		const before = w.savedStaticData();
		const manual = await w.poll('manual', 'manual');
		expect(manual.items?.[0].json).toMatchObject({ count: 0 });
		expect(w.savedStaticData()).toEqual(before);
	});
});

describe('a simulated month of polls', () => {
	const FAULTS: FaultRule['respond'][] = [
		{ status: 500, body: '<html><body>Internal Server Error</body></html>', contentType: 'text/html' },
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
	])('%s: every opt-out emitted exactly once, every new member counted once', async (_name, skewMs, seed) => {
		const random = rng(seed);
		clock.skewMs = skewMs;
		clock.set(Date.UTC(2026, 2, 1, 0));
		let outW = optOuts();
		let newW = newMembers();
		await outW.poll('trigger', 'activate');
		await newW.poll('trigger', 'activate');
		const activatedAtService = clock.service;

		const optedOut: string[] = [];
		let created = 0;
		const emitted: string[] = [];
		let counted = 0;
		let failures = 0;
		let restarts = 0;

		for (let step = 0; step < 30 * 12; step++) {
			// between polls (every 2 hours, give or take): opt-outs and sign-ups at service times
			const interval = 2 * HOUR + Math.floor((random() - 0.5) * 20 * MINUTE);
			const from = clock.service;
			clock.advance(interval);
			const n = Math.floor(random() * 4);
			for (let k = 0; k < n; k++) {
				const email = `out${optedOut.length}@example.com`;
				// an existing member (from before the activation) opts out
				env.emulator.store.addMember(email, { createdAt: activatedAtService - DAY });
				env.emulator.store.optOut(email, from + Math.floor(random() * (clock.service - from)));
				optedOut.push(email);
			}
			const m = Math.floor(random() * 5);
			for (let k = 0; k < m; k++) {
				env.emulator.store.addMember(`new${created}@example.com`, { createdAt: from + Math.floor(random() * (clock.service - from)) });
				created++;
			}
			// 20% of polls fail, in every way the network and the service fail
			for (const w of [outW, newW]) {
				if (random() < 0.2) {
					failures++;
					env.emulator.faults.add({ path: /^\/audience_members\//, times: 1, respond: FAULTS[Math.floor(random() * FAULTS.length)] });
				}
				const result = await w.poll();
				env.emulator.faults.clear();
				if (result.error) {
					expect(result.error.message).toMatch(/Mad Mimi|connection/);
					continue;
				}
				for (const item of result.items ?? []) {
					if (w === outW) emitted.push(String(item.json.email));
					else counted += Number(item.json.count);
				}
			}
			// now and then n8n restarts and loads the saved static data
			if (random() < 0.1) {
				restarts++;
				outW.restart();
				newW.restart();
			}
		}
		// a last poll after the skew tolerance has passed, with the service healthy
		clock.advance(HOUR);
		for (const w of [outW, newW]) {
			const result = await w.poll();
			for (const item of result.items ?? []) {
				if (w === outW) emitted.push(String(item.json.email));
				else counted += Number(item.json.count);
			}
		}

		expect(failures).toBeGreaterThan(100);
		expect(restarts).toBeGreaterThan(10);
		expect(optedOut.length).toBeGreaterThan(400);
		// exactly once: nothing lost, nothing twice
		expect([...emitted].sort()).toEqual([...optedOut].sort());
		expect(new Set(emitted).size).toBe(emitted.length);
		expect(counted).toBe(created);
		const createdAfterActivation = [...env.emulator.store.members.values()].filter((mm) => mm.createdAt > activatedAtService && mm.email.startsWith('new')).length;
		expect(counted).toBe(createdAfterActivation);
		// the dedupe memory stays small: only the addresses of the last overlap
		const state = outW.savedStaticData()['node:Mad Mimi Trigger'] as { madMimi: { memberOptedOut: { emitted: IDataObject } } };
		expect(Object.keys(state.madMimi.memberOptedOut.emitted).length).toBeLessThan(20);
		outW = newW = undefined as never;
	}, 120_000);
});
