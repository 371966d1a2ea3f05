import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toggleAddon } from '../../api/addons';
import { addonLocator, readAddonRef } from '../../locators/addon';
import { client } from '../client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	addonLocator({
		description: 'The addon to switch: an activated addon is deactivated, a deactivated one activated',
		hint: 'To be sure of the result, use Activate or Deactivate: they switch only when needed',
	}),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['addon'], operation: ['toggle'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const ref = readAddonRef(this, itemIndex);
	await toggleAddon(client(this, itemIndex), ref);
	return [{ success: true, toggled: true, addon: ref.value }];
}
