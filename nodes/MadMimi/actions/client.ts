import type { IExecuteFunctions } from 'n8n-workflow';

import type { RequestSettings } from '../settings';
import {
	DEFAULT_MAX_RESPONSE_MB,
	DEFAULT_PAGE_WINDOW,
	DEFAULT_RETRY,
	DEFAULT_TIMEOUT_SECONDS,
	MAX_PAGE_WINDOW,
} from '../settings';
import type { ApiClient } from '../api/client';
import { itemClient } from '../api/client';

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
export function readRequestSettings(ctx: IExecuteFunctions, itemIndex: number): RequestSettings {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as TransportOptions;
	return {
		timeoutMs: Math.round((positive(options.timeout) ?? DEFAULT_TIMEOUT_SECONDS) * 1000),
		maxBytes: Math.round((positive(options.maxAnswerSize) ?? DEFAULT_MAX_RESPONSE_MB) * 1_000_000),
		pageWindow: Math.min(
			MAX_PAGE_WINDOW,
			Math.max(1, Math.floor(positive(options.parallelPageReads) ?? DEFAULT_PAGE_WINDOW)),
		),
		retry: DEFAULT_RETRY,
	};
}

/** The client of an input item's requests: its Options' settings (api/client.ts makes it). */
export function client(ctx: IExecuteFunctions, itemIndex: number): ApiClient {
	return itemClient(ctx, itemIndex, readRequestSettings(ctx, itemIndex));
}
