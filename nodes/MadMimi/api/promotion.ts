import type { IDataObject } from 'n8n-workflow';

import type { XmlReadOptions } from '../parsing';
import type { Refusal } from '../transport';
import { serviceText } from '../transport';
import type { MadMimiClient } from './client';
import { printable } from '../helpers/validation';
import { ANSWER_QUOTED_CHARS, PROMOTIONS_PAGE_SIZE } from '../settings';

/*
 * Promotion: the service's promotions, as the operations, the trigger and the editor's pickers
 * read them (one document, `/promotions.xml`, 20 a page, the most recently updated first, and its
 * search; each with its mailings, which api/mailing.ts reads); the writes of a promotion (save,
 * trash); and what the Mailer says of a promotion it is asked to send (promotionSend.ts, email.ts).
 */

/** The promotions document as recorded: its names, subjects and codes (`mimio`) are text (parsing/fieldTypes.ts). */
const PROMOTIONS_DOCUMENT: XmlReadOptions = {};

function asArray(value: unknown): IDataObject[] {
	if (value === undefined || value === null) return [];
	return (Array.isArray(value) ? value : [value]) as IDataObject[];
}

/**
 * A promotion as the node outputs it: its ID and name first, and its mailings under one field,
 * `mailings`, always an array. The service puts each `<mailing>` directly inside its
 * `<promotion>` (recorded): none for a promotion never sent, one, or several.
 */
function promotionRecord(promotion: IDataObject): IDataObject {
	const { id, name, mailing, mailings, ...rest } = promotion;
	return { id, name, ...rest, mailings: [...asArray(mailing), ...asArray(mailings)] };
}

/** One page of the account's promotions (the most recently updated first), as output records. */
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

/**
 * The account's promotions, page by page (the most recently updated first): each page's
 * promotions become the records `select` makes of them (a filter, their mailings), up to `limit` records. The service filters
 * nothing, so pages are read until `limit` records are found or the promotions end. The records
 * come in the promotions' order: a promotion's mailings are not ordered by when they were sent
 * (sending does not move a promotion), so a read of mailings by date reads every page
 * (`newestMailingsFirst`).
 */
export async function promotionRecords(
	api: MadMimiClient,
	select: (promotions: IDataObject[]) => IDataObject[],
	limit?: number,
): Promise<IDataObject[]> {
	return await api.pages(
		async (page) => {
			const promotions = await promotionsPage(api, page);
			return { records: select(promotions), size: promotions.length };
		},
		PROMOTIONS_PAGE_SIZE,
		limit,
	);
}

/**
 * A search of the promotions: by exact name, by ID, by a text in the name, or by date
 * (`YYYY-MM-DD hh:mm:ss`, both ends included). `includeApiMailings` (by text, by date) asks for
 * the promotions of mailer API sends too, which a search leaves out by default.
 */
export type PromotionSearch =
	| { name: string }
	| { id: number }
	| { query: string; includeApiMailings?: boolean }
	| { fromDate: string; toDate: string; includeApiMailings?: boolean };

/** The promotions a search finds (`/promotions/search.xml`), as output records. */
export async function findPromotions(
	api: MadMimiClient,
	search: PromotionSearch,
): Promise<IDataObject[]> {
	if ('name' in search) return await searchPromotions(api, { name: search.name });
	if ('id' in search) return await searchPromotions(api, { id: search.id });
	const apiMailings = search.includeApiMailings ? 'true' : undefined;
	if ('query' in search)
		return await searchPromotions(api, { query: search.query, api_mailings: apiMailings });
	return await searchPromotions(api, {
		date: 1,
		from_date: search.fromDate,
		to_date: search.toDate,
		api_mailings: apiMailings,
	});
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

/**
 * Reads `Saved <name> (<id>)`. The name may itself hold parentheses (`Saved Sale (June) (42)`):
 * the id is in the last pair.
 */
function parseSaved(body: string): { promotionName: string; promotionId: number } | undefined {
	const m = /^Saved ([\s\S]*) \((\d+)\)$/.exec(body.trim());
	if (!m) return undefined;
	const promotionId = Number(m[2]);
	return Number.isSafeInteger(promotionId) ? { promotionName: m[1], promotionId } : undefined;
}

/**
 * Saves a promotion by name (POST /promotions/save): creates it, or updates the one of that name,
 * so a repeat saves the same content over it. `content`: the form's content fields (helpers/emailContent.ts's
 * `contentFields`, or `url`). The outcome: the promotion saved, as the service confirms it
 * (`Saved <name> (<id>)`), or the text it answered instead (`unconfirmed`, short; empty for none).
 */
export async function savePromotion(
	api: MadMimiClient,
	promotionName: string,
	content: Record<string, string>,
): Promise<{ promotionName: string; promotionId: number } | { unconfirmed: string }> {
	const body = await api.request({
		method: 'POST',
		path: ['promotions', 'save'],
		form: { promotion_name: promotionName, ...content },
		repeat: 'safe',
	});
	return parseSaved(body) ?? { unconfirmed: serviceText(body, ANSWER_QUOTED_CHARS) };
}

/** Moves a promotion to the trash (PUT /promotions/{id}/trash): a repeat finds it gone. */
export async function trashPromotion(api: MadMimiClient, promotionId: number): Promise<void> {
	await api.request({
		method: 'PUT',
		path: ['promotions', promotionId, 'trash'],
		notFound: `Mad Mimi has no promotion ${promotionId}: check the promotion ID`,
		repeat: 'delete',
	});
}

/** How many transactional emails (mailer API sends) of a promotion went out on a day (`YYYY-MM-DD`). */
export async function transactionalCount(
	api: MadMimiClient,
	promotionName: string,
	date: string,
): Promise<number> {
	return await api.integer({
		method: 'GET',
		path: ['promotions', 'transactional_count'],
		qs: { promotion_name: promotionName, date },
	});
}

/** A yes/no flag of the Mailer, sent only when the user set it. */
export function flag(value: unknown): 'yes' | 'no' | undefined {
	if (value === undefined || value === null) return undefined;
	return value === true ? 'yes' : 'no';
}

/**
 * The Mailer's 409: the promotion named does not exist. A send that brought content of its own
 * (`withContent`) would have created it, so only the name is to check.
 */
export function promotionMissing(promotionName: string, withContent: boolean): Refusal {
	return ({ status, text }) => {
		if (status !== 409 && !/do not have a promotion/i.test(text)) return undefined;
		return {
			message: `Mad Mimi has no promotion named "${printable(promotionName)}"`,
			description: withContent
				? 'Check the name (upper and lower case count) against Promotion → Get Many.'
				: 'Check the name (upper and lower case count) against Promotion → Get Many, or set "Content Source" to HTML or Plain Text: with content of its own, the send creates the promotion.',
		};
	};
}
