import {
	DateInputError,
	formatDate,
	formatDateTime,
	isoUtc,
	parseDateInput,
	splitCountNewRange,
	toUnixSeconds,
	wallTimeToUtc,
	zoneOffsetMs,
} from '../../nodes/MadMimi/helpers/dates';
import { COUNT_NEW_WINDOW_SECONDS } from '../../nodes/MadMimi/settings';
import { toIsoDateTime } from '../../nodes/MadMimi/parsing';
import { rng } from '../../emulator/random';

const HOUR = 3_600_000;
const DAY = 24 * 3600;

describe('zoneOffsetMs', () => {
	test.each([
		['UTC', Date.UTC(2024, 4, 1), 0],
		['Europe/Berlin', Date.UTC(2024, 4, 1, 12), 2 * HOUR],
		['Europe/Berlin', Date.UTC(2024, 0, 15, 12), 1 * HOUR],
		['America/New_York', Date.UTC(2024, 0, 15, 12), -5 * HOUR],
		['America/New_York', Date.UTC(2024, 6, 15, 12), -4 * HOUR],
		['Asia/Kolkata', Date.UTC(2024, 4, 1), 5.5 * HOUR],
		['Asia/Kathmandu', Date.UTC(2024, 4, 1), 5.75 * HOUR],
		// the milliseconds of the instant do not leak into the offset
		['Europe/Berlin', Date.UTC(2024, 4, 1, 12, 0, 0, 999), 2 * HOUR],
		// it switches exactly at the DST transition (2024-03-10 07:00Z)
		['America/New_York', Date.UTC(2024, 2, 10, 6, 59, 59), -5 * HOUR],
		['America/New_York', Date.UTC(2024, 2, 10, 7, 0, 0), -4 * HOUR],
	])('%s at %d → %d', (zone, ms, expected) => {
		expect(zoneOffsetMs(ms, zone)).toBe(expected);
	});
});

test.each([
	['Berlin summer', Date.UTC(2024, 4, 1, 9, 30), 'Europe/Berlin', Date.UTC(2024, 4, 1, 7, 30)],
	[
		'New York winter',
		Date.UTC(2024, 0, 15, 9, 30),
		'America/New_York',
		Date.UTC(2024, 0, 15, 14, 30),
	],
	[
		'UTC, the identity',
		Date.UTC(2024, 1, 29, 23, 59, 59),
		'UTC',
		Date.UTC(2024, 1, 29, 23, 59, 59),
	],
])('wallTimeToUtc: wall clock in %s → UTC', (_name, wall, zone, utc) => {
	expect(wallTimeToUtc(wall, zone)).toBe(utc);
});

