import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit } from '../../descriptions/common';
import { optionalDate, recordLimit } from '../../helpers/params';
import { PROMOTIONS_PAGE_SIZE } from '../../methods/promotions';
import type { XmlReadOptions } from '../../parsing';
import { client } from '../client';

const properties: INodeProperties[] = [
	...returnAllOrLimit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Updated After',
				name: 'updatedAfter',
				type: 'dateTime',
				default: '',
				description: 'Only the promotions changed at or after this time, e.g. {{ $now.minus(7, "days") }}',
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
];

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

/** The instant of an output date (ISO 8601), or undefined. */
export function instantOf(value: unknown): number | undefined {
	if (typeof value !== 'string' || value === '') return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : ms;
}

/** Whether an instant lies in [after, before] (either end open when undefined); no instant never does when a bound is set. */
export function within(at: number | undefined, after: number | undefined, before: number | undefined): boolean {
	if (after === undefined && before === undefined) return true;
	if (at === undefined) return false;
	return (after === undefined || at >= after) && (before === undefined || at <= before);
}

/** One page of the account's promotions (20 a page, newest first), as output records. */
export async function promotionsPage(ctx: IExecuteFunctions, page: number, itemIndex: number): Promise<IDataObject[]> {
	const records = await client(ctx, itemIndex).xmlRecords({ method: 'GET', path: ['promotions'], qs: { page }}, PROMOTIONS_DOCUMENT);
	return records.map(promotionRecord);
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = recordLimit(this, itemIndex);
	const after = optionalDate(this, itemIndex, 'filters.updatedAfter', 'Updated After');
	const before = optionalDate(this, itemIndex, 'filters.updatedBefore', 'Updated Before');
	return await client(this, itemIndex).pages(
		async (page) => {
			const promotions = await promotionsPage(this, page, itemIndex);
			// the filter is the node's: the service lists every promotion, so every page is read
			return { records: promotions.filter((p) => within(instantOf(p.updatedAt), after, before)), size: promotions.length };
		},
		PROMOTIONS_PAGE_SIZE,
		limit,
	);
}

/** A paged read: its Options offer Parallel Page Reads. */
export const paged = true;
