/**
 * The waits the node asked n8n-workflow's `sleep` for (the retries' backoff and Retry-After, the
 * batch interval), in milliseconds, in order. In jest, `sleep` records here and returns at once
 * (test/support/instantWaits.ts): the tests assert on the waits asked for, not on the clock; the
 * real waits are measured by the benchmark (npm run bench) and the e2e suite in real n8n.
 */
export const waits: number[] = [];

/** Forgets the waits recorded so far. */
export function clearWaits(): void {
	waits.length = 0;
}
