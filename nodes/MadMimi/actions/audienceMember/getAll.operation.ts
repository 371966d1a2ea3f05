import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit, simplifyFields } from '../../descriptions/common';
import { simpleMember } from '../../helpers/simplify';
import { recordLimit } from '../../helpers/params';
import { listLocator, optionalListName } from '../../locators/list';
import { membersUpTo, optedOutCount } from '../../api/members';
import { includeSuppressedOption } from './member';
import type { ApiClient } from '../../api/client';
import { client } from '../client';
import { isToolRun } from '../tool';
import { optionsCollection } from '../../descriptions/options';

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
				{ name: 'Date Added', value: 'created_at' },
				{ name: 'Email', value: 'email' },
				{ name: 'First Name', value: 'first_name' },
				{ name: 'Last Name', value: 'last_name' },
			],
			default: 'created_at',
			description: 'The order Mad Mimi gives the members in',
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
	const api = client(this, itemIndex);
	const { members, total } = await membersUpTo(api, { ...options, list }, limit);
	const out = this.getNodeParameter('simplify', itemIndex, false)
		? members.map(simpleMember)
		: members;
	if (!isToolRun(this)) return out;
	return [...out, ...(await whatWasLeftOut(api, { list, options, shown: out.length, total }))];
}

/**
 * For a model, which cannot see the count otherwise: a last record saying how many members there
 * are beyond those shown, and how many opted-out members the read left out (one more request, when
 * it left them out), so that "how many members do I have?" gets a true answer.
 */
async function whatWasLeftOut(
	api: ApiClient,
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
