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
	const n = text.length;
	let i = n > 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
	let row: string[] = [];

	const endRow = (): void => {
		if (!(row.length === 1 && row[0] === '')) rows.push(row);
		row = [];
	};

	while (i < n) {
		let value: string;
		if (text.charCodeAt(i) === QUOTE) {
			i++;
			value = '';
			let start = i;
			for (;;) {
				const q = text.indexOf('"', i);
				if (q === -1) {
					value += text.slice(start);
					i = n;
					break;
				}
				if (q + 1 < n && text.charCodeAt(q + 1) === QUOTE) {
					value += text.slice(start, q + 1);
					i = q + 2;
					start = i;
					continue;
				}
				value += text.slice(start, q);
				i = q + 1;
				break;
			}
			// Lenient: anything between the closing quote and the delimiter is kept.
			let j = i;
			while (j < n) {
				const c = text.charCodeAt(j);
				if (c === COMMA || c === LF || c === CR) break;
				j++;
			}
			if (j > i) value += text.slice(i, j);
			i = j;
		} else {
			let j = i;
			while (j < n) {
				const c = text.charCodeAt(j);
				if (c === COMMA || c === LF || c === CR) break;
				j++;
			}
			value = text.slice(i, j);
			i = j;
		}
		row.push(value);

		if (i >= n) break;
		const c = text.charCodeAt(i);
		if (c === COMMA) {
			i++;
			if (i >= n) row.push('');
			continue;
		}
		// Line break: CRLF, LF or a lone CR.
		i++;
		if (c === CR && i < n && text.charCodeAt(i) === LF) i++;
		endRow();
	}
	if (row.length > 0) endRow();
	return rows;
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
