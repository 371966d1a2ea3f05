import type { IDataObject } from 'n8n-workflow';

import { splitCountNewRange } from '../helpers/dates';
import type { XmlReadOptions } from '../parsing';
import type { MadMimiClient } from '../transport';

/*
 * The service's members, as the operations, the trigger and the editor read them: the members
 * documents, one member's record, the count of new members and the opted-out addresses.
 */

/**
 * The members documents as recorded (`<audience>` of `<member suppressed="…">`): a member's
 * `lists` is a container, even empty or with one list; names, codes and list names are text,
 * whatever they look like (a list named 2024, a zip code 10115).
 */
export const MEMBERS_DOCUMENT: XmlReadOptions = {
	arrays: ['lists'],
	text: ['first_name', 'last_name', 'name', 'phone', 'zip', 'company', 'title', 'address', 'city', 'state', 'country', 'list'],
};

/** The most members the service gives in one page of a members document (recorded: 1 to 100). */
export const MAX_MEMBERS_PER_PAGE = 100;

/** A member's list: its name, and when the member joined it where the service says so. */
function memberList(entry: unknown): IDataObject {
	if (entry !== null && typeof entry === 'object' && !Array.isArray(entry)) {
		const { value, name, membershipCreatedAt, ...rest } = entry as IDataObject;
		return {
			name: (value ?? name ?? null) as IDataObject[keyof IDataObject],
			...(membershipCreatedAt !== undefined ? { membershipCreatedAt } : {}),
			...rest,
		};
	}
	return { name: entry === undefined ? null : (entry as IDataObject[keyof IDataObject]) };
}

/** One member as the node outputs it: the address and names first, `lists` always an array of `{ name, membershipCreatedAt? }`. */
export function memberRecord(raw: IDataObject): IDataObject {
	const { email, firstName, lastName, lists, ...rest } = raw;
	const entries = lists === undefined || lists === null ? [] : Array.isArray(lists) ? lists : [lists];
	return { email, firstName, lastName, ...rest, lists: entries.map(memberList) };
}

export interface MembersQuery {
	/** One list's members (`/audience_lists/{list}/members.xml`), or every member. */
	list?: string;
	page: number;
	perPage: number;
	/** The service's `order` (`created_at`, `email`…; its direction is not recorded). */
	order?: string;
	/** Opted-out members too (`raw`). */
	includeSuppressed?: boolean;
	/** Only opted-out members (`suppressed_only`). */
	suppressedOnly?: boolean;
}

/** A page of a members document: its members, and how many pages and members there are (the root's attributes). */
export interface MembersPage {
	records: IDataObject[];
	pageCount?: number;
	count?: number;
}

/** One page of the members of the account, or of a list. */
export async function membersPage(api: MadMimiClient, query: MembersQuery): Promise<MembersPage> {
	const answer = await api.xmlList(
		{
			method: 'GET',
			path: query.list === undefined ? ['audience_members'] : ['audience_lists', query.list, 'members'],
			qs: {
				page: query.page,
				per_page: query.perPage,
				order: query.order || undefined,
				raw: query.includeSuppressed ? 'true' : undefined,
				suppressed_only: query.suppressedOnly ? 'true' : undefined,
			},
			notFound: query.list === undefined ? undefined : `Mad Mimi has no list named "${query.list}"`,
		},
		MEMBERS_DOCUMENT,
	);
	const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
	return { records: answer.records.map(memberRecord), pageCount: number(answer.meta.totalPages), count: number(answer.meta.count) };
}

/** The members created in [start, end] (unix seconds, both included), counted a month at a time as the service requires. */
export async function countNew(api: MadMimiClient, start: number, end: number): Promise<number> {
	let count = 0;
	for (const [from, to] of splitCountNewRange(start, end)) {
		count += await api.integer({ method: 'GET', path: ['audience_members', 'count_new'], qs: { start: from, end: to } });
	}
	return count;
}

/** The addresses suppressed (opted out) since a time (unix seconds): the service says no more, not even when. */
export async function suppressedSince(api: MadMimiClient, since: number): Promise<string[]> {
	return await api.lines({ method: 'GET', path: ['audience_members', 'suppressed_since', String(Math.max(0, since))], format: 'txt' });
}
