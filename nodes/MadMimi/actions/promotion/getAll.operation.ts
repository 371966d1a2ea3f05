import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit } from '../../descriptions/common';
import { recordLimit } from '../../helpers/params';
import { PROMOTIONS_PAGE_SIZE } from '../../methods/promotions';
import { requestXmlRecords } from '../../transport';
import { collectPages } from '../../transport/paging';

const properties: INodeProperties[] = [...returnAllOrLimit];

export const description = updateDisplayOptions(
	{ show: { resource: ['promotion'], operation: ['getAll'] } },
	properties,
);

/** A promotion record as the node outputs it: its mailings always an array. */
export function promotionRecord(promotion: IDataObject): IDataObject {
	return { ...promotion, mailings: Array.isArray(promotion.mailings) ? promotion.mailings : [] };
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = recordLimit(this, itemIndex);
	const promotions = await collectPages(
		async (page) =>
			await requestXmlRecords.call(this, { method: 'GET', path: ['promotions'], qs: { page }, itemIndex }),
		PROMOTIONS_PAGE_SIZE,
		limit,
	);
	return promotions.map(promotionRecord);
}
