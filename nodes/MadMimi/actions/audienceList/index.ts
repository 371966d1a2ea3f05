import { defineResource } from '../types';
import * as addMember from './addMember.operation';
import * as clear from './clear.operation';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as getAll from './getAll.operation';
import * as removeMember from './removeMember.operation';
import * as rename from './rename.operation';
import * as sync from './sync.operation';

export const resource = defineResource({
	displayName: 'Audience List',
	value: 'audienceList',
	defaultOperation: 'getAll',
	operations: [
		{
			name: 'Add Member',
			value: 'addMember',
			description:
				'Add someone who is already a member to a list (new people: Audience Member → Create or Update)',
			action: 'Add a member to a list',
			forModel:
				'Puts an existing member (email address) on a list (its exact name). New people: use the create-or-update tool',
			run: addMember,
		},
		{
			name: 'Clear',
			value: 'clear',
			description: 'Take every member off a list, keeping the list',
			action: 'Clear a list',
			forModel: 'Takes every member off a list (its exact name) and keeps the list',
			run: clear,
		},
		{
			name: 'Create',
			value: 'create',
			description: 'Create an audience list',
			action: 'Create a list',
			forModel: 'Creates an audience list with a new name. Returns its ID and name',
			run: create,
		},
		{
			name: 'Delete',
			value: 'delete',
			description: 'Delete an audience list',
			action: 'Delete a list',
			forModel: 'Deletes an audience list (its exact name); its members stay in the audience',
			run: del,
		},
		{
			name: 'Get Many',
			value: 'getAll',
			description: 'Get the audience lists of the account',
			action: 'Get many lists',
			forModel:
				"Lists the audience lists of the account, up to a limit (50 unless set). Returns each list's name, ID and member count",
			run: getAll,
		},
		{
			name: 'Remove Member',
			value: 'removeMember',
			description: 'Remove a member from a list',
			action: 'Remove a member from a list',
			forModel: 'Takes a member (email address) off a list (its exact name)',
			run: removeMember,
		},
		{
			name: 'Rename',
			value: 'rename',
			description: 'Give a list a new name, keeping its members',
			action: 'Rename a list',
			forModel: 'Renames a list (its exact name) to a new name; its members stay on it',
			run: rename,
		},
		{
			name: 'Sync Members',
			value: 'sync',
			description:
				'Make a list hold exactly the people of the input items: add, update, and take off those not in the input (dry run first)',
			action: 'Sync the members of a list',
			forModel:
				"Plans how to make a list (its exact name) hold exactly the people given (each an email address, optionally first and last name and custom fields): who is added, updated, taken off the list (never deleted or opted out), left unchanged or skipped (opted out, never re-subscribed). As a tool this is a dry run that changes nothing unless the workflow's author turned Dry Run off in the node; the model cannot turn it off. Returns one record per person with email, action (added, updated, removed, unchanged, skipped), reason and the fields that differ (from, to)",
			run: sync,
		},
	],
});
