import type { IExecuteFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

import type { RequestSettings } from '../settings';
import {
	DEFAULT_MAX_RESPONSE_MB,
	DEFAULT_PAGE_WINDOW,
	DEFAULT_BACKOFF,
	DEFAULT_SETTINGS,
	DEFAULT_TIMEOUT_SECONDS,
	EDITOR_SETTINGS,
	MAX_PAGE_WINDOW,
} from '../settings';
import { MadMimiClient } from '../transport';

/*
 * The one place a client of Mad Mimi is made, from n8n's context: the action node's (per input
 * item, `itemClient`), the trigger's (`pollClient`) and the editor's searches' (`editorClient`).
 * Everything above the api layer holds a `MadMimiClient` it got here and hands it to the api's
 * functions; none of it imports the transport.
 */

/**
 * A client of Mad Mimi, as the api's functions take it; a write that must happen at most once,
 * as an operation describes it to the api (its words, and what to ask first); and its outcome.
 */
export type { MadMimiClient, OnceOnly, WriteOnceOutcome } from '../transport';

/** The Options of an operation that set how it talks to Mad Mimi (descriptions/options.ts shows them). */
interface TransportOptions {
	timeout?: number;
	maxAnswerSize?: number;
	parallelPageReads?: number;
}

function positive(value: unknown): number | undefined {
	return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The settings of an item's requests: its operation's Options, the defaults for what they leave out. */
function requestSettingsOf(options: TransportOptions): RequestSettings {
	return {
		timeoutMs: Math.round((positive(options.timeout) ?? DEFAULT_TIMEOUT_SECONDS) * 1000),
		maxBytes: Math.round((positive(options.maxAnswerSize) ?? DEFAULT_MAX_RESPONSE_MB) * 1_000_000),
		pageWindow: Math.min(
			MAX_PAGE_WINDOW,
			Math.max(1, Math.floor(positive(options.parallelPageReads) ?? DEFAULT_PAGE_WINDOW)),
		),
		backoff: DEFAULT_BACKOFF,
	};
}

/** The run index of the node in this execution: the same for every item and every try of one run. */
const runIndexes = new WeakMap<IExecuteFunctions, number>();

function runIndexOf(ctx: IExecuteFunctions, itemIndex: number): number {
	let runIndex = runIndexes.get(ctx);
	if (runIndex === undefined) {
		// every execute context of n8n 2.x has a data proxy; one without it counts as run 0
		runIndex =
			typeof ctx.getWorkflowDataProxy === 'function'
				? Number(ctx.getWorkflowDataProxy(itemIndex).$runIndex ?? 0)
				: 0;
		runIndexes.set(ctx, runIndex);
	}
	return runIndex;
}

/**
 * The client of an input item's requests in the action node, with the settings its operation's
 * Options give (Timeout, Max Answer Size, Parallel Page Reads; the defaults for what they leave
 * out): errors that name the item, and the scope under which once-only writes are remembered
 * across n8n's Retry On Fail (this execution, this node, its run and the item:
 * transport/retryOnFail.ts).
 */
export function itemClient(ctx: IExecuteFunctions, itemIndex: number): MadMimiClient {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as TransportOptions;
	return new MadMimiClient(ctx, requestSettingsOf(options), {
		itemIndex,
		onceScope: () => {
			const execution = ctx.getExecutionId();
			// without an execution id, nothing may be remembered: two runs would share their outcomes
			if (!execution) return undefined;
			return {
				execution,
				runAndItem: `${ctx.getNode().id}\u0000${runIndexOf(ctx, itemIndex)}\u0000${itemIndex}`,
			};
		},
		cancelled: () => ctx.getExecutionCancelSignal?.()?.aborted === true,
	});
}

/** The trigger's client: the default settings (its checks retry as the action node's requests do). */
export function pollClient(ctx: IPollFunctions): MadMimiClient {
	return new MadMimiClient(ctx, DEFAULT_SETTINGS);
}

/** The client of the editor's dropdowns and searches: a person waits for them, so their retries are short. */
export function editorClient(ctx: ILoadOptionsFunctions): MadMimiClient {
	return new MadMimiClient(ctx, EDITOR_SETTINGS);
}
