import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { findPromotions, promotionRecords } from '../../api/promotion';
import { mailingsOf, newestMailingsFirst, sendStart } from '../../api/mailing';
import { returnAllOrLimit, simplifyFields } from '../../descriptions/common';
import { withoutEmpty } from '../../helpers/simplify';
import { within } from '../../helpers/dates';
import { promotionLocator } from '../../locators/promotion';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';
import { dateParameter, locatorValue, promotionIdOf, recordLimit } from '../parameters';

const properties: INodeProperties[] = [
	...returnAllOrLimit,
	...simplifyFields,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add filter',
		default: {},
		options: [
			promotionLocator({
				required: false,
				default: { mode: 'list', value: '' },
				description: 'Only the mailings of this promotion',
			}),
			{
				displayName: 'Sent After',
				name: 'sentAfter',
				type: 'dateTime',
				default: '',
				description:
					'Only the mailings that started sending at or after this time, e.g. {{ $now.minus(7, "days") }}',
			},
			{
				displayName: 'Sent Before',
				name: 'sentBefore',
				type: 'dateTime',
				default: '',
				description: 'Only the mailings that started sending at or before this time',
			},
		],
	},
	optionsCollection('pagedPerItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['mailing'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const mailings = await readMailings(this, itemIndex);
	return this.getNodeParameter('simplify', itemIndex, false)
		? mailings.map(withoutEmpty)
		: mailings;
}

/**
 * The mailings, newest first by when they started sending (one not started yet: first when made after the last send, else last), then the
 * Limit. The service lists promotions by their `updated_at`, and sending a mailing does not move
 * its promotion: the mailing sent a minute ago on a promotion of last year is on the last page.
 * So every page is read, with or without a Limit, and the node orders the mailings itself.
 */
async function readMailings(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = recordLimit(ctx, itemIndex);
	const after = dateParameter(ctx, itemIndex, 'filters.sentAfter', 'Sent After');
	const before = dateParameter(ctx, itemIndex, 'filters.sentBefore', 'Sent Before');
	const keep = (mailing: IDataObject) => within(sendStart(mailing), after, before);
	const newest = newestMailingsFirst(await filteredMailings(ctx, itemIndex, keep));
	return limit === undefined ? newest : newest.slice(0, limit);
}

/** The mailings the filters keep, in no useful order: of one promotion, or of every promotion. */
async function filteredMailings(
	ctx: IExecuteFunctions,
	itemIndex: number,
	keep: (mailing: IDataObject) => boolean,
): Promise<IDataObject[]> {
	const api = itemClient(ctx, itemIndex);
	const promotionFilter = locatorValue(ctx, 'filters.promotionId', itemIndex);
	if (
		promotionFilter !== undefined &&
		promotionFilter !== null &&
		String(promotionFilter).trim() !== ''
	) {
		// one promotion: its mailings from the search by ID
		const promotionId = promotionIdOf(ctx, itemIndex, 'filters.promotionId');
		const found = await findPromotions(api, { id: promotionId });
		return found.flatMap(mailingsOf).filter(keep);
	}
	// every promotion: every page (side by side), the filter applied page by page
	return await promotionRecords(api, (promotions) => promotions.flatMap(mailingsOf).filter(keep));
}
