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
		// Child Account → Create outputs the new child's API key: a secret, to be shown redacted when
		// an execution is read back. Paths into item.json; n8n 2.41.1 declares the field but does not
		// apply it yet, 2.8.4 knows nothing of it (README, Credentials; e2e/server.e2e.mjs)
		sensitiveOutputFields: ['apiKey'],
		properties: nodeProperties(),
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
