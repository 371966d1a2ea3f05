import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	countNew,
	createdAtSeconds,
	membersCreatedSince,
	membersUpTo,
	suppressedSince,
} from '../MadMimi/api/members';
import { mailingsOf, promotionRecords } from '../MadMimi/api/promotions';
import { isoUtc } from '../MadMimi/helpers/dates';
import { DAY_SECONDS, TEST_EVENT_SAMPLE_SIZE } from '../MadMimi/settings';
import type { ApiClient } from '../MadMimi/api/client';
import type { CheckedEvent, Found } from './cursor';

/*
 * The trigger's events: how each one finds what happened since a time, proves the credentials at
 * activation, and shows a few recent real records for "Fetch Test Event". The requests are those
 * of the operations (MadMimi/api/).
 */

export type EventName = 'mailingSent' | 'memberAddedToList' | 'memberOptedOut' | 'newMember';

export interface TriggerEvent extends CheckedEvent {
	/** A few recent real records for "Fetch Test Event", newest first; the cursor does not move. */
	sample(now: number): Promise<IDataObject[]>;
	/** What the test looked at, when it found nothing ("no opt-outs in the last 30 days"). */
	nothingFound: string;
}

function seconds(value: unknown): number | undefined {
	const ms = typeof value === 'string' && value !== '' ? Date.parse(value) : NaN;
	return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

function newestFirst(found: Found[]): IDataObject[] {
	return [...found]
		.sort((a, b) => b.at - a.at)
		.slice(0, TEST_EVENT_SAMPLE_SIZE)
		.map((f) => f.json);
}

/**
 * Member Opted Out: the addresses suppressed since a time. The service gives no time for an
 * opt-out, so an item says when the check found it (`detectedAt`), and nothing that looks like
 * the moment the person opted out.
 */
function memberOptedOut(api: ApiClient): TriggerEvent {
	const found = (emails: string[], now: number): Found[] =>
		emails.map((email) => ({
			key: email.toLowerCase(),
			at: now,
			json: { email, optedOut: true, detectedAt: isoUtc(now * 1000) },
		}));
	return {
		since: async (since, now) => found(await suppressedSince(api, since), now),
		sample: async (now) =>
			found(
				(await suppressedSince(api, now - 30 * DAY_SECONDS))
					.slice(-TEST_EVENT_SAMPLE_SIZE)
					.reverse(),
				now,
			).map((f) => f.json),
		nothingFound: 'No member opted out in the last 30 days',
	};
}

/**
 * New Member: count_new says whether anything is new (one request when nothing is); then the
 * members document from its newest end, as far back as the check reaches.
 */
function newMember(api: ApiClient, ctx: IPollFunctions): TriggerEvent {
	const warn = (message: string) => ctx.logger.warn(message, { node: ctx.getNode().name });
	// keyed by the instant, not the text: the same date comes with another offset from answer to answer
	const found = (members: IDataObject[]): Found[] =>
		members.map((member) => ({
			key: `${String(member.email).toLowerCase()}|${createdAtSeconds(member)}`,
			at: createdAtSeconds(member)!,
			json: member,
		}));
	return {
		since: async (since, now, emittedBetween) => {
			// a member dated past n8n's now (Mad Mimi's clock ahead) is counted by the next check,
			// whose window reaches back the Safety Margin
			const count = await countNew(api, since, now);
			if (count <= emittedBetween(since, now)) return [];
			return found(await membersCreatedSince(api, since, { enough: count, until: now, warn }));
		},
		sample: async (now) =>
			(
				await membersCreatedSince(api, now - 7 * DAY_SECONDS, {
					enough: TEST_EVENT_SAMPLE_SIZE,
					warn,
				})
			).slice(0, TEST_EVENT_SAMPLE_SIZE),
		nothingFound: 'No member was added in the last 7 days',
	};
}

/**
 * Member Added to List: the list's members whose membership of it is dated at or after a time
 * (the recorded `membership_created_at`). The service cannot order a list's members by that date,
 * so every page is read, side by side.
 */
function memberAddedToList(api: ApiClient, list: string): TriggerEvent {
	const joinedSince = async (since: number): Promise<Found[]> => {
		const { members } = await membersUpTo(api, { list, includeSuppressed: true }, undefined);
		const out: Found[] = [];
		for (const member of members) {
			const entry = (member.lists as IDataObject[]).find((l) => l.name === list);
			const at = seconds(entry?.membershipCreatedAt);
			if (at === undefined || at < since) continue;
			out.push({
				key: `${String(member.email).toLowerCase()}|${at}`,
				at,
				json: { ...member, list, addedToListAt: entry!.membershipCreatedAt },
			});
		}
		return out;
	};
	return {
		since: async (since) => await joinedSince(since),
		sample: async (now) => newestFirst(await joinedSince(now - 30 * DAY_SECONDS)),
		nothingFound: `Nobody joined the list "${list}" in the last 30 days`,
	};
}

/**
 * Mailing Sent: the mailings whose sending finished at or after a time. Sending does not move a
 * promotion's `updated_at` (recorded), so every page of promotions is read; a mailing still
 * sending has no `finished_send` yet and comes once it has one.
 */
function mailingSent(api: ApiClient): TriggerEvent {
	const finishedSince = async (since: number): Promise<Found[]> => {
		const mailings = await promotionRecords(api, (promotions) => promotions.flatMap(mailingsOf));
		const out: Found[] = [];
		for (const mailing of mailings) {
			const at = seconds(mailing.finishedSend);
			if (at !== undefined && at >= since) out.push({ key: String(mailing.id), at, json: mailing });
		}
		return out;
	};
	return {
		since: async (since) => await finishedSince(since),
		sample: async () => newestFirst(await finishedSince(0)),
		nothingFound: 'No mailing of this account has finished sending yet',
	};
}

/** The event the node is set to, on the given list (Member Added to List). */
export function triggerEvent(
	name: EventName,
	api: ApiClient,
	ctx: IPollFunctions,
	list: string,
): TriggerEvent {
	switch (name) {
		case 'newMember':
			return newMember(api, ctx);
		case 'memberAddedToList':
			return memberAddedToList(api, list);
		case 'mailingSent':
			return mailingSent(api);
		case 'memberOptedOut':
			return memberOptedOut(api);
		default:
			throw new NodeOperationError(ctx.getNode(), `The event "${String(name)}" is not supported`, {
				description: 'Pick an event in "Event".',
			});
	}
}