describe('parseDateInput', () => {
	describe('ISO strings with an offset or Z: that instant, whatever the zone', () => {
		test.each([
			['2024-05-01T07:30:00Z', Date.UTC(2024, 4, 1, 7, 30)],
			['2024-05-01T07:30:00.250Z', Date.UTC(2024, 4, 1, 7, 30, 0, 250)],
			['2024-05-01T09:30:00+02:00', Date.UTC(2024, 4, 1, 7, 30)],
			['2024-05-01T09:30:00+0200', Date.UTC(2024, 4, 1, 7, 30)],
			['2024-05-01T02:30:00-05:00', Date.UTC(2024, 4, 1, 7, 30)],
			['2024-05-01 09:30:00 +02:00', Date.UTC(2024, 4, 1, 7, 30)],
			['2024-05-01T07:30Z', Date.UTC(2024, 4, 1, 7, 30)],
			['2024-05-01t07:30:00z', Date.UTC(2024, 4, 1, 7, 30)],
		])('%s', (input, expected) => {
			expect(parseDateInput(input, 'America/New_York')).toBe(expected);
			expect(parseDateInput(input, 'Asia/Tokyo')).toBe(expected);
		});
	});

	test.each([
		['2024-05-01T09:30:00', 'Europe/Berlin', '2024-05-01T07:30:00Z'],
		['2024-05-01 09:30:00', 'Europe/Berlin', '2024-05-01T07:30:00Z'],
		['2024-05-01T09:30', 'Europe/Berlin', '2024-05-01T07:30:00Z'],
		// a date alone is midnight in the zone
		['2024-05-01', 'Europe/Berlin', '2024-04-30T22:00:00Z'],
		['2024-05-01', 'America/New_York', '2024-05-01T04:00:00Z'],
		['2024-05-01', 'UTC', '2024-05-01T00:00:00Z'],
		['  2024-05-01T09:30:00 \n', 'UTC', '2024-05-01T09:30:00Z'],
		['2024-02-29', 'UTC', '2024-02-29T00:00:00Z'],
		// wall times next to the DST transitions are exact
		['2024-03-10T01:59:59', 'America/New_York', '2024-03-10T06:59:59Z'],
		['2024-03-10T03:00:00', 'America/New_York', '2024-03-10T07:00:00Z'],
		['2024-11-03T00:59:59', 'America/New_York', '2024-11-03T04:59:59Z'],
		['2024-11-03T02:00:00', 'America/New_York', '2024-11-03T07:00:00Z'],
	])('a naive wall-clock %j is read in %s', (input, zone, iso) => {
		expect(isoUtc(parseDateInput(input, zone))).toBe(iso);
	});

	test('fractions of a second are kept to the millisecond', () => {
		expect(parseDateInput('2024-05-01T09:30:00.5', 'Europe/Berlin')).toBe(
			Date.UTC(2024, 4, 1, 7, 30, 0, 500),
		);
		expect(parseDateInput('2024-05-01T09:30:00.123456', 'Europe/Berlin')).toBe(
			Date.UTC(2024, 4, 1, 7, 30, 0, 123),
		);
		expect(formatDateTime(parseDateInput('2024-01-15', 'Asia/Kolkata'), 'Asia/Kolkata')).toBe(
			'2024-01-15 00:00:00',
		);
	});

	describe('daylight-saving edge cases (documented behaviour)', () => {
		test('DST gap: 2024-03-10T02:30 does not exist in New York; it resolves within the gap hour', () => {
			const ms = parseDateInput('2024-03-10T02:30:00', 'America/New_York');
			// Sensible answers are 06:30Z (01:30 EST) or 07:30Z (03:30 EDT).
			expect([Date.UTC(2024, 2, 10, 6, 30), Date.UTC(2024, 2, 10, 7, 30)]).toContain(ms);
			// Documented: the module applies the daylight offset (-04:00) to the missing wall time,
			// giving 06:30Z, which New York shows as 01:30 EST (an hour *before* the gap).
			// Luxon/Temporal "compatible" would give 07:30Z (03:30 EDT) instead.
			expect(isoUtc(ms)).toBe('2024-03-10T06:30:00Z');
			expect(formatDateTime(ms, 'America/New_York')).toBe('2024-03-10 01:30:00');
		});

		test('DST overlap: 2024-11-03T01:30 happens twice in New York; the first (EDT) is chosen', () => {
			const ms = parseDateInput('2024-11-03T01:30:00', 'America/New_York');
			expect([Date.UTC(2024, 10, 3, 5, 30), Date.UTC(2024, 10, 3, 6, 30)]).toContain(ms);
			expect(isoUtc(ms)).toBe('2024-11-03T05:30:00Z'); // 01:30 EDT (-04:00), the earlier one
			expect(formatDateTime(ms, 'America/New_York')).toBe('2024-11-03 01:30:00');
		});

		test('Europe/Berlin gap and overlap (documented: east of UTC the other choice is made)', () => {
			// gap 2024-03-31 02:30 → 01:30Z = 03:30 CEST (after the gap)
			expect(isoUtc(parseDateInput('2024-03-31T02:30:00', 'Europe/Berlin'))).toBe(
				'2024-03-31T01:30:00Z',
			);
			// overlap 2024-10-27 02:30 → 01:30Z = 02:30 CET (the second, later occurrence)
			const overlap = parseDateInput('2024-10-27T02:30:00', 'Europe/Berlin');
			expect(isoUtc(overlap)).toBe('2024-10-27T01:30:00Z');
			expect(formatDateTime(overlap, 'Europe/Berlin')).toBe('2024-10-27 02:30:00');
		});
	});

	const date = new Date(Date.UTC(2024, 4, 1, 7, 30));
	test.each([
		['seconds as a number', 1714548600, 1714548600000],
		['seconds as a 10-digit string', '1714548600', 1714548600000],
		['seconds with white space', ' 1714548600 ', 1714548600000],
		['milliseconds as a 13-digit string', '1714548600123', 1714548600123],
		['milliseconds as a number', 1714548600123, 1714548600123],
		['zero, the epoch', 0, 0],
		['a Date', date, date.getTime()],
		['an object with toMillis()', { toMillis: () => 1714548600000 }, 1714548600000],
		[
			'an object with only toISO()',
			{ toISO: () => '2024-05-01T09:30:00.000+02:00' },
			1714548600000,
		],
	])('%s', (_name, value, ms) => {
		expect(parseDateInput(value, 'America/New_York')).toBe(ms);
	});

	describe('invalid input throws DateInputError', () => {
		test.each([
			['empty', ''],
			['white space', '   '],
			['a word', 'yesterday'],
			['Feb 30', '2024-02-30'],
			['Feb 29 in a non-leap year', '2023-02-29'],
			['month 13', '2024-13-01'],
			['day 32', '2024-01-32'],
			['hour 25', '2024-05-01T25:00:00'],
			['US format', '05/01/2024'],
			['8 digits', '20240501'],
			['14 digits', '17145486001234'],
			['ISO garbage after', '2024-05-01T09:30:00 please'],
			['negative number', -1],
			['NaN', Number.NaN],
			['Infinity', Number.POSITIVE_INFINITY],
			['null', null],
			['undefined', undefined],
			['boolean', true],
			['plain object', {}],
			['an invalid Date', new Date('nope')],
			['an invalid Luxon DateTime (toMillis() NaN)', { toMillis: () => Number.NaN }],
			// V8's Date.parse reads it as 1 March
			['an impossible day with a Z', '2024-02-30T10:00:00Z'],
			// Date.UTC would roll it over to 10:01
			['minute 61', '2024-05-01T09:61:00'],
		])('%s', (_name, value) => {
			expect(() => parseDateInput(value, 'Europe/Berlin')).toThrow(DateInputError);
		});

		test('the error names the bad value', () => {
			expect(() => parseDateInput('yesterday', 'UTC')).toThrow(/yesterday/);
			expect(() => parseDateInput('2024-02-30', 'UTC')).toThrow(/2024-02-30/);
		});
	});

	// helpers/dates.ts's isRealDateTime is the one rule for both directions
	test.each([
		['30 February', '2024-02-30', '09:30:00'],
		['29 February of a non-leap year', '2023-02-29', '09:30:00'],
		['29 February 1900 (no leap year)', '1900-02-29', '09:30:00'],
		['month 13', '2024-13-01', '09:30:00'],
		['hour 24', '2024-05-01', '24:00:00'],
		['minute 60', '2024-05-01', '09:60:00'],
		['second 60 (no leap second in JavaScript dates)', '2016-12-31', '23:59:60'],
		['a year before 100 (Date.UTC reads it as 19xx)', '0050-05-01', '09:30:00'],
	])('no real date-time, given to the node or sent by the service: %s', (_name, day, time) => {
		expect(() => parseDateInput(`${day}T${time}`, 'UTC')).toThrow(DateInputError);
		expect(() => parseDateInput(`${day}T${time}Z`, 'UTC')).toThrow(DateInputError);
		expect(toIsoDateTime(`${day} ${time} -0400`)).toBeUndefined();
		expect(toIsoDateTime(`${day} ${time} UTC`)).toBeUndefined();
	});

	test('29 February of a leap year (2000, 2024) is a real date in both directions', () => {
		expect(parseDateInput('2000-02-29T23:59:59Z', 'UTC')).toBe(Date.UTC(2000, 1, 29, 23, 59, 59));
		expect(toIsoDateTime('2024-02-29 23:59:59 -0400')).toBe('2024-03-01T03:59:59Z');
	});

	test('property: naive wall-clock strings round-trip through formatDateTime in several zones', () => {
		const rand = rng(7);
		const zones = [
			'UTC',
			'Europe/Berlin',
			'America/New_York',
			'Asia/Kolkata',
			'Australia/Lord_Howe',
			'America/St_Johns',
		];
		const from = Date.UTC(2000, 0, 1);
		const to = Date.UTC(2035, 0, 1);
		for (let i = 0; i < 600; i++) {
			const zone = zones[i % zones.length];
			const ms = Math.floor((from + rand() * (to - from)) / 1000) * 1000;
			const wall = formatDateTime(ms, zone);
			const back = parseDateInput(wall.replace(' ', 'T'), zone);
			// same instant, or (inside a DST overlap) the other instant with the same wall time
			if (back !== ms) expect(formatDateTime(back, zone)).toBe(wall);
		}
	});
});

