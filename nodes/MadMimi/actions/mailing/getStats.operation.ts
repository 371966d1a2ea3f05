import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mailingStats } from '../../api/mailings';
import { client } from '../client';
import { mailingIdOf, mailingLocator } from '../../locators/mailing';
import { promotionIdOf, promotionLocator } from '../../locators/promotion';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	promotionLocator(),
	mailingLocator(),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['mailing'], operation: ['getStats'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const promotionId = promotionIdOf(this, itemIndex);
	const mailingId = mailingIdOf(this, itemIndex);
	const stats = await mailingStats(client(this, itemIndex), promotionId, mailingId);
	return [{ promotionId, mailingId, ...stats }];
}
