import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { countNew } from '../MadMimi/api/audienceMember';
import { createdAtSeconds } from '../MadMimi/api/audienceMemberByDate';
import { membersCreatedSince } from '../MadMimi/api/audienceMemberNew';
import { optedOutSince } from '../MadMimi/api/audienceMemberOptOut';
import { isoUtc } from '../MadMimi/helpers/dates';
import {
	DAY_SECONDS,
	NEW_MEMBER_SAMPLE_DAYS,
	RARE_EVENT_SAMPLE_DAYS,
	TEST_EVENT_SAMPLE_SIZE,
} from '../MadMimi/settings';
import type { MadMimiClient } from '../MadMimi/api/client';
import type { Found } from './cursor';
import type { FullReads, TriggerEvent } from './found';
import { memberAddedToList } from './listWatch';
import { mailingSent } from './mailingWatch';

/*
 * The trigger's events: how each one finds what happened since a time, proves the credentials at
 * activation, and shows a few recent real records for "Fetch Test Event". The requests are those
 * of the operations (MadMimi/api/). Member Added to List and Mailing Sent, which watch what the
 * service says changed and read everything only now and then, have files of their own
 * (listWatch.ts, mailingWatch.ts).
 */

export type { TriggerEvent } from './found';

export type EventName = 'mailingSent' | 'memberAddedToList' | 'memberOptedOut' | 'newMember';

/**
 * Member Opted Out: the addresses suppressed since a time. The service gives no time for an
 * opt-out, so an item says when the check found it (`detectedAt`), and nothing that looks like
 * the moment the person opted out.
 */
function memberOptedOut(api: MadMimiClient): TriggerEvent {
	const found = (emails: string[], now: number): Found[] =>
		emails.map((email) => ({
			key: email.toLowerCase(),
			at: now,
			json: { email, optedOut: true, detectedAt: isoUtc(now * 1000) },
		}));
	return {
		since: async (since, now) => found(await optedOutSince(api, since), now),
		sample: async (now) =>
			found(
				(await optedOutSince(api, now - RARE_EVENT_SAMPLE_DAYS * DAY_SECONDS))
					.slice(-TEST_EVENT_SAMPLE_SIZE)
					.reverse(),
				now,
			).map((f) => f.json),
		nothingFound: `No member opted out in the last ${RARE_EVENT_SAMPLE_DAYS} days`,
	};
}

/**
 * New Member: count_new says whether anything is new (one request when nothing is); then the
 * members document from its newest end, as far back as the check reaches.
 */
function newMember(api: MadMimiClient, ctx: IPollFunctions): TriggerEvent {
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
				await membersCreatedSince(api, now - NEW_MEMBER_SAMPLE_DAYS * DAY_SECONDS, {
					enough: TEST_EVENT_SAMPLE_SIZE,
					warn,
				})
			).slice(0, TEST_EVENT_SAMPLE_SIZE),
		nothingFound: `No member was added in the last ${NEW_MEMBER_SAMPLE_DAYS} days`,
	};
}

/** The event the node is set to, on the given list (Member Added to List), with when it reads everything (Member Added to List, Mailing Sent). */
export function triggerEvent(
	name: EventName,
	api: MadMimiClient,
	ctx: IPollFunctions,
	list: string,
	full: FullReads,
): TriggerEvent {
	switch (name) {
		case 'newMember':
			return newMember(api, ctx);
		case 'memberAddedToList':
			return memberAddedToList(api, list, full);
		case 'mailingSent':
			return mailingSent(api, full);
		case 'memberOptedOut':
			return memberOptedOut(api);
		default:
			throw new NodeOperationError(ctx.getNode(), `The event "${String(name)}" is not supported`, {
				description: 'Pick an event in "Event".',
			});
	}
}
