/**
 * Every guess the emulator makes, one row each (in guessRows.json: the rows are data, this file
 * types and checks them): the one home of the table "What is guessed" in README.md (a test checks
 * that the README's rows are `guessTableRows()`, cell for cell), and the list `npm run record`
 * answers (scripts/record/verdicts.ts): each row names the probes of the record command that
 * decide it, and how their answers are compared with the emulator's, which answers the guess
 * itself.
 */
import rows from './guessRows.json';

/**
 * How a row's probes are judged: the service's answer against the emulator's for the same probe.
 * - `shape`: element and attribute names, JSON keys, kind of text (scripts/record/shape.ts);
 * - `text`: status and text, with addresses and numbers left out;
 * - `bytes`: status and the body exactly (a blank answer: `''` or `' '`);
 * - `status`: the status only;
 * - `custom`: a judgement of its own (scripts/record/verdicts.ts).
 */
const COMPARES = ['shape', 'text', 'bytes', 'status', 'custom'] as const;

export interface Guess {
	/** A name of the row, for the record command's verdicts and its tests. */
	id: string;
	/** The README's three cells, as they are written there (Markdown). */
	endpoint: string;
	guessed: string;
	confirm: string;
	/** The probes of `npm run record` that decide the row (none: it never checks it). */
	probes: string[];
	compare?: (typeof COMPARES)[number];
	/**
	 * With probes: what the check needs when they were not run (a flag, a state of the account);
	 * without: why the record command never checks it.
	 */
	needs?: string;
}

/** The rows, in the README's order. */
export const GUESSES: readonly Guess[] = rows.map((row) => {
	if (row.compare !== undefined && !(COMPARES as readonly string[]).includes(row.compare))
		throw new Error(`guessRows.json: ${row.id} compares by ${row.compare}`);
	return row as Guess;
});

/** The README's table rows of the guesses, in order. */
export function guessTableRows(guesses: readonly Guess[] = GUESSES): string[] {
	return guesses.map((g) => `| ${g.endpoint} | ${g.guessed} | ${g.confirm} |`);
}
