import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailField } from '../../descriptions/common';
import { printable, requireEmail } from '../../helpers/validation';
import { client } from '../client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	emailField({ description: 'Email address of the opted-out member to opt back in' }),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions({ show: { resource: ['audienceMember'], operation: ['unsuppress'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = requireEmail(this, itemIndex, this.getNodeParameter('email', itemIndex), 'Email');
	// a JSON answer on a path without extension; "success": false (an unknown member) is a failure
	await client(this, itemIndex).json({
		method: 'DELETE',
		path: ['suppressed_audience_members', email],
		extension: false,
		// a repeat after it took effect finds nobody suppressed, and the service refuses it
		repeat: {
			mayHave: `${printable(email)} may have been opted back in`,
			check: 'See whether the address is still opted out with Audience Member → Is Opted Out before running it again.',
		},
		// refused with "success": false (no status), or a 4xx naming the unknown address
		refusal: ({ status, text }) =>
			status === undefined || /does not exist|undefined method/i.test(text)
				? {
						message: `Mad Mimi could not opt ${printable(email)} back in`,
						description: 'Mad Mimi responds so when the address is not a member of the account: check it with Audience Member → Get.',
					}
				: undefined,
	});
	return [{ success: true, email, suppressed: false }];
}
