import type { INodeProperties } from 'n8n-workflow';

import * as addMember from './addMember.operation';
import * as clear from './clear.operation';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as getAll from './getAll.operation';
import * as removeMember from './removeMember.operation';
import * as rename from './rename.operation';
import type { Operation } from '../types';

export const operations: Record<string, Operation> = {
	addMember,
	clear,
	create,
	delete: del,
	getAll,
	removeMember,
	rename,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['audienceList'] } },
		options: [
			{
				name: 'Add Member',
				value: 'addMember',
				description:
					'Add someone who is already a member to a list (new people: Audience Member → Create or Update)',
				action: 'Add a member to a list',
			},
			{
				name: 'Clear',
				value: 'clear',
				description: 'Take every member off a list, keeping the list',
				action: 'Clear a list',
			},
			{
				name: 'Create',
				value: 'create',
				description: 'Create an audience list',
				action: 'Create a list',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete an audience list',
				action: 'Delete a list',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get the audience lists of the account',
				action: 'Get many lists',
			},
			{
				name: 'Remove Member',
				value: 'removeMember',
				description: 'Remove a member from a list',
				action: 'Remove a member from a list',
			},
			{
				name: 'Rename',
				value: 'rename',
				description: 'Give a list a new name, keeping its members',
				action: 'Rename a list',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...del.description,
	...getAll.description,
	...addMember.description,
	...removeMember.description,
	...rename.description,
	...clear.description,
];
