import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestXmlRecords } from '../../transport';

const properties: INodeProperties[] = [];

export const description = updateDisplayOptions(
	{ show: { resource: ['dripCampaign'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const campaigns = await requestXmlRecords.call(this, { method: 'GET', path: ['drip_campaigns', 'list'], itemIndex });
	// the parser makes every <drips> an array; a campaign without the element gets an empty one
	return campaigns.map((campaign) => (Array.isArray(campaign.drips) ? campaign : { ...campaign, drips: [] }));
}
