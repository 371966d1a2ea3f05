import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { formatDateTime } from '../../helpers/dates';
import { DAY_MS } from '../../settings';
import { nonEmptyText } from '../../helpers/validation';
import type { PromotionSearch } from '../../api/promotion';
import { findPromotions } from '../../api/promotion';
import { itemClient } from '../../api/client';
import { promotionLocator } from '../../locators/promotion';
import { optionsCollection } from '../../descriptions/options';
import { dateParameter, optionOf, promotionIdOf } from '../parameters';
import { itemError } from '../itemLoop';

const properties: INodeProperties[] = [
	{
		displayName: 'Search By',
		name: 'searchBy',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Date Range', value: 'dateRange', description: 'Promotions dated between two times' },
			{ name: 'Exact Name', value: 'name', description: 'The promotion with exactly this name' },
			{ name: 'ID', value: 'id', description: 'One promotion by its ID' },
			{
				name: 'Name Contains',
				value: 'query',
				description: 'Promotions whose name contains a text',
			},
		],
		default: 'query',
	},
	{
		displayName: 'Search Text',
		name: 'query',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. sale',
		displayOptions: { show: { searchBy: ['query'] } },
		description: 'Text to look for in the promotion names; upper and lower case are the same',
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Spring sale',
		displayOptions: { show: { searchBy: ['name'] } },
		description:
			'The full name of the promotion, exactly as in Mad Mimi (upper and lower case count)',
	},
	promotionLocator({
		displayOptions: { show: { searchBy: ['id'] } },
		description: 'The promotion to get',
	}),
	{
		displayName: 'From',
		name: 'fromDate',
		type: 'dateTime',
		default: '',
		displayOptions: { show: { searchBy: ['dateRange'] } },
		description:
			"Find the promotions dated at or after this time (in the workflow's time zone unless the value carries an offset)",
		hint: 'Leave empty for 7 days before To',
	},
	{
		displayName: 'To',
		name: 'toDate',
		type: 'dateTime',
		default: '',
		displayOptions: { show: { searchBy: ['dateRange'] } },
		description:
			"Find the promotions dated at or before this time (in the workflow's time zone unless the value carries an offset)",
		hint: 'Leave empty for now',
	},
	optionsCollection('perItem', [
		{
			displayName: 'Include API Promotions',
			name: 'includeApiMailings',
			type: 'boolean',
			displayOptions: { show: { '/searchBy': ['query', 'dateRange'] } },
			default: false,
			description:
				'Whether to include the promotions of mails sent through the Mad Mimi mailer API (transactional mails), which a search leaves out by default',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['promotion'], operation: ['search'] } },
	properties,
);

type SearchBy = 'query' | 'name' | 'id' | 'dateRange';

function promotionSearch(ctx: IExecuteFunctions, itemIndex: number): PromotionSearch {
	const searchBy = optionOf<SearchBy>(ctx, itemIndex, properties, 'searchBy');
	const options = ctx.getNodeParameter('options', itemIndex, {}) as {
		includeApiMailings?: boolean;
	};
	const includeApiMailings = options.includeApiMailings;
	switch (searchBy) {
		case 'name':
			return {
				name: nonEmptyText(
					ctx.getNodeParameter('name', itemIndex, ''),
					'Name',
					'Give the full name of the promotion, e.g. Spring sale.',
				),
			};
		case 'id':
			return { id: promotionIdOf(ctx, itemIndex) };
		case 'dateRange': {
			const to = dateParameter(ctx, itemIndex, 'toDate', 'To') ?? Date.now();
			const from = dateParameter(ctx, itemIndex, 'fromDate', 'From') ?? to - 7 * DAY_MS;
			const timeZone = ctx.getTimezone();
			if (to < from) {
				throw itemError(
					ctx,
					itemIndex,
					'The field "To" is before "From"',
					`From is ${formatDateTime(from, timeZone)} and To is ${formatDateTime(to, timeZone)} (${timeZone}): swap them, or fix the one that is wrong.`,
				);
			}
			return {
				fromDate: formatDateTime(from, timeZone),
				toDate: formatDateTime(to, timeZone),
				includeApiMailings,
			};
		}
		case 'query':
			return {
				query: nonEmptyText(
					ctx.getNodeParameter('query', itemIndex, ''),
					'Search Text',
					'Give a part of the promotion names to look for, e.g. sale.',
				),
				includeApiMailings,
			};
		default:
			throw itemError(
				ctx,
				itemIndex,
				`The search "${String(searchBy)}" is not supported`,
				'Pick one in "Search By".',
			);
	}
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const search = promotionSearch(this, itemIndex);
	return await findPromotions(itemClient(this, itemIndex), search);
}
