import type { INodeParameters } from 'n8n-workflow';

import type { RecordedRequest } from '../emulator';
import { DEMO_IDS } from '../emulator';
import { DEFAULT_PAGE_WINDOW } from '../../nodes/MadMimi/transport/paging';
import { runNode } from '../harness';
import { useEmulator } from './setup';

const env = useEmulator();
const { promotions: P, mailings: M } = DEMO_IDS;
const byId = (value: number) => ({ __rl: true, mode: 'id', value: String(value) });
const recipients = (extra: object = {}): INodeParameters =>
	({ resource: 'mailing', operation: 'getRecipients', promotionId: byId(P.productUpdate), mailingId: byId(M.productUpdate), outcome: 'bounced', returnAll: true, ...extra }) as INodeParameters;

/** The most requests that were being answered at the same time. */
function overlap(requests: RecordedRequest[]): number {
	const events = requests.flatMap((r) => [
		[r.arrivedAt!, 1],
		[r.answeredAt ?? r.arrivedAt!, -1],
	]);
	events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
	let now = 0;
	let most = 0;
	for (const [, d] of events) {
		now += d;
		most = Math.max(most, now);
	}
	return most;
}

describe('Return All reads pages side by side (Parallel Page Reads, default 6)', () => {
	beforeEach(() => {
		env.emulator.latencyMs = 25;
	});

	test('1,000 recipients: every page once, the records in page order, 6 requests at a time, at most 5 past the end', async () => {
		env.emulator.store.seedRecipients(P.productUpdate, M.productUpdate, 'bounced', 1000);
		const { items, error } = await runNode({ parameters: recipients() });
		expect(error).toBeUndefined();
		const stored = env.emulator.store.getMailing(P.productUpdate, M.productUpdate)!.recipients.bounced.map((r) => r.email);
		expect(items.map((i) => i.json.email)).toEqual(stored);
		const pages = env.emulator.requests.map((r) => Number(r.params.page));
		expect(new Set(pages).size).toBe(pages.length);
		expect(pages.filter((p) => p > 11)).toHaveLength(pages.length - 11);
		expect(DEFAULT_PAGE_WINDOW).toBe(6);
		expect(pages.length).toBeLessThanOrEqual(11 + DEFAULT_PAGE_WINDOW - 1);
		expect(env.emulator.maxInFlight).toBe(DEFAULT_PAGE_WINDOW);
	});

	test('"Parallel Page Reads" 1: one page after the other, exactly the pages up to the empty one', async () => {
		env.emulator.store.seedRecipients(P.productUpdate, M.productUpdate, 'bounced', 1000);
		const { items } = await runNode({ parameters: recipients({ options: { parallelPageReads: 1 } }) });
		expect(items).toHaveLength(1000);
		expect(env.emulator.requests.map((r) => r.params.page)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
		expect(env.emulator.maxInFlight).toBe(1);
	});

	test('members (the answer states its page count): exactly the pages that exist, side by side', async () => {
		for (let i = 0; i < 490; i++) env.emulator.store.addMember(`p${i}@example.com`);
		const { items, error } = await runNode({ parameters: { resource: 'audienceMember', operation: 'getAll', returnAll: true } as INodeParameters });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(500);
		expect(env.emulator.requests.map((r) => Number(r.params.page)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
		expect(env.emulator.maxInFlight).toBe(4);
	});

	test('a 429 in a parallel read with Retry On Fail: the retry reads one page at a time, and the data is complete', async () => {
		env.emulator.store.seedRecipients(P.productUpdate, M.productUpdate, 'bounced', 1000);
		env.emulator.faults.add({ path: /bounced\.xml$/, after: 3, times: 1, respond: { status: 429, body: 'Rate limit exceeded' } });
		const { items, error } = await runNode({ parameters: recipients(), retryOnFail: true, maxTries: 2, waitBetweenTries: 0 });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1000);
		const failedAt = env.emulator.requests.findIndex((r) => r.status === 429);
		expect(failedAt).toBeGreaterThan(0);
		// the second try starts with page 1 again, after the first try's requests have all settled
		const retryStart = env.emulator.requests.findIndex((r, i) => i > failedAt && r.params.page === '1');
		const retry = env.emulator.requests.slice(retryStart);
		expect(retry.map((r) => r.params.page)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
		expect(overlap(retry)).toBe(1);
		expect(overlap(env.emulator.requests.slice(0, retryStart))).toBeGreaterThan(1);
	});

	test('a 429 without Retry On Fail: the run fails with the rate-limit message, nothing is retried', async () => {
		env.emulator.store.seedRecipients(P.productUpdate, M.productUpdate, 'bounced', 1000);
		env.emulator.faults.add({ path: /bounced\.xml$/, after: 3, times: 1, respond: { status: 429, body: 'Rate limit exceeded' } });
		const { items, error } = await runNode({ parameters: recipients() });
		expect(items).toEqual([]);
		expect(error?.message).toBe('Mad Mimi is limiting the rate of requests');
		const pages = env.emulator.requests.map((r) => Number(r.params.page));
		expect(new Set(pages).size).toBe(pages.length);
		// no request after the failure answered, except those already in flight (at most 5)
		const failedAt = env.emulator.requests.findIndex((r) => r.status === 429);
		const after = env.emulator.requests.filter((r, i) => i > failedAt && r.arrivedAt! > env.emulator.requests[failedAt].answeredAt!);
		expect(after).toEqual([]);
	});
});
