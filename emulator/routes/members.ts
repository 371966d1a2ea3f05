/**
 * The member endpoints every Mad Mimi integration uses beyond the spec: the members documents
 * (all members, a list's members, search), updating a member's fields and address, suppression
 * (is_suppressed, opting back in), and renaming and clearing a list.
 *
 * The members documents and the unsuppress JSON are recorded (docs/recorded-answers.md)
 * and are served byte for byte, never in the second vocabulary.
 */
import { isEmail } from '../../nodes/MadMimi/helpers/validation';
import { renderMembersPage, renderMemberSearch } from '../render';
import type { CreatedAtOrder } from '../render';
import { ApiError, fieldElementName } from '../model';
import type { Store } from '../store';
import type { AudienceList, Member } from '../model';
import {
	blank,
	jsonAnswer,
	memberMissing,
	positiveInt,
	SPACE,
	textAnswer,
	truthy,
	xmlAnswer,
} from './types';
import type { Answer, Call, Routes } from './types';

/** Default and largest `per_page` of the members documents (recorded: 1 to 100, default 30). */
const MEMBERS_PER_PAGE = 30;
const MAX_MEMBERS_PER_PAGE = 100;
/** At most this many members in a search answer (recorded). */
const MAX_SEARCH_RESULTS = 100;

/** The `order` values the members documents take (a guess: no source names them). */
const MEMBER_ORDERS = ['email', 'first_name', 'last_name', 'created_at'] as const;
type MemberOrder = (typeof MEMBER_ORDERS)[number];

