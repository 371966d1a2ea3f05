import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listRefusal } from '../../api/lists';
import { printable, requirePathName } from '../../helpers/validation';
import { client } from '../client';
import { listLocator, listName } from '../../locators/list';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	listLocator({ description: 'The audience list to rename' }),
	{
		displayName: 'New Name',
		name: 'newName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Newsletter (weekly)',
		description: 'The name the list has from now on; its members stay on it',
	},
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions({ show: { resource: ['audienceList'], operation: ['rename'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const list = listName(this, itemIndex);
	const newName = requirePathName(this, itemIndex, this.getNodeParameter('newName', itemIndex), 'New Name');
	await client(this, itemIndex).request({
		method: 'POST',
		path: ['audience_lists', list, 'rename'],
		form: { name: newName },
		refusal: listRefusal(list),
		// a repeat after the rename finds no list of the old name
		repeat: {
			mayHave: `The list "${printable(list)}" may have been renamed "${printable(newName)}"`,
			check: 'Look for both names with Audience List → Get Many before renaming it again.',
		},
	});
	return [{ success: true, list: newName, previousName: list }];
}
