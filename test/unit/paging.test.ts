import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { collectPages } from '../../nodes/MadMimi/transport/paging';
import { rng } from '../../emulator/random';

const node = {
	id: '1',
	name: 'Mad Mimi',
	type: 'n8n-nodes-madmimi.madMimi',
	typeVersion: 1,
	position: [0, 0] as [number, number],
	parameters: {},
};
const httpError = (code: number) =>
	new NodeApiError(node, { message: `HTTP ${code}` }, { httpCode: String(code) });

/** A paged source of `total` records, `pageSize` a page, answering after random delays; it records what it was asked. */
function source(
	total: number,
	pageSize: number,
	opts: { statesCount?: boolean; seed?: number; failOn?: Record<number, Error> } = {},
) {
	const random = rng(opts.seed ?? 7);
	const asked: number[] = [];
	let inFlight = 0;
	let maxInFlight = 0;
	const fetchPage = async (page: number) => {
		asked.push(page);
		inFlight++;
		maxInFlight = Math.max(maxInFlight, inFlight);
		await sleep(Math.floor(random() * 8));
		inFlight--;
		const failure = opts.failOn?.[page];
		if (failure) throw failure;
		const from = (page - 1) * pageSize;
		const records: IDataObject[] = [];
		for (let i = from; i < Math.min(total, from + pageSize); i++) records.push({ n: i });
		return opts.statesCount
			? { records, pageCount: Math.max(1, Math.ceil(total / pageSize)) }
			: records;
	};
	return {
		fetchPage,
		asked,
		get maxInFlight() {
			return maxInFlight;
		},
		get inFlight() {
			return inFlight;
		},
	};
}

const numbers = (records: IDataObject[]) => records.map((r) => r.n);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('collectPages: pages side by side, records in page order', () => {
	test.each([1, 2, 4, 7])(
		'window %i: every record once, in order, never more than the window in flight',
		async (window) => {
			const s = source(1003, 100, { seed: window });
			const records = await collectPages(s.fetchPage, { pageSize: 100, window });
			expect(numbers(records)).toEqual(range(1003));
			expect(s.maxInFlight).toBeLessThanOrEqual(window);
			if (window > 1) expect(s.maxInFlight).toBeGreaterThan(1);
		},
	);

	test('no page count stated: at most window − 1 requests past the short page that ends it', async () => {
		for (const total of [0, 50, 100, 150, 1000, 1003]) {
			const s = source(total, 100);
			await collectPages(s.fetchPage, { pageSize: 100, window: 4 });
			const last = Math.floor(total / 100) + 1; // the first short (or empty) page
			expect(Math.max(...s.asked)).toBeGreaterThanOrEqual(last);
			expect(s.asked.filter((p) => p > last).length).toBeLessThanOrEqual(3);
			expect(new Set(s.asked).size).toBe(s.asked.length);
		}
	});

	// a stated page count, exactly the pages that exist: test/node/paging.test.ts (members)
	test('a Limit asks for no page it does not need', async () => {
		const s = source(5000, 100);
		const records = await collectPages(s.fetchPage, { pageSize: 100, window: 4, limit: 250 });
		expect(numbers(records)).toEqual(range(250));
		expect([...s.asked].sort((a, b) => a - b)).toEqual([1, 2, 3]);
	});

	test('derived records (a filter): pages are read until the Limit is met, in order', async () => {
		const s = source(2000, 100);
		const evens = async (page: number) => {
			const records = (await s.fetchPage(page)) as IDataObject[];
			return { records: records.filter((r) => (r.n as number) % 2 === 0), size: records.length };
		};
		const records = await collectPages(evens, { pageSize: 100, window: 4, limit: 120 });
		expect(numbers(records)).toEqual(range(120).map((i) => i * 2));
		expect(Math.max(...s.asked)).toBeLessThanOrEqual(3 + 3);
	});

	test('a failing page fails the read with its error, after the requests in flight settled, and nothing new is asked', async () => {
		const failure = httpError(500);
		const s = source(5000, 100, { failOn: { 5: failure } });
		await expect(collectPages(s.fetchPage, { pageSize: 100, window: 4 })).rejects.toBe(failure);
		expect(s.inFlight).toBe(0);
		expect(Math.max(...s.asked)).toBeLessThanOrEqual(5 + 3);
	});

	test('the first page failing fails at once, without asking for another', async () => {
		const first = source(1000, 100, { failOn: { 1: httpError(503) } });
		await expect(collectPages(first.fetchPage, { pageSize: 100, window: 4 })).rejects.toMatchObject(
			{ httpCode: '503' },
		);
		expect(first.asked).toEqual([1]);
	});

	test('a failure past the end of the records (a read-ahead page) does not fail the read', async () => {
		const s = source(150, 100, { failOn: { 3: httpError(500), 4: httpError(500) } });
		const records = await collectPages(s.fetchPage, { pageSize: 100, window: 4 });
		expect(numbers(records)).toEqual(range(150));
	});
});
