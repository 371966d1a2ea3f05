import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { clearList } from '../../api/audienceList';
import { itemClient } from '../../api/client';
import { listLocator } from '../../locators/list';
import { optionsCollection } from '../../descriptions/options';
import { listName } from '../parameters';

const properties: INodeProperties[] = [
	listLocator({
		description: 'The audience list to empty: every member leaves it, the list itself stays',
	}),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceList'], operation: ['clear'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const list = listName(this, itemIndex);
	await clearList(itemClient(this, itemIndex), list);
	return [{ success: true, cleared: true, list }];
}
