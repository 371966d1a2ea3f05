import type { IDataObject } from 'n8n-workflow';

import { writeCsv } from '../helpers/csv';
import { splitCountNewRange } from '../helpers/dates';
import { answerMatching } from '../parsing';
import type { XmlReadOptions } from '../parsing';
import { printable } from '../helpers/validation';
import type { MadMimiClient, OnceOnly, WriteOnceOutcome } from './client';
import type { Refusal } from '../transport/errors';
import { pageSizeFor } from '../transport';
import { IMPORT_MIN_TIMEOUT_MS, MAX_MEMBERS_PER_PAGE } from '../settings';
import { listRefusal } from './lists';

/*
 * The service's members, as the operations, the trigger and the editor read them: the members
 * documents, one member's record, the count of new members and the opted-out addresses.
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
async function membersPage(api: MadMimiClient, query: MembersQuery): Promise<MembersPage> {
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

/** Whether the member of this address opted out (`is_suppressed`: `true` or `false`); an unknown address is refused (memberMissing). */
export async function isSuppressed(api: MadMimiClient, email: string): Promise<boolean> {
	const answer = await api.read(
		{
			method: 'GET',
			path: ['audience_members', email, 'is_suppressed'],
			refusal: memberMissing(email),
		},
		answerMatching(/^(true|false)$/, 'The response is neither true nor false'),
	);
	return answer === 'true';
}

/** is_suppressed's refusal of an unknown address, as hasOptedOut reads it: never shown to anyone. */
const NOT_A_MEMBER = { message: 'not a member', description: '' };

