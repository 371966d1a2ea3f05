import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { accountLists } from '../../api/audienceList';
import { returnAllOrLimit } from '../../descriptions/common';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';
import { recordLimit } from '../parameters';

const properties: INodeProperties[] = [...returnAllOrLimit, optionsCollection('perItem')];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceList'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = recordLimit(this, itemIndex);
	const lists = await accountLists(itemClient(this, itemIndex));
	return limit === undefined ? lists : lists.slice(0, limit);
}
