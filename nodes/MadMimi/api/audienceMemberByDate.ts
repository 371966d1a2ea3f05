import type { IDataObject } from 'n8n-workflow';

import { pageSizeFor } from '../transport';
import { MAX_MEMBERS_PER_PAGE } from '../settings';
import type { MadMimiClient } from './client';
import type { MembersPage, MembersQuery } from './audienceMember';
import { membersPage } from './audienceMember';

/*
 * Audience Member → Get Many by the date members were added: which way the members documents run
 * when asked for `order=created_at` is read off the members' own dates (no source records it),
 * here and in the trigger's New Member (audienceMemberNew.ts).
 */

/** A member record's `createdAt` (ISO 8601 after parsing) as unix seconds, or undefined. */
export function createdAtSeconds(member: IDataObject): number | undefined {
	const ms = typeof member.createdAt === 'string' ? Date.parse(member.createdAt) : NaN;
	return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

export type Direction = 'newestFirst' | 'oldestFirst' | 'unordered' | 'flat';

/** The order of a page's records by `createdAt`, as they came. */
export function directionOf(records: IDataObject[]): Direction {
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
export async function servedDirection(
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
