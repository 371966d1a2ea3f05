import { defineResource } from '../types';
import * as getAll from './getAll.operation';
import * as getAvailable from './getAvailable.operation';
import * as update from './update.operation';

export const resource = defineResource({
	displayName: 'Social Link',
	value: 'socialLink',
	defaultOperation: 'getAll',
	operations: [
		{
			name: 'Get Available',
			value: 'getAvailable',
			description:
				'Get every social network Mad Mimi can link to, with its key and the expected address format',
			action: 'Get available social links',
			forModel:
				'Lists the social networks Mad Mimi can link to, with their keys and address formats',
			run: getAvailable,
		},
		{
			name: 'Get Many',
			value: 'getAll',
			description: "Get the account's social links",
			action: 'Get many social links',
			forModel: "Lists the account's social links: each network's key and the address set for it",
			run: getAll,
		},
		{
			name: 'Update',
			value: 'update',
			description: 'Set the address of one or more social links; the others stay as they are',
			action: 'Update social links',
			forModel: 'Sets the address of one or more social links (key and URL); the others stay',
			run: update,
		},
	],
});
