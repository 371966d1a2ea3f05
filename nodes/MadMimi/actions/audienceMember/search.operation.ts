import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyFields } from '../../descriptions/common';
import { simpleMember } from '../../helpers/simplify';
import { nonEmptyText } from '../../helpers/validation';
import { searchMembers } from '../../api/audienceMember';
import { includeSuppressedOption } from './member';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	{
		displayName: 'Search Text',
		name: 'query',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. example.com',
		description: 'Text to look for in the members’ addresses and names',
		hint: 'Mad Mimi gives at most 100 members per search',
	},
	...simplifyFields,
	optionsCollection('perItem', [includeSuppressedOption]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceMember'], operation: ['search'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const query = nonEmptyText(
		this.getNodeParameter('query', itemIndex),
		'Search Text',
		'Give a part of an address or name, e.g. example.com.',
	);
	const options = this.getNodeParameter('options', itemIndex, {}) as {
		includeSuppressed?: boolean;
	};
	const members = await searchMembers(
		itemClient(this, itemIndex),
		query,
		options.includeSuppressed === true,
	);
	return this.getNodeParameter('simplify', itemIndex, false) ? members.map(simpleMember) : members;
}
