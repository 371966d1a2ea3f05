import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { socialLinks } from '../../api/socialLink';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [optionsCollection('perItem')];

export const description = updateDisplayOptions(
	{ show: { resource: ['socialLink'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await socialLinks(itemClient(this, itemIndex));
}
