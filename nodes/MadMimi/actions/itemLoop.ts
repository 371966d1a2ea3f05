import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** The JSON of an error item for continueOnFail: the message and what to do about it. */
export function errorJson(error: unknown): IDataObject {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		const json: IDataObject = { error: error.message };
		if (error.description) json.description = error.description;
		if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
		return json;
	}
	return { error: error instanceof Error ? error.message : String(error) };
}

/** Errors thrown for an item carry its index, so n8n shows which item failed. */
export function withItemIndex(ctx: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/**
 * The per-item loop: runs `run` for each input item, pairs every record it returns with that
 * item, and on failure either adds one error item paired with it (continueOnFail) or stops
 * with an error that names the item.
 */
export async function runPerItem(
	ctx: IExecuteFunctions,
	itemCount: number,
	run: (itemIndex: number) => Promise<IDataObject[]>,
): Promise<INodeExecutionData[]> {
	const returnData: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		try {
			const records = await run(itemIndex);
			for (const json of records) returnData.push({ json, pairedItem: { item: itemIndex } });
		} catch (error) {
			if (ctx.continueOnFail()) {
				returnData.push({ json: errorJson(error), pairedItem: { item: itemIndex } });
				continue;
			}
			throw withItemIndex(ctx, error, itemIndex);
		}
	}
	return returnData;
}
