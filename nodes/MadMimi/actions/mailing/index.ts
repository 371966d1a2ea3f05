import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';
import * as getLinks from './getLinks.operation';
import * as getRecipients from './getRecipients.operation';
import * as getStats from './getStats.operation';
import type { Operation } from '../types';

export const operations: Record<string, Operation> = { getAll, getLinks, getRecipients, getStats };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['mailing'] } },
		options: [
			{
				name: 'Get Links',
				value: 'getLinks',
				description: 'Get the links in a mailing, with their clicks',
				action: 'Get links of a mailing',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description:
					'Get every mailing (send) of the account, with its promotion; filter by date sent or promotion',
				action: 'Get many mailings',
			},
			{
				name: 'Get Recipients',
				value: 'getRecipients',
				description:
					'Get the recipients of a mailing by outcome: sent, views (opened), clicked, unsubscribed, bounced…',
				action: 'Get recipients of a mailing',
			},
			{
				name: 'Get Stats',
				value: 'getStats',
				description:
					'Get the counters of a mailing: sent, views (opened), clicked, unsubscribed, bounced…',
				action: 'Get stats of a mailing',
			},
		],
		default: 'getStats',
	},
	...getAll.description,
	...getStats.description,
	...getRecipients.description,
	...getLinks.description,
];
