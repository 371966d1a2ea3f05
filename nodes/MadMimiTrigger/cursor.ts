import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import {
	FORGET_TRIGGER_PLACE_AFTER_SECONDS,
	MAX_REMEMBERED_EVENTS,
	MAX_TRIGGER_PLACES,
} from '../MadMimi/settings';

/*
 * Where each event's checks stand, kept in the workflow's static data (n8n saves it after a poll
 * and restores it after a restart), and the one rule every event follows:
 * - the first check (the activation) emits nothing: it reads what already stands within the
 *   Safety Margin and remembers it, so that the next check, which reaches back that far, does not
 *   emit what happened before the trigger was published;
 * - each later check asks for what happened since the last successful check, reaching back
 *   "Safety Margin" seconds further (a clock difference between n8n and Mad Mimi loses nothing),
 *   and drops what it already emitted or remembered in that overlap;
 * - the cursor moves only when a check succeeded: a failed check throws, and the next one covers
 *   the whole gap.
 */

/** An event found by a check: its key (what makes it the same event twice), its time, and its item. */
export interface Found {
	key: string;
	/** Unix seconds: when it happened, or when the check saw it when the service gives no time. */
	at: number;
	json: IDataObject;
}

/** Where one event's checks stand. */
interface Cursor {
	/** Unix seconds: n8n's time of the last successful check. */
	checkedAt: number;
	/** The events emitted (or, at activation, found standing) lately, by key, with their time: those the overlap may bring back. */
	emitted: Record<string, number>;
	/** Unix seconds: events up to this time may have been dropped from `emitted` (bounded), so none of them is emitted again. */
	forgotUpTo?: number;
	/** What an event that watches a signal of the service noted at this check (Watched). */
	notes?: IDataObject;
}

/** One trigger's place: a cursor per event (and list) it has watched. */
interface TriggerState {
	version: 2;
	cursors: Record<string, Cursor>;
}

/** A trigger's place as kept among the workflow's, with when it was last saved (unix seconds). */
interface KeptPlace extends TriggerState {
	savedAt: number;
}

/**
 * The places of the workflow's Mad Mimi triggers, by node ID, in the workflow's global static
 * data. Not in the node's own static data: n8n keeps that under the node's *name*
 * (`node:<name>`), so renaming a published trigger would lose its place, and it would start
 * afresh (or, reaching back its Safety Margin, emit again). A node's ID never changes with a
 * rename; a copy of the node gets a new one, and starts afresh, as a new trigger should.
 */
const PLACES_KEY = 'madMimiTrigger';

export function nowSeconds(): number {
	return Math.floor(Date.now() / 1000);
}

type Places = Record<string, KeptPlace>;

function placesOf(ctx: IPollFunctions): Places {
	const global = ctx.getWorkflowStaticData('global') as IDataObject & { [PLACES_KEY]?: Places };
	return global[PLACES_KEY] ?? {};
}

/** The node's key among the places: its ID (n8n gives every node one); its name for a node without. */
function placeKey(ctx: IPollFunctions): string {
	const node = ctx.getNode();
	return node.id ? node.id : `name:${node.name}`;
}

function stateOf(ctx: IPollFunctions): TriggerState {
	const own = placesOf(ctx)[placeKey(ctx)];
	return own?.version === 2 ? own : { version: 2, cursors: {} };
}

/** Writes a cursor only after everything it depends on has succeeded; drops the places of deleted triggers. */
function saveCursor(ctx: IPollFunctions, key: string, cursor: Cursor): void {
	const now = nowSeconds();
	const own = placeKey(ctx);
	const state = stateOf(ctx);
	const places: Places = {
		...placesOf(ctx),
		[own]: { version: 2, cursors: { ...state.cursors, [key]: cursor }, savedAt: now },
	};
	const kept = Object.entries(places)
		.filter(
			([id, place]) =>
				id === own || now - (place.savedAt ?? 0) <= FORGET_TRIGGER_PLACE_AFTER_SECONDS,
		)
		.sort((a, b) =>
			a[0] === own ? -1 : b[0] === own ? 1 : (b[1].savedAt ?? 0) - (a[1].savedAt ?? 0),
		)
		.slice(0, MAX_TRIGGER_PLACES);
	(ctx.getWorkflowStaticData('global') as IDataObject)[PLACES_KEY] = Object.fromEntries(
		kept,
	) as unknown as IDataObject;
}

