import type { IDataObject } from 'n8n-workflow';

import type { XmlReadOptions } from '../parsing';
import type { MadMimiClient } from '../transport';

/*
 * The service's promotions and their mailings, as the operations, the trigger and the editor's
 * pickers read them: one document (`/promotions.xml`, 20 a page, newest first) and its search.
 */

/** Promotions a page of /promotions.xml holds; a shorter page is the last one (it states no page count). */
export const PROMOTIONS_PAGE_SIZE = 20;

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

/** One page of the account's promotions (newest first), as output records. */
export async function promotionsPage(api: MadMimiClient, page: number): Promise<IDataObject[]> {
	const records = await api.xmlRecords({ method: 'GET', path: ['promotions'], qs: { page } }, PROMOTIONS_DOCUMENT);
	return records.map(promotionRecord);
}

/** The promotions a search finds (`/promotions/search.xml`: by `query`, `name`, `id` or dates), as output records. */
export async function searchPromotions(api: MadMimiClient, qs: Record<string, string | number | undefined>): Promise<IDataObject[]> {
	const records = await api.xmlRecords({ method: 'GET', path: ['promotions', 'search'], qs }, PROMOTIONS_DOCUMENT);
	return records.map(promotionRecord);
}

/** The mailings of a promotion record as items: the mailing's ID first, then its promotion's ID and name. */
export function mailingsOf(promotion: IDataObject): IDataObject[] {
	return (promotion.mailings as IDataObject[]).map(({ id, ...mailing }) => ({ id, promotionId: promotion.id, promotionName: promotion.name, ...mailing }));
}

/** The ID of the promotion of exactly this name (the sends take a name), or undefined when there is none. */
export async function promotionIdByName(api: MadMimiClient, name: string): Promise<number | undefined> {
	const found = await searchPromotions(api, { name });
	const id = found.find((p) => p.name === name)?.id;
	return typeof id === 'number' ? id : undefined;
}
