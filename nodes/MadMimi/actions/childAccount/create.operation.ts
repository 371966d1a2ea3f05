import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import {
	ACCOUNT_FIELDS,
	accountFieldProperties,
	accountFieldValue,
	childEmail,
	childEmailField,
} from './common';
import type { ChildAccountDetails } from '../../api/childAccount';
import { childAccountByEmail, createChildAccount } from '../../api/childAccount';
import type { MadMimiClient } from '../../api/client';
import { itemClient } from '../../api/client';
import { retriedSince } from '../executionRetry';
import { optionsCollection } from '../../descriptions/options';
import { itemError } from '../itemLoop';

const properties: INodeProperties[] = [
	childEmailField(
		'Email address the child account signs in with. It must not be in use by another Mad Mimi account.',
	),
	{ ...accountFieldProperties.password, required: true },
	accountFieldProperties.firstName,
	accountFieldProperties.lastName,
	accountFieldProperties.organizationName,
	accountFieldProperties.address,
	optionsCollection('perItem', [
		{
			displayName: 'Send Invitation',
			name: 'sendInvitation',
			type: 'boolean',
			default: true,
			description: 'Whether Mad Mimi emails the new child account an invitation',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['childAccount'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = childEmail(this, itemIndex);
	const details: ChildAccountDetails = {};
	for (const field of ACCOUNT_FIELDS) {
		const value = accountFieldValue(
			this,
			itemIndex,
			field,
			this.getNodeParameter(field.name, itemIndex, ''),
		);
		if (field.name === 'password' && value.trim() === '') {
			throw itemError(
				this,
				itemIndex,
				'The field "Password" is empty',
				'Give the password the child account signs in with.',
			);
		}
		if (value !== '') details[field.name] = value;
	}
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const sendInvitation = options.sendInvitation !== false;

	const api = itemClient(this, itemIndex);
	const outcome = await createChildAccount(api, email, details, {
		invite: sendInvitation,
		askFirst:
			retriedSince(this) === undefined ? undefined : async () => await createdAlready(api, email),
	});
	if ('foundDone' in outcome) return [{ success: true, email, ...outcome.foundDone }];
	const apiKey = outcome.sent;
	if (apiKey === undefined) {
		throw new NodeOperationError(
			this.getNode(),
			'Mad Mimi did not send the API key of the new child account',
			{
				itemIndex,
				description: `The child account ${email} may have been created: check in Mad Mimi (Child Accounts) before running again.`,
			},
		);
	}
	return [{ success: true, email, apiKey, invitationSent: sendInvitation }];
}

/**
 * In a retried execution: the child account, if it exists now. Its API key is given only when it
 * is created, so the item has none: Mad Mimi shows it under Child Accounts.
 */
async function createdAlready(api: MadMimiClient, email: string): Promise<IDataObject | undefined> {
	const child = await childAccountByEmail(api, email);
	if (!child) return undefined;
	return {
		apiKey: null,
		skipped: true,
		reason: `The child account ${email} exists already (the execution being retried created it, or it was there before): not created again. Its API key is given only when it is created, so it is not in this item`,
		childAccount: child,
	};
}