/** What a check tells an event that keeps notes of its own between checks. */
interface Watch {
	/** What the event noted at the last check; undefined at the activation, or for a cursor saved before the event kept notes. */
	notes?: IDataObject;
	/** Whether an event of this key was emitted (or found standing) lately. */
	known(key: string): boolean;
}

/**
 * What an event that keeps notes found: its events, its notes for the next check, and how far
 * back a later check of it may reach (its next full read): what was emitted since then is
 * remembered until then, so that read emits none of it again.
 */
export interface Watched {
	found: Found[];
	notes: IDataObject;
	reachesBackTo: number;
}

/** What a check needs from its event. */
export interface CheckedEvent {
	/**
	 * The events at or after `since` (unix seconds). `emittedBetween` counts the events already
	 * emitted in a time range, for an event that can tell cheaply that nothing is new. An event
	 * may find more than that (a full read reaching further back): the cursor drops what it knows.
	 */
	since(
		since: number,
		now: number,
		emittedBetween: (from: number, to: number) => number,
		watch: Watch,
	): Promise<Found[] | Watched>;
}

function watched(outcome: Found[] | Watched, since: number): Watched {
	return Array.isArray(outcome) ? { found: outcome, notes: {}, reachesBackTo: since } : outcome;
}

/**
 * One scheduled check of an event, `key` naming its cursor (the event, and the list it watches):
 * the new events, oldest first, or null when there are none.
 */
export async function check(
	ctx: IPollFunctions,
	key: string,
	event: CheckedEvent,
	skew: number,
): Promise<IDataObject[] | null> {
	const now = nowSeconds();
	const previous = stateOf(ctx).cursors[key];
	if (!previous) {
		// the activation: what stands within the Safety Margin is remembered, not emitted. Its
		// requests prove the credentials (and the list) at once, not at a later check.
		const standing = watched(
			await event.since(now - skew, now, () => 0, { known: () => false }),
			now - skew,
		);
		saveCursor(ctx, key, {
			checkedAt: now,
			...bounded(Object.fromEntries(standing.found.map((item) => [item.key, item.at]))),
			...notesOf(standing),
		});
		return null;
	}
	const since = Math.min(previous.checkedAt, now) - skew;
	const emittedBetween = (from: number, to: number) =>
		Object.values(previous.emitted).filter((at) => at >= from && at <= to).length;
	const outcome = watched(
		await event.since(since, now, emittedBetween, {
			notes: previous.notes,
			known: (eventKey) => previous.emitted[eventKey] !== undefined,
		}),
		since,
	);

	// what is new now: what the cursor remembers is not (a full read reaches back past the overlap)
	const seen: Record<string, number> = { ...previous.emitted };
	const forgotUpTo = previous.forgotUpTo ?? -Infinity;
	const fresh: Found[] = [];
	for (const item of outcome.found) {
		if (seen[item.key] !== undefined || item.at <= forgotUpTo) continue;
		seen[item.key] = item.at;
		fresh.push(item);
	}
	// then keep what the next overlaps, and the event's next full read, may bring back
	const keepFrom = Math.min(since, outcome.reachesBackTo) - skew;
	const emitted: Record<string, number> = {};
	for (const [emittedKey, at] of Object.entries(seen)) if (at >= keepFrom) emitted[emittedKey] = at;
	const kept = bounded(emitted);
	saveCursor(ctx, key, {
		checkedAt: Math.max(now, previous.checkedAt),
		...kept,
		...(kept.forgotUpTo === undefined && forgotUpTo >= keepFrom ? { forgotUpTo } : {}),
		...notesOf(outcome),
	});
	fresh.sort((a, b) => a.at - b.at);
	return fresh.length > 0 ? fresh.map((item) => item.json) : null;
}

/** An event's notes, for the cursor: none for an event that keeps none. */
function notesOf(outcome: Watched): { notes?: IDataObject } {
	return Object.keys(outcome.notes).length > 0 ? { notes: outcome.notes } : {};
}

/**
 * The newest MAX_REMEMBERED_EVENTS entries, when there are more, and the time of the newest one
 * dropped: a later read reaching back that far would emit it again, so nothing up to then is.
 */
function bounded(emitted: Record<string, number>): {
	emitted: Record<string, number>;
	forgotUpTo?: number;
} {
	const entries = Object.entries(emitted);
	if (entries.length <= MAX_REMEMBERED_EVENTS) return { emitted };
	entries.sort((a, b) => b[1] - a[1]);
	return {
		emitted: Object.fromEntries(entries.slice(0, MAX_REMEMBERED_EVENTS)),
		forgotUpTo: entries[MAX_REMEMBERED_EVENTS][1],
	};
}
