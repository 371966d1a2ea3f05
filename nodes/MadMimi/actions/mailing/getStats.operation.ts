import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { client } from '../client';
import { mailingIdOf, mailingLocator, mailingNotFound } from '../../locators/mailing';
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
	// the recorded statistics document: <mailing> with counters and a <links> container
	const stats = await client(this, itemIndex).xmlDocument(
		{
			method: 'GET',
			path: ['promotions', promotionId, 'mailings', mailingId],
			notFound: mailingNotFound(promotionId, mailingId),
		},
		{ arrays: ['links'] },
	);
	return [
		{ promotionId, mailingId, ...stats, links: Array.isArray(stats.links) ? stats.links : [] },
	];
}
