/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code: runs in jest, never inside n8n */
/**
 * The emulator's test switches: the faults it answers in place of the service (a status, a cut
 * connection, a hang, a huge body; by path, method, count and rate), and its control endpoints
 * (/__emulator: the requests, the state, a reset, the faults, the clock).
 */
import { startEmulator } from '../../emulator';
import type { RecordedRequest } from '../../emulator';
import { DEMO_AUTH, useDemoEmulator } from '../support/emulatorClient';

const DAY = 86_400_000;

/** The demo credentials as a query string, for the requests made with fetch itself. */
const CREDENTIALS = new URLSearchParams(DEMO_AUTH).toString();

const env = useDemoEmulator();
const { get, send, lastRequest } = env;

describe('faults', () => {
	it('answers a configured status, before authentication, and records the request', async () => {
		env.emulator.faults.add({
			path: '/promotions.xml',
			times: 1,
			respond: { status: 503, body: 'Service Unavailable', headers: { 'Retry-After': '1' } },
		});
		const res = await fetch(`${env.emulator.baseUrl}/promotions.xml`);
		expect(res.status).toBe(503);
		expect(res.headers.get('retry-after')).toBe('1');
		expect(await res.text()).toBe('Service Unavailable');
		expect(lastRequest()).toMatchObject({ status: 503, authenticated: false });
		expect(env.emulator.faults.rules).toHaveLength(0);
		expect((await get('/promotions.xml')).status).toBe(200);
	});

	it('matches by method and RegExp, and counts times', async () => {
		env.emulator.faults.add({
			method: 'POST',
			path: /^\/audience_lists/,
			times: 2,
			respond: { status: 429, body: 'slow down' },
		});
		expect((await get('/audience_lists/lists.xml')).status).toBe(200);
		expect((await send('/audience_lists', { name: 'A' })).status).toBe(429);
		expect((await send('/audience_lists', { name: 'A' }, 'POST')).status).toBe(429);
		expect((await send('/audience_lists', { name: 'A' })).status).toBe(200);
		expect(env.emulator.faults.rules).toHaveLength(0);
	});

	it('resets the connection', async () => {
		env.emulator.faults.add({ respond: 'reset', times: 1 });
		await expect(fetch(`${env.emulator.baseUrl}/promotions.xml?${CREDENTIALS}`)).rejects.toThrow();
		expect(lastRequest().status).toBe(0);
		expect((await get('/promotions.xml')).status).toBe(200);
	});

	it('resets after the work is done: the store changed, and no answer came', async () => {
		env.emulator.faults.add({
			method: 'POST',
			path: '/audience_lists',
			respond: 'resetAfterWork',
			times: 1,
		});
		await expect(send('/audience_lists', { name: 'Made before the cut' })).rejects.toThrow();
		expect(lastRequest()).toMatchObject({ status: 0, fault: 'resetAfterWork' });
		expect(env.emulator.store.lists.has('Made before the cut')).toBe(true);
	});

	it('applies a rule to a share of the requests, drawn from a seeded sequence: the same seed, the same requests', async () => {
		const run = async (): Promise<string[]> => {
			env.emulator.reset();
			env.emulator.faults.seed(7);
			env.emulator.faults.add({
				path: '/promotions.xml',
				rate: 0.3,
				respond: [
					{ status: 429, body: 'slow down' },
					{ status: 503, body: 'busy' },
				],
			});
			const out: string[] = [];
			for (let i = 0; i < 40; i++) out.push(String((await get('/promotions.xml')).status));
			expect(env.emulator.requests.map((r) => r.fault ?? '200')).toEqual(out);
			return out;
		};
		const first = await run();
		expect(await run()).toEqual(first);
		const faulted = first.filter((status) => status !== '200').length;
		// 30% of 40 requests, give or take what a draw gives
		expect(faulted).toBeGreaterThanOrEqual(5);
		expect(faulted).toBeLessThanOrEqual(20);
		expect(new Set(first)).toEqual(new Set(['200', '429', '503']));
	});

	it('resets in the middle of an answer', async () => {
		env.emulator.faults.add({ respond: 'resetMidAnswer', times: 1 });
		await expect(
			(async () => {
				const res = await fetch(`${env.emulator.baseUrl}/promotions.xml?${CREDENTIALS}`);
				await res.text();
			})(),
		).rejects.toThrow();
		expect(lastRequest().status).toBe(0);
	});

	it('hangs until the client gives up', async () => {
		env.emulator.faults.add({ path: '/promotions.xml', respond: 'hang' });
		await expect(
			fetch(`${env.emulator.baseUrl}/promotions.xml`, { signal: AbortSignal.timeout(150) }),
		).rejects.toThrow();
		expect(lastRequest().status).toBe(0);
		env.emulator.faults.clear();
		expect((await get('/promotions.xml')).status).toBe(200);
	});

	it('streams a huge body of the exact size', async () => {
		env.emulator.faults.add({ respond: { hugeBytes: 3_000_000 }, times: 1 });
		const res = await fetch(`${env.emulator.baseUrl}/promotions.xml`);
		expect(res.status).toBe(200);
		const body = Buffer.from(await res.arrayBuffer());
		expect(body.length).toBe(3_000_000);
		expect(body.subarray(0, 5).toString()).toBe('<?xml');
		expect(body.subarray(body.length - 10).toString()).toBe('</filler>\n');
	});

	it('close() ends hanging requests', async () => {
		const other = await startEmulator({ seed: 'empty' });
		other.faults.add({ respond: 'hang' });
		const pending = fetch(`${other.baseUrl}/x`);
		await new Promise((r) => setTimeout(r, 50));
		await other.close();
		await expect(pending).rejects.toThrow();
	});
});