describe('formatting', () => {
	const ms = Date.UTC(2024, 4, 1, 7, 30, 5, 999);
	test('formatDateTime in a zone', () => {
		expect(formatDateTime(ms, 'UTC')).toBe('2024-05-01 07:30:05');
		expect(formatDateTime(ms, 'Europe/Berlin')).toBe('2024-05-01 09:30:05');
		expect(formatDateTime(ms, 'America/New_York')).toBe('2024-05-01 03:30:05');
		expect(formatDateTime(ms, 'Asia/Kolkata')).toBe('2024-05-01 13:00:05');
	});
	test('formatDateTime pads all parts', () => {
		expect(formatDateTime(Date.UTC(2024, 0, 2, 3, 4, 5), 'UTC')).toBe('2024-01-02 03:04:05');
	});
	test('formatDate gives the day in the zone', () => {
		const lateUtc = Date.UTC(2024, 4, 1, 23, 30);
		expect(formatDate(lateUtc, 'UTC')).toBe('2024-05-01');
		expect(formatDate(lateUtc, 'Europe/Berlin')).toBe('2024-05-02');
		expect(formatDate(Date.UTC(2024, 4, 1, 2), 'America/New_York')).toBe('2024-04-30');
	});
	test('isoUtc drops milliseconds (floors)', () => {
		expect(isoUtc(ms)).toBe('2024-05-01T07:30:05Z');
		expect(isoUtc(Date.UTC(2024, 4, 1, 7, 30))).toBe('2024-05-01T07:30:00Z');
		expect(isoUtc(0)).toBe('1970-01-01T00:00:00Z');
	});
	test('toUnixSeconds floors', () => {
		expect(toUnixSeconds(1714548600999)).toBe(1714548600);
		expect(toUnixSeconds(1714548600000)).toBe(1714548600);
	});
});