/** Whether this address opted out; false for an address the account has no member of (nobody to have opted out). */
export async function hasOptedOut(api: MadMimiClient, email: string): Promise<boolean> {
	const answer = await api
		.read(
			{
				method: 'GET',
				path: ['audience_members', email, 'is_suppressed'],
				// the recorded "<email> does not exist" (400): no member, so not opted out
				refusal: ({ status, text }) =>
					status === 400 && /does not exist/i.test(text) ? NOT_A_MEMBER : undefined,
			},
			answerMatching(/^(true|false)$/, 'The response is neither true nor false'),
		)
		.catch((error: unknown) => {
			if (error instanceof Error && error.message === NOT_A_MEMBER.message) return 'false';
			throw error;
		});
	return answer === 'true';
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

/** The addresses suppressed (opted out) since a time (unix seconds): the service says no more, not even when. */
export async function suppressedSince(api: MadMimiClient, since: number): Promise<string[]> {
	return await api.lines({
		method: 'GET',
		path: ['audience_members', 'suppressed_since', String(Math.max(0, since))],
		format: 'txt',
	});
}

/** A member record's `createdAt` (ISO 8601 after parsing) as unix seconds, or undefined. */
export function createdAtSeconds(member: IDataObject): number | undefined {
	const ms = typeof member.createdAt === 'string' ? Date.parse(member.createdAt) : NaN;
	return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

type Direction = 'newestFirst' | 'oldestFirst' | 'unordered' | 'flat';

/** The order of a page's records by `createdAt`, as they came. */
function directionOf(records: IDataObject[]): Direction {
	const times = records.map(createdAtSeconds);
	if (times.some((t) => t === undefined)) return 'unordered';
	let up = false;
	let down = false;
	for (let i = 1; i < times.length; i++) {
		if (times[i]! > times[i - 1]!) up = true;
		if (times[i]! < times[i - 1]!) down = true;
	}
	return up && down ? 'unordered' : up ? 'oldestFirst' : down ? 'newestFirst' : 'flat';
}

/**
 * Which way a members document asked for `order=created_at` runs, read off its dates: page 1's
 * order, or, when page 1's dates are all the same second, the document's two ends: page 1's first
 * member against the last page's last (that page read, and given back), the last page's own
 * order agreeing. An audience imported at once has whole pages of one second, so the ends are
 * what differ. 'unordered' when the dates do not tell. For a document of more than one page.
 */
async function servedDirection(
	first: MembersPage,
	pageCount: number,
	read: (page: number) => Promise<MembersPage>,
): Promise<{ direction: Exclude<Direction, 'flat'>; last?: MembersPage }> {
	const direction = directionOf(first.records);
	if (direction !== 'flat') return { direction };
	const last = await read(pageCount);
	const [a, b] = [
		createdAtSeconds(first.records[0] ?? {}),
		createdAtSeconds(last.records[last.records.length - 1] ?? {}),
	];
	const ends =
		a === undefined || b === undefined || a === b
			? 'unordered'
			: a > b
				? 'newestFirst'
				: 'oldestFirst';
	const lastOrder = directionOf(last.records);
	return { direction: lastOrder === 'flat' || lastOrder === ends ? ends : 'unordered', last };
}

export interface CreatedSinceOptions {
	/** Stop once this many members created in [since, until] are found (a count_new, or a sample's size). */
	enough?: number;
	/** Unix seconds: the end of the range `enough` counts (default: none, every member found counts). */
	until?: number;
	/** Told when the service's order cannot be trusted and every page is read instead. */
	warn: (message: string) => void;
}

/**
 * The members (opted-out ones too) created at or after `since` (unix seconds), newest first, read
 * from the newest end of the members document ordered by `created_at`: the cost follows the new
 * members, not the audience. The direction of that order is not recorded, so it is read off the
 * records' own dates: page 1 says which end is the newest (the last page too, when page 1's dates
 * are all the same second). Records that come out of order, on a page or between pages, make
 * the reader fall back to every page (and warn).
 */
export async function membersCreatedSince(
	api: MadMimiClient,
	since: number,
	options: CreatedSinceOptions,
): Promise<IDataObject[]> {
	const pages = new Map<number, Promise<MembersPage>>();
	const read = async (page: number) => {
		if (!pages.has(page)) pages.set(page, newestPage(api, page));
		return await pages.get(page)!;
	};
	const found = await membersCreatedSinceInOrder(api, since, options, read);
	if (found) return found;
	const pageCount = (await read(1)).pageCount ?? 1;
	options.warn(
		`Mad Mimi's members ordered by created_at came in no order the trigger can follow: it read all ${pageCount} pages to find the new ones`,
	);
	return newestFirstSince(await api.pages(read, MAX_MEMBERS_PER_PAGE), since);
}

/** A page of every member (opted-out ones too), asked for in `created_at` order. */
async function newestPage(api: MadMimiClient, page: number): Promise<MembersPage> {
	return await membersPage(api, {
		page,
		perPage: MAX_MEMBERS_PER_PAGE,
		order: 'created_at',
		includeSuppressed: true,
	});
}

function newestFirstSince(members: IDataObject[], since: number): IDataObject[] {
	return members
		.filter((member) => (createdAtSeconds(member) ?? -Infinity) >= since)
		.sort((a, b) => createdAtSeconds(b)! - createdAtSeconds(a)!);
}

/**
 * As membersCreatedSince, but undefined when the records come in no order the reader can follow,
 * instead of reading every page: for a caller that has a cheaper whole read of its own (the
 * trigger's Member Added to List reads its one list, not the whole audience).
 */
export async function membersCreatedSinceInOrder(
	api: MadMimiClient,
	since: number,
	options: Omit<CreatedSinceOptions, 'warn'>,
	read: (page: number) => Promise<MembersPage> = async (page) => await newestPage(api, page),
): Promise<IDataObject[] | undefined> {
	const first = await read(1);
	const pageCount = first.pageCount ?? 1;
	if (pageCount <= 1) return newestFirstSince(first.records, since);

	const { direction, last } = await servedDirection(first, pageCount, read);
	if (direction === 'unordered') return undefined;
	const found = await readFromNewestEnd(
		direction === 'newestFirst' ? first : (last ?? (await read(pageCount))),
		direction,
		pageCount,
		read,
		{ since, ...options },
	);
	return found && newestFirstSince(found, since);
}

/**
 * Reads pages from the newest end (page 1 when newest first, the last page when oldest first)
 * until a member older than `since` shows, or `enough` of the range are found. Undefined when a
 * page breaks the order: the caller then reads every page.
 */
async function readFromNewestEnd(
	start: MembersPage,
	direction: 'newestFirst' | 'oldestFirst',
	pageCount: number,
	read: (page: number) => Promise<MembersPage>,
	range: { since: number; until?: number; enough?: number },
): Promise<IDataObject[] | undefined> {
	const { since, until = Infinity, enough = Infinity } = range;
	const step = direction === 'newestFirst' ? 1 : -1;
	const found: IDataObject[] = [];
	let inRange = 0;
	let page = direction === 'newestFirst' ? 1 : pageCount;
	let current = start;
	let oldestSoFar = Infinity;
	for (;;) {
		// newest to oldest within the page
		const records = direction === 'newestFirst' ? current.records : [...current.records].reverse();
		const order = directionOf(records);
		if (order === 'oldestFirst' || order === 'unordered') return undefined;
		for (const member of records) {
			const at = createdAtSeconds(member)!;
			if (at > oldestSoFar) return undefined;
			oldestSoFar = at;
			if (at < since) return found;
			found.push(member);
			if (at <= until) inRange++;
		}
		page += step;
		if (inRange >= enough || page < 1 || page > pageCount) return found;
		current = await read(page);
	}
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

/** The order of a read of members by the date they were added. */
export type DateOrder = 'newestFirst' | 'oldestFirst';

/**
 * The members of the account or of a list by the date they were added (`createdAt`), newest or
 * oldest first, up to `limit` (undefined: every page); with how many there are (page 1's
 * `count`).
 *
 * The service orders the members documents by `created_at` when asked (`order`), but no source
 * records which way: neither that order nor a guess at it is relied on. The pages are asked for
 * `order=created_at`, and the direction is read off the members' own dates, as the trigger's New
 * Member does (`servedDirection`):
 * - every page (Return All, or one page in all): the records are put in the wanted order by their
 *   dates (reversed when they came the other way, sorted when they came in no order);
 * - a Limit over several pages: the pages are read one by one from the end that holds the wanted
 *   members (page 1, or the last page), each record checked to follow the order, until the Limit
 *   is reached: the cost follows the Limit, not the audience;
 * - dates in no order, or a page that breaks it: every page is read and sorted (and `warn` says so).
 * Members of the same second keep the order the service gave them, read from the wanted end.
 */
export async function membersByDate(
	api: MadMimiClient,
	query: Omit<MembersQuery, 'page' | 'perPage' | 'order'>,
	limit: number | undefined,
	wanted: DateOrder,
	warn?: (message: string) => void,
): Promise<{ members: IDataObject[]; total?: number }> {
	const perPage = pageSizeFor(limit, MAX_MEMBERS_PER_PAGE);
	// each page is asked for once, whichever step needs it first
	const pages = new Map<number, Promise<MembersPage>>();
	const read = async (page: number): Promise<MembersPage> => {
		if (!pages.has(page))
			pages.set(page, membersPage(api, { ...query, order: 'created_at', page, perPage }));
		return await pages.get(page)!;
	};
	const first = await read(1);
	const total = first.count;
	const pageCount = first.pageCount ?? 1;
	const everyPage = async () => inDateOrder(await api.pages(read, perPage), wanted);
	if (limit === undefined || pageCount <= 1)
		return { members: (await everyPage()).slice(0, limit), total };

	const { direction } = await servedDirection(first, pageCount, read);
	if (direction !== 'unordered') {
		const found = await readFromEnd(direction === wanted ? 1 : pageCount, pageCount, read, {
			served: direction,
			wanted,
			limit,
		});
		if (found) return { members: found.slice(0, limit), total };
	}
	warn?.(
		`Mad Mimi's members ordered by created_at came in no order the node can follow: it read all ${pageCount} pages to sort them by date`,
	);
	return { members: (await everyPage()).slice(0, limit), total };
}

/**
 * Reads pages from `start` (page 1, or the last page) towards the other end, each page's records
 * turned to the wanted order, until `limit` members are found or the pages end. Undefined when a
 * member has no date or comes out of order: the caller then reads every page.
 */
async function readFromEnd(
	start: number,
	pageCount: number,
	read: (page: number) => Promise<MembersPage>,
	order: { served: DateOrder; wanted: DateOrder; limit: number },
): Promise<IDataObject[] | undefined> {
	const { served, wanted, limit } = order;
	const step = start === 1 ? 1 : -1;
	const found: IDataObject[] = [];
	let previous: number | undefined;
	for (let page = start; page >= 1 && page <= pageCount && found.length < limit; page += step) {
		const { records } = await read(page);
		for (const member of served === wanted ? records : [...records].reverse()) {
			const at = createdAtSeconds(member);
			if (at === undefined) return undefined;
			if (previous !== undefined && (wanted === 'newestFirst' ? at > previous : at < previous))
				return undefined;
			previous = at;
			found.push(member);
		}
	}
	return found;
}

/**
 * Members read in full, in the wanted order by their dates: as they came, reversed, or sorted
 * (stable: the same second keeps the service's order) when they came in no order; members
 * without a readable date last.
 */
function inDateOrder(members: IDataObject[], wanted: DateOrder): IDataObject[] {
	const served = directionOf(members);
	if (served === wanted || served === 'flat') return members;
	if (served !== 'unordered') return [...members].reverse();
	const sign = wanted === 'newestFirst' ? -1 : 1;
	return [...members].sort((a, b) => {
		const [x, y] = [createdAtSeconds(a), createdAtSeconds(b)];
		if (x === undefined || y === undefined)
			return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0);
		return sign * (x - y);
	});
}

/** How many members opted out, of the account or of a list (one page of one: its `count`). */
export async function optedOutCount(
	api: MadMimiClient,
	list?: string,
): Promise<number | undefined> {
	return (await membersPage(api, { list, page: 1, perPage: 1, suppressedOnly: true })).count;
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
 * Opts a member back in (`DELETE /suppressed_audience_members/{email}`, a JSON answer on a path
 * without extension; `"success": false` for an unknown member is a failure): once only, since a
 * repeat after it took effect finds nobody suppressed and the service refuses it.
 */
export async function optMemberBackIn(
	api: MadMimiClient,
	email: string,
	once: OnceOnly,
): Promise<WriteOnceOutcome<unknown>> {
	return await api.writeOnce(
		once,
		async () =>
			await api.json({
				method: 'DELETE',
				path: ['suppressed_audience_members', email],
				extension: false,
				repeat: once,
				// refused with "success": false (no status), or a 4xx naming the unknown address
				refusal: ({ status, text }) =>
					status === undefined || /does not exist|undefined method/i.test(text)
						? {
								message: `Mad Mimi could not opt ${printable(email)} back in`,
								description:
									'Mad Mimi responds so when the address is not a member of the account: check it with Audience Member → Get.',
							}
						: undefined,
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

/**
 * Opts an address out (the spec's own way: an import whose `opt out` column is 1); an address the
 * account does not have is added opted out. Gives the import id.
 */
export async function optMemberOut(api: MadMimiClient, email: string): Promise<number> {
	return await importMembers(api, writeCsv(['email', 'opt out'], [[email, '1']]));
}
