import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailField } from '../../descriptions/common';
import { requireEmail } from '../../helpers/validation';
import { answerMatching } from '../../parsing';
import { memberMissing } from './member';
import { client } from '../client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [emailField({ description: 'Email address of the member to check' }), optionsCollection('perItem')];

export const description = updateDisplayOptions({ show: { resource: ['audienceMember'], operation: ['isSuppressed'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = requireEmail(this, itemIndex, this.getNodeParameter('email', itemIndex), 'Email');
	const answer = await client(this, itemIndex).read(
		{ method: 'GET', path: ['audience_members', email, 'is_suppressed'], refusal: memberMissing(email) },
		answerMatching(/^(true|false)$/, 'The response is neither true nor false'),
	);
	return [{ email, suppressed: answer === 'true' }];
}
