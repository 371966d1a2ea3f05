import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { InputError } from '../helpers/validation';
import { DEFAULT_ITEMS_PER_BATCH, MAX_ITEMS_PER_BATCH } from '../settings';
import type { OnceOnlyItemOperation } from './types';

/** The JSON of an error item for continueOnFail: the message and what to do about it. */
function errorJson(error: unknown): IDataObject {
	if (
		error instanceof NodeApiError ||
		error instanceof NodeOperationError ||
		error instanceof InputError
	) {
		const json: IDataObject = { error: error.message };
		if (error.description) json.description = error.description;
		if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
		return json;
	}
	return { error: error instanceof Error ? error.message : String(error) };
}

/**
 * The one Continue On Fail policy of the node: with it, a failed item's output is its error
 * (`errorJson`) and the run goes on; without it, the run stops with `stop(error)`, by default the
 * error naming the item.
 */
export function continueOrStop(
	ctx: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
	stop: (error: unknown) => Error = (failure) => withItemIndex(ctx, failure, itemIndex),
): IDataObject {
	if (!ctx.continueOnFail()) throw stop(error);
	return errorJson(error);
}

/** The part of an n8n context an item's error needs: its node (the action node's, or the trigger's). */
export type NodeContext = Pick<IExecuteFunctions, 'getNode'>;

/**
 * The error of one input item, in the user's words: bad input (thrown before any request, naming
 * the field), or what the service's data says (an addon the account does not have).
 */
export function itemError(
	ctx: NodeContext,
	itemIndex: number,
	message: string,
	description?: string,
): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
}

/**
 * Errors thrown for an item carry its index, so n8n shows which item failed; bad input found by a
 * check that takes values (`InputError`) becomes the node's error of that item (`itemError`).
 */
export function withItemIndex(ctx: NodeContext, error: unknown, itemIndex: number): Error {
	if (error instanceof InputError)
		return itemError(ctx, itemIndex, error.message, error.description);
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/** The fields that say which record an item is: shown first in every output item. */
const IDENTIFYING = ['id', 'name', 'email'];

/** The item with its identifying fields (`id`, `name`, `email`) first, the others in their order. */
export function identityFirst(json: IDataObject): IDataObject {
	const present = IDENTIFYING.filter((key) => key in json);
	if (present.length === 0) return json;
	// already in that order (as most operations build their items): kept, not copied, so a run of
	// 100,000 items leaves no 100,000 copies behind for the garbage collector
	let leading = 0;
	for (const key in json) {
		if (key !== present[leading]) break;
		if (++leading === present.length) return json;
	}
	const out: IDataObject = {};
	for (const key of IDENTIFYING) if (key in json) out[key] = json[key];
	for (const key in json) if (!(key in out)) out[key] = json[key];
	return out;
}

/** The node's batching settings: how many items run at once, and the pause between batches. */
export interface Batching {
	itemsPerBatch: number;
	batchInterval: number;
}

export function readBatching(ctx: IExecuteFunctions): Batching {
	const batching = ctx.getNodeParameter('options', 0, {}) as Partial<Batching>;
	return {
		itemsPerBatch: Math.min(
			MAX_ITEMS_PER_BATCH,
			Math.max(1, Math.floor(batching.itemsPerBatch ?? DEFAULT_ITEMS_PER_BATCH)),
		),
		batchInterval: Math.max(0, Math.floor(batching.batchInterval ?? 0)),
	};
}

/**
 * The per-item loop: runs `run` for each input item, pairs every record it returns with that
 * item, and on failure either adds one error item paired with it (continueOnFail) or stops
 * with an error that names the item. With batching, the items of a batch run at the same
 * time; their results are still taken in input order, so output order, pairing and the
 * per-item error policy are those of the sequential loop. `failedFields` go first in every
 * error item (Import's `imported: false`).
 */
export async function runPerItem(
	ctx: IExecuteFunctions,
	itemCount: number,
	run: (itemIndex: number) => Promise<IDataObject[]>,
	batching: Batching = { itemsPerBatch: DEFAULT_ITEMS_PER_BATCH, batchInterval: 0 },
	failedFields: IDataObject = {},
	stopped?: (error: Error, itemIndex: number, done: IDataObject[]) => Error,
): Promise<INodeExecutionData[]> {
	const returnData: INodeExecutionData[] = [];
	const size = batching.itemsPerBatch;
	for (let first = 0; first < itemCount; first += size) {
		if (first > 0 && batching.batchInterval > 0) await sleep(batching.batchInterval);
		const indexes = Array.from({ length: Math.min(size, itemCount - first) }, (_, k) => first + k);
		const settled = await Promise.allSettled(
			indexes.map(async (itemIndex) => await run(itemIndex)),
		);
		for (let k = 0; k < settled.length; k++) {
			const itemIndex = indexes[k];
			const outcome = settled[k];
			if (outcome.status === 'fulfilled') {
				for (const json of outcome.value)
					returnData.push({ json: identityFirst(json), pairedItem: { item: itemIndex } });
				continue;
			}
			// the items of the batch that ran beside the failed one are done too
			const done = () => [
				...returnData.map((item) => item.json),
				...settled.flatMap((other) => (other.status === 'fulfilled' ? other.value : [])),
			];
			returnData.push({
				json: {
					...failedFields,
					...continueOrStop(ctx, outcome.reason, itemIndex, (failure) => {
						const error = withItemIndex(ctx, failure, itemIndex);
						return stopped ? stopped(error, itemIndex, done()) : error;
					}),
				},
				pairedItem: { item: itemIndex },
			});
		}
	}
	return returnData;
}

/**
 * The loop of a once-only operation (types.ts): every item's request is read and checked first,
 * then the writes go out. Without Continue On Fail a bad item stops the run before anything is
 * sent; a run that stops part-way for another reason says how many writes went out before it,
 * and how to finish without repeats.
 */
export async function runOnceOnly(
	ctx: IExecuteFunctions,
	op: OnceOnlyItemOperation,
	itemCount: number,
	batching: Batching,
): Promise<INodeExecutionData[]> {
	const requests: Array<{ request: unknown } | { failure: unknown }> = [];
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		try {
			requests.push({ request: await op.prepare.call(ctx, itemIndex) });
		} catch (failure) {
			if (!ctx.continueOnFail()) throw withItemIndex(ctx, failure, itemIndex);
			requests.push({ failure });
		}
	}
	return await runPerItem(
		ctx,
		itemCount,
		async (itemIndex) => {
			const prepared = requests[itemIndex];
			if ('failure' in prepared) throw prepared.failure;
			return await op.execute.call(ctx, itemIndex, prepared.request);
		},
		batching,
		{},
		(error, _itemIndex, done) => withPartWayNote(error, done, itemCount, op.sends),
	);
}

/** The error of a run stopped part-way, with how many writes went out before it and how to finish. */
function withPartWayNote(
	error: Error,
	done: IDataObject[],
	itemCount: number,
	sends: { one: string; many: string },
): Error {
	if (!(error instanceof NodeApiError || error instanceof NodeOperationError)) return error;
	const sent = done.filter((json) => json.skipped !== true).length;
	const note =
		sent === 0
			? `No ${sends.one} of this run went out before it.`
			: `${sent} of ${itemCount} ${itemCount === 1 ? sends.one : sends.many} went out before it. To send the rest, retry this execution from n8n's Executions list: the retry asks Mad Mimi what was sent and sends only the others. Running the workflow again (Execute workflow) would send those ${sent} again.`;
	error.description = error.description ? `${error.description}\n\n${note}` : note;
	return error;
}
