import { DEFAULT_BACKOFF } from '../../nodes/MadMimi/settings';
import {
	backoffMs,
	connectionFault,
	readableDuration,
	statusFault,
} from '../../nodes/MadMimi/transport/backoff';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

describe('Retry-After, as the wait of a 429 or 503', () => {
	test.each([
		['0', 0],
		['7', 7000],
		['1.5', 1500],
		[' 30 ', 30_000],
		[['12', '99'], 12_000],
		['Wed, 25 Nov 2026 12:00:45 GMT', 45_000],
		['Wed, 25 Nov 2026 11:59:00 GMT', 0],
	])('%j → %d ms', (value, ms) => {
		expect(statusFault(429, value, NOW)?.retryAfterMs).toBe(ms);
		expect(statusFault(503, value, NOW)?.retryAfterMs).toBe(ms);
	});

	test.each([undefined, '', 'soon', '-3', '1e3'])('%j is no wait the service named', (value) => {
		expect(statusFault(429, value, NOW)?.retryAfterMs).toBeUndefined();
	});
});

describe('which failures are tried again', () => {
	// 429 and 503 (not taken) through the node: test/reliability (faultMatrix's 429 rows on the
	// once-only writes, retries' 503 tests)
	test('502 and 504: the request went out, and what became of it is unknown', () => {
		expect(statusFault(502, undefined, NOW)?.kind).toBe('inDoubt');
		expect(statusFault(504, '2', NOW)).toMatchObject({ kind: 'inDoubt', retryAfterMs: 2000 });
	});

	test.each([500, 501, 400, 401, 404, 409, 410, 422, 200])('%d is not tried again', (status) => {
		expect(statusFault(status, '1', NOW)).toBeUndefined();
	});

	test('a connection refused or unroutable never left; a reset, a cut pipe or a timeout may have done the work', () => {
		for (const code of ['ECONNREFUSED', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])
			expect(connectionFault(code)?.kind).toBe('notTaken');
		for (const code of ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'ERR_BAD_RESPONSE'])
			expect(connectionFault(code)?.kind).toBe('inDoubt');
	});

	test('a host that does not exist, a cancelled request and an unknown failure are not tried again', () => {
		for (const code of ['ENOTFOUND', 'ERR_CANCELED', undefined])
			expect(connectionFault(code)).toBeUndefined();
	});
});

describe('backoff', () => {
	// the default policy's 4 waits through the node: test/reliability retries ('a 503 on every try')
	test('doubles from the base, each wait between half and all of its ceiling', () => {
		const policy = { ...DEFAULT_BACKOFF, baseDelayMs: 1000 };
		expect([2, 3, 4, 5].map((next) => backoffMs(next, policy, () => 0))).toEqual([
			500, 1000, 2000, 4000,
		]);
		expect([2, 3, 4, 5].map((next) => backoffMs(next, policy, () => 1))).toEqual([
			1000, 2000, 4000, 8000,
		]);
	});
});

test('durations read as a person reads them', () => {
	expect([800, 1000, 12_400, 60_000, 125_000].map(readableDuration)).toEqual([
		'800 ms',
		'1 s',
		'12 s',
		'1 min',
		'2 min 5 s',
	]);
});
