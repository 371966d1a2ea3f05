import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requirePathName } from '../../helpers/validation';
import { madMimiRequest } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Newsletter',
		description: 'Name of the new audience list',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceList'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	// the list is later addressed by its name in URL paths: the same rules apply
	const name = requirePathName(this, itemIndex, this.getNodeParameter('name', itemIndex), 'Name');
	await madMimiRequest.call(this, { method: 'POST', path: ['audience_lists'], form: { name }, itemIndex });
	return [{ success: true, name }];
}
