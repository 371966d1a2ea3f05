import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

/** An operation that runs once per input item and returns that item's records. */
export interface ItemOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]>;
}

/**
 * An operation that takes all input items at once (import from items: N items in
 * ⌈N/batchSize⌉ requests). It pairs its output items and honours continueOnFail itself.
 */
export interface BatchOperation {
	description: INodeProperties[];
	executeAll(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]>;
}

export type Operation = ItemOperation | BatchOperation;

export function isBatchOperation(op: Operation): op is BatchOperation {
	return 'executeAll' in op;
}
