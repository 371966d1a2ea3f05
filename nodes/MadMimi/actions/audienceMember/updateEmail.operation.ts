import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailField } from '../../descriptions/common';
import { printable, requireEmail } from '../../helpers/validation';
import { changeMemberEmail, memberByEmail } from '../../api/audienceMember';
import type { MadMimiClient } from '../../api/client';
import { itemClient } from '../../api/client';
import { retriedSince } from '../executionRetry';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	emailField({ description: 'The member’s current email address' }),
	emailField({
		displayName: 'New Email',
		name: 'newEmail',
		placeholder: 'new@email.com',
		description: 'The address the member has from now on',
	}),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceMember'], operation: ['updateEmail'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = requireEmail(this.getNodeParameter('email', itemIndex), 'Email');
	const newEmail = requireEmail(this.getNodeParameter('newEmail', itemIndex), 'New Email');
	const api = itemClient(this, itemIndex);
	const once = {
		mayHave: `The address ${printable(email)} may have been changed to ${printable(newEmail)}`,
		check: 'Look for the new address with Audience Member → Get before running it again.',
		askFirst:
			retriedSince(this) === undefined
				? undefined
				: async () => await changedAlready(api, email, newEmail),
	};
	const outcome = await changeMemberEmail(api, email, newEmail, once);
	return [
		{
			success: true,
			email: newEmail,
			previousEmail: email,
			...('foundDone' in outcome ? outcome.foundDone : {}),
		},
	];
}

/** In a retried execution: done when a member has the new address and none the old one. */
async function changedAlready(
	api: MadMimiClient,
	email: string,
	newEmail: string,
): Promise<IDataObject | undefined> {
	if (
		email.toLowerCase() === newEmail.toLowerCase() ||
		!(await memberByEmail(api, newEmail)) ||
		(await memberByEmail(api, email))
	)
		return undefined;
	return {
		skipped: true,
		reason: `A member has the address ${newEmail} and none ${email}: the execution being retried changed it, so it was not changed again`,
	};
}
