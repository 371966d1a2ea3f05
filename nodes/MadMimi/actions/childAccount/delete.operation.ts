import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { childEmail, childEmailField } from './common';
import { client } from '../client';
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
	await client(this, itemIndex).request({
		method: 'DELETE',
		viaPost: true,
		path: ['participants'],
		form: { email },
		repeat: 'delete',
	});
	return [{ deleted: true, email }];
}
