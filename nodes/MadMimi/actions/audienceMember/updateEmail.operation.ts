import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailField } from '../../descriptions/common';
import { requireEmail } from '../../helpers/validation';
import { madMimiRequest } from '../../transport';
import { memberMissing } from './member';

const properties: INodeProperties[] = [
	emailField({ description: 'The member’s current email address' }),
	emailField({ displayName: 'New Email', name: 'newEmail', placeholder: 'new@email.com', description: 'The address the member has from now on' }),
];

export const description = updateDisplayOptions({ show: { resource: ['audienceMember'], operation: ['updateEmail'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = requireEmail(this, itemIndex, this.getNodeParameter('email', itemIndex), 'Email');
	const newEmail = requireEmail(this, itemIndex, this.getNodeParameter('newEmail', itemIndex), 'New Email');
	await madMimiRequest.call(this, {
		method: 'POST',
		path: ['audience_members', email, 'update_email'],
		form: { new_email: newEmail },
		refusal: memberMissing(email),
		itemIndex,
	});
	return [{ success: true, email: newEmail, previousEmail: email }];
}
