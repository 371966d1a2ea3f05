import type { IDataObject, IPollFunctions } from 'n8n-workflow';

/*
 * Where each event's checks stand, kept in the workflow's static data (n8n saves it after a poll
 * and restores it after a restart), and the one rule every event follows:
 * - the first check (the activation) stores where to start and emits nothing old;
 * - each later check asks for what happened since the last successful check, reaching back
 *   "Safety Margin" seconds further (a clock difference between n8n and Mad Mimi loses nothing),
 *   and drops what it already emitted in that overlap;
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
	/** The events emitted lately, by key, with their time: those the overlap may bring back. */
	emitted: Record<string, number>;
}

interface TriggerState {
	version: 2;
	cursors: Record<string, Cursor>;
}

/** Bound on the memory of emitted events: more than this within one overlap is not expected. */
const MAX_REMEMBERED = 50_000;

export function nowSeconds(): number {
	return Math.floor(Date.now() / 1000);
}

function stateOf(ctx: IPollFunctions): TriggerState {
	const data = ctx.getWorkflowStaticData('node') as IDataObject & { madMimi?: TriggerState };
	return data.madMimi?.version === 2 ? data.madMimi : { version: 2, cursors: {} };
}

/** Writes a cursor only after everything it depends on has succeeded. */
function saveCursor(ctx: IPollFunctions, key: string, cursor: Cursor): void {
	const data = ctx.getWorkflowStaticData('node') as IDataObject & { madMimi?: TriggerState };
	const state = stateOf(ctx);
	data.madMimi = { version: 2, cursors: { ...state.cursors, [key]: cursor } };
}

/** What a check needs from its event. */
export interface CheckedEvent {
	/** The first check: one request that proves the credentials (and the list), nothing emitted. */
	activate(now: number): Promise<void>;
	/**
	 * The events at or after `since` (unix seconds). `emittedBetween` counts the events already
	 * emitted in a time range, for an event that can tell cheaply that nothing is new.
	 */
	since(since: number, now: number, emittedBetween: (from: number, to: number) => number): Promise<Found[]>;
}

/**
 * One scheduled check of an event, `key` naming its cursor (the event, and the list it watches):
 * the new events, oldest first, or null when there are none.
 */
export async function check(ctx: IPollFunctions, key: string, event: CheckedEvent, skew: number): Promise<IDataObject[] | null> {
	const now = nowSeconds();
	const previous = stateOf(ctx).cursors[key];
	if (!previous) {
		await event.activate(now);
		saveCursor(ctx, key, { checkedAt: now, emitted: {} });
		return null;
	}
	const since = Math.min(previous.checkedAt, now) - skew;
	const emittedBetween = (from: number, to: number) => Object.values(previous.emitted).filter((at) => at >= from && at <= to).length;
	const found = await event.since(since, now, emittedBetween);

	// keep what the next overlaps may bring back, then add what is new now
	const emitted: Record<string, number> = {};
	for (const [emittedKey, at] of Object.entries(previous.emitted)) if (at >= since - skew) emitted[emittedKey] = at;
	const fresh: Found[] = [];
	for (const item of found) {
		if (emitted[item.key] !== undefined) continue;
		emitted[item.key] = item.at;
		fresh.push(item);
	}
	saveCursor(ctx, key, { checkedAt: Math.max(now, previous.checkedAt), emitted: bounded(emitted) });
	fresh.sort((a, b) => a.at - b.at);
	return fresh.length > 0 ? fresh.map((item) => item.json) : null;
}

/** The newest MAX_REMEMBERED entries, when there are more. */
function bounded(emitted: Record<string, number>): Record<string, number> {
	const entries = Object.entries(emitted);
	return entries.length > MAX_REMEMBERED ? Object.fromEntries(entries.sort((a, b) => b[1] - a[1]).slice(0, MAX_REMEMBERED)) : emitted;
}
