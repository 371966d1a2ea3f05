import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mailingIdOf, mailingLocator, mailingNotFound, promotionIdOf, promotionLocator } from '../../descriptions/promotion';
import { requestXmlRecords } from '../../transport';

const properties: INodeProperties[] = [promotionLocator(), mailingLocator()];

export const description = updateDisplayOptions(
	{ show: { resource: ['mailing'], operation: ['getStats'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const promotionId = promotionIdOf(this, itemIndex);
	const mailingId = mailingIdOf(this, itemIndex);
	const [stats] = await requestXmlRecords.call(this, {
		method: 'GET',
		path: ['promotions', promotionId, 'mailings', mailingId],
		notFound: mailingNotFound(promotionId, mailingId),
		itemIndex,
	});
	const record = stats ?? {};
	return [{ promotionId, mailingId, ...record, links: Array.isArray(record.links) ? record.links : [] }];
}