describe('splitCountNewRange', () => {
	const W = COUNT_NEW_WINDOW_SECONDS;
	const start = 1704067200; // 2024-01-01T00:00:00Z

	function checkWindows(windows: Array<[number, number]>, s: number, e: number): void {
		expect(windows.length).toBeGreaterThan(0);
		expect(windows[0][0]).toBe(s);
		expect(windows[windows.length - 1][1]).toBe(e);
		for (let i = 0; i < windows.length; i++) {
			const [from, to] = windows[i];
			expect(from).toBeLessThanOrEqual(to);
			expect(to - from).toBeLessThanOrEqual(28 * DAY);
			if (i > 0) expect(from).toBe(windows[i - 1][1] + 1);
		}
	}

	test.each([
		['start === end: one window of one second', start, start, [[start, start]]],
		['exactly one window', start, start + W, [[start, start + W]]],
		[
			'one second more than a window: a second one-second window',
			start,
			start + W + 1,
			[
				[start, start + W],
				[start + W + 1, start + W + 1],
			],
		],
		['a short range: one window', start, start + 7 * DAY, [[start, start + 7 * DAY]]],
		['end before start: no windows', start + 10, start, []],
	])('%s', (_name, from, to, windows) => {
		expect(splitCountNewRange(from, to)).toEqual(windows);
	});

	test('a custom window size', () => {
		expect(splitCountNewRange(0, 10, 4)).toEqual([
			[0, 4],
			[5, 9],
			[10, 10],
		]);
	});

	test('property: 200 random ranges are covered exactly, without overlap or gap', () => {
		const rand = rng(2024);
		for (let i = 0; i < 200; i++) {
			const s = 1_000_000_000 + Math.floor(rand() * 700_000_000);
			const length = Math.floor(rand() * (rand() < 0.3 ? 3 * W : 400 * DAY));
			const e = s + length;
			const windows = splitCountNewRange(s, e);
			checkWindows(windows, s, e);
			const covered = windows.reduce((sum, [from, to]) => sum + (to - from + 1), 0);
			expect(covered).toBe(e - s + 1);
			expect(windows.length).toBe(Math.ceil((e - s + 1) / (W + 1)));
		}
	});
});
