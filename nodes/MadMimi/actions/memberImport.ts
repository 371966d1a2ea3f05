import type { CsvRow } from '../helpers/csv';
import { writeCsv } from '../helpers/csv';
import { CSV_CHUNK_ROWS } from '../settings';

/*
 * The CSV of a member import built from input items, shared by Import (from items), Create or
 * Update and Audience List → Sync: one layout, one rule for the columns that are not member fields.
 */

/** Columns of a member import that are not member fields: the address, the list to join, the opt-out mark (any case). */
export function isReservedColumn(column: string): boolean {
	return /^(email|add_list|opt[ -]out)$/i.test(column);
}

/** One person of a member import, read from its input item. */
export interface ImportPerson {
	itemIndex: number;
	email: string;
	/** The lists the person joins, each once: a row each (none: one row). */
	lists: string[];
	optOut: boolean;
}

/** The columns of the import and the rows of each person. */
export interface ImportLayout<T> {
	columns: string[];
	rowsOf: (person: T) => CsvRow[];
}

/**
 * The layout of a member import for these people: `email`, the member-field columns, then
 * `add_list` and `opt out` only when someone uses them; one row per list a person joins.
 * `valueOf` gives a person's value of a member-field column ('' for none).
 */
export function importLayout<T extends ImportPerson>(
	people: T[],
	fieldColumns: string[],
	valueOf: (person: T, column: string) => string,
): ImportLayout<T> {
	const withLists = people.some((person) => person.lists.length > 0);
	const withOptOut = people.some((person) => person.optOut);
	const columns = [
		'email',
		...fieldColumns,
		...(withLists ? ['add_list'] : []),
		...(withOptOut ? ['opt out'] : []),
	];
	const rowsOf = (person: T): CsvRow[] => {
		const fields = fieldColumns.map((column) => valueOf(person, column));
		const optOut = withOptOut ? [person.optOut ? '1' : ''] : [];
		if (!withLists) return [[person.email, ...fields, ...optOut]];
		const lists = person.lists.length > 0 ? person.lists : [''];
		return lists.map((list) => [person.email, ...fields, list, ...optOut]);
	};
	return { columns, rowsOf };
}

/**
 * The CSV of one batch, written CSV_CHUNK_ROWS rows at a time. The rows of a whole batch, held for
 * one write, live long enough to reach the old generation, which only a full collection frees: an
 * import of 100,000 people then peaks about 35 MB higher. The rows of a chunk die young.
 */
export function batchCsv<T extends ImportPerson>(layout: ImportLayout<T>, batch: T[]): string {
	const parts: string[] = [];
	let rows: CsvRow[] = [];
	for (const person of batch) {
		for (const row of layout.rowsOf(person)) rows.push(row);
		if (rows.length >= CSV_CHUNK_ROWS) {
			parts.push(writeCsv(layout.columns, rows, parts.length === 0));
			rows = [];
		}
	}
	if (rows.length > 0 || parts.length === 0)
		parts.push(writeCsv(layout.columns, rows, parts.length === 0));
	return parts.join('');
}
