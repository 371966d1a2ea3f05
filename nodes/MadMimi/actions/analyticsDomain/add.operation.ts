import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { addAnalyticsDomain } from '../../api/analyticsDomain';
import { domainField, requireDomain } from './common';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	domainField('The domain to track with Google Analytics in your promotions'),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['analyticsDomain'], operation: ['add'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const domain = requireDomain(this, itemIndex);
	await addAnalyticsDomain(itemClient(this, itemIndex), domain);
	return [{ success: true, domain }];
}
