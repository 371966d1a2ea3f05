import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ChildAccountDetails } from '../../api/childAccount';
import { updateChildAccount } from '../../api/childAccount';
import {
	ACCOUNT_FIELDS,
	accountFieldProperties,
	accountFieldValue,
	childEmail,
	childEmailField,
} from './common';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';
import { itemError } from '../itemLoop';

const properties: INodeProperties[] = [
	childEmailField('Email address of the child account to update'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add field',
		default: {},
		description: 'The fields to change. Fields not added here stay as they are.',
		options: [
			accountFieldProperties.address,
			accountFieldProperties.firstName,
			accountFieldProperties.lastName,
			accountFieldProperties.organizationName,
			{
				...accountFieldProperties.password,
				description: 'New password the child account signs in with',
			},
		],
	},
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['childAccount'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = childEmail(this, itemIndex);
	const updateFields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const details: ChildAccountDetails = {};
	const updated: string[] = [];
	for (const field of ACCOUNT_FIELDS) {
		if (!(field.name in updateFields)) continue;
		const value = accountFieldValue(this, itemIndex, field, updateFields[field.name]);
		if (value.trim() === '') {
			throw itemError(
				this,
				itemIndex,
				`The field "${field.label}" is empty`,
				`Give a value, or remove "${field.label}" from "Update Fields" to leave it as it is.`,
			);
		}
		details[field.name] = value;
		updated.push(field.name);
	}
	if (updated.length === 0) {
		throw itemError(
			this,
			itemIndex,
			'Nothing to update: "Update Fields" is empty',
			'Add at least one field to change under "Update Fields".',
		);
	}
	await updateChildAccount(itemClient(this, itemIndex), email, details);
	return [{ success: true, email, updatedFields: updated }];
}
