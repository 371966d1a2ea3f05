import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit } from '../../descriptions/common';
import { recordLimit } from '../../helpers/params';
import { PROMOTIONS_PAGE_SIZE } from '../../methods/promotions';
import type { XmlReadOptions } from '../../parsing';
import { requestXmlRecords } from '../../transport';
import { collectPages } from '../../transport/paging';

const properties: INodeProperties[] = [...returnAllOrLimit];

export const description = updateDisplayOptions(
	{ show: { resource: ['promotion'], operation: ['getAll'] } },
	properties,
);

/** The promotions document as recorded: `mimio` is a code (`4e9245`, `293145`), never a number. */
export const PROMOTIONS_DOCUMENT: XmlReadOptions = { text: ['mimio'] };

function asArray(value: unknown): IDataObject[] {
	if (value === undefined || value === null) return [];
	return (Array.isArray(value) ? value : [value]) as IDataObject[];
}

/**
 * A promotion as the node outputs it: its ID and name first, and its mailings under one field,
 * `mailings`, always an array. The service puts each `<mailing>` directly inside its
 * `<promotion>` (recorded): none for a promotion never sent, one, or several.
 */
export function promotionRecord(promotion: IDataObject): IDataObject {
	const { id, name, mailing, mailings, ...rest } = promotion;
	return { id, name, ...rest, mailings: [...asArray(mailing), ...asArray(mailings)] };
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = recordLimit(this, itemIndex);
	const promotions = await collectPages(
		async (page) =>
			await requestXmlRecords.call(this, { method: 'GET', path: ['promotions'], qs: { page }, itemIndex }, PROMOTIONS_DOCUMENT),
		PROMOTIONS_PAGE_SIZE,
		limit,
	);
	return promotions.map(promotionRecord);
}
