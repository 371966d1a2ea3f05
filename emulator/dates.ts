/**
 * Date handling of the emulated service (the check of a real date is the node's,
 * helpers/dates.ts).
 *
 * The real service renders date-times with an offset that varies from answer to answer
 * (`2014-09-07 16:54:55 -0400`), sometimes as `UTC` (`2014-09-04 18:32:31 UTC`), and old
 * records (before 2012) in the legacy form `Mon Feb 14 09:59:05 -0500 2011`. The instant is
 * always correct; only its presentation changes.
 */

import { isRealDateTime } from '../nodes/MadMimi/helpers/dates';

/** The presentation styles the emulator rotates over, one per answer. */
export const DATE_STYLES = ['-0400', '-0500', '+0200', '+0530', 'UTC'] as const;
/**
 * Styles a test may fix (emu.dateStyle) that are not in the rotation: `+0300` is the offset of the
 * recorded members documents (`<created_at>2014-09-07 22:14:29 +0300</created_at>`).
 */
const EXTRA_DATE_STYLES = ['+0300'] as const;
/** Every style the emulator can render: the rotation's and the extra ones. */
export const ALL_DATE_STYLES = [...DATE_STYLES, ...EXTRA_DATE_STYLES] as const;
export type DateStyle = (typeof ALL_DATE_STYLES)[number];

/** Records before this instant render in the legacy `Mon Feb 14 09:59:05 -0500 2011` form. */
const OLD_RECORD_CUTOFF_MS = Date.UTC(2012, 0, 1);

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = [
	'Jan',
	'Feb',
	'Mar',
	'Apr',
	'May',
	'Jun',
	'Jul',
	'Aug',
	'Sep',
	'Oct',
	'Nov',
	'Dec',
];

function pad(n: number, width = 2): string {
	return String(n).padStart(width, '0');
}

/** Offset of a style in minutes east of UTC. */
function styleOffsetMinutes(style: DateStyle): number {
	if (style === 'UTC') return 0;
	const sign = style.startsWith('-') ? -1 : 1;
	const hours = Number(style.slice(1, 3));
	const minutes = Number(style.slice(3, 5));
	return sign * (hours * 60 + minutes);
}

/**
 * Renders an instant (ms since the epoch) the way the service does, in the given style.
 * Milliseconds are dropped (the service answers to the second).
 */
export function formatServiceDate(ms: number, style: DateStyle): string {
	const seconds = Math.floor(ms / 1000) * 1000;
	const local = new Date(seconds + styleOffsetMinutes(style) * 60_000);
	const y = local.getUTCFullYear();
	const mo = local.getUTCMonth();
	const d = local.getUTCDate();
	const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
	if (ms < OLD_RECORD_CUTOFF_MS) {
		const zone = style === 'UTC' ? 'UTC' : style;
		return `${DAY_NAMES[local.getUTCDay()]} ${MONTH_NAMES[mo]} ${pad(d)} ${time} ${zone} ${y}`;
	}
	return `${pad(y, 4)}-${pad(mo + 1)}-${pad(d)} ${time} ${style}`;
}

/** Parses the promotion search input `YYYY-MM-DD hh:mm:ss` as UTC; null when malformed. */
export function parseSearchDateTime(text: string): number | null {
	const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
	if (!m || !isRealDateTime(m[1], m[2], m[3], m[4], m[5], m[6])) return null;
	return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
}

/** Validates a `YYYY-MM-DD` day (the transactional count input); returns it trimmed, or null. */
export function parseDay(text: string): string | null {
	const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
	return m && isRealDateTime(m[1], m[2], m[3], '0', '0', '0') ? m[0] : null;
}

/** Service time. By default it follows real time; set()/advance() freeze it until useRealTime(). */
export class ServiceClock {
	private frozenAt: number | null = null;

	now(): number {
		return this.frozenAt ?? Date.now();
	}

	set(ms: number): void {
		this.frozenAt = ms;
	}

	advance(ms: number): void {
		this.frozenAt = this.now() + ms;
	}

	useRealTime(): void {
		this.frozenAt = null;
	}
}
