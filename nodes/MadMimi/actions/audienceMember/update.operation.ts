import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailField } from '../../descriptions/common';
import { requireEmail, requirePathName } from '../../helpers/validation';
import { addToList, listNamesOf, removeFromList } from '../../api/audienceList';
import { memberMissing, updateMemberFields } from '../../api/audienceMember';
import { memberFieldsCollection, readMemberFields } from '../memberFields';
import { listNamesField } from '../../locators/list';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';
import { itemError } from '../itemLoop';

const properties: INodeProperties[] = [
	emailField({ description: 'Email address of the member to update' }),
	memberFieldsCollection('Update Fields', 'updateFields', 'replacing'),
	listNamesField({
		displayName: 'Add to List Names',
		name: 'addToLists',
		description: 'Audience lists to add the member to',
	}),
	listNamesField({
		displayName: 'Remove From List Names',
		name: 'removeFromLists',
		description: 'Audience lists to take the member off',
	}),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceMember'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = requireEmail(this.getNodeParameter('email', itemIndex), 'Email');
	const { columns, output } = readMemberFields(this, itemIndex, 'updateFields');
	const add = listNamesOf(this.getNodeParameter('addToLists', itemIndex, [])).map((l) =>
		requirePathName(l, 'Add to List Names'),
	);
	const remove = listNamesOf(this.getNodeParameter('removeFromLists', itemIndex, [])).map((l) =>
		requirePathName(l, 'Remove From List Names'),
	);
	if (Object.keys(columns).length === 0 && add.length === 0 && remove.length === 0) {
		throw itemError(
			this,
			itemIndex,
			'Nothing to update',
			'Add a field under "Update Fields", or choose lists to add the member to or remove the member from.',
		);
	}
	const api = itemClient(this, itemIndex);
	if (Object.keys(columns).length > 0) await updateMemberFields(api, email, columns);
	// lists through the spec's own endpoints, a request a list
	for (const list of add) await addToList(api, list, email, memberMissing(email));
	for (const list of remove) await removeFromList(api, list, email);
	return [{ success: true, email, updated: output, addedToLists: add, removedFromLists: remove }];
}
