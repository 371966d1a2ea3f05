import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deleteChildAccount } from '../../api/childAccount';
import { childEmail, childEmailField } from './common';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	childEmailField('Email address of the child account to delete'),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['childAccount'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = childEmail(this, itemIndex);
	await deleteChildAccount(itemClient(this, itemIndex), email);
	return [{ deleted: true, email }];
}
