import { defineResource } from '../types';
import * as add from './add.operation';
import * as del from './delete.operation';
import * as getAll from './getAll.operation';

export const resource = defineResource({
	displayName: 'Analytics Domain',
	value: 'analyticsDomain',
	defaultOperation: 'getAll',
	operations: [
		{
			name: 'Add',
			value: 'add',
			description: 'Add a domain whose links get Google Analytics tracking',
			action: 'Add an analytics domain',
			forModel: 'Adds an analytics domain (e.g. example.com)',
			run: add,
		},
		{
			name: 'Delete',
			value: 'delete',
			description: 'Remove an analytics domain',
			action: 'Delete an analytics domain',
			forModel: 'Removes an analytics domain (e.g. example.com)',
			run: del,
		},
		{
			name: 'Get Many',
			value: 'getAll',
			description: "Get the account's analytics domains",
			action: 'Get many analytics domains',
			forModel:
				"Lists the account's analytics domains (links to them get Google Analytics tracking)",
			run: getAll,
		},
	],
});