/** Code-unit order (the recorded documents sort `csv_test2@` before `csv_test@`). */
function compareText(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** The value a member sorts by for a field ('' when unset), as the documents show it. */
function sortValue(member: Member, field: 'first_name' | 'last_name'): string {
	const direct = member.fields[field];
	if (direct !== undefined) return direct.toLowerCase();
	for (const [key, value] of Object.entries(member.fields))
		if (fieldElementName(key) === field) return value.toLowerCase();
	return '';
}

/**
 * Members in the order asked: by `email` (the default: both recorded documents list their members
 * by address), `first_name`, `last_name` (then by address) or `created_at` (then in the order they
 * were added), each optionally followed by ` desc` / ` asc`. Anything else: by address (a guess).
 * `created_at` alone goes in `createdAtOrder`'s direction (not recorded: the emulator serves both,
 * and a shuffle).
 */
function ordered(
	members: Member[],
	order: string | undefined,
	createdAtOrder: CreatedAtOrder,
): Member[] {
	const m = /^\s*([a-z_]+)(?:\s+(asc|desc))?\s*$/i.exec(order ?? '');
	const field: MemberOrder =
		m && (MEMBER_ORDERS as readonly string[]).includes(m[1].toLowerCase())
			? (m[1].toLowerCase() as MemberOrder)
			: 'email';
	if (field === 'created_at' && m?.[2] === undefined && createdAtOrder === 'shuffled')
		return shuffled(members);
	const descending =
		m?.[2] !== undefined
			? m[2].toLowerCase() === 'desc'
			: field === 'created_at' && createdAtOrder === 'newestFirst';
	const position = new Map(members.map((member, i) => [member, i]));
	const byEmail = (a: Member, b: Member): number =>
		compareText(a.email.toLowerCase(), b.email.toLowerCase());
	const compare = (a: Member, b: Member): number => {
		switch (field) {
			case 'created_at':
				return a.createdAt - b.createdAt || (position.get(a) ?? 0) - (position.get(b) ?? 0);
			case 'first_name':
			case 'last_name':
				return compareText(sortValue(a, field), sortValue(b, field)) || byEmail(a, b);
			default:
				return byEmail(a, b);
		}
	};
	const sorted = [...members].sort(compare);
	return descending ? sorted.reverse() : sorted;
}

/** The members in an order of no meaning, the same every time (by a hash of the address). */
function shuffled(members: Member[]): Member[] {
	const hash = (text: string) =>
		[...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7);
	return [...members].sort(
		(a, b) => hash(a.email) - hash(b.email) || compareText(a.email, b.email),
	);
}

/** Who a members document shows: without opted-out members unless `raw`; only them with `suppressed_only`. */
function visible(members: Member[], params: Record<string, string>): Member[] {
	if (truthy(params.suppressed_only)) return members.filter((m) => m.optedOut);
	if (truthy(params.raw)) return members;
	return members.filter((m) => !m.optedOut);
}

function listMembers(store: Store, list: AudienceList): Member[] {
	const out: Member[] = [];
	for (const key of list.members) {
		const member = store.members.get(key);
		if (member) out.push(member);
	}
	return out;
}

/** The last members document's order, with what it was made from (`orderedOnce`). */
let lastOrder:
	| {
			key: string;
			store: Store;
			keys: string[];
			members: Member[];
			emails: string[];
			optedOut: boolean[];
			createdAt: number[];
			result: Member[];
	  }
	| undefined;

/**
 * The members a document shows, in its order: made again only when the members (by their keys,
 * in the store's order), their addresses, opt-outs or dates changed since the last document of the
 * same kind. Reading 100,000 members 100 a page would otherwise gather and sort them all for each
 * of 1,000 pages, a minute of the emulator's time that is no part of the service's behaviour (the
 * benchmark's sync100k). The dates are checked too (`order=created_at`); orders by a name, which
 * other fields change, and the shuffled date order are made each time.
 */
function orderedOnce(c: Call, keys: Iterable<string>, gather: () => Member[]): Member[] {
	const { params } = c;
	const make = (members: Member[]) =>
		ordered(visible(members, params), params.order, c.out.createdAtOrder);
	if (/first_name|last_name/i.test(params.order ?? '') || c.out.createdAtOrder === 'shuffled')
		return make(gather());
	const key = [
		params.order ?? '',
		truthy(params.raw),
		truthy(params.suppressed_only),
		c.out.createdAtOrder,
	].join('\u0000');
	const last = lastOrder;
	if (last?.key === key && last.store === c.store) {
		let i = 0;
		let same = true;
		for (const k of keys) {
			const m = last.members[i];
			if (
				k !== last.keys[i] ||
				m.email !== last.emails[i] ||
				m.optedOut !== last.optedOut[i] ||
				m.createdAt !== last.createdAt[i]
			) {
				same = false;
				break;
			}
			i++;
		}
		if (same && i === last.keys.length) return last.result;
	}
	const members = gather();
	const result = make(members);
	lastOrder = {
		key,
		store: c.store,
		keys: members.map((m) => m.email.toLowerCase()),
		members,
		emails: members.map((m) => m.email),
		optedOut: members.map((m) => m.optedOut),
		createdAt: members.map((m) => m.createdAt),
		result,
	};
	return result;
}

/**
 * A page of a members document. `page` (default 1), `per_page` (default 30; over 100 → 100; not a
 * number from 1 up → 30: a guess), `order`, `raw`, `suppressed_only`. `count` is every member that
 * matches, `total_pages` at least 1 (a guess for none).
 */
function membersPage(c: Call, keys: Iterable<string>, gather: () => Member[]): Answer {
	const { params } = c;
	const matching = orderedOnce(c, keys, gather);
	const page = positiveInt(params.page) ?? 1;
	const perPage = Math.min(positiveInt(params.per_page) ?? MEMBERS_PER_PAGE, MAX_MEMBERS_PER_PAGE);
	const totalPages = Math.max(1, Math.ceil(matching.length / perPage));
	const slice = matching.slice((page - 1) * perPage, page * perPage);
	return xmlAnswer(
		renderMembersPage({ count: matching.length, totalPages, perPage, page }, slice, c.store, c.out),
	);
}

/** Every word a query may find a member by: the address and the names. */
function searchable(member: Member): string {
	const parts = [member.email];
	for (const [key, value] of Object.entries(member.fields)) {
		const name = fieldElementName(key);
		if (name === 'first_name' || name === 'last_name' || name === 'name') parts.push(value);
	}
	const first = sortValue(member, 'first_name');
	const last = sortValue(member, 'last_name');
	if (first !== '' && last !== '') parts.push(`${first} ${last}`);
	return parts.join('\n').toLowerCase();
}

/**
 * `GET /audience_members/search.xml`: `email` finds exactly that member; `query` the members whose
 * address or name contains it (case-insensitive). Newest first (as recorded), at most 100;
 * opted-out members only with `raw=true` (recorded).
 */
function search(c: Call): Answer {
	const { params, store } = c;
	let found: Member[];
	if (params.email !== undefined && params.email.trim() !== '') {
		const member = store.getMember(params.email);
		found = member ? [member] : [];
	} else if (params.query !== undefined) {
		const q = params.query.trim().toLowerCase();
		found = [...store.members.values()].filter((m) => searchable(m).includes(q));
	} else {
		throw new ApiError(400, 'A search needs query or email'); // guess
	}
	if (!truthy(params.raw)) found = found.filter((m) => !m.optedOut);
	const position = new Map([...store.members.values()].map((m, i) => [m, i]));
	found.sort(
		(a, b) => b.createdAt - a.createdAt || (position.get(b) ?? 0) - (position.get(a) ?? 0),
	);
	return xmlAnswer(renderMemberSearch(found.slice(0, MAX_SEARCH_RESULTS), store, c.out));
}

const MEMBER_FIELD_PARAM = /^audience_member\[([^\]]+)\]$/;
/** Fields PUT /audience_members/{email} does not change (a guess): the address has its own endpoint. */
const NOT_UPDATABLE = new Set(['email', 'created_at', 'suppressed', 'lists']);

