import type { IDataObject } from 'n8n-workflow';

import type { MadMimiClient } from './client';
import { pageSizeFor } from '../transport';
import { MAX_RECIPIENTS_PER_PAGE } from '../settings';

/*
 * One mailing (one send) of a promotion, as the operations read it: its statistics, its
 * recipients by outcome, and its links. Each is addressed by the promotion's ID and the mailing's.
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
