import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit } from '../../descriptions/common';
import { recordLimit } from '../../helpers/params';
import { listLocator, optionalListName } from '../../locators/list';
import { MAX_MEMBERS_PER_PAGE, membersPage } from '../../api/members';
import { includeSuppressedOption } from './member';
import { client } from '../client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	...returnAllOrLimit,
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

export const description = updateDisplayOptions({ show: { resource: ['audienceMember'], operation: ['getAll'] } }, properties);

interface GetAllOptions {
	includeSuppressed?: boolean;
	suppressedOnly?: boolean;
	order?: string;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as GetAllOptions;
	const list = optionalListName(this, itemIndex, 'options.list');
	const limit = recordLimit(this, itemIndex);
	const perPage = limit === undefined ? MAX_MEMBERS_PER_PAGE : Math.min(MAX_MEMBERS_PER_PAGE, Math.max(1, Math.floor(limit)));
	const api = client(this, itemIndex);
	// the members documents say how many pages there are: none is asked for past the last
	return await api.pages(async (page) => await membersPage(api, { ...options, list, page, perPage }), perPage, limit);
}

