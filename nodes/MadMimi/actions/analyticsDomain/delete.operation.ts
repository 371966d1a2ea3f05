import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deleteAnalyticsDomain } from '../../api/analyticsDomain';
import { domainField, requireDomain } from './common';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	domainField('The analytics domain to remove, as it was added'),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['analyticsDomain'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const domain = requireDomain(this, itemIndex);
	await deleteAnalyticsDomain(itemClient(this, itemIndex), domain);
	return [{ deleted: true, domain }];
}
