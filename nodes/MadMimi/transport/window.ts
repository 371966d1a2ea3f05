/** What became of one value of `eachInWindow`: done, failed with its error, or never started. */
export type WindowOutcome = { done: true } | { error: unknown } | { notStarted: true };

/**
 * Runs `run` once per value, up to `window` at once, started in the values' order (as Return
 * All's pages, transport/paging.ts): a slow request holds one place, the others go on. Each run
 * is one request, tried again on its own by the client's retry policy; nothing here repeats it.
 * With `stopAtFailure`, no value is started after one has failed for good, and those left are
 * `notStarted`. Resolves when every started run has settled, so none is left behind.
 */
export async function eachInWindow<T>(
	values: readonly T[],
	window: number,
	run: (value: T) => Promise<void>,
	stopAtFailure: boolean,
): Promise<WindowOutcome[]> {
	const outcomes: WindowOutcome[] = values.map(() => ({ notStarted: true }));
	let next = 0;
	let failed = false;
	const worker = async (): Promise<void> => {
		while (next < values.length && !(stopAtFailure && failed)) {
			const at = next++;
			try {
				await run(values[at]);
				outcomes[at] = { done: true };
			} catch (error) {
				outcomes[at] = { error };
				failed = true;
			}
		}
	};
	const width = Math.max(1, Math.min(Math.floor(window), values.length));
	await Promise.all(Array.from({ length: width }, worker));
	return outcomes;
}
