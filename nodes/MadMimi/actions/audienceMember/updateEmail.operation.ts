import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailField } from '../../descriptions/common';
import { printable, requireEmail } from '../../helpers/validation';
import { memberMissing } from './member';
import { client } from '../client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	emailField({ description: 'The member’s current email address' }),
	emailField({ displayName: 'New Email', name: 'newEmail', placeholder: 'new@email.com', description: 'The address the member has from now on' }),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions({ show: { resource: ['audienceMember'], operation: ['updateEmail'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = requireEmail(this, itemIndex, this.getNodeParameter('email', itemIndex), 'Email');
	const newEmail = requireEmail(this, itemIndex, this.getNodeParameter('newEmail', itemIndex), 'New Email');
	await client(this, itemIndex).request({
		method: 'POST',
		path: ['audience_members', email, 'update_email'],
		form: { new_email: newEmail },
		// a repeat after it took effect finds no member of the old address
		repeat: {
			mayHave: `The address ${printable(email)} may have been changed to ${printable(newEmail)}`,
			check: 'Look for the new address with Audience Member → Get before running it again.',
		},
		refusal: memberMissing(email),
	});
	return [{ success: true, email: newEmail, previousEmail: email }];
}
