import type { IDataObject } from 'n8n-workflow';

import type { SyncPerson } from './people';

/*
 * Sync's plan: what to do for each person of the input, and who leaves the list, from the list as
 * it is now. Made afresh on every run, so a run cut part-way is finished by the next one, and a
 * run after a finished one finds nothing to do.
 */

export type SyncMode = 'mirror' | 'addAndUpdate';
type SyncAction = 'added' | 'updated' | 'removed' | 'unchanged' | 'skipped';

/** A field that differs: what Mad Mimi has, and what the input gives. */
interface FieldChange {
	from: string;
	to: string;
}

/** What Sync does for one person of the input. */
export interface PersonPlan {
	person: SyncPerson;
	action: Exclude<SyncAction, 'removed'>;
	reason?: string;
	/** The fields that differ, by the output's names (`firstName`, a custom name as given). */
	changed?: Record<string, FieldChange>;
}

export interface SyncPlan {
	people: PersonPlan[];
	/** The addresses to take off the list, as Mad Mimi writes them. */
	removals: string[];
	/** The list's members (not opted out) before the run. */
	listSize: number;
}

/** Letters and digits in lower case: `first_name`, `firstName` and `First Name` alike. */
const loose = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A stored value as text: an empty element, or none, is ''. */
function asText(value: unknown): string {
	return value === undefined || value === null ? '' : String(value);
}

/**
 * Whether a stored value is the value given. Text compares as typed (Mad Mimi gives back what was
 * imported; the reading trims an element's text, so the given value is trimmed too). A field whose
 * name makes it a number or a flag (a custom `member_id`, parsing/fieldTypes.ts) is read typed, so
 * it compares as one: `007` is the 7 read back.
 */
function same(stored: unknown, given: string): boolean {
	const typed = given.trim();
	if (typeof stored === 'number') return typed !== '' && Number(typed) === stored;
	if (typeof stored === 'boolean') return typed.toLowerCase() === String(stored);
	return asText(stored) === typed;
}

/** The member's fields by their loose names, read from the members document's record. */
function fieldIndex(member: IDataObject): Map<string, unknown> {
	const index = new Map<string, unknown>();
	for (const [name, value] of Object.entries(member))
		if (name !== 'lists' && name !== 'email') index.set(loose(name), value);
	return index;
}

/**
 * The given fields that differ from the member's. Only the fields the input gives count (a field
 * not mapped is no difference), and an empty value counts as not given: an import never clears a
 * field (an empty cell leaves it as it is), so Sync neither compares nor sends it. A field the
 * members document lacks (a custom field new to the account) differs. `name` (the full name) is
 * compared with the first and last names when the document has no field of that name.
 */
function differences(
	person: SyncPerson,
	member: IDataObject,
): Record<string, FieldChange> | undefined {
	let index: Map<string, unknown> | undefined;
	let changed: Record<string, FieldChange> | undefined;
	for (const [field, value] of Object.entries(person.columns)) {
		if (value.trim() === '') continue;
		index ??= fieldIndex(member);
		const key = loose(field);
		const stored =
			index.has(key) || key !== 'name'
				? index.get(key)
				: [asText(index.get('firstname')), asText(index.get('lastname'))]
						.filter((part) => part !== '')
						.join(' ');
		if (same(stored, value)) continue;
		changed ??= {};
		changed[person.labels[field] ?? field] = { from: asText(stored), to: value };
	}
	return changed;
}

/**
 * The plan: each person opted out anywhere in the audience is skipped (never re-subscribed or
 * changed), each one not on the list is added, each one on it is updated when a given field
 * differs, else unchanged; in `mirror` mode the list's members who are in no input item (and not
 * `kept`) are taken off it.
 */
export function planSync(
	people: SyncPerson[],
	list: { members: IDataObject[]; optedOut: Set<string> },
	mode: SyncMode,
	kept: Set<string>,
): SyncPlan {
	const onList = new Map<string, IDataObject>();
	for (const member of list.members) onList.set(asText(member.email).toLowerCase(), member);
	const planned: PersonPlan[] = people.map((person) => {
		if (list.optedOut.has(person.key)) return { person, action: 'skipped', reason: 'opted out' };
		const member = onList.get(person.key);
		if (member === undefined) return { person, action: 'added' };
		const changed = differences(person, member);
		return changed ? { person, action: 'updated', changed } : { person, action: 'unchanged' };
	});
	const removals: string[] = [];
	if (mode === 'mirror') {
		const wanted = new Set(people.map((person) => person.key));
		for (const [key, member] of onList)
			if (!wanted.has(key) && !kept.has(key)) removals.push(asText(member.email));
	}
	return { people: planned, removals, listSize: onList.size };
}

/** A share in %, as a person reads it: 12.5, 10, 0.1. */
function percentOf(part: number, whole: number): string {
	const share = whole === 0 ? 0 : (part / whole) * 100;
	return String(Math.round(share * 10) / 10);
}

/**
 * Why the plan's removals may not be carried out, or undefined when they may: more than
 * `maxPercent` of the list's members, or every one of them (the input keeps nobody of a list that
 * has members) unless `maxPercent` is 100.
 */
export function removalRefusal(
	plan: SyncPlan,
	maxPercent: number,
	list: string,
): { message: string; description: string } | undefined {
	const count = plan.removals.length;
	const size = plan.listSize;
	if (count === 0 || maxPercent >= 100) return undefined;
	if (count === size)
		return {
			message: `Sync refused: it would take all ${size} members off the list "${list}" and keep nobody`,
			description: `None of the input's people is on the list now: an empty source, or "Email" mapped to the wrong field? Nothing was changed. To empty the list on purpose, set the option "Max Removals" to 100.`,
		};
	if (count * 100 <= maxPercent * size) return undefined;
	const share = percentOf(count, size);
	return {
		message: `Sync refused: it would take ${count} of the ${size} members of "${list}" off the list (${share} %), more than Max Removals (${maxPercent} %)`,
		description: `Nothing was changed. Check the input first (a missing page, a filter, "Email" mapped to the wrong field). If these removals are right, set the option "Max Removals" to ${Math.ceil(Number(share))} or more and run again.`,
	};
}
