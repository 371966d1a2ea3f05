import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mailingLinks } from '../../api/mailing';
import { itemClient } from '../../api/client';
import { mailingLocator } from '../../locators/mailing';
import { promotionLocator } from '../../locators/promotion';
import { optionsCollection } from '../../descriptions/options';
import { mailingIdOf, promotionIdOf } from '../parameters';

const properties: INodeProperties[] = [
	promotionLocator(),
	mailingLocator(),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['mailing'], operation: ['getLinks'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const promotionId = promotionIdOf(this, itemIndex);
	const mailingId = mailingIdOf(this, itemIndex);
	const links = await mailingLinks(itemClient(this, itemIndex), promotionId, mailingId);
	return links.map((link) => ({ ...link, promotionId, mailingId }));
}
