import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import type { Operation } from '../types';

export const operations: Record<string, Operation> = { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['signupForm'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a signup form: its fields, colors and addresses',
				action: 'Get a signup form',
			},
		],
		default: 'get',
	},
	...get.description,
];
