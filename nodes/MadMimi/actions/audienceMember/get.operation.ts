import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { emailField, simplifyFields } from '../../descriptions/common';
import { simpleMember } from '../../helpers/simplify';
import { printable, requireEmail } from '../../helpers/validation';
import { memberByEmail } from '../../api/audienceMember';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	emailField({ description: 'Email address of the member to get' }),
	...simplifyFields,
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceMember'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = requireEmail(this.getNodeParameter('email', itemIndex), 'Email');
	// opted-out (suppressed) members are found too
	const member = await memberByEmail(itemClient(this, itemIndex), email);
	if (!member) {
		throw new NodeOperationError(
			this.getNode(),
			`Mad Mimi has no member with the address ${printable(email)}`,
			{
				itemIndex,
				description:
					'Check the address. New people are added with Audience Member → Create or Update, or Import.',
			},
		);
	}
	return [this.getNodeParameter('simplify', itemIndex, false) ? simpleMember(member) : member];
}
