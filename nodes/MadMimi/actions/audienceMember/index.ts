import { DEFAULT_RANGE_DAYS } from '../../settings';
import { defineResource } from '../types';
import * as countNew from './countNew.operation';
import * as upsert from './upsert.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getLists from './getLists.operation';
import * as getOptedOut from './getOptedOut.operation';
import * as getPromotionAttempts from './getPromotionAttempts.operation';
import * as importMembers from './import.operation';
import * as isOptedOut from './isOptedOut.operation';
import * as optInAgain from './optInAgain.operation';
import * as optOut from './optOut.operation';
import * as search from './search.operation';
import * as update from './update.operation';
import * as updateEmail from './updateEmail.operation';

export const resource = defineResource({
	displayName: 'Audience Member',
	value: 'audienceMember',
	defaultOperation: 'upsert',
	operations: [
		{
			name: 'Count New',
			value: 'countNew',
			description: 'Count the members created in a time range',
			action: 'Count new members',
			forModel: `Counts the members added between two dates (ISO 8601; the last ${DEFAULT_RANGE_DAYS} days by default). Returns { count }`,
			run: countNew,
		},
		{
			name: 'Create or Update',
			value: 'upsert',
			description: 'Create a new record, or update the current one if it already exists (upsert)',
			action: 'Create or update a member',
			forModel:
				"Adds a person to the audience by email address, or updates the member with that address, optionally putting them on a list (the list's exact name) with first name, last name and custom fields (a JSON object). Returns the member's fields, the list and the import ID",
			run: upsert,
		},
		{
			name: 'Get',
			value: 'get',
			description: 'Get one member by email address, opted out or not',
			action: 'Get a member',
			forModel:
				'Gets one member by email address (opted out or not). Returns the member\'s fields, whether they opted out ("suppressed") and their lists; fails when there is no such member',
			run: get,
		},
		{
			name: 'Get Lists',
			value: 'getLists',
			description: 'Get the lists a member belongs to',
			action: 'Get lists of a member',
			forModel: 'Gets the lists a member (by email address) is on. Returns one record per list',
			run: getLists,
		},
		{
			name: 'Get Many',
			value: 'getAll',
			description: 'Get the members of the account or of one list',
			action: 'Get many members',
			forModel:
				"Lists audience members, newest first (by the date they were added) by default, up to a limit (50 unless set), optionally only one list's. Opted-out members are left out unless asked for. Returns one record per member; a last record says when there are more, and how many",
			run: getAll,
		},
		{
			name: 'Get Opted Out',
			value: 'getOptedOut',
			description: 'Get the members who opted out since a time',
			action: 'Get opted out members',
			forModel: `Lists the email addresses that opted out since a date (ISO 8601; the last ${DEFAULT_RANGE_DAYS} days by default). Returns one record per address`,
			run: getOptedOut,
		},
		{
			name: 'Get Promotion Attempts',
			value: 'getPromotionAttempts',
			description: 'Get the mailings sent to a member, with their results',
			action: 'Get promotion attempts of a member',
			forModel:
				'Gets the emails and mailings sent to a member (by email address), with whether each was opened, clicked or bounced',
			run: getPromotionAttempts,
		},
		{
			name: 'Import',
			value: 'import',
			description: 'Add or update members from input items, a CSV or text',
			action: 'Import members',
			forModel:
				'Imports members in bulk from input items, a CSV or text, optionally onto a list (its exact name). Returns one record per person imported',
			run: importMembers,
		},
		{
			name: 'Is Opted Out',
			value: 'isSuppressed',
			description: 'Check whether a member opted out (is suppressed)',
			action: 'Check if a member opted out',
			forModel:
				'Tells whether the member with an email address opted out (unsubscribed). Returns { email, suppressed: true or false }',
			run: isOptedOut,
		},
		{
			name: 'Opt In Again',
			value: 'unsuppress',
			description: 'Let an opted-out member receive promotions again',
			action: 'Opt a member in again',
			forModel:
				'Opts an opted-out member back in, so they receive promotions again. Returns the address',
			run: optInAgain,
		},
		{
			name: 'Opt Out',
			value: 'suppress',
			description: 'Stop sending promotions to an address (suppress it)',
			action: 'Opt a member out',
			forModel:
				'Opts an email address out: Mad Mimi sends it no more promotions. Returns the address',
			run: optOut,
		},
		{
			name: 'Search',
			value: 'search',
			description: 'Find members whose address or name contains a text',
			action: 'Search members',
			forModel:
				'Finds members whose email address or name contains a text (at most 100). Opted-out members are left out unless asked for. Returns one record per member',
			run: search,
		},
		{
			name: 'Update',
			value: 'update',
			description: "Change a member's names and fields, and the lists it is on",
			action: 'Update a member',
			forModel:
				"Changes a member's fields (first name, last name, custom fields as a JSON object) and adds them to or removes them from lists (exact names, comma-separated). Returns what was changed",
			run: update,
		},
		{
			name: 'Update Email',
			value: 'updateEmail',
			description: "Change a member's email address",
			action: 'Update email of a member',
			forModel:
				"Changes a member's email address (current address, new address). Returns both addresses",
			run: updateEmail,
		},
	],
});
