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
	const records = await api.xmlRecords(
		{ method: 'GET', path: ['promotions'], qs: { page } },
		PROMOTIONS_DOCUMENT,
	);
	return records.map(promotionRecord);
}

/** The promotions a search finds (`/promotions/search.xml`: by `query`, `name`, `id` or dates), as output records. */
export async function searchPromotions(
	api: MadMimiClient,
	qs: Record<string, string | number | undefined>,
): Promise<IDataObject[]> {
	const records = await api.xmlRecords(
		{ method: 'GET', path: ['promotions', 'search'], qs },
		PROMOTIONS_DOCUMENT,
	);
	return records.map(promotionRecord);
}

/** The mailings of a promotion record as items: the mailing's ID first, then its promotion's ID and name. */
export function mailingsOf(promotion: IDataObject): IDataObject[] {
	return (promotion.mailings as IDataObject[]).map(({ id, ...mailing }) => ({
		id,
		promotionId: promotion.id,
		promotionName: promotion.name,
		...mailing,
	}));
}

/**
 * The promotion of exactly this name (the sends take a name), as an output record, or undefined
 * when there is none. Mad Mimi's documentation says searches leave out "API mailings" unless
 * `api_mailings` is set: the sends are API mailings, so it is set.
 */
export async function promotionByName(
	api: MadMimiClient,
	name: string,
): Promise<IDataObject | undefined> {
	const found = await searchPromotions(api, { name, api_mailings: 'true' });
	return found.find((p) => p.name === name);
}

/** The ID of the promotion of exactly this name, or undefined when there is none. */
export async function promotionIdByName(
	api: MadMimiClient,
	name: string,
): Promise<number | undefined> {
	const id = (await promotionByName(api, name))?.id;
	return typeof id === 'number' ? id : undefined;
}

function startedAt(mailing: IDataObject): number | undefined {
	const ms = typeof mailing.startedSend === 'string' ? Date.parse(mailing.startedSend) : NaN;
	return Number.isNaN(ms) ? undefined : ms;
}

/**
 * The mailings of a promotion record started at or after `since` (epoch ms), oldest first. A
 * mailing not started yet (`started_send` empty: queued) counts when its ID is above that of every
 * mailing started before `since`, so a send just accepted counts and an old draft does not.
 */
export function mailingsStartedSince(promotion: IDataObject, since: number): IDataObject[] {
	const mailings = promotion.mailings as IDataObject[];
	const idOf = (mailing: IDataObject) => (typeof mailing.id === 'number' ? mailing.id : -Infinity);
	const olderIds = mailings.filter((m) => (startedAt(m) ?? Infinity) < since).map(idOf);
	const newestOlder = Math.max(-Infinity, ...olderIds);
	return mailings
		.filter((m) => {
			const at = startedAt(m);
			return at === undefined ? idOf(m) > newestOlder : at >= since;
		})
		.sort((a, b) => (startedAt(a) ?? Infinity) - (startedAt(b) ?? Infinity) || idOf(a) - idOf(b));
}
