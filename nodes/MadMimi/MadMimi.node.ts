import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { nodeProperties, subtitleExpression } from './actions/resources';
import { router } from './actions/router';
import { listSearch, loadOptions } from './methods';

export class MadMimi implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Mad Mimi',
		name: 'madMimi',
		icon: { light: 'file:madMimi.svg', dark: 'file:madMimi.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: subtitleExpression(),
		description: 'Manage audience lists, members, promotions and mailing statistics in Mad Mimi',
		defaults: { name: 'Mad Mimi' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'madMimiApi', required: true }],
		properties: nodeProperties(),
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
