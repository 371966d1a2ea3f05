import type { INodeParameters } from 'n8n-workflow';

import { DEMO_IDS } from '../../emulator';
import { DEFAULT_PAGE_WINDOW } from '../../nodes/MadMimi/settings';
import { runNode } from '../harness';
import { itemsOf, nodeParams, useEmulator } from './setup';

const env = useEmulator();
const { promotions: P, mailings: M } = DEMO_IDS;
const byId = (value: number) => ({ __rl: true, mode: 'id', value: String(value) });
const recipients = (extra: object = {}): INodeParameters =>
	nodeParams('mailing', 'getRecipients', {
		promotionId: byId(P.productUpdate),
		mailingId: byId(M.productUpdate),
		outcome: 'bounced',
		returnAll: true,
		...extra,
	}) as INodeParameters;

describe('Return All reads pages side by side (Parallel Page Reads, default 6)', () => {
	beforeEach(() => {
		env.emulator.latencyMs = 25;
	});

	test('1,000 recipients: every page once, the records in page order, 6 requests at a time, at most 5 past the end', async () => {
		env.emulator.store.seedRecipients(P.productUpdate, M.productUpdate, 'bounced', 1000);
		const items = await itemsOf({ parameters: recipients() });
		const stored = env.emulator.store
			.getMailing(P.productUpdate, M.productUpdate)!
			.recipients.bounced.map((r) => r.email);
		expect(items.map((i) => i.json.email)).toEqual(stored);
		// a missing last name is null, not dropped
		expect(items.some((i) => i.json.lastName === null)).toBe(true);
		const pages = env.emulator.requests.map((r) => Number(r.params.page));
		expect(new Set(pages).size).toBe(pages.length);
		expect(pages.filter((p) => p > 11)).toHaveLength(pages.length - 11);
		expect(DEFAULT_PAGE_WINDOW).toBe(6);
		expect(pages.length).toBeLessThanOrEqual(11 + DEFAULT_PAGE_WINDOW - 1);
		expect(env.emulator.maxInFlight).toBe(DEFAULT_PAGE_WINDOW);
	});

	test('"Parallel Page Reads" 1: one page after the other, exactly the pages up to the empty one', async () => {
		env.emulator.store.seedRecipients(P.productUpdate, M.productUpdate, 'bounced', 1000);
		const { items } = await runNode({
			parameters: recipients({ options: { parallelPageReads: 1 } }),
		});
		expect(items).toHaveLength(1000);
		expect(env.emulator.requests.map((r) => r.params.page)).toEqual([
			'1',
			'2',
			'3',
			'4',
			'5',
			'6',
			'7',
			'8',
			'9',
			'10',
			'11',
		]);
		expect(env.emulator.maxInFlight).toBe(1);
	});

	test('members (the answer states its page count): exactly the pages that exist, side by side', async () => {
		for (let i = 0; i < 490; i++) env.emulator.store.addMember(`p${i}@example.com`);
		const items = await itemsOf({
			parameters: nodeParams('audienceMember', 'getAll', { returnAll: true }),
		});
		expect(items).toHaveLength(500);
		expect(env.emulator.requests.map((r) => Number(r.params.page)).sort((a, b) => a - b)).toEqual([
			1, 2, 3, 4, 5,
		]);
		expect(env.emulator.maxInFlight).toBe(4);
	});

	test('a 429 at page 4 of a parallel read: page 4 is asked again after the wait Mad Mimi asked for, nothing before it, every record once and in order', async () => {
		env.emulator.store.seedRecipients(P.productUpdate, M.productUpdate, 'bounced', 1000);
		env.emulator.faults.add({
			path: /bounced\.xml$/,
			after: 3,
			times: 1,
			respond: { status: 429, body: 'Rate limit exceeded', headers: { 'Retry-After': '0' } },
		});
		const items = await itemsOf({ parameters: recipients() });
		expect(items.map((i) => i.json.email)).toEqual(
			env.emulator.store
				.getMailing(P.productUpdate, M.productUpdate)!
				.recipients.bounced.map((r) => r.email),
		);
		const throttled = env.emulator.requests.find((r) => r.status === 429)!;
		const pages = env.emulator.requests.map((r) => r.params.page);
		// the refused page is asked for twice, every other page once, and page 1 never again
		expect(pages.filter((p) => p === throttled.params.page)).toHaveLength(2);
		expect(pages.filter((p) => p === '1')).toHaveLength(1);
		expect(new Set(pages).size).toBe(pages.length - 1);
	});

	test('a 429 on every try: the run fails after the retry policy gave up, saying what was tried, with the rate-limit failure n8n reads', async () => {
		env.emulator.store.seedRecipients(P.productUpdate, M.productUpdate, 'bounced', 1000);
		env.emulator.faults.add({
			path: /bounced\.xml$/,
			after: 3,
			respond: { status: 429, body: 'Rate limit exceeded', headers: { 'Retry-After': '0' } },
		});
		const { items, error } = await runNode({ parameters: recipients() });
		expect(items).toEqual([]);
		expect(error?.message).toBe('Mad Mimi is limiting the rate of requests');
		expect(error?.description).toMatch(/^Tried 5 times over /);
		expect((error as unknown as { failure?: unknown }).failure).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 0,
		});
	});
});