describe('control endpoints', () => {
	async function control(method: string, path: string, body?: unknown): Promise<unknown> {
		const res = await fetch(`${env.emulator.baseUrl}/__emulator${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
		return res.json();
	}

	it('lists and clears requests without recording themselves', async () => {
		await send('/audience_lists', { name: 'Via control' });
		const list = (await control('GET', '/requests')) as RecordedRequest[];
		expect(list).toHaveLength(1);
		expect(list[0]).toMatchObject({
			method: 'POST',
			path: '/audience_lists',
			params: { name: 'Via control' },
			status: 200,
		});
		await control('DELETE', '/requests');
		expect(env.emulator.requests).toHaveLength(0);
	});

	it('snapshots the state, resets with a seed', async () => {
		const state = (await control('GET', '/state')) as {
			lists: { name: string; members: string[] }[];
			members: unknown[];
		};
		expect(state.lists.map((l) => l.name)).toEqual([
			'Newsletter',
			'VIP Customers',
			'Beta testers (EU)',
		]);
		expect(state.lists[1].members).toEqual([
			'ann.archer@example.com',
			'eve.evans@example.com',
			'hugo.hill@example.com',
		]);
		expect(state.members).toHaveLength(12);
		await control('POST', '/reset', { seed: 'empty' });
		expect(env.emulator.store.lists.size).toBe(0);
		await control('POST', '/reset');
		expect(env.emulator.store.lists.size).toBe(3);
	});

	it('adds faults (string or regex path) and clears them', async () => {
		await control('POST', '/faults', {
			path: { regex: '^/addons' },
			times: 1,
			respond: { status: 500, body: 'boom' },
		});
		expect(env.emulator.faults.rules[0].path).toBeInstanceOf(RegExp);
		expect(await get('/addons.xml')).toMatchObject({ status: 500, text: 'boom' });
		await control('POST', '/faults', { path: '/addons.xml', respond: 'reset' });
		await control('DELETE', '/faults');
		expect((await get('/addons.xml')).status).toBe(200);
	});

	it('sets, advances and releases the clock', async () => {
		expect(await control('POST', '/clock', { set: 1_700_000_000_000 })).toMatchObject({
			now: 1_700_000_000_000,
		});
		expect(await control('POST', '/clock', { advance: 5_000 })).toMatchObject({
			now: 1_700_000_005_000,
		});
		await send('/audience_members', { csv_file: 'email\nclock@example.com' });
		expect(env.emulator.store.getMember('clock@example.com')?.createdAt).toBe(1_700_000_005_000);
		expect(lastRequest().at).toBe(1_700_000_005_000);
		await control('POST', '/clock', { real: true });
		expect(Math.abs(env.emulator.clock.now() - Date.now())).toBeLessThan(DAY);
	});
});
