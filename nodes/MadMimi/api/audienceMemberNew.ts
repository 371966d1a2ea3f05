import type { IDataObject } from 'n8n-workflow';

import { MAX_MEMBERS_PER_PAGE } from '../settings';
import type { MadMimiClient } from './client';
import type { MembersPage } from './audienceMember';
import { membersPage } from './audienceMember';
import { createdAtSeconds, directionOf, servedDirection } from './audienceMemberByDate';

/*
 * The members added since a time, newest first, for the trigger's New Member and Member Added to
 * List: read from the newest end of the members document, so that the cost follows the new
 * members, not the audience.
 */

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
