import type { CsvRow } from '../../../helpers/csv';

/*
 * The CSV of a member import built from input items, shared by Import (from items) and Create or
 * Update: one layout, one rule for the columns that are not member fields.
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
