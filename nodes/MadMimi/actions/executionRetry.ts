import type { IExecuteFunctions } from 'n8n-workflow';
import { CLOCK_SKEW_MARGIN_SECONDS, RETRY_LOOK_BACK_MS } from '../settings';

/*
 * A user's Retry of a failed execution (n8n's Executions list, or POST /rest/executions/<id>/retry)
 * is a new execution in mode 'retry' that runs the failed node again over all its input items. The
 * run being retried kept no output, and the node's memory of once-only writes is held by the
 * process that ran it (transport/retryOnFail.ts), so nothing in n8n says which emails already went
 * out. The one record that survives processes, restarts and queue workers is Mad Mimi itself: in a
 * retried execution, each once-only write first asks it whether the run being retried did it.
 */

/**
 * When the run being retried began, less the clock margin (epoch ms): once-only writes are looked
 * for from then on. Undefined when this execution is no retry: then nothing is asked first.
 *
 * n8n 2.8 and 2.41 carry the failed execution's context into the retry unchanged (n8n-core's
 * establishExecutionContext keeps an existing `runtimeData`), so its `establishedAt` is when the
 * original execution began, also for a retry of a retry. A context whose source is 'retry' was
 * established by the retry itself: its time says nothing of the run being retried.
 */
export function retriedSince(ctx: IExecuteFunctions): number | undefined {
	const start = retriedRunStart(ctx);
	return start === null ? Date.now() - RETRY_LOOK_BACK_MS : start;
}

/**
 * As retriedSince, but null when n8n carried no time the run being retried began (n8n 1.x): for
 * the sends, whose check is "sent since then", any guessed time either skips a daily email or
 * sends one twice, so they ask the user instead (Email → Send's Skip If Already Sent).
 */
export function retriedRunStart(ctx: IExecuteFunctions): number | null | undefined {
	if (ctx.getMode?.() !== 'retry') return undefined;
	const context =
		typeof ctx.getExecutionContext === 'function' ? ctx.getExecutionContext() : undefined;
	if (!context || context.source === 'retry' || !Number.isFinite(context.establishedAt))
		return null;
	return context.establishedAt - CLOCK_SKEW_MARGIN_SECONDS * 1000;
}

/** Values computed once per node run (one execute context serves all its items). */
const perRun = new WeakMap<IExecuteFunctions, Map<string, unknown>>();

/** `compute()`'s value, computed once per node run and key: the first item that asks computes it. */
export function oncePerRun<T>(ctx: IExecuteFunctions, key: string, compute: () => T): T {
	let values = perRun.get(ctx);
	if (!values) {
		values = new Map();
		perRun.set(ctx, values);
	}
	if (!values.has(key)) values.set(key, compute());
	return values.get(key) as T;
}

/**
 * Which occurrence of its write this item is (1 for the first), among the node's input items in
 * order: the 2nd item sending "Welcome" to jane@example.com is occurrence 2. A retried write is
 * done already when Mad Mimi shows at least that many such writes since the run being retried
 * began: so two items that mean to email one person twice still both go out once, and one item's
 * send is never taken for another's. `keyOf` gives an item's key, undefined when the item cannot
 * be read (it fails on its own). Counted once per node run and kind of write (`kind`).
 */
export function occurrenceOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: string,
	keyOf: (itemIndex: number) => string | undefined,
): number {
	const occurrences = oncePerRun(ctx, `occurrences:${kind}`, () => {
		const seen = new Map<string, number>();
		return ctx.getInputData().map((_, index) => {
			const key = keyOrUndefined(keyOf, index);
			if (key === undefined) return 1;
			const occurrence = (seen.get(key) ?? 0) + 1;
			seen.set(key, occurrence);
			return occurrence;
		});
	});
	return occurrences[itemIndex] ?? 1;
}

function keyOrUndefined(
	keyOf: (itemIndex: number) => string | undefined,
	itemIndex: number,
): string | undefined {
	try {
		return keyOf(itemIndex);
	} catch {
		return undefined;
	}
}
