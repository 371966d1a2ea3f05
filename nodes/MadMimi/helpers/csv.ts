import { stringify } from 'csv-stringify/sync';

export type CsvRow = Array<string>;

/** CSV text with a header row, written with csv-stringify (quotes where needed, CRLF-safe). */
export function writeCsv(columns: string[], rows: CsvRow[], header = true): string {
	return stringify(rows, {
		header,
		columns,
		eof: true,
		record_delimiter: 'unix',
		quoted_match: /\r/,
	});
}

/** A value of an item field as one CSV cell. */
export function cell(value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
		return String(value);
	if (value instanceof Date) return value.toISOString();
	return JSON.stringify(value);
}

/**
 * Reads CSV records lazily (RFC 4180: quoted fields may hold commas, quotes and line breaks).
 * Used to check a CSV before it is sent: its header, and how many rows it has.
 */
export function* csvRecords(text: string): Generator<string[]> {
	let field = '';
	let record: string[] = [];
	let quoted = false;
	let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
	let sawAny = false;
	for (; i < text.length; i++) {
		const c = text[i];
		sawAny = true;
		if (quoted) {
			if (c === '"') {
				if (text[i + 1] === '"') {
					field += '"';
					i++;
				} else quoted = false;
			} else field += c;
			continue;
		}
		if (c === '"') quoted = true;
		else if (c === ',') {
			record.push(field);
			field = '';
		} else if (c === '\n' || c === '\r') {
			if (c === '\r' && text[i + 1] === '\n') i++;
			record.push(field);
			if (!(record.length === 1 && record[0] === '')) yield record;
			record = [];
			field = '';
			sawAny = false;
		} else field += c;
	}
	if (sawAny) {
		record.push(field);
		if (!(record.length === 1 && record[0] === '')) yield record;
	}
}
