import type { IDataObject } from 'n8n-workflow';

import { accountLists } from '../MadMimi/api/audienceList';
import { countNew, membersUpTo } from '../MadMimi/api/audienceMember';
import { membersCreatedSinceInOrder } from '../MadMimi/api/audienceMemberNew';
import { DAY_SECONDS, RARE_EVENT_SAMPLE_DAYS } from '../MadMimi/settings';
import type { MadMimiClient } from '../MadMimi/api/client';
import type { Found, Watched } from './cursor';
import type { FullReads, TriggerEvent } from './found';
import { newestFirst, seconds } from './found';

/*
 * Member Added to List: the list's members whose membership of it is dated at or after a time
 * (the recorded `membership_created_at`). The service cannot order a list's members by that date,
 * so finding a join for sure means reading every page of the list. A check reads it only when the
 * service says something changed that it cannot explain more cheaply:
 * - the list's `subscriber_count` (recorded in lists.xml) against the last check's;
 * - the members created since the last check (count_new, then the members document from its
 *   newest end, its order read off the dates on every page, as New Member reads it): a new member
 *   put on the list is found there;
 * - when the list grew by more than the joins found that way (an existing member joined), or the
 *   members came in no order the check can follow, or the count is missing: every page of the
 *   list, at once.
 * A join hidden by a leave between two checks (the count unchanged) of an existing member is
 * found by the full read every "Full Check Every (Hours)", which reaches back to the last one.
 */

/** What the check notes: the list's count, and when it last read every page (unix seconds). */
interface ListNotes {
	count?: number;
	fullReadAt: number;
}

function notesOf(notes: IDataObject | undefined): ListNotes | undefined {
	if (typeof notes?.fullReadAt !== 'number') return undefined;
	return {
		fullReadAt: notes.fullReadAt,
		count: typeof notes.count === 'number' ? notes.count : undefined,
	};
}

/** A member's membership of the list dated at or after `since`, as the event's item, or undefined. */
function joinOf(member: IDataObject, list: string, since: number): Found | undefined {
	const entry = (member.lists as IDataObject[]).find((l) => l.name === list);
	const at = seconds(entry?.membershipCreatedAt);
	if (at === undefined || at < since) return undefined;
	return {
		key: `${String(member.email).toLowerCase()}|${at}`,
		at,
		json: { ...member, list, addedToListAt: entry!.membershipCreatedAt },
	};
}

function joinsOf(members: IDataObject[], list: string, since: number): Found[] {
	return members.map((m) => joinOf(m, list, since)).filter((f): f is Found => f !== undefined);
}

export function memberAddedToList(api: MadMimiClient, list: string, full: FullReads): TriggerEvent {
	/** Every page of the list, side by side. */
	const everyJoin = async (since: number): Promise<Found[]> =>
		joinsOf(
			(await membersUpTo(api, { list, includeSuppressed: true }, undefined)).members,
			list,
			since,
		);

	/** The list's subscriber_count in lists.xml, or undefined when the list or its count is not there. */
	const subscriberCount = async (): Promise<number | undefined> => {
		const entry = (await accountLists(api)).find((l) => String(l.name) === list);
		return typeof entry?.subscriberCount === 'number' ? entry.subscriberCount : undefined;
	};

	const fullRead = async (from: number, now: number): Promise<Watched> => {
		// counted before the pages are read: a join during the read is found now or counted next
		// time, never both missed
		const count = await subscriberCount();
		const notes: ListNotes = { fullReadAt: now, ...(count === undefined ? {} : { count }) };
		return {
			found: await everyJoin(from),
			notes: notes as unknown as IDataObject,
			reachesBackTo: now - full.skew,
		};
	};

	/** The joins of members created since `since`; undefined when their order cannot be followed. */
	const newMembersJoined = async (since: number, now: number): Promise<Found[] | undefined> => {
		const created = await countNew(api, since, now);
		if (created === 0) return [];
		const members = await membersCreatedSinceInOrder(api, since, { enough: created, until: now });
		return members && joinsOf(members, list, since);
	};

	return {
		since: async (since, now, _emittedBetween, watch) => {
			const noted = notesOf(watch.notes);
			// the activation (or a place saved before this check kept notes): every page
			if (!noted) return await fullRead(since, now);
			const from = Math.min(since, noted.fullReadAt - full.skew);
			if (now - noted.fullReadAt >= full.everySeconds) return await fullRead(from, now);
			const count = await subscriberCount();
			if (count === undefined || noted.count === undefined) return await fullRead(from, now);
			const joined = await newMembersJoined(since, now);
			if (joined === undefined) {
				full.warn(
					`Mad Mimi's members ordered by created_at came in no order the trigger can follow: it read every page of the list "${list}" instead`,
				);
				return await fullRead(from, now);
			}
			const fresh = joined.filter((join) => !watch.known(join.key)).length;
			// the list grew by more than the new members explain: someone already in the audience joined
			if (fresh < count - noted.count) return await fullRead(from, now);
			return {
				found: joined,
				notes: { count, fullReadAt: noted.fullReadAt },
				reachesBackTo: noted.fullReadAt - full.skew,
			};
		},
		sample: async (now) => newestFirst(await everyJoin(now - RARE_EVENT_SAMPLE_DAYS * DAY_SECONDS)),
		nothingFound: `Nobody joined the list "${list}" in the last ${RARE_EVENT_SAMPLE_DAYS} days`,
	};
}
