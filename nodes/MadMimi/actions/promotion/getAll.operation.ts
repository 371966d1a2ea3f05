import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit, simplifyFields } from '../../descriptions/common';
import { simplePromotion } from '../../helpers/simplify';
import { instantOf, within } from '../../helpers/dates';
import { promotionRecords } from '../../api/promotion';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';
import { dateParameter, recordLimit } from '../parameters';

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
			{
				displayName: 'Updated After',
				name: 'updatedAfter',
				type: 'dateTime',
				default: '',
				description:
					'Only the promotions changed at or after this time, e.g. {{ $now.minus(7, "days") }}',
			},
			{
				displayName: 'Updated Before',
				name: 'updatedBefore',
				type: 'dateTime',
				default: '',
				description: 'Only the promotions changed at or before this time',
			},
		],
	},
	optionsCollection('pagedPerItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['promotion'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = recordLimit(this, itemIndex);
	const after = dateParameter(this, itemIndex, 'filters.updatedAfter', 'Updated After');
	const before = dateParameter(this, itemIndex, 'filters.updatedBefore', 'Updated Before');
	// the filter is the node's: the service lists every promotion, so every page is read
	const promotions = await promotionRecords(
		itemClient(this, itemIndex),
		(page) => page.filter((p) => within(instantOf(p.updatedAt), after, before)),
		limit,
	);
	return this.getNodeParameter('simplify', itemIndex, false)
		? promotions.map(simplePromotion)
		: promotions;
}
