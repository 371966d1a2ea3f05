import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deleteList } from '../../api/audienceList';
import { itemClient } from '../../api/client';
import { listLocator } from '../../locators/list';
import { optionsCollection } from '../../descriptions/options';
import { listName } from '../parameters';

const properties: INodeProperties[] = [
	listLocator({ description: 'The audience list to delete' }),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceList'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const list = listName(this, itemIndex);
	await deleteList(itemClient(this, itemIndex), list);
	return [{ deleted: true, list }];
}
