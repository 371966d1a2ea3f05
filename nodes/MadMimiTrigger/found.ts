import type { IDataObject } from 'n8n-workflow';

import { TEST_EVENT_SAMPLE_SIZE } from '../MadMimi/settings';
import type { CheckedEvent, Found } from './cursor';

/** What every event of the trigger gives: its check (cursor.ts), and what "Fetch Test Event" shows. */
export interface TriggerEvent extends CheckedEvent {
	/** A few recent real records for "Fetch Test Event", newest first; the cursor does not move. */
	sample(now: number): Promise<IDataObject[]>;
	/** What the test looked at, when it found nothing ("no opt-outs in the last 30 days"). */
	nothingFound: string;
}

/** A date of an answer (ISO 8601 after parsing) as unix seconds, or undefined. */
export function seconds(value: unknown): number | undefined {
	const ms = typeof value === 'string' && value !== '' ? Date.parse(value) : NaN;
	return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/** The newest few found, for "Fetch Test Event". */
export function newestFirst(found: Found[]): IDataObject[] {
	return [...found]
		.sort((a, b) => b.at - a.at)
		.slice(0, TEST_EVENT_SAMPLE_SIZE)
		.map((f) => f.json);
}

/** When a watching event reads everything, and how far back that read reaches. */
export interface FullReads {
	/** Seconds between two full reads (the option "Full Check Every (Hours)"). */
	everySeconds: number;
	/** The Safety Margin: a full read reaches this far back past the last one. */
	skew: number;
	warn: (message: string) => void;
}
