import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { dripCampaigns } from '../../api/dripCampaign';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [optionsCollection('perItem')];

export const description = updateDisplayOptions(
	{ show: { resource: ['dripCampaign'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await dripCampaigns(itemClient(this, itemIndex));
}
