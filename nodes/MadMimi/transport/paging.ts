import type { IDataObject } from 'n8n-workflow';

/** One page of a paged read: its records, and the number of pages when the answer states it. */
export interface Page {
	records: IDataObject[];
	/** How many entries the page held, when `records` are derived from them (filtered, or the mailings of promotions). */
	size?: number;
	pageCount?: number;
}

/**
 * Reads pages 1, 2, … until the last one, or until `limit` records are in hand: Return All
 * follows every page, a Limit requests no more pages than it needs. The last page is the one the
 * answer's page count names (the members documents state it), or else the first page shorter
 * than `pageSize` (or empty): no page past the end is asked for when the count is stated.
 */
export async function collectPages(
	fetchPage: (page: number) => Promise<IDataObject[] | Page>,
	pageSize: number,
	limit?: number,
): Promise<IDataObject[]> {
	const out: IDataObject[] = [];
	for (let page = 1; ; page++) {
		const answer = await fetchPage(page);
		const { records, size, pageCount } = Array.isArray(answer) ? { records: answer, size: undefined, pageCount: undefined } : answer;
		for (const record of records) out.push(record);
		if (limit !== undefined && out.length >= limit) return out.slice(0, limit);
		if (pageCount !== undefined ? page >= pageCount : (size ?? records.length) < pageSize) return out;
	}
}
