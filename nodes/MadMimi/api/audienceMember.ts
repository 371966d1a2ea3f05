import type { IDataObject } from 'n8n-workflow';

import { splitCountNewRange } from '../helpers/dates';
import type { XmlReadOptions } from '../parsing';
import { printable } from '../helpers/validation';
import type { MadMimiClient, OnceOnly, WriteOnceOutcome } from './client';
import type { Refusal } from '../transport';
import { pageSizeFor } from '../transport';
import { IMPORT_MIN_TIMEOUT_MS, MAX_MEMBERS_PER_PAGE } from '../settings';
import { listRefusal } from './audienceList';

/*
 * Audience Member: the members documents, one member's record, its lists and fields, the count of
 * new members and the import. Opting out is in audienceMemberOptOut.ts, the reads by the date
 * members were added in audienceMemberByDate.ts and audienceMemberNew.ts.
 */

/**
 * The members documents as recorded (`<audience>` of `<member suppressed="…">`): a member's
 * `lists` is a container, even empty or with one list. Names, codes and custom fields are text
 * whatever they look like (parsing/fieldTypes.ts).
 */
const MEMBERS_DOCUMENT: XmlReadOptions = { arrays: ['lists'] };

/** The message of a member the account does not have: `memberMissing`'s wording. */
export function noSuchMemberMessage(email: string): string {
	return `Mad Mimi has no member with the address ${printable(email)}`;
}

/** The service's "<email> does not exist" (400), in the user's words. */
export function memberMissing(email: string): Refusal {
	return ({ status, text }) =>
		status === 400 && /does not exist/i.test(text)
			? {
					message: noSuchMemberMessage(email),
					description:
						'Check the address (Audience Member → Get finds a member by address). New people are added with Audience Member → Create or Update, or Import.',
				}
			: undefined;
}

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
function memberRecord(raw: IDataObject): IDataObject {
	const { email, firstName, lastName, lists, ...rest } = raw;
	const entries =
		lists === undefined || lists === null ? [] : Array.isArray(lists) ? lists : [lists];
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
			path:
				query.list === undefined ? ['audience_members'] : ['audience_lists', query.list, 'members'],
			qs: {
				page: query.page,
				per_page: query.perPage,
				order: query.order || undefined,
				raw: query.includeSuppressed ? 'true' : undefined,
				suppressed_only: query.suppressedOnly ? 'true' : undefined,
			},
			refusal: query.list === undefined ? undefined : listRefusal(query.list),
		},
		MEMBERS_DOCUMENT,
	);
	const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
	return {
		records: answer.records.map(memberRecord),
		pageCount: number(answer.meta.totalPages),
		count: number(answer.meta.count),
	};
}

/** The member of this address (opted out or not: `raw=true`), found by the recorded search, or undefined. */
export async function memberByEmail(
	api: MadMimiClient,
	email: string,
): Promise<IDataObject | undefined> {
	const records = await api.xmlRecords(
		{ method: 'GET', path: ['audience_members', 'search'], qs: { email, raw: 'true' } },
		MEMBERS_DOCUMENT,
	);
	const wanted = email.toLowerCase();
	return records.map(memberRecord).find((m) => String(m.email ?? '').toLowerCase() === wanted);
}

/** The members created in [start, end] (unix seconds, both included), counted a month at a time as the service requires. */
export async function countNew(api: MadMimiClient, start: number, end: number): Promise<number> {
	let count = 0;
	for (const [from, to] of splitCountNewRange(start, end)) {
		count += await api.integer({
			method: 'GET',
			path: ['audience_members', 'count_new'],
			qs: { start: from, end: to },
		});
	}
	return count;
}

/**
 * The members of the account or of a list, up to `limit` (undefined: every page), read page by
 * page as the settings' window allows; with how many there are in all (page 1's `count`).
 */
export async function membersUpTo(
	api: MadMimiClient,
	query: Omit<MembersQuery, 'page' | 'perPage'>,
	limit: number | undefined,
): Promise<{ members: IDataObject[]; total?: number }> {
	const perPage = pageSizeFor(limit, MAX_MEMBERS_PER_PAGE);
	let total: number | undefined;
	// the members documents say how many pages there are: none is asked for past the last
	const members = await api.pages(
		async (page) => {
			const read = await membersPage(api, { ...query, page, perPage });
			if (page === 1) total = read.count;
			return read;
		},
		perPage,
		limit,
	);
	return { members, total };
}

/** Members whose address or name contains a text (`GET /audience_members/search.xml`, at most 100). */
export async function searchMembers(
	api: MadMimiClient,
	query: string,
	includeSuppressed: boolean,
): Promise<IDataObject[]> {
	const records = await api.xmlRecords(
		{
			method: 'GET',
			path: ['audience_members', 'search'],
			qs: { query, raw: includeSuppressed ? 'true' : undefined },
		},
		MEMBERS_DOCUMENT,
	);
	return records.map(memberRecord);
}

/** The lists a member is on (`GET /audience_members/{email}/lists.xml`, the recorded lists document). */
export async function memberLists(api: MadMimiClient, email: string): Promise<IDataObject[]> {
	return await api.xmlRecords({ method: 'GET', path: ['audience_members', email, 'lists'] });
}

/** Sets a member's fields (`PUT /audience_members/{email}`, `audience_member[<field>]`): the same fields set again change nothing. */
export async function updateMemberFields(
	api: MadMimiClient,
	email: string,
	fields: Record<string, string>,
): Promise<void> {
	const form: Record<string, string> = {};
	for (const [field, value] of Object.entries(fields)) form[`audience_member[${field}]`] = value;
	await api.request({
		method: 'PUT',
		path: ['audience_members', email],
		form,
		refusal: memberMissing(email),
		repeat: 'safe',
	});
}

/**
 * Changes a member's address (`POST /audience_members/{email}/update_email`): once only, since a
 * repeat after it took effect finds no member of the old address.
 */
export async function changeMemberEmail(
	api: MadMimiClient,
	email: string,
	newEmail: string,
	once: OnceOnly,
): Promise<WriteOnceOutcome<string>> {
	return await api.writeOnce(
		once,
		async () =>
			await api.request({
				method: 'POST',
				path: ['audience_members', email, 'update_email'],
				form: { new_email: newEmail },
				repeat: once,
				refusal: memberMissing(email),
			}),
	);
}

/**
 * Imports members from a CSV (`POST /audience_members`, the file as `csv_file`) and gives the
 * import id the service answers. The service merges the rows into the members it has, so a
 * repeat changes nothing more; a large file gets more time than other requests.
 */
export async function importMembers(api: MadMimiClient, csv: string): Promise<number> {
	return await api.integer({
		method: 'POST',
		path: ['audience_members'],
		form: { csv_file: csv },
		minTimeoutMs: IMPORT_MIN_TIMEOUT_MS,
		repeat: 'safe',
	});
}
