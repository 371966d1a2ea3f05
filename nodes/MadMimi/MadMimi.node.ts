import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodeType, INodeTypeDescription, UsableAsToolDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { RESOURCES, resourceProperty, subtitleExpression } from './actions/resources';
import { toolProperties } from './actions/toolActions';
import { router } from './actions/router';
import { listSearch, loadOptions } from './methods';

const properties: INodeProperties[] = [resourceProperty, ...RESOURCES.flatMap((resource) => resource.description)];

/**
 * What n8n's tool variant of the node (Mad Mimi Tool) replaces: its fields, with the actions in
 * words a model can use (actions/toolActions.ts). n8n merges `replacements` over the node's
 * description at run time (its tool-generation/ai-tools.js, 2.8 and 2.41 alike), though
 * n8n-workflow's type lists only the base description's keys: hence the cast.
 */
const usableAsTool = { replacements: { properties: toolProperties(properties) } } as unknown as UsableAsToolDescription;

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
		usableAsTool,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'madMimiApi', required: true }],
		properties,
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