/**
 * `PUT /audience_members/{email}` (or POST `_method=put`) with `audience_member[<field>]`: sets
 * those fields (keys lower-cased and trimmed, as the import keys its columns), an empty value
 * clears one (written `<x></x>` after), a new custom field name becomes one of the account's.
 */
function updateMember(c: Call, email: string): Answer {
	const member = c.store.getMember(email);
	if (!member) throw memberMissing(c, email);
	const changed: string[] = [];
	for (const [param, value] of Object.entries(c.params)) {
		const m = MEMBER_FIELD_PARAM.exec(param);
		if (!m) continue;
		const key = m[1].trim().toLowerCase();
		if (key === '' || NOT_UPDATABLE.has(fieldElementName(key))) continue;
		member.fields[key] = value.trim();
		changed.push(key);
	}
	c.store.noteCustomFields(changed);
	return blank(c);
}

/** `is_suppressed` (recorded): `true` or `false`; an unknown member 400 `<email> does not exist`. */
function isSuppressed(c: Call, email: string): Answer {
	const member = c.store.getMember(email);
	if (!member) throw new ApiError(400, `${email} does not exist`);
	return textAnswer(200, member.optedOut ? 'true' : 'false');
}

/** `update_email`: one space (recorded); unknown member 400 `Member <email> does not exist` (recorded). */
function updateEmail(c: Call, email: string): Answer {
	const { params, store } = c;
	if (!store.getMember(email)) throw new ApiError(400, `Member ${email} does not exist`);
	const newEmail = (params.new_email ?? '').trim();
	if (newEmail === '') throw new ApiError(400, "New email can't be blank"); // guess
	if (!isEmail(newEmail)) throw new ApiError(400, `${newEmail} is not a valid email address`); // guess (the node's check)
	store.changeEmail(email, newEmail); // a taken address: 400 Email has already been taken (guess)
	return SPACE;
}

/**
 * `DELETE /suppressed_audience_members/{email}` (or POST `_method=delete`): opts the member back
 * in. The JSON is recorded (the member's values in it); `lists` holds the member's list names (a
 * guess: the recording shows it empty). No such member: `success: false` with a Ruby error text
 * (recorded as "undefined method ..."; the rest of the sentence is a guess).
 */
function unsuppress(c: Call, email: string): Answer {
	const { store } = c;
	const member = store.unsuppress(email);
	if (!member)
		return jsonAnswer({ success: false, error: "undefined method `unsuppress!' for nil:NilClass" });
	const first = member.fields.first_name ?? '';
	const last = member.fields.last_name ?? '';
	return jsonAnswer({
		success: true,
		result: {
			id: store.memberId(member),
			email: member.email,
			name: member.fields.name ?? [first, last].filter((n) => n !== '').join(' '),
			first_name: first,
			last_name: last,
			suppressed: false,
			'recent_signup?': false,
			suppression_reason: '',
			suppression_reason_class: 'sent',
			external_id: null,
			special_list_member: false,
			lists: store.listsOf(member.email).map((l) => l.name),
			list_removals: [],
			list_unsuppressions: [],
			list_additions: [],
		},
	});
}

/** A list's members document, rename and clear. Unknown list: 404 with one space (a guess). */
export const memberRoutes: Routes = {
	'GET audience_members.xml': (c) =>
		membersPage(c, c.store.members.keys(), () => [...c.store.members.values()]),
	'GET audience_members/search.xml': search,
	'PUT audience_members/:email': updateMember,
	'GET audience_members/:email/is_suppressed': isSuppressed,
	'POST audience_members/:email/update_email': updateEmail,
	'DELETE suppressed_audience_members/:email': unsuppress,
	'GET audience_lists/:list/members.xml': (c, name) => {
		const list = c.store.lists.get(name);
		return list && membersPage(c, list.members, () => listMembers(c.store, list));
	},
	'POST audience_lists/:list/rename': (c, name) => {
		c.store.renameList(name, c.params.name ?? ''); // 404 ' ', 400 Name can't be blank, 400 Name has already been taken
		return blank(c);
	},
	'PUT audience_lists/:list/clear': (c, name) => {
		const list = c.store.lists.get(name);
		if (!list) return undefined;
		list.members.clear();
		list.membershipCreatedAt.clear();
		return blank(c);
	},
};
