import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailField, listLocator } from '../../descriptions/common';
import { listName } from '../../helpers/params';
import { requireEmail } from '../../helpers/validation';
import { madMimiRequest } from '../../transport';

const properties: INodeProperties[] = [
	listLocator(),
	emailField({ description: 'Email address of an existing audience member to add to the list' }),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceList'], operation: ['addMember'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const list = listName(this, itemIndex);
	const email = requireEmail(this, itemIndex, this.getNodeParameter('email', itemIndex), 'Email');
	await madMimiRequest.call(this, {
		method: 'POST',
		path: ['audience_lists', list, 'add'],
		form: { email },
		itemIndex,
	});
	return [{ success: true, added: true, list, email }];
}
