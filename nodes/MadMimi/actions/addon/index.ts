import type { INodeProperties } from 'n8n-workflow';

import * as activate from './activate.operation';
import * as deactivate from './deactivate.operation';
import * as getAll from './getAll.operation';
import * as getAvailable from './getAvailable.operation';
import * as toggle from './toggle.operation';
import type { Operation } from '../types';

export const operations: Record<string, Operation> = {
	activate,
	deactivate,
	getAll,
	getAvailable,
	toggle,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['addon'] } },
		options: [
			{
				name: 'Activate',
				value: 'activate',
				description: 'Activate an addon, unless it is already activated',
				action: 'Activate an addon',
			},
			{
				name: 'Deactivate',
				value: 'deactivate',
				description: 'Deactivate an addon, unless it is already deactivated',
				action: 'Deactivate an addon',
			},
			{
				name: 'Get Available',
				value: 'getAvailable',
				description: 'Get every addon Mad Mimi offers, with its description and whether it is paid',
				action: 'Get available addons',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: "Get the account's addons with their status",
				action: 'Get many addons',
			},
			{
				name: 'Toggle',
				value: 'toggle',
				description: 'Switch an addon on when it is off, or off when it is on',
				action: 'Toggle an addon',
			},
		],
		default: 'getAll',
	},
	...getAvailable.description,
	...getAll.description,
	...activate.description,
	...deactivate.description,
	...toggle.description,
];
