import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { emailField } from '../../descriptions/common';
import { hasControlChars, requireEmail } from '../../helpers/validation';
import { itemError } from '../itemLoop';

export function childEmailField(description: string): INodeProperties {
	return emailField({ description, placeholder: 'e.g. branch@example.com' });
}

export function childEmail(ctx: IExecuteFunctions, itemIndex: number): string {
	return requireEmail(ctx.getNodeParameter('email', itemIndex, ''), 'Email');
}

/** The create fields other than email: parameter name (the detail it sets, api/childAccount.ts), label. */
export const ACCOUNT_FIELDS = [
	{ name: 'password', label: 'Password' },
	{ name: 'firstName', label: 'First Name' },
	{ name: 'lastName', label: 'Last Name' },
	{ name: 'organizationName', label: 'Organization Name' },
	{ name: 'address', label: 'Address' },
] as const;

export type AccountFieldName = (typeof ACCOUNT_FIELDS)[number]['name'];

/** The descriptions of the create fields, for the create operation and the update collection. */
export const accountFieldProperties: Record<AccountFieldName, INodeProperties> = {
	password: {
		displayName: 'Password',
		name: 'password',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'Password the child account signs in to Mad Mimi with',
	},
	firstName: {
		displayName: 'First Name',
		name: 'firstName',
		type: 'string',
		default: '',
		placeholder: 'e.g. Jane',
		description: 'First name of the person the child account belongs to',
	},
	lastName: {
		displayName: 'Last Name',
		name: 'lastName',
		type: 'string',
		default: '',
		placeholder: 'e.g. Doe',
		description: 'Last name of the person the child account belongs to',
	},
	organizationName: {
		displayName: 'Organization Name',
		name: 'organizationName',
		type: 'string',
		default: '',
		placeholder: 'e.g. Acme Springfield',
		description: 'Name of the organization the child account sends for',
	},
	address: {
		displayName: 'Address',
		name: 'address',
		type: 'string',
		default: '',
		placeholder: 'e.g. 1 Main Street, Springfield',
		description: "Postal address of the organization (shown in the promotions' footer)",
	},
};

/**
 * The value of one create field, checked: text without control characters (line breaks are
 * allowed in the address); the password is taken as typed, never trimmed.
 */
export function accountFieldValue(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: (typeof ACCOUNT_FIELDS)[number],
	raw: unknown,
): string {
	const text = raw === undefined || raw === null ? '' : String(raw);
	const value = field.name === 'password' ? text : text.trim();
	const checked = field.name === 'address' ? value.replace(/\r?\n/g, ' ') : value;
	if (hasControlChars(checked)) {
		throw itemError(
			ctx,
			itemIndex,
			`The field "${field.label}" contains control characters (such as a line break or tab)`,
			'Remove them and run again.',
		);
	}
	return value;
}
