import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailField } from '../../descriptions/common';
import { requireEmail } from '../../helpers/validation';
import { promotionAttempts } from '../../api/audienceMemberAttempts';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	emailField({
		description:
			'Email address of the member whose mailings to get, with their results (viewed, clicked, bounced…)',
	}),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceMember'], operation: ['getPromotionAttempts'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = requireEmail(this.getNodeParameter('email', itemIndex), 'Email');
	const attempts = await promotionAttempts(itemClient(this, itemIndex), email);
	return attempts.map((attempt) => ({ email, ...attempt }));
}
