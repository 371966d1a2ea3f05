import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';
import type { Operation } from '../types';

export const operations: Record<string, Operation> = { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['dripCampaign'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get the drip campaigns of the account, each with its drips',
				action: 'Get many drip campaigns',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
