import type { INodeProperties } from 'n8n-workflow';

import {
	DEFAULT_MAX_RESPONSE_MB,
	DEFAULT_PAGE_WINDOW,
	DEFAULT_TIMEOUT_SECONDS,
	IMPORT_MIN_TIMEOUT_MS,
	MAX_ITEMS_PER_BATCH,
	MAX_PAGE_WINDOW,
	MAX_RESPONSE_MB_LIMIT,
	MAX_TIMEOUT_SECONDS,
	SUGGESTED_ITEMS_PER_BATCH,
} from '../settings';

/*
 * One "Options" collection per operation (`optionsCollection`, in each operation's file), holding
 * only what applies to it: the operation's own options, then batching (operations that send a
 * request per input item), Parallel Page Reads (paged reads), the largest response and the
 * timeout (every operation). No operation shows a setting that does nothing for it.
 */

/** How long to wait for one answer; imports wait at least IMPORT_MIN_TIMEOUT_MS whatever is set here. */
const timeoutOption: INodeProperties = {
	displayName: 'Timeout (Seconds)',
	name: 'timeout',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_TIMEOUT_SECONDS },
	default: DEFAULT_TIMEOUT_SECONDS,
	description: `How long to wait for Mad Mimi to respond to one request (imports wait at least ${IMPORT_MIN_TIMEOUT_MS / 60_000} minutes). A read without a response is tried again; a send is not.`,
};

/** The largest answer the node reads (transport: refused past it, before it is held whole). */
const maxResponseSizeOption: INodeProperties = {
	displayName: 'Max Response Size (MB)',
	name: 'maxAnswerSize',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_RESPONSE_MB_LIMIT },
	default: DEFAULT_MAX_RESPONSE_MB,
	description:
		"The largest response to read from Mad Mimi; a larger one fails the item before it is held in memory. Mad Mimi's pages and lists are far smaller.",
};

/** Per-item requests in parallel, as the HTTP Request node's batching. */
const batchingOptions: INodeProperties[] = [
	{
		displayName: 'Items per Batch',
		name: 'itemsPerBatch',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_ITEMS_PER_BATCH },
		default: SUGGESTED_ITEMS_PER_BATCH,
		description:
			'How many input items to process at the same time. Output order and pairing stay as the input; each item still fails on its own.',
	},
	{
		displayName: 'Batch Interval (Ms)',
		name: 'batchInterval',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'Time to wait between two batches, in milliseconds, to stay under a rate limit',
	},
];

/** Paged reads: how many pages to ask for at once. */
export const parallelPagesOption: INodeProperties = {
	displayName: 'Parallel Page Reads',
	name: 'parallelPageReads',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_PAGE_WINDOW },
	default: DEFAULT_PAGE_WINDOW,
	description:
		'How many pages to ask Mad Mimi for at the same time when reading many records (1 reads one page after the other). A page that fails is asked for again on its own.',
};

/**
 * How an operation sends its requests: it decides which of the common settings its Options offer.
 * - `perItem`: a request (or a few) for each input item: batching applies.
 * - `pagedPerItem`: a paged read for each input item: batching and Parallel Page Reads apply.
 * - `allItems`: all input items in as few requests as possible (the imports): no batching.
 */
export type RequestPattern = 'perItem' | 'pagedPerItem' | 'allItems';

function commonOptions(pattern: RequestPattern): INodeProperties[] {
	return [
		...(pattern === 'allItems' ? [] : batchingOptions),
		...(pattern === 'pagedPerItem' ? [parallelPagesOption] : []),
		maxResponseSizeOption,
		timeoutOption,
	];
}

/**
 * An operation's "Options": its own options, then the common settings that apply to it, sorted by
 * name as n8n's lint asks. Every operation has one, so the timeout is always at hand.
 */
export function optionsCollection(
	pattern: RequestPattern,
	ownOptions: INodeProperties[] = [],
): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [...ownOptions, ...commonOptions(pattern)].sort((a, b) =>
			a.displayName.localeCompare(b.displayName),
		),
	};
}
