import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { client } from '../client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [optionsCollection('perItem')];

export const description = updateDisplayOptions(
	{ show: { resource: ['dripCampaign'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	// no source shows this document's names: one item per child of its root, the drips of a
	// campaign as the array the document's shape makes of them (parsing/xml.ts)
	return await client(this, itemIndex).xmlRecords({
		method: 'GET',
		path: ['drip_campaigns', 'list'],
	});
}
