import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { isoUtc, splitCountNewRange } from '../MadMimi/helpers/dates';
import { DEFAULT_SETTINGS } from '../MadMimi/requestSettings';
import { MadMimiClient } from '../MadMimi/transport';

type Event = 'memberOptedOut' | 'newMembers';

/** What the trigger keeps between polls, per event, in the workflow's static data. */
interface OptOutState {
	/** Unix seconds: the n8n time of the last successful poll. */
	cursor: number;
	/** Addresses emitted recently, with the poll time they were emitted at (for dedupe). */
	emitted: Record<string, number>;
}

interface NewMembersState {
	/** Unix seconds: the end (inclusive) of the last window counted. */
	cursor: number;
}

interface TriggerState {
	version: 1;
	memberOptedOut?: OptOutState;
	newMembers?: NewMembersState;
}

const DEFAULT_SKEW_SECONDS = 300;
/** Bound on the dedupe memory: more addresses than this within the overlap is not expected. */
const MAX_REMEMBERED = 50_000;
const SAMPLE_DAYS = 30;
const DAY = 86_400;

function nowSeconds(): number {
	return Math.floor(Date.now() / 1000);
}

/** The saved state (read only: it changes only through saveState, after a poll succeeded). */
function stateOf(ctx: IPollFunctions): TriggerState {
	const data = ctx.getWorkflowStaticData('node') as IDataObject & { madMimi?: TriggerState };
	return data.madMimi?.version === 1 ? data.madMimi : { version: 1 };
}

/** Writes the new state only after everything it depends on has succeeded. */
function saveState(ctx: IPollFunctions, update: (state: TriggerState) => void): void {
	const data = ctx.getWorkflowStaticData('node') as IDataObject & { madMimi?: TriggerState };
	const next: TriggerState = JSON.parse(JSON.stringify(stateOf(ctx))) as TriggerState;
	update(next);
	data.madMimi = next;
}

/**
 * The trigger's requests: tried again as the action node's are. A check that still fails throws,
 * so the cursor stays where it was and the next check catches up.
 */
function triggerClient(ctx: IPollFunctions): MadMimiClient {
	return new MadMimiClient(ctx, DEFAULT_SETTINGS);
}

async function suppressedSince(ctx: IPollFunctions, since: number): Promise<string[]> {
	return await triggerClient(ctx).lines({
		method: 'GET',
		path: ['audience_members', 'suppressed_since', String(Math.max(0, since))],
		format: 'txt',
	});
}

async function countNew(ctx: IPollFunctions, start: number, end: number): Promise<number> {
	let count = 0;
	for (const [from, to] of splitCountNewRange(start, end)) {
		count += await triggerClient(ctx).integer({
			method: 'GET',
			path: ['audience_members', 'count_new'],
			qs: { start: from, end: to },
		});
	}
	return count;
}

function items(records: IDataObject[]): INodeExecutionData[][] | null {
	return records.length > 0 ? [records.map((json) => ({ json }))] : null;
}

/**
 * Opt-outs: each poll asks for the addresses suppressed since the last successful poll,
 * reaching back `skew` seconds further (so a clock ahead of the service loses nothing), and
 * drops the addresses it already emitted in that overlap.
 */
async function pollOptOuts(ctx: IPollFunctions, skew: number): Promise<INodeExecutionData[][] | null> {
	const now = nowSeconds();
	const previous = stateOf(ctx).memberOptedOut;
	if (!previous) {
		// First activation: start from now and emit nothing old. The request checks the
		// credentials and the base URL, so a wrong one fails the activation, not a later poll.
		await suppressedSince(ctx, now);
		saveState(ctx, (s) => (s.memberOptedOut = { cursor: now, emitted: {} }));
		return null;
	}
	const since = Math.min(previous.cursor, now) - skew;
	const emails = await suppressedSince(ctx, since);

	const emitted: Record<string, number> = {};
	// keep what may come back in the next overlaps
	for (const [email, at] of Object.entries(previous.emitted)) if (at >= since - skew) emitted[email] = at;
	const fresh: string[] = [];
	for (const raw of emails) {
		const email = raw.toLowerCase();
		if (emitted[email] !== undefined || fresh.includes(email)) continue;
		fresh.push(email);
	}
	for (const email of fresh) emitted[email] = now;
	const kept = Object.entries(emitted);
	const bounded = kept.length > MAX_REMEMBERED ? Object.fromEntries(kept.sort((a, b) => b[1] - a[1]).slice(0, MAX_REMEMBERED)) : emitted;

	saveState(ctx, (s) => (s.memberOptedOut = { cursor: Math.max(now, previous.cursor), emitted: bounded }));
	// in words a no-code user reads: the address opted out after `optedOutSince`, seen at `checkedAt`
	const optedOutSince = isoUtc(since * 1000);
	const checkedAt = isoUtc(now * 1000);
	const byLower = new Map(emails.map((e) => [e.toLowerCase(), e]));
	return items(fresh.map((email) => ({ email: byLower.get(email) ?? email, optedOutSince, checkedAt })));
}

