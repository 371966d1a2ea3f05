import type { INodeProperties } from 'n8n-workflow';

import * as add from './add.operation';
import * as del from './delete.operation';
import * as getAll from './getAll.operation';
import type { Operation } from '../types';

export const operations: Record<string, Operation> = { add, delete: del, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['analyticsDomain'] } },
		options: [
			{
				name: 'Add',
				value: 'add',
				description: 'Add a domain whose links get Google Analytics tracking',
				action: 'Add an analytics domain',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Remove an analytics domain',
				action: 'Delete an analytics domain',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: "Get the account's analytics domains",
				action: 'Get many analytics domains',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...add.description,
	...del.description,
];
