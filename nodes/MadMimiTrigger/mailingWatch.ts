import type { IDataObject } from 'n8n-workflow';

import { mailingsOf } from '../MadMimi/api/mailing';
import { promotionRecords, promotionsPage } from '../MadMimi/api/promotion';
import { PROMOTIONS_PAGE_SIZE } from '../MadMimi/settings';
import type { MadMimiClient } from '../MadMimi/api/client';
import type { Found, Watched } from './cursor';
import type { FullReads, TriggerEvent } from './found';
import { newestFirst, seconds } from './found';

/*
 * Mailing Sent: the mailings whose sending finished at or after a time. /promotions.xml comes the
 * most recently updated promotion first (recorded: 16:54:55, then 15:20:42), and sending does not
 * move a promotion's `updated_at` (recorded: "API test", updated 15:20:42, holds a mailing started
 * 15:26:32). So a check reads page 1, and further pages only while they hold promotions updated
 * since the last check: a promotion saved or edited lately and then sent is found there, in one
 * request as a rule. The order is checked on every page read, never assumed: a promotion dated
 * after the one before it sends the check to every page. A new mailing of a promotion not
 * updated lately, past page 1, is found by the full read of every promotion each "Full Check
 * Every (Hours)", which reaches back to the last one.
 */

function finishedSince(promotions: IDataObject[], since: number): Found[] {
	const out: Found[] = [];
	for (const mailing of promotions.flatMap(mailingsOf)) {
		// a mailing still sending has no finished_send yet, and comes once it has one
		const at = seconds(mailing.finishedSend);
		if (at !== undefined && at >= since) out.push({ key: String(mailing.id), at, json: mailing });
	}
	return out;
}

/**
 * The promotions of the pages from page 1 down to the first promotion updated before `since`
 * (page 1 whole); undefined when a page does not come most recently updated first, or a
 * promotion has no readable `updated_at`.
 */
async function recentlyUpdated(
	api: MadMimiClient,
	since: number,
): Promise<IDataObject[] | undefined> {
	const out: IDataObject[] = [];
	let previous = Infinity;
	for (let page = 1; ; page++) {
		const promotions = await promotionsPage(api, page);
		for (const promotion of promotions) {
			const at = seconds(promotion.updatedAt);
			if (at === undefined || at > previous) return undefined;
			previous = at;
			out.push(promotion);
		}
		if (promotions.length < PROMOTIONS_PAGE_SIZE || previous < since) return out;
	}
}

export function mailingSent(api: MadMimiClient, full: FullReads): TriggerEvent {
	const everyPromotion = async () => await promotionRecords(api, (promotions) => promotions);
	const fullRead = async (from: number, now: number): Promise<Watched> => ({
		found: finishedSince(await everyPromotion(), from),
		notes: { fullReadAt: now },
		reachesBackTo: now - full.skew,
	});
	return {
		since: async (since, now, _emittedBetween, watch) => {
			const fullReadAt = watch.notes?.fullReadAt;
			// the activation (or a place saved before this check kept notes): every page
			if (typeof fullReadAt !== 'number') return await fullRead(since, now);
			const from = Math.min(since, fullReadAt - full.skew);
			if (now - fullReadAt >= full.everySeconds) return await fullRead(from, now);
			const recent = await recentlyUpdated(api, since);
			if (recent === undefined) {
				full.warn(
					"Mad Mimi's promotions did not come most recently updated first: the trigger read every page of promotions instead",
				);
				return await fullRead(from, now);
			}
			return {
				found: finishedSince(recent, since),
				notes: { fullReadAt },
				reachesBackTo: fullReadAt - full.skew,
			};
		},
		sample: async () => newestFirst(finishedSince(await everyPromotion(), 0)),
		nothingFound: 'No mailing of this account has finished sending yet',
	};
}
