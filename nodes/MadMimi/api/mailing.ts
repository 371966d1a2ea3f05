import type { IDataObject } from 'n8n-workflow';

import { instantOf } from '../helpers/dates';
import type { MadMimiClient } from './client';
import { pageSizeFor } from '../transport';
import { MAX_RECIPIENTS_PER_PAGE } from '../settings';

/*
 * One mailing (one send) of a promotion, as the operations read it: its statistics, its
 * recipients by outcome, and its links. Each is addressed by the promotion's ID and the mailing's.
 * And the mailings of a promotion record (api/promotion.ts reads them in the promotions
 * document): as items, and by when they started sending.
 */

/** The outcomes a mailing's recipients are read by, and the path segment the service names each by. */
const OUTCOME_PATHS = {
	abused: 'abused',
	bounced: 'bounced',
	clickedThru: 'clicked_thru',
	forwarded: 'forwarded',
	optOut: 'opt_out',
	read: 'read',
	sent: 'sent',
	unopened: 'unopened',
};

/** An outcome of a mailing's sends: every recipient (`sent`), those who opened it (`read`), clicked, … */
export type RecipientOutcome = keyof typeof OUTCOME_PATHS;

/** What a 404 (a blank answer) means for a request about one mailing of a promotion. */
function noSuchMailing(promotionId: number, mailingId: number): string {
	return `Mad Mimi has no promotion ${promotionId} with a mailing ${mailingId}: check the promotion ID and mailing ID`;
}

/**
 * The statistics of a mailing (GET /promotions/{id}/mailings/{id}.xml, the recorded document:
 * `<mailing>` with counters and a `<links>` container): `links` is always an array.
 */
export async function mailingStats(
	api: MadMimiClient,
	promotionId: number,
	mailingId: number,
): Promise<IDataObject> {
	const stats = await api.xmlDocument(
		{
			method: 'GET',
			path: ['promotions', promotionId, 'mailings', mailingId],
			notFound: noSuchMailing(promotionId, mailingId),
		},
		{ arrays: ['links'] },
	);
	return { ...stats, links: Array.isArray(stats.links) ? stats.links : [] };
}

/**
 * The recipients of a mailing by outcome (GET /promotions/{id}/mailings/{id}/{outcome}.xml), up
 * to `limit` (undefined: every page); no larger pages are asked for than `limit` needs.
 */
export async function mailingRecipients(
	api: MadMimiClient,
	promotionId: number,
	mailingId: number,
	outcome: RecipientOutcome,
	limit?: number,
): Promise<IDataObject[]> {
	const perPage = pageSizeFor(limit, MAX_RECIPIENTS_PER_PAGE);
	return await api.pages(
		async (page) =>
			await api.xmlRecords({
				method: 'GET',
				path: ['promotions', promotionId, 'mailings', mailingId, OUTCOME_PATHS[outcome]],
				qs: { page, per_page: perPage },
				notFound: noSuchMailing(promotionId, mailingId),
			}),
		perPage,
		limit,
	);
}

/** The links of a mailing, with their clicks (GET /promotions/{id}/mailings/{id}/clicked.xml). */
export async function mailingLinks(
	api: MadMimiClient,
	promotionId: number,
	mailingId: number,
): Promise<IDataObject[]> {
	return await api.xmlRecords({
		method: 'GET',
		path: ['promotions', promotionId, 'mailings', mailingId, 'clicked'],
		notFound: noSuchMailing(promotionId, mailingId),
	});
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

function startedAt(mailing: IDataObject): number | undefined {
	const ms = typeof mailing.startedSend === 'string' ? Date.parse(mailing.startedSend) : NaN;
	return Number.isNaN(ms) ? undefined : ms;
}

/**
 * When a mailing started sending (epoch ms): its `startedSend`, or its `finishedSend` when the
 * service gave only that (a mailing that finished has started); undefined for a mailing not
 * started yet (queued or scheduled: both dates empty, as recorded).
 */
export function sendStart(mailing: IDataObject): number | undefined {
	return instantOf(mailing.startedSend) ?? instantOf(mailing.finishedSend);
}

/**
 * Mailings newest first by when they started sending (`sendStart`). A mailing not started yet is
 * placed by its ID, the service giving IDs in the order mailings are made (the recorded IDs grow
 * with time): above every started mailing's, it was made after them (a send just accepted, still
 * queued) and comes first; below, it is a draft or a schedule older than the last send and comes
 * last, so that "the latest mailing" is never a stale one that has no figures. Ties (the same
 * second, or two not started yet on the same side): the higher ID first. A new array; the order
 * of the promotions (by their `updated_at`, which sending does not move) plays no part.
 */
export function newestMailingsFirst(mailings: IDataObject[]): IDataObject[] {
	const idOf = (mailing: IDataObject) => (typeof mailing.id === 'number' ? mailing.id : 0);
	const newestStartedId = Math.max(
		-Infinity,
		...mailings.filter((m) => sendStart(m) !== undefined).map(idOf),
	);
	const rankOf = (mailing: IDataObject) =>
		sendStart(mailing) ?? (idOf(mailing) > newestStartedId ? Infinity : -Infinity);
	return [...mailings].sort(
		// ±Infinity − the same is NaN (two not started on one side): the IDs decide
		(a, b) => rankOf(b) - rankOf(a) || idOf(b) - idOf(a),
	);
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
