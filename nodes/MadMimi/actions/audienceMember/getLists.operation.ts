import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailField } from '../../descriptions/common';
import { requireEmail } from '../../helpers/validation';
import { memberLists } from '../../api/audienceMember';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	emailField({ description: 'Email address of the member whose lists to get' }),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceMember'], operation: ['getLists'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = requireEmail(this.getNodeParameter('email', itemIndex), 'Email');
	const lists = await memberLists(itemClient(this, itemIndex), email);
	return lists.map((list) => ({ ...list, email }));
}
