import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { addonLocator } from '../../locators/addon';
import { setAddonStatus } from './status';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	addonLocator({
		description: 'The addon to deactivate. Nothing is sent when it is already deactivated.',
	}),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['addon'], operation: ['deactivate'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await setAddonStatus(this, itemIndex, 'deactivated');
}
