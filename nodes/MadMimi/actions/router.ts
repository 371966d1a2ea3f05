import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { operationOf } from './resources';
import { errorForModel, isToolRun, sizedForModel, toolErrorEndsTheRun } from './tool';
import { identityFirst, readBatching, runOnceOnly, runPerItem } from './itemLoop';
import { isBatchOperation, isOnceOnlyItemOperation } from './types';

/** Reads resource and operation once and runs the operation over the input items. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const op = operationOf(resource, operation);
	if (!op) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" of "${resource}" is not supported`,
		);
	}
	const runAll = async (): Promise<INodeExecutionData[]> => {
		if (isBatchOperation(op))
			return (await op.executeAll.call(this, items)).map((item) => {
				const json = identityFirst(item.json);
				return json === item.json ? item : { ...item, json };
			});
		if (isOnceOnlyItemOperation(op))
			return await runOnceOnly(this, op, items.length, readBatching(this));
		return await runPerItem(
			this,
			items.length,
			async (itemIndex) => await op.execute.call(this, itemIndex),
			readBatching(this),
		);
	};
	if (!isToolRun(this)) return [await runAll()];
	// an AI Agent's tool: a result the model can hold, and errors that say what to do in their message
	try {
		return [sizedForModel(await runAll())];
	} catch (error) {
		const forModel = await errorForModel(this, error);
		// what n8n 2.x gives the model in its place, where n8n 1.x would end the run
		if (toolErrorEndsTheRun(this))
			return [[{ json: { error: forModel.message }, pairedItem: { item: 0 } }]];
		throw forModel;
	}
}
