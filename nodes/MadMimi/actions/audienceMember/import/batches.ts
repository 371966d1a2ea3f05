import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { writeCsv } from '../../../helpers/csv';
import type { CsvRow } from '../../../helpers/csv';
import { errorJson, withItemIndex } from '../../itemLoop';
import { ordinal, sendCsv } from './common';

/** How the items of a batch import are read and answered. */
export interface BatchPlan<T> {
	/** The column names of every row. */
	columns: string[];
	/** The input item a pending item came from. */
	itemIndex: (item: T) => number;
	/** The CSV rows of an item (built when its batch is sent). */
	rowsOf: (item: T) => CsvRow[];
	/** The item's output when its batch was imported. */
	imported: (item: T, importId: number, batch: number) => IDataObject;
	/** The item's output when its batch failed and the run goes on (continueOnFail). */
	failed: (item: T, batch: number, error: IDataObject) => IDataObject;
	/** Takes each item's output, paired to its input item. */
	emit: (itemIndex: number, output: INodeExecutionData) => void;
}

/**
 * Sends the rows of all items in ⌈items / batchSize⌉ imports (an item's rows never split between
 * two; each batch's rows built only when it is sent, so 100,000 items never hold all their rows
 * at once), and gives each item its output, paired to it. When a batch fails, with continueOnFail its
 * items get `failed` and the next batches go on; without it the run stops with an error that says
 * which batches were imported (with their import ids), which failed and which were not sent.
 */
export async function importInBatches<T>(
	ctx: IExecuteFunctions,
	items: T[],
	batchSize: number,
	plan: BatchPlan<T>,
): Promise<void> {
	const batches = Math.ceil(items.length / batchSize);
	const importIds: number[] = [];
	const answer = (item: T, json: IDataObject) => {
		const itemIndex = plan.itemIndex(item);
		plan.emit(itemIndex, { json, pairedItem: { item: itemIndex } });
	};
	for (let b = 0; b < batches; b++) {
		const batch = items.slice(b * batchSize, (b + 1) * batchSize);
		const rows: CsvRow[] = [];
		for (const item of batch) for (const row of plan.rowsOf(item)) rows.push(row);
		const firstItem = plan.itemIndex(batch[0]);
		try {
			const importId = await sendCsv(ctx, writeCsv(plan.columns, rows), firstItem);
			importIds.push(importId);
			for (const item of batch) answer(item, plan.imported(item, importId, b + 1));
		} catch (error) {
			if (ctx.continueOnFail()) {
				const json = errorJson(error);
				for (const item of batch) answer(item, plan.failed(item, b + 1, json));
				continue;
			}
			throw describeFailedBatch(ctx, error, {
				sentBefore: b,
				batches,
				firstItem,
				lastItem: plan.itemIndex(batch[batch.length - 1]),
				importIds,
			});
		}
	}
}

/** Says what was and was not imported when a batch fails and the workflow stops. */
function describeFailedBatch(
	ctx: IExecuteFunctions,
	error: unknown,
	{
		sentBefore,
		batches,
		firstItem,
		lastItem,
		importIds,
	}: {
		sentBefore: number;
		batches: number;
		firstItem: number;
		lastItem: number;
		importIds: number[];
	},
): Error {
	const failed = withItemIndex(ctx, error, firstItem);
	const range = (from: number, to: number) =>
		from === to ? `Batch ${from} was` : `Batches ${from}–${to} were`;
	const done =
		sentBefore === 0
			? 'No earlier batch was sent.'
			: `${range(1, sentBefore)} imported (import id${sentBefore > 1 ? 's' : ''} ${importIds.join(', ')}).`;
	const rest = sentBefore + 1 < batches ? ` ${range(sentBefore + 2, batches)} not sent.` : '';
	const items =
		firstItem === lastItem
			? `the ${ordinal(firstItem + 1)} item`
			: `the ${ordinal(firstItem + 1)} to ${ordinal(lastItem + 1)} items`;
	const summary = `Batch ${sentBefore + 1} of ${batches} (${items}) was not imported. ${done}${rest}`;
	if (failed instanceof NodeApiError || failed instanceof NodeOperationError) {
		failed.message = `Import stopped: ${failed.message}`;
		failed.description = `${summary}${failed.description ? ` ${failed.description}` : ''}`;
	}
	return failed;
}
