import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as getAll from './getAll.operation';
import * as setPermissions from './setPermissions.operation';
import * as update from './update.operation';
import type { Operation } from '../types';

export const operations: Record<string, Operation> = {
	create,
	delete: del,
	getAll,
	setPermissions,
	update,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['childAccount'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a child account; the output holds its API key',
				action: 'Create a child account',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a child account',
				action: 'Delete a child account',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get the child accounts of the account',
				action: 'Get many child accounts',
			},
			{
				name: 'Set Permissions',
				value: 'setPermissions',
				description: 'Set which audience lists a child account can use, only see, or not see',
				action: 'Set list permissions of a child account',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change the details of a child account',
				action: 'Update a child account',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...create.description,
	...update.description,
	...del.description,
	...setPermissions.description,
];
