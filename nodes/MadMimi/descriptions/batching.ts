import type { INodeProperties } from 'n8n-workflow';

/**
 * Per-item requests in parallel, as the HTTP Request node's batching: items of a batch are
 * sent at the same time, batches one after the other with an optional pause between them.
 */
export const batchingProperty: INodeProperties = {
	displayName: 'Batching',
	name: 'batching',
	type: 'collection',
	placeholder: 'Add batching option',
	default: {},
	displayOptions: { hide: { operation: ['import'] } },
	description: 'Send the requests of several input items at the same time',
	options: [
		{
			displayName: 'Items per Batch',
			name: 'itemsPerBatch',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 100 },
			default: 10,
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
	],
};

/** Settings of every request the node sends. */
export const requestOptionsProperty: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add request option',
	default: {},
	options: [
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 3600, numberPrecision: 3 },
			default: 60,
			description:
				'How long to wait for Mad Mimi to answer one request before failing it (imports wait at least 5 minutes)',
		},
	],
};
