import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit, simplifyFields } from '../../descriptions/common';
import { simpleMember } from '../../helpers/simplify';
import { listLocator } from '../../locators/list';
import { membersByDate } from '../../api/audienceMemberByDate';
import { membersUpTo } from '../../api/audienceMember';
import { optedOutCount } from '../../api/audienceMemberOptOut';
import { includeSuppressedOption } from './member';
import type { MadMimiClient } from '../../api/client';
import { itemClient } from '../../api/client';
import { isToolRun } from '../tool';
import { optionsCollection } from '../../descriptions/options';
import { optionalListName, recordLimit } from '../parameters';

/**
 * The Sort By values read by date. `created_at` is the value saved workflows hold from when it
 * was passed to Mad Mimi as it is; `newestFirst` is the node's own. Both are read as
 * `membersByDate` reads: Mad Mimi's `order=created_at` runs one way or the other (no source
 * records which), so the direction is read off the members' dates, never assumed.
 */
const NEWEST_FIRST = 'newestFirst';
const OLDEST_FIRST = 'created_at';

const properties: INodeProperties[] = [
	...returnAllOrLimit,
	...simplifyFields,
	optionsCollection('pagedPerItem', [
		includeSuppressedOption,
		listLocator({ required: false, description: 'Only the members of this audience list' }),
		{
			displayName: 'Only Opted Out',
			name: 'suppressedOnly',
			type: 'boolean',
			default: false,
			description: 'Whether to get only the members who opted out (suppressed members)',
		},
		{
			displayName: 'Sort By',
			name: 'order',
			type: 'options',
			options: [
				{
					name: 'Date Added (Newest First)',
					value: NEWEST_FIRST,
					description: 'The members added last first (the order without this option)',
				},
				{
					name: 'Date Added (Oldest First)',
					value: OLDEST_FIRST,
					description: 'The members added earliest first',
				},
				{ name: 'Email', value: 'email', description: 'The order Mad Mimi gives by address' },
				{
					name: 'First Name',
					value: 'first_name',
					description: 'The order Mad Mimi gives by first name',
				},
				{
					name: 'Last Name',
					value: 'last_name',
					description: 'The order Mad Mimi gives by last name',
				},
			],
			default: NEWEST_FIRST,
			description:
				'The order of the members. Without this option: newest first, by the date they were added.',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceMember'], operation: ['getAll'] } },
	properties,
);

interface GetAllOptions {
	includeSuppressed?: boolean;
	suppressedOnly?: boolean;
	order?: string;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as GetAllOptions;
	const list = optionalListName(this, itemIndex, 'options.list');
	const limit = recordLimit(this, itemIndex);
	const api = itemClient(this, itemIndex);
	const { members, total } = await readMembers(this, api, { options, list, limit });
	const out = this.getNodeParameter('simplify', itemIndex, false)
		? members.map(simpleMember)
		: members;
	if (!isToolRun(this)) return out;
	return [...out, ...(await whatWasLeftOut(api, { list, options, shown: out.length, total }))];
}

/**
 * The members in the order asked: by date (newest first without the option), the node making
 * sure of the direction; by a name or the address, in the order Mad Mimi gives.
 */
async function readMembers(
	ctx: IExecuteFunctions,
	api: MadMimiClient,
	read: { options: GetAllOptions; list?: string; limit?: number },
): Promise<{ members: IDataObject[]; total?: number }> {
	const { options, list, limit } = read;
	const query = {
		list,
		includeSuppressed: options.includeSuppressed,
		suppressedOnly: options.suppressedOnly,
	};
	const order = options.order || NEWEST_FIRST;
	if (order === NEWEST_FIRST || order === OLDEST_FIRST) {
		const warn = (message: string) => ctx.logger.warn(message, { node: ctx.getNode().name });
		const wanted = order === NEWEST_FIRST ? 'newestFirst' : 'oldestFirst';
		return await membersByDate(api, query, limit, wanted, warn);
	}
	return await membersUpTo(api, { ...query, order }, limit);
}

/**
 * For a model, which cannot see the count otherwise: a last record saying how many members there
 * are beyond those shown, and how many opted-out members the read left out (one more request, when
 * it left them out), so that "how many members do I have?" gets a true answer.
 */
async function whatWasLeftOut(
	api: MadMimiClient,
	read: { list?: string; options: GetAllOptions; shown: number; total?: number },
): Promise<IDataObject[]> {
	const { list, options, shown, total } = read;
	const where = list === undefined ? 'the audience' : `the list "${list}"`;
	const parts: string[] = [];
	if (total !== undefined && total > shown)
		parts.push(
			`${shown} of the ${total} members of ${where} are shown: ask with a higher limit for more, or search for someone`,
		);
	if (!options.includeSuppressed && !options.suppressedOnly) {
		const optedOut = await optedOutCount(api, list);
		if (optedOut !== undefined && optedOut > 0)
			parts.push(
				`${optedOut} members who opted out are left out (ask with includeSuppressed to see them)`,
			);
	}
	return parts.length === 0 ? [] : [{ note: `${parts.join('; ')}.` }];
}