/**
 * New members: contiguous, non-overlapping windows [cursor + 1, now − skew]. Counting stops
 * `skew` seconds short of now, so members the service creates "in the past" of a clock ahead
 * of it are still counted, once.
 */
async function pollNewMembers(ctx: IPollFunctions, skew: number): Promise<INodeExecutionData[][] | null> {
	const end = nowSeconds() - skew;
	const previous = stateOf(ctx).newMembers;
	if (!previous) {
		await countNew(ctx, end, end);
		saveState(ctx, (s) => (s.newMembers = { cursor: end }));
		return null;
	}
	const start = previous.cursor + 1;
	if (end < start) return null;
	const count = await countNew(ctx, start, end);
	saveState(ctx, (s) => (s.newMembers = { cursor: end }));
	return count > 0 ? items([{ count, start: isoUtc(start * 1000), end: isoUtc(end * 1000) }]) : null;
}

/** "Fetch test event": a recent sample to map fields from; the cursor stays where it was. */
async function sample(ctx: IPollFunctions, event: Event): Promise<INodeExecutionData[][] | null> {
	const now = nowSeconds();
	if (event === 'memberOptedOut') {
		const since = now - SAMPLE_DAYS * DAY;
		const emails = await suppressedSince(ctx, since);
		const optedOutSince = isoUtc(since * 1000);
		const checkedAt = isoUtc(now * 1000);
		return items(emails.slice(-5).map((email) => ({ email, optedOutSince, checkedAt })));
	}
	const start = now - 7 * DAY;
	const count = await countNew(ctx, start, now);
	return [[{ json: { count, start: isoUtc(start * 1000), end: isoUtc(now * 1000) } }]];
}

export class MadMimiTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Mad Mimi Trigger',
		name: 'madMimiTrigger',
		icon: { light: 'file:../MadMimi/madMimi.svg', dark: 'file:../MadMimi/madMimi.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["event"] === "newMembers" ? "New members" : "Member opted out" }}',
		description: 'Starts the workflow when members opt out of Mad Mimi, or when new members join',
		defaults: { name: 'Mad Mimi Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'madMimiApi', required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Member Opted Out',
						value: 'memberOptedOut',
						description: 'One item per address that opted out (unsubscribed) since the last check',
					},
					{
						name: 'New Members',
						value: 'newMembers',
						description: 'One item with the number of members added since the last check, when there are any',
					},
				],
				default: 'memberOptedOut',
			},
			{
				displayName:
					'Each check picks up where the last successful one stopped: every opt-out comes once, every new member is counted once, and a failed check is caught up by the next one',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					{
						displayName: 'Safety Margin (Seconds)',
						name: 'skewSeconds',
						type: 'number',
						typeOptions: { minValue: 0, maxValue: 3600 },
						default: DEFAULT_SKEW_SECONDS,
						description:
							"In case n8n's clock and Mad Mimi's differ: each check looks this much further back for opt-outs (nobody is emitted twice), and counts new members up to this much before now. The default suits almost everyone.",
					},
				],
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const event = this.getNodeParameter('event', 'memberOptedOut') as Event;
		const options = this.getNodeParameter('options', {}) as { skewSeconds?: number };
		const skew = Math.max(0, Math.floor(options.skewSeconds ?? DEFAULT_SKEW_SECONDS));
		if (this.getMode() === 'manual') return await sample(this, event);
		return event === 'newMembers' ? await pollNewMembers(this, skew) : await pollOptOuts(this, skew);
	}
}
