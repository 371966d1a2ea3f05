import { defineResource } from '../types';
import * as getAll from './getAll.operation';

export const resource = defineResource({
	displayName: 'Drip Campaign',
	value: 'dripCampaign',
	defaultOperation: 'getAll',
	operations: [
		{
			name: 'Get Many',
			value: 'getAll',
			description: 'Get the drip campaigns of the account, each with its drips',
			action: 'Get many drip campaigns',
			forModel: 'Lists the drip campaigns of the account, each with its drips',
			run: getAll,
		},
	],
});
