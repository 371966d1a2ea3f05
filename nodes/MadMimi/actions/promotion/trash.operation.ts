import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { trashPromotion } from '../../api/promotion';
import { itemClient } from '../../api/client';
import { promotionLocator } from '../../locators/promotion';
import { optionsCollection } from '../../descriptions/options';
import { promotionIdOf } from '../parameters';

const properties: INodeProperties[] = [
	promotionLocator({ description: 'The promotion to move to the trash' }),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['promotion'], operation: ['trash'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const promotionId = promotionIdOf(this, itemIndex);
	await trashPromotion(itemClient(this, itemIndex), promotionId);
	return [{ trashed: true, promotionId }];
}
