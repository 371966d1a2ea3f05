import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailField } from '../../descriptions/common';
import { hasControlChars, inputError, printable, requireEmail, requirePathName } from '../../helpers/validation';
import { madMimiRequest } from '../../transport';
import { listNames } from '../email/send.operation';
import { memberMissing } from './member';

const properties: INodeProperties[] = [
	emailField({ description: 'Email address of the member to update' }),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add field',
		default: {},
		options: [
			{
				displayName: 'Custom Fields',
				name: 'customFields',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Custom Field',
				default: {},
				description: "Fields of your own, such as company or city; a field the account doesn't have yet is created",
				options: [
					{
						displayName: 'Field',
						name: 'field',
						values: [
							{ displayName: 'Name', name: 'key', type: 'string', default: '', placeholder: 'e.g. company', description: 'The field’s name' },
							{ displayName: 'Value', name: 'value', type: 'string', default: '', description: 'The field’s new value' },
						],
					},
				],
			},
			{ displayName: 'First Name', name: 'firstName', type: 'string', default: '', description: 'The member’s new first name' },
			{ displayName: 'Last Name', name: 'lastName', type: 'string', default: '', description: 'The member’s new last name' },
			{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'The member’s new full name' },
		],
	},
	{
		displayName: 'Add to List Names or IDs',
		name: 'addToLists',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getListNames' },
		default: [],
		description:
			'Audience lists to add the member to. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Remove From List Names or IDs',
		name: 'removeFromLists',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getListNames' },
		default: [],
		description:
			'Audience lists to take the member off. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['audienceMember'], operation: ['update'] } }, properties);

interface UpdateFields {
	firstName?: string;
	lastName?: string;
	name?: string;
	customFields?: { field?: Array<{ key?: string; value?: unknown }> };
}

/** The fields to send as `audience_member[<field>]`, and as the output shows them. */
function fieldsToSend(ctx: IExecuteFunctions, itemIndex: number, fields: UpdateFields): { form: Record<string, string>; shown: IDataObject } {
	const form: Record<string, string> = {};
	const shown: IDataObject = {};
	const put = (wire: string, label: string, value: unknown) => {
		const text = value === undefined || value === null ? '' : String(value);
		form[`audience_member[${wire}]`] = text;
		shown[label] = text;
	};
	if (fields.firstName !== undefined) put('first_name', 'firstName', fields.firstName);
	if (fields.lastName !== undefined) put('last_name', 'lastName', fields.lastName);
	if (fields.name !== undefined) put('name', 'name', fields.name);
	for (const [position, entry] of (fields.customFields?.field ?? []).entries()) {
		const key = String(entry.key ?? '').trim();
		if (key === '') {
			throw inputError(ctx, itemIndex, `Custom field ${position + 1}: the field "Name" is empty`, 'Give the name of the field, e.g. company.');
		}
		if (/[[\]]/.test(key) || hasControlChars(key) || key.toLowerCase() === 'email') {
			throw inputError(ctx, itemIndex, `Custom field ${position + 1}: "${printable(key)}" cannot be a field name`, 'A field name has no brackets or control characters, and is not "email" (use Update Email to change the address).');
		}
		put(key, key, entry.value);
	}
	return { form, shown };
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = requireEmail(this, itemIndex, this.getNodeParameter('email', itemIndex), 'Email');
	const { form, shown } = fieldsToSend(this, itemIndex, this.getNodeParameter('updateFields', itemIndex, {}) as UpdateFields);
	const add = listNames(this.getNodeParameter('addToLists', itemIndex, [])).map((l) => requirePathName(this, itemIndex, l, 'Add to List Names or IDs'));
	const remove = listNames(this.getNodeParameter('removeFromLists', itemIndex, [])).map((l) => requirePathName(this, itemIndex, l, 'Remove From List Names or IDs'));
	if (Object.keys(form).length === 0 && add.length === 0 && remove.length === 0) {
		throw inputError(this, itemIndex, 'Nothing to update', 'Add a field under "Update Fields", or choose lists to add the member to or remove the member from.');
	}
	const refusal = memberMissing(email);
	if (Object.keys(form).length > 0) {
		await madMimiRequest.call(this, { method: 'PUT', path: ['audience_members', email], form, refusal, itemIndex });
	}
	// lists through the spec's own endpoints, a request a list
	for (const list of add) {
		await madMimiRequest.call(this, {
			method: 'POST',
			path: ['audience_lists', list, 'add'],
			form: { email },
			refusal: (status, text) => refusal(status, text) ?? listMissing(list)(status, text),
			itemIndex,
		});
	}
	for (const list of remove) {
		await madMimiRequest.call(this, { method: 'POST', path: ['audience_lists', list, 'remove'], form: { email }, itemIndex });
	}
	return [{ success: true, email, updated: shown, addedToLists: add, removedFromLists: remove }];
}

/** A refusal naming a list that does not exist. */
function listMissing(list: string) {
	return (_status: number, text: string) =>
		/list/i.test(text) && /does not exist|not found/i.test(text)
			? { message: `Mad Mimi has no list named "${printable(list)}"`, description: 'Pick the list from the dropdown, or check its name (upper and lower case count).' }
			: undefined;
}
