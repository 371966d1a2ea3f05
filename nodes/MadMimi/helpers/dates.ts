import { COUNT_NEW_WINDOW_SECONDS } from '../settings';
import { InputError } from './validation';

/**
 * Dates given to the node (date picker, expressions, mapped fields) to instants, and instants
 * to the forms the service takes: unix seconds, `YYYY-MM-DD hh:mm:ss`, `YYYY-MM-DD`.
 */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether the written parts name a real date and time: no 30 February, no 25:00, no 09:61 and
 * no second 60 (JavaScript's dates have no leap second). The one rule for dates the service
 * sends (parsing/values.ts) and dates given to the node (here). Years 0 to 99 are refused too:
 * `Date.UTC` reads them as 1900 to 1999.
 */
export function isRealDateTime(
	year: string,
	month: string,
	day: string,
	hour: string,
	minute: string,
	second: string,
): boolean {
	const y = Number(year);
	const m = Number(month);
	const d = Number(day);
	const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
	const days = m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1];
	return (
		y >= 100 &&
		m >= 1 &&
		m <= 12 &&
		d >= 1 &&
		d <= days &&
		Number(hour) < 24 &&
		Number(minute) < 60 &&
		Number(second) < 60
	);
}

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;
const WITH_ZONE =
	/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** The offset of `timeZone` from UTC at the instant `utcMs`, in milliseconds. */
export function zoneOffsetMs(utcMs: number, timeZone: string): number {
	const dtf = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	});
	const parts: Record<string, number> = {};
	for (const p of dtf.formatToParts(new Date(utcMs))) {
		if (p.type !== 'literal') parts[p.type] = Number(p.value);
	}
	const asUtc = Date.UTC(
		parts.year,
		parts.month - 1,
		parts.day,
		parts.hour,
		parts.minute,
		parts.second,
	);
	return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** The instant of a wall-clock time in `timeZone`. */
export function wallTimeToUtc(wall: number, timeZone: string): number {
	const first = wall - zoneOffsetMs(wall, timeZone);
	const second = wall - zoneOffsetMs(first, timeZone);
	return second;
}

export class DateInputError extends Error {}

/**
 * Reads a date-time given to the node: an ISO string with or without offset (without one, it
 * is a wall-clock time in the workflow's time zone, as n8n's date picker gives it), unix
 * seconds or milliseconds, a Date, or a Luxon DateTime from an expression such as `{{ $now }}`.
 */
export function parseDateInput(value: unknown, timeZone: string): number {
	if (value instanceof Date) {
		if (Number.isNaN(value.getTime())) throw new DateInputError('is not a valid date');
		return value.getTime();
	}
	if (value !== null && typeof value === 'object') {
		const candidate = value as { toMillis?: () => number; toISO?: () => string };
		if (typeof candidate.toMillis === 'function') {
			const ms = candidate.toMillis();
			if (!Number.isFinite(ms)) throw new DateInputError('is not a valid date');
			return ms;
		}
		if (typeof candidate.toISO === 'function') return parseDateInput(candidate.toISO(), timeZone);
	}
	if (typeof value === 'number') return fromNumber(value);
	const text = typeof value === 'string' ? value.trim() : '';
	if (text === '') throw new DateInputError('is empty');
	if (/^\d{9,13}$/.test(text)) return fromNumber(Number(text));
	const naive = NAIVE.exec(text);
	if (naive) {
		const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0'] = naive;
		if (!isRealDateTime(y, mo, d, h, mi, s))
			throw new DateInputError(`is not a valid date: "${text}"`);
		const wall = Date.UTC(
			Number(y),
			Number(mo) - 1,
			Number(d),
			Number(h),
			Number(mi),
			Number(s),
			Number(ms.padEnd(3, '0')),
		);
		return wallTimeToUtc(wall, timeZone);
	}
	const zoned = WITH_ZONE.exec(text);
	if (zoned) {
		const [, y, mo, d, h, mi, s = '0'] = zoned;
		const ms = Date.parse(text.replace(' ', 'T').replace(/\s/, ''));
		if (!Number.isNaN(ms) && isRealDateTime(y, mo, d, h, mi, s)) return ms;
		throw new DateInputError(`is not a valid date: "${text}"`);
	}
	throw new DateInputError(
		`is not a date n8n can read: "${text.slice(0, 60)}" (use the date picker, or a value like 2024-05-01T09:30:00)`,
	);
}

function fromNumber(n: number): number {
	if (!Number.isFinite(n) || n < 0) throw new DateInputError('is not a valid date');
	// up to 11 digits are seconds (until the year 5138), more are milliseconds
	return n < 1e11 ? n * 1000 : n;
}

/**
 * An optional date-time field's value (a filter, or a date with a default) as an instant (ms),
 * read as `parseDateInput` reads it; undefined when left empty, else an InputError naming the field.
 */
export function optionalDate(value: unknown, timeZone: string, label: string): number | undefined {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
		return undefined;
	let reason: string;
	try {
		return parseDateInput(value, timeZone);
	} catch (error) {
		reason = error instanceof DateInputError ? error.message : 'is not a valid date';
	}
	throw new InputError(
		`The field "${label}" ${reason}`,
		'Pick a date in the date picker, or map a value such as 2024-05-01T09:30:00 or {{ $now }}.',
	);
}

export const toUnixSeconds = (ms: number): number => Math.floor(ms / 1000);

function pad(n: number): string {
	return String(n).padStart(2, '0');
}

/** `YYYY-MM-DD hh:mm:ss` of an instant, as a wall-clock time in `timeZone`. */
export function formatDateTime(ms: number, timeZone: string): string {
	const d = new Date(ms + zoneOffsetMs(ms, timeZone));
	return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `YYYY-MM-DD` of an instant in `timeZone`. */
export function formatDate(ms: number, timeZone: string): string {
	return formatDateTime(ms, timeZone).slice(0, 10);
}

/** ISO 8601 in UTC, without milliseconds: `2024-05-01T07:30:00Z`. */
export function isoUtc(ms: number): string {
	return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * Splits the inclusive range [start, end] of unix seconds into windows the count_new endpoint
 * accepts (at most 28 days each, safely under "one month" whatever the month). Windows do
 * not overlap: the service counts both ends, so the next window starts one second later.
 */
export function splitCountNewRange(
	start: number,
	end: number,
	windowSeconds = COUNT_NEW_WINDOW_SECONDS,
): Array<[number, number]> {
	const windows: Array<[number, number]> = [];
	let from = start;
	while (from <= end) {
		const to = Math.min(end, from + windowSeconds);
		windows.push([from, to]);
		from = to + 1;
	}
	return windows;
}

/** The instant of an output date (ISO 8601), or undefined. */
export function instantOf(value: unknown): number | undefined {
	if (typeof value !== 'string' || value === '') return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : ms;
}

/** Whether an instant lies in [after, before] (either end open when undefined); no instant never does when a bound is set. */
export function within(
	at: number | undefined,
	after: number | undefined,
	before: number | undefined,
): boolean {
	if (after === undefined && before === undefined) return true;
	if (at === undefined) return false;
	return (after === undefined || at >= after) && (before === undefined || at <= before);
}
