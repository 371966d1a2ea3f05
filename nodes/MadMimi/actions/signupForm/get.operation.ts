import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { signupForm } from '../../api/signupForm';
import { requirePositiveId } from '../../helpers/recordId';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	{
		displayName: 'Webform ID',
		name: 'webformId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 42',
		description: 'The number of the signup form, as in its address in Mad Mimi (…/signups/42)',
	},
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['signupForm'], operation: ['get'] } },
	properties,
);

function webformId(ctx: IExecuteFunctions, itemIndex: number): number {
	return requirePositiveId(ctx.getNodeParameter('webformId', itemIndex, ''), {
		field: 'Webform ID',
		what: 'webform',
		emptyHint: 'Give the number of the signup form, e.g. 42.',
		invalidHint:
			'A webform ID is a number such as 42: the number in the address of the signup form in Mad Mimi.',
	});
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = webformId(this, itemIndex);
	const form = await signupForm(itemClient(this, itemIndex), id);
	if (form === undefined) {
		throw new NodeOperationError(this.getNode(), `Mad Mimi sent no signup form for the ID ${id}`, {
			itemIndex,
			description: 'Check the webform ID in Mad Mimi.',
		});
	}
	return [form];
}
