/**
 * Scalar conversion shared by the XML and JSON parsers: the service sends every value as
 * text; the node's output has numbers as numbers, booleans as booleans, date-times as
 * ISO 8601 strings with their offset, and empty values as null.
 */

const MONTHS: Record<string, string> = {
	Jan: '01',
	Feb: '02',
	Mar: '03',
	Apr: '04',
	May: '05',
	Jun: '06',
	Jul: '07',
	Aug: '08',
	Sep: '09',
	Oct: '10',
	Nov: '11',
	Dec: '12',
};

/** `2014-09-07 16:54:55 -0400`, `2014-09-04 18:32:31 UTC`, or with a `T` between date and time. */
const SPACED_DATE =
	/^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)? ?(?:([+-])(\d{2}):?(\d{2})|(UTC|GMT|Z))$/;
/** `Mon Feb 14 09:59:05 -0500 2011` (Ruby's Time#to_s of old records). */
const RUBY_DATE =
	/^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) {1,2}(\d{1,2}) (\d{2}):(\d{2}):(\d{2}) (?:([+-])(\d{2})(\d{2})|(UTC|GMT)) (\d{4})$/;

/**
 * Returns the ISO 8601 form of a date-time written the ways the service writes them, keeping
 * the offset it was given (so the instant never shifts), or undefined when `text` is no date.
 */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether the parts name a real date and time (no 30 February, no 25:00). */
function validDateTime(y: string, mo: string, d: string, h: string, mi: string, s: string): boolean {
	const year = Number(y);
	const month = Number(mo);
	const day = Number(d);
	if (month < 1 || month > 12 || day < 1) return false;
	const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
	const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
	return day <= days && Number(h) < 24 && Number(mi) < 60 && Number(s) < 61;
}

const D0 = 48;

/** The number written by the `count` digits at `i`, or -1 when one of them is no digit. */
function number(text: string, i: number, count: number): number {
	let value = 0;
	for (let k = 0; k < count; k++) {
		const d = text.charCodeAt(i + k) - D0;
		if (d < 0 || d > 9) return -1;
		value = value * 10 + d;
	}
	return value;
}

/** Whether the numbers name a real date and time (no 30 February, no 25:00). */
function validParts(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
	if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 60) return false;
	const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
	return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

/**
 * The service's usual form, `2014-09-07 16:54:55 -0400` or `… UTC` (25 or 23 characters), read
 * without a regular expression: most answers are full of them. Undefined for any other text.
 */
function fastSpacedDate(text: string): string | undefined {
	const n = text.length;
	if ((n !== 25 && n !== 23) || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 32) return undefined;
	if (text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58 || text.charCodeAt(19) !== 32) return undefined;
	const year = number(text, 0, 4);
	const month = number(text, 5, 2);
	const day = number(text, 8, 2);
	const hour = number(text, 11, 2);
	const minute = number(text, 14, 2);
	const second = number(text, 17, 2);
	if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return undefined;
	if (!validParts(year, month, day, hour, minute, second)) return undefined;
	if (n === 23) return text.charCodeAt(20) === 85 && text.endsWith('UTC') ? `${text.slice(0, 10)}T${text.slice(11, 19)}Z` : undefined;
	const sign = text.charCodeAt(20);
	if ((sign !== 43 && sign !== 45) || number(text, 21, 4) < 0) return undefined;
	return `${text.slice(0, 10)}T${text.slice(11, 19)}${text.slice(20, 23)}:${text.slice(23, 25)}`;
}

export function toIsoDateTime(text: string): string | undefined {
	const fast = fastSpacedDate(text);
	if (fast !== undefined) return fast;
	let m = SPACED_DATE.exec(text);
	if (m) {
		const [, y, mo, d, h, mi, s, frac, sign, oh, om, utc] = m;
		if (!validDateTime(y, mo, d, h, mi, s)) return undefined;
		const offset = utc ? 'Z' : `${sign}${oh}:${om}`;
		return `${y}-${mo}-${d}T${h}:${mi}:${s}${frac ?? ''}${offset}`;
	}
	m = RUBY_DATE.exec(text);
	if (m) {
		const [, mon, day, h, mi, s, sign, oh, om, utc, y] = m;
		if (!validDateTime(y, MONTHS[mon], day, h, mi, s)) return undefined;
		const offset = utc ? 'Z' : `${sign}${oh}:${om}`;
		return `${y}-${MONTHS[mon]}-${day.padStart(2, '0')}T${h}:${mi}:${s}${offset}`;
	}
	return undefined;
}

const INTEGER = /^-?(?:0|[1-9]\d*)$/;
const DECIMAL = /^-?(?:0|[1-9]\d*)\.\d+$/;

const XML_ENTITIES: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
};

/**
 * Decodes the five predefined XML entities and numeric character references. Nothing else is
 * expanded: entities declared in a DOCTYPE stay as they are (no entity expansion).
 */
export function decodeXmlText(text: string): string {
	if (!text.includes('&')) return text;
	return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
		if (ref.startsWith('#x')) return safeCodePoint(parseInt(ref.slice(2), 16), whole);
		if (ref.startsWith('#')) return safeCodePoint(parseInt(ref.slice(1), 10), whole);
		return XML_ENTITIES[ref];
	});
}

function safeCodePoint(code: number, fallback: string): string {
	return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

export type Scalar = string | number | boolean | null;

/**
 * Converts one text value: `''` to null, `true`/`false` to booleans, integers and decimals to
 * numbers (except codes with leading zeros and integers beyond 2^53, which stay text), and
 * date-times to ISO 8601.
 */
export function convertScalar(raw: string): Scalar {
	const text = raw.trim();
	if (text === '') return null;
	const first = text.charCodeAt(0);
	if (first === 116 /* t */ && text === 'true') return true;
	if (first === 102 /* f */ && text === 'false') return false;
	// numbers start with a digit or a minus: the regular expressions run only for those
	if (first === 45 /* - */ || (first >= 48 && first <= 57)) {
		if (INTEGER.test(text)) {
			const n = Number(text);
			return Number.isSafeInteger(n) ? n : text;
		}
		if (DECIMAL.test(text)) return Number(text);
	}
	// dates start with a digit (2014-…) or a weekday name (Mon …)
	if ((first >= 48 && first <= 57) || (first >= 65 && first <= 90)) {
		const iso = toIsoDateTime(text);
		if (iso !== undefined) return iso;
	}
	return raw;
}

const camelCache = new Map<string, string>();

/** `started_send` → `startedSend`, `first name` → `firstName`, `opt-out` → `optOut`. */
export function camelCase(key: string): string {
	const cached = camelCache.get(key);
	if (cached !== undefined) return cached;
	const converted = toCamelCase(key);
	// the service's field names are few; a bound keeps odd documents from growing the cache
	if (camelCache.size < 10_000) camelCache.set(key, converted);
	return converted;
}

function toCamelCase(key: string): string {
	if (!/[_\s-]/.test(key)) return key;
	const parts = key.split(/[_\s-]+/).filter((p) => p !== '');
	if (parts.length === 0) return key;
	return parts
		.map((p, i) => (i === 0 ? p.charAt(0).toLowerCase() + p.slice(1) : p.charAt(0).toUpperCase() + p.slice(1)))
		.join('');
}
