/**
 * CSV as the emulator reads it (an import's `csv_file`, the Mailer's list names), with csv-parse,
 * the sibling of the csv-stringify the node writes with: RFC 4180 (fields optionally quoted with
 * `"`, quotes inside doubled, quoted fields may hold commas and line breaks), rows ending with
 * CRLF, LF or a lone CR, a leading byte-order mark skipped, rows of different lengths accepted, and
 * a quote inside an unquoted field read as text. A blank line (a row of one empty field) is no row.
 */
import { parse } from 'csv-parse/sync';

/** Splits CSV text into rows of fields. */
export function parseCsvRows(text: string): string[][] {
	const rows: string[][] = parse(text, {
		bom: true,
		relax_column_count: true,
		relax_quotes: true,
		record_delimiter: ['\r\n', '\n', '\r'],
	});
	return rows.filter((row) => !(row.length === 1 && row[0] === ''));
}

interface ParsedCsv {
	/** Header names lower-cased and trimmed, for case-insensitive lookup. */
	keys: string[];
	/** Data rows (every row after the header), as arrays of fields. */
	rows: string[][];
}

/** Parses CSV text with a header row. An empty input gives an empty header. */
export function parseCsv(text: string): ParsedCsv {
	const [header = [], ...rows] = parseCsvRows(text);
	return { keys: header.map((h) => h.trim().toLowerCase()), rows };
}

/** Turns parsed rows into records keyed by the lower-cased header names (missing fields are ''). */
export function csvRecords(parsed: ParsedCsv): Record<string, string>[] {
	return parsed.rows.map((row) => {
		const record: Record<string, string> = {};
		parsed.keys.forEach((key, k) => {
			if (key !== '') record[key] = row[k] ?? '';
		});
		return record;
	});
}
