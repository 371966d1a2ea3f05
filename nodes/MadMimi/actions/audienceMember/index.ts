import type { INodeProperties } from 'n8n-workflow';

import * as countNew from './countNew.operation';
import * as getLists from './getLists.operation';
import * as getOptedOut from './getOptedOut.operation';
import * as getPromotionAttempts from './getPromotionAttempts.operation';
import * as importMembers from './import.operation';
import type { Operation } from '../types';

export const operations: Record<string, Operation> = {
	countNew,
	getLists,
	getOptedOut,
	getPromotionAttempts,
	import: importMembers,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['audienceMember'] } },
		options: [
			{ name: 'Count New', value: 'countNew', description: 'Count the members created in a time range', action: 'Count new members' },
			{ name: 'Get Lists', value: 'getLists', description: 'Get the lists a member belongs to', action: 'Get the lists of a member' },
			{ name: 'Get Opted Out', value: 'getOptedOut', description: 'Get the members who opted out since a time', action: 'Get opted out members' },
			{ name: 'Get Promotion Attempts', value: 'getPromotionAttempts', description: 'Get the mailings sent to a member, with their results', action: 'Get the promotion attempts of a member' },
			{ name: 'Import', value: 'import', description: 'Add or update members from input items, a CSV or text', action: 'Import members' },
		],
		default: 'import',
	},
	...importMembers.description,
	...getLists.description,
	...getOptedOut.description,
	...getPromotionAttempts.description,
	...countNew.description,
];
