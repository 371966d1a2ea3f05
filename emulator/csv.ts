/**
 * A small RFC 4180 CSV parser: comma separated, fields optionally quoted with `"`, quotes inside
 * quoted fields doubled, quoted fields may hold commas and line breaks, rows end with CRLF or LF
 * (a lone CR is accepted too). A leading byte-order mark is skipped. Blank lines are skipped.
 *
 * It is lenient where the RFC is not: text after a closing quote is appended to the field, and an
 * unterminated quoted field runs to the end of the input. Linear time; fine for 100,000 rows.
 */

const COMMA = 44;
const QUOTE = 34;
const LF = 10;
const CR = 13;

/** Splits CSV text into rows of fields. */
export function parseCsvRows(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let i = text.length > 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
	while (i < text.length) {
		const field = text.charCodeAt(i) === QUOTE ? readQuotedField(text, i) : readPlainField(text, i);
		row.push(field.value);
		i = field.end;
		if (i >= text.length) break;
		if (text.charCodeAt(i) === COMMA) {
			i++;
			// A comma at the very end: the row's last field is empty (the loop will not read it).
			if (i >= text.length) row.push('');
			continue;
		}
		i = afterLineBreak(text, i);
		addRow(rows, row);
		row = [];
	}
	if (row.length > 0) addRow(rows, row);
	return rows;
}

/** A field's decoded value, and the offset just after it (its delimiter, or the end of the input). */
interface Field {
	value: string;
	end: number;
}

/** A field not starting with a quote: everything up to the delimiter, as written (quotes included). */
function readPlainField(text: string, start: number): Field {
	const end = delimiterAt(text, start);
	return { value: text.slice(start, end), end };
}

/**
 * A field starting with a quote (at `open`): up to the closing quote, each doubled quote read as one.
 * Lenient: text after the closing quote is appended up to the delimiter, and without a closing
 * quote the field runs to the end of the input.
 */
function readQuotedField(text: string, open: number): Field {
	let value = '';
	let start = open + 1;
	for (;;) {
		const q = text.indexOf('"', start);
		if (q === -1) return { value: value + text.slice(start), end: text.length };
		if (q + 1 < text.length && text.charCodeAt(q + 1) === QUOTE) {
			value += text.slice(start, q + 1);
			start = q + 2;
			continue;
		}
		const end = delimiterAt(text, q + 1);
		return { value: value + text.slice(start, q) + text.slice(q + 1, end), end };
	}
}

/** The offset of the first comma, LF or CR at or after `from` (the input's length when none). */
function delimiterAt(text: string, from: number): number {
	let j = from;
	while (j < text.length) {
		const c = text.charCodeAt(j);
		if (c === COMMA || c === LF || c === CR) break;
		j++;
	}
	return j;
}

/** The offset after the line break at `i`: CRLF, LF or a lone CR. */
function afterLineBreak(text: string, i: number): number {
	return text.charCodeAt(i) === CR && i + 1 < text.length && text.charCodeAt(i + 1) === LF
		? i + 2
		: i + 1;
}

/** Adds a row unless it is blank (a line with nothing on it reads as one empty field). */
function addRow(rows: string[][], row: string[]): void {
	if (!(row.length === 1 && row[0] === '')) rows.push(row);
}

export interface ParsedCsv {
	/** Header names as written (trimmed). */
	header: string[];
	/** Header names lower-cased and trimmed, for case-insensitive lookup. */
	keys: string[];
	/** Data rows (every row after the header), as arrays of fields. */
	rows: string[][];
}

/** Parses CSV text with a header row. An empty input gives an empty header. */
export function parseCsv(text: string): ParsedCsv {
	const all = parseCsvRows(text);
	const headerRow = all.length > 0 ? all[0] : [];
	const header = headerRow.map((h) => h.trim());
	return { header, keys: header.map((h) => h.toLowerCase()), rows: all.slice(1) };
}

/** Turns parsed rows into records keyed by the lower-cased header names (missing fields are ''). */
export function csvRecords(parsed: ParsedCsv): Record<string, string>[] {
	const { keys, rows } = parsed;
	const out: Record<string, string>[] = new Array<Record<string, string>>(rows.length);
	for (let r = 0; r < rows.length; r++) {
		const row = rows[r];
		const rec: Record<string, string> = {};
		for (let k = 0; k < keys.length; k++) {
			if (keys[k] === '') continue;
			rec[keys[k]] = k < row.length ? row[k] : '';
		}
		out[r] = rec;
	}
	return out;
}
