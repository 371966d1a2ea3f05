import type { IDataObject } from 'n8n-workflow';

/**
 * Reads pages 1, 2, … until one comes back shorter than `pageSize` (or empty), or until
 * `limit` records are in hand: Return All follows every page, a Limit requests no more pages
 * than it needs. The service sends no paging metadata, so a short page is the only end mark.
 */
export async function collectPages(
	fetchPage: (page: number) => Promise<IDataObject[]>,
	pageSize: number,
	limit?: number,
): Promise<IDataObject[]> {
	const out: IDataObject[] = [];
	for (let page = 1; ; page++) {
		const records = await fetchPage(page);
		for (const record of records) out.push(record);
		if (limit !== undefined && out.length >= limit) return out.slice(0, limit);
		if (records.length < pageSize) return out;
	}
}
