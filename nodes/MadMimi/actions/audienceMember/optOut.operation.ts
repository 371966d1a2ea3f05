import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailField } from '../../descriptions/common';
import { requireEmail } from '../../helpers/validation';
import { optMemberOut } from '../../api/audienceMemberOptOut';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	emailField({
		description:
			'Email address to opt out: Mad Mimi sends it no more promotions (a new address is added as opted out)',
	}),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceMember'], operation: ['suppress'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = requireEmail(this.getNodeParameter('email', itemIndex), 'Email');
	const importId = await optMemberOut(itemClient(this, itemIndex), email);
	return [{ success: true, email, suppressed: true, importId }];
}
