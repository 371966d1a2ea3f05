/**
 * The emulator as its users hold it: the options it starts with and what it answers
 * (server.ts makes it), and the side of it the control endpoints act on (control.ts).
 */
import type { Clock, DateStyle, ServiceClock } from './dates';
import type { Faults } from './faults';
import type { RecordedRequest } from './recordedRequest';
import type { CreatedAtOrder } from './render';
import type { SeedName } from './seed';
import type { Store } from './store';
import type { Vocabulary } from './vocabulary';

export interface EmulatorOptions {
	/** Default 0: a random free port. */
	port?: number;
	/** Default 127.0.0.1. */
	host?: string;
	/** Delay before every answer, default 0. */
	latencyMs?: number;
	/** Default 'demo'. */
	seed?: SeedName;
	/**
	 * The names of the guessed answers: 'guessed' (default, our names) or 'second' (every guessed
	 * answer renamed and reshaped, see vocabulary.ts). Recorded answers never change with it.
	 */
	vocabulary?: Vocabulary;
	/**
	 * A date style used for every answer instead of the rotation (e.g. '-0400', to reproduce a
	 * recorded document exactly). Default: none, the style rotates from answer to answer.
	 */
	dateStyle?: DateStyle;
}

export interface Emulator {
	readonly baseUrl: string;
	readonly requests: RecordedRequest[];
	readonly store: Store;
	readonly clock: Clock;
	latencyMs: number;
	readonly faults: Faults;
	/** The most requests the emulator was answering at once since the last clear or reset. */
	readonly maxInFlight: number;
	/** The vocabulary of guessed answers (settable); reset() returns to the one given at start. */
	vocabulary: Vocabulary;
	/**
	 * When set, every answer's dates use this style instead of the rotation (settable; undefined
	 * restores the rotation); reset() returns to the one given at start.
	 */
	dateStyle: DateStyle | undefined;
	/**
	 * The direction of the members documents asked for `order=created_at` (no source records it):
	 * undefined serves oldest first in the guessed vocabulary and newest first in the second one;
	 * `shuffled` serves no order at all. Settable; reset() returns to undefined.
	 */
	createdAtOrder: CreatedAtOrder | undefined;
	clearRequests(): void;
	reset(seed?: SeedName): void;
	close(): Promise<void>;
}

/** What the control endpoints act on: the emulator, its clock, and the seed it started with. */
export interface ControlledEmulator extends Emulator {
	readonly clock: ServiceClock;
	readonly startSeed: SeedName;
}
