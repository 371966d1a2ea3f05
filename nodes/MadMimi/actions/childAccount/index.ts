import { defineResource } from '../types';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as getAll from './getAll.operation';
import * as setPermissions from './setPermissions.operation';
import * as update from './update.operation';

export const resource = defineResource({
	displayName: 'Child Account',
	value: 'childAccount',
	defaultOperation: 'getAll',
	operations: [
		{
			name: 'Create',
			value: 'create',
			description: 'Create a child account; the output holds its API key',
			action: 'Create a child account',
			forModel: 'Creates a child account (email address, password, names). Returns its API key',
			run: create,
		},
		{
			name: 'Delete',
			value: 'delete',
			description: 'Delete a child account',
			action: 'Delete a child account',
			forModel: 'Deletes a child account (its email address)',
			run: del,
		},
		{
			name: 'Get Many',
			value: 'getAll',
			description: 'Get the child accounts of the account',
			action: 'Get many child accounts',
			forModel: 'Lists the child accounts of the account, with their email addresses and names',
			run: getAll,
		},
		{
			name: 'Set Permissions',
			value: 'setPermissions',
			description: 'Set which audience lists a child account can use, only see, or not see',
			action: 'Set list permissions of a child account',
			forModel:
				'Sets which lists (exact names, comma-separated) a child account (email address) can use fully, only read, or not see',
			run: setPermissions,
		},
		{
			name: 'Update',
			value: 'update',
			description: 'Change the details of a child account',
			action: 'Update a child account',
			forModel: 'Changes the details of a child account (its email address)',
			run: update,
		},
	],
});
