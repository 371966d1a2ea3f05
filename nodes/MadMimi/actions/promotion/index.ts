import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';
import * as getTransactionalCount from './getTransactionalCount.operation';
import * as save from './save.operation';
import * as search from './search.operation';
import * as send from './send.operation';
import * as trash from './trash.operation';
import type { Operation } from '../types';

export const operations: Record<string, Operation> = {
	getAll,
	getTransactionalCount,
	save,
	search,
	send,
	trash,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['promotion'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get the promotions of the account, with their mailings',
				action: 'Get many promotions',
			},
			{
				name: 'Get Transactional Count',
				value: 'getTransactionalCount',
				description: 'Count the transactional emails sent with a promotion on a day',
				action: 'Get transactional count of a promotion',
			},
			{
				name: 'Save',
				value: 'save',
				description: 'Create a promotion, or update the one with the same name',
				action: 'Save a promotion',
			},
			{
				name: 'Search',
				value: 'search',
				description: 'Find promotions by name, ID or date',
				action: 'Search promotions',
			},
			{
				name: 'Send',
				value: 'send',
				description:
					'Send a promotion to chosen audience lists, or to the whole audience, as a new mailing',
				action: 'Send a promotion',
			},
			{
				name: 'Trash',
				value: 'trash',
				description: 'Move a promotion to the trash',
				action: 'Trash a promotion',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...search.description,
	...save.description,
	...send.description,
	...trash.description,
	...getTransactionalCount.description,
];
