import type { INodeProperties } from 'n8n-workflow';

import * as countNew from './countNew.operation';
import * as createOrUpdate from './createOrUpdate.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getLists from './getLists.operation';
import * as getOptedOut from './getOptedOut.operation';
import * as getPromotionAttempts from './getPromotionAttempts.operation';
import * as importMembers from './import.operation';
import * as isSuppressed from './isSuppressed.operation';
import * as search from './search.operation';
import * as suppress from './suppress.operation';
import * as unsuppress from './unsuppress.operation';
import * as update from './update.operation';
import * as updateEmail from './updateEmail.operation';
import type { Operation } from '../types';

export const operations: Record<string, Operation> = {
	countNew,
	createOrUpdate,
	get,
	getAll,
	getLists,
	getOptedOut,
	getPromotionAttempts,
	import: importMembers,
	isSuppressed,
	search,
	suppress,
	unsuppress,
	update,
	updateEmail,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['audienceMember'] } },
		options: [
			{
				name: 'Count New',
				value: 'countNew',
				description: 'Count the members created in a time range',
				action: 'Count new members',
			},
			{
				name: 'Create or Update',
				value: 'createOrUpdate',
				description:
					'Add a person to your audience (and a list), or update the member with that address: one input item per person',
				action: 'Create or update a member',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get one member by email address, opted out or not',
				action: 'Get a member',
			},
			{
				name: 'Get Lists',
				value: 'getLists',
				description: 'Get the lists a member belongs to',
				action: 'Get lists of a member',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get the members of the account or of one list',
				action: 'Get many members',
			},
			{
				name: 'Get Opted Out',
				value: 'getOptedOut',
				description: 'Get the members who opted out since a time',
				action: 'Get opted out members',
			},
			{
				name: 'Get Promotion Attempts',
				value: 'getPromotionAttempts',
				description: 'Get the mailings sent to a member, with their results',
				action: 'Get promotion attempts of a member',
			},
			{
				name: 'Import',
				value: 'import',
				description: 'Add or update members from input items, a CSV or text',
				action: 'Import members',
			},
			{
				name: 'Is Opted Out',
				value: 'isSuppressed',
				description: 'Check whether a member opted out (is suppressed)',
				action: 'Check if a member opted out',
			},
			{
				name: 'Opt In Again',
				value: 'unsuppress',
				description: 'Let an opted-out member receive promotions again',
				action: 'Opt a member in again',
			},
			{
				name: 'Opt Out',
				value: 'suppress',
				description: 'Stop sending promotions to an address (suppress it)',
				action: 'Opt a member out',
			},
			{
				name: 'Search',
				value: 'search',
				description: 'Find members whose address or name contains a text',
				action: 'Search members',
			},
			{
				name: 'Update',
				value: 'update',
				description: "Change a member's names and fields, and the lists it is on",
				action: 'Update a member',
			},
			{
				name: 'Update Email',
				value: 'updateEmail',
				description: "Change a member's email address",
				action: 'Update email of a member',
			},
		],
		default: 'createOrUpdate',
	},
	...createOrUpdate.description,
	...importMembers.description,
	...get.description,
	...search.description,
	...getAll.description,
	...update.description,
	...updateEmail.description,
	...isSuppressed.description,
	...suppress.description,
	...unsuppress.description,
	...getLists.description,
	...getOptedOut.description,
	...getPromotionAttempts.description,
	...countNew.description,
];
