import type { IDataObject } from 'n8n-workflow';

import type { WindowOutcome } from '../transport';
import type { MadMimiClient } from './client';
import { removeFromList } from './audienceList';
import { membersUpTo } from './audienceMember';
import { optedOutSince } from './audienceMemberOptOut';

/*
 * What Audience List → Sync asks of Mad Mimi: a list's members and every address of the audience
 * that opted out (to make its plan), and many people taken off a list (to carry it out). Its adds
 * and updates are member imports (audienceMember.ts, `importMembers`).
 */

/** A list as Sync plans against it. */
export interface ListState {
	/** The list's members who have not opted out (the members document without `raw`). */
	members: IDataObject[];
	/** Every opted-out address of the audience, on this list or not, in lower case. */
	optedOut: Set<string>;
}

/**
 * The list's members, every page (100 a page, side by side up to the page window, as Return All),
 * and at the same time every opted-out address of the audience: `suppressed_since/0.txt` lists
 * them all in one request (recorded: one address a line). An opted-out member is not in the
 * list's members document, and may be on no list at all, so this is what tells who opted out.
 * Both reads settle before either's failure is thrown: nothing is left in flight.
 */
export async function listAndOptOuts(api: MadMimiClient, list: string): Promise<ListState> {
	const [members, optedOut] = await Promise.allSettled([
		membersUpTo(api, { list }, undefined),
		optedOutSince(api, 0),
	]);
	if (members.status === 'rejected') throw members.reason;
	if (optedOut.status === 'rejected') throw optedOut.reason;
	return {
		members: members.value.members,
		optedOut: new Set(optedOut.value.map((email) => email.trim().toLowerCase())),
	};
}

/**
 * Takes each address off the list (POST /audience_lists/{list}/remove, safe to repeat: the
 * recorded answer is the same for a member on the list or not), side by side up to the page
 * window. With `stopAtFailure`, nothing more is started once one has failed for good.
 */
export async function removeAllFromList(
	api: MadMimiClient,
	list: string,
	emails: readonly string[],
	stopAtFailure: boolean,
): Promise<WindowOutcome[]> {
	return await api.eachInWindow(
		emails,
		async (email) => await removeFromList(api, list, email),
		stopAtFailure,
	);
}
