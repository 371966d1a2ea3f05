import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailField } from '../../descriptions/common';
import { itemError, requireEmail, requirePathName } from '../../helpers/validation';
import { listNamesOf, listRefusal } from '../../api/lists';
import { memberMissing } from '../../api/members';
import { memberFieldsCollection, readMemberFields } from './member';
import { listNamesField } from '../../locators/list';
import { client } from '../client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	emailField({ description: 'Email address of the member to update' }),
	memberFieldsCollection('Update Fields', 'updateFields', 'replacing'),
	listNamesField({
		displayName: 'Add to List Names or IDs',
		name: 'addToLists',
		description: 'Audience lists to add the member to',
	}),
	listNamesField({
		displayName: 'Remove From List Names or IDs',
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
	const email = requireEmail(this, itemIndex, this.getNodeParameter('email', itemIndex), 'Email');
	const { columns, output } = readMemberFields(this, itemIndex, 'updateFields');
	const form: Record<string, string> = {};
	for (const [field, value] of Object.entries(columns)) form[`audience_member[${field}]`] = value;
	const add = listNamesOf(this.getNodeParameter('addToLists', itemIndex, [])).map((l) =>
		requirePathName(this, itemIndex, l, 'Add to List Names or IDs'),
	);
	const remove = listNamesOf(this.getNodeParameter('removeFromLists', itemIndex, [])).map((l) =>
		requirePathName(this, itemIndex, l, 'Remove From List Names or IDs'),
	);
	if (Object.keys(form).length === 0 && add.length === 0 && remove.length === 0) {
		throw itemError(
			this,
			itemIndex,
			'Nothing to update',
			'Add a field under "Update Fields", or choose lists to add the member to or remove the member from.',
		);
	}
	const refusal = memberMissing(email);
	if (Object.keys(form).length > 0) {
		await client(this, itemIndex).request({
			method: 'PUT',
			path: ['audience_members', email],
			form,
			refusal,
			repeat: 'safe',
		});
	}
	// lists through the spec's own endpoints, a request a list
	for (const list of add) {
		await client(this, itemIndex).request({
			method: 'POST',
			path: ['audience_lists', list, 'add'],
			form: { email },
			refusal: (refused) => refusal(refused) ?? listRefusal(list)(refused),
			repeat: 'safe',
		});
	}
	for (const list of remove) {
		await client(this, itemIndex).request({
			method: 'POST',
			path: ['audience_lists', list, 'remove'],
			form: { email },
			repeat: 'safe',
		});
	}
	return [{ success: true, email, updated: output, addedToLists: add, removedFromLists: remove }];
}
