import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';
import * as getAvailable from './getAvailable.operation';
import * as update from './update.operation';
import type { Operation } from '../types';

export const operations: Record<string, Operation> = { getAll, getAvailable, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['socialLink'] } },
		options: [
			{
				name: 'Get Available',
				value: 'getAvailable',
				description:
					'Get every social network Mad Mimi can link to, with its key and the expected address format',
				action: 'Get available social links',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: "Get the account's social links",
				action: 'Get many social links',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Set the address of one or more social links; the others stay as they are',
				action: 'Update social links',
			},
		],
		default: 'getAll',
	},
	...getAvailable.description,
	...getAll.description,
	...update.description,
];
