import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { availableAddons } from '../../api/addon';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [optionsCollection('perItem')];

export const description = updateDisplayOptions(
	{ show: { resource: ['addon'], operation: ['getAvailable'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await availableAddons(itemClient(this, itemIndex));
}
