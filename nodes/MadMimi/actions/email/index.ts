import type { INodeProperties } from 'n8n-workflow';

import * as getStatus from './getStatus.operation';
import * as send from './send.operation';
import type { Operation } from '../types';

export const operations: Record<string, Operation> = { getStatus, send };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['email'] } },
		options: [
			{
				name: 'Get Status',
				value: 'getStatus',
				description:
					'Get the delivery status of an email sent with Send: sent, received, bounced, opened…',
				action: 'Get status of an email',
			},
			{
				name: 'Send',
				value: 'send',
				description:
					'Send one transactional email to one person, from a saved promotion or your own HTML or text',
				action: 'Send an email',
			},
		],
		default: 'send',
	},
	...send.description,
	...getStatus.description,
];
