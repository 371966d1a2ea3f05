import { isRealDateTime } from '../helpers/dates';
import { FIELD_NAMES_CACHED } from '../settings';
import type { FieldType } from './fieldTypes';

/**
 * Scalar conversion shared by the XML and JSON parsers: the service sends every value as text;
 * the node's output has the numbers, flags and date-times of the fields that are such
 * (fieldTypes.ts) typed, date-times as ISO 8601 strings in UTC, and empty values as null.
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
 * The instant `y-mo-d h:mi:s` at that offset from UTC, written in UTC: `2014-09-07T20:54:55Z`. The
 * fraction of a second, if given, is kept as written.
 */
function utcIso(parts: {
	y: string;
	mo: string;
	d: string;
	h: string;
	mi: string;
	s: string;
	frac?: string;
	sign?: string;
	oh?: string;
	om?: string;
}): string {
	const offsetMinutes = parts.sign
		? (parts.sign === '-' ? -1 : 1) * (Number(parts.oh) * 60 + Number(parts.om))
		: 0;
	const ms =
		Date.UTC(
			Number(parts.y),
			Number(parts.mo) - 1,
			Number(parts.d),
			Number(parts.h),
			Number(parts.mi),
			Number(parts.s),
		) -
		offsetMinutes * 60_000;
	return `${new Date(ms).toISOString().slice(0, 19)}${parts.frac ?? ''}Z`;
}

/**
 * Returns the ISO 8601 form of a date-time written the ways the service writes them, in UTC, or
 * undefined when `text` is no date. Mad Mimi gives one account's dates with offsets that vary from
 * response to response (`-0400` in one, `UTC` in the next, `+0530` in a third): written as it
 * gave them, one item could hold `-05:00` beside `Z`. The instant never shifts; every output date
 * reads alike, and sorts as text.
 */
export function toIsoDateTime(text: string): string | undefined {
	let m = SPACED_DATE.exec(text);
	if (m) {
		const [, y, mo, d, h, mi, s, frac, sign, oh, om] = m;
		if (!isRealDateTime(y, mo, d, h, mi, s)) return undefined;
		return utcIso({ y, mo, d, h, mi, s, frac, sign, oh, om });
	}
	m = RUBY_DATE.exec(text);
	if (m) {
		const [, mon, day, h, mi, s, sign, oh, om, , y] = m;
		if (!isRealDateTime(y, MONTHS[mon], day, h, mi, s)) return undefined;
		return utcIso({ y, mo: MONTHS[mon], d: day, h, mi, s, sign, oh, om });
	}
	return undefined;
}

const INTEGER = /^-?(?:0|[1-9]\d*)$/;
const DECIMAL = /^-?(?:0|[1-9]\d*)\.\d+$/;

export type Scalar = string | number | boolean | null;

/**
 * One value the service wrote as text, typed as its field is (fieldTypes.ts): a number field's
 * integer or decimal a number (a code with leading zeros, or an integer beyond 2^53, stays
 * text), a flag's `true`/`false` a boolean, a time ISO 8601 in UTC; anything else, and every text
 * field, the exact text. Empty is null.
 */
export function typedScalar(raw: string, type: FieldType): Scalar {
	const text = raw.trim();
	if (text === '') return null;
	switch (type) {
		case 'number': {
			if (INTEGER.test(text)) {
				const n = Number(text);
				return Number.isSafeInteger(n) ? n : text;
			}
			return DECIMAL.test(text) ? Number(text) : text;
		}
		case 'boolean':
			return text === 'true' ? true : text === 'false' ? false : text;
		case 'dateTime':
			return toIsoDateTime(text) ?? raw;
		default:
			return raw;
	}
}

/**
 * Sets a field of a record or a place of an array, `__proto__` included: always an own property,
 * never the record's prototype (a field name is whatever the service wrote).
 */
export function putField(
	into: Record<string, unknown> | unknown[],
	key: string | number,
	value: unknown,
): void {
	if (key === '__proto__')
		Object.defineProperty(into, key, {
			value,
			enumerable: true,
			writable: true,
			configurable: true,
		});
	else (into as Record<string | number, unknown>)[key] = value;
}

const camelCache = new Map<string, string>();

/** `started_send` → `startedSend`, `first name` → `firstName`, `opt-out` → `optOut`. */
export function camelCase(key: string): string {
	const cached = camelCache.get(key);
	if (cached !== undefined) return cached;
	const converted = toCamelCase(key);
	// the service's field names are few; a bound keeps odd documents from growing the cache
	if (camelCache.size < FIELD_NAMES_CACHED) camelCache.set(key, converted);
	return converted;
}

function toCamelCase(key: string): string {
	// separators inside the name join its words; at its ends they are part of it (`__proto__`, `_id`)
	const inner = /^([_\s-]*)(.*?)([_\s-]*)$/s.exec(key);
	if (!inner || !/[_\s-]/.test(inner[2])) return key;
	const parts = inner[2].split(/[_\s-]+/).filter((p) => p !== '');
	return (
		inner[1] +
		parts
			.map((p, i) =>
				i === 0 ? p.charAt(0).toLowerCase() + p.slice(1) : p.charAt(0).toUpperCase() + p.slice(1),
			)
			.join('') +
		inner[3]
	);
}
