import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { findPromotions, mailingsOf, promotionRecords } from '../../api/promotions';
import { returnAllOrLimit, simplifyFields } from '../../descriptions/common';
import { withoutEmpty } from '../../helpers/simplify';
import { instantOf, within } from '../../helpers/dates';
import { locatorValue, optionalDate, recordLimit } from '../../helpers/params';
import { promotionIdOf, promotionLocator } from '../../locators/promotion';
import { client } from '../client';
import { optionsCollection } from '../../descriptions/options';

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

/** When a mailing was sent: when it started sending (a mailing not sent yet has no date). */
function sentAt(mailing: IDataObject): number | undefined {
	return instantOf(mailing.startedSend) ?? instantOf(mailing.finishedSend);
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const mailings = await readMailings(this, itemIndex);
	return this.getNodeParameter('simplify', itemIndex, false)
		? mailings.map(withoutEmpty)
		: mailings;
}

async function readMailings(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = recordLimit(ctx, itemIndex);
	const after = optionalDate(ctx, itemIndex, 'filters.sentAfter', 'Sent After');
	const before = optionalDate(ctx, itemIndex, 'filters.sentBefore', 'Sent Before');
	const keep = (mailing: IDataObject) => within(sentAt(mailing), after, before);
	const promotionFilter = locatorValue(ctx, 'filters.promotionId', itemIndex);
	if (
		promotionFilter !== undefined &&
		promotionFilter !== null &&
		String(promotionFilter).trim() !== ''
	) {
		// one promotion: its mailings from the search by ID
		const promotionId = promotionIdOf(ctx, itemIndex, 'filters.promotionId');
		const found = await findPromotions(client(ctx, itemIndex), { id: promotionId });
		const mailings = found.flatMap(mailingsOf).filter(keep);
		return limit === undefined ? mailings : mailings.slice(0, limit);
	}
	// every promotion (newest first), and the mailings of each
	return await promotionRecords(
		client(ctx, itemIndex),
		(promotions) => promotions.flatMap(mailingsOf).filter(keep),
		limit,
	);
}
