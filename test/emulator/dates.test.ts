import {
	DATE_STYLES,
	formatServiceDate,
	parseDay,
	parseSearchDateTime,
	parseServiceDate,
	ServiceClock,
} from '../../emulator/dates';

describe('formatServiceDate', () => {
	const instant = Date.UTC(2014, 8, 4, 22, 32, 31, 789); // 2014-09-04T22:32:31.789Z

	it('renders every style with the right wall time and offset', () => {
		expect(formatServiceDate(instant, '-0400')).toBe('2014-09-04 18:32:31 -0400');
		expect(formatServiceDate(instant, '-0500')).toBe('2014-09-04 17:32:31 -0500');
		expect(formatServiceDate(instant, '+0200')).toBe('2014-09-05 00:32:31 +0200');
		expect(formatServiceDate(instant, '+0530')).toBe('2014-09-05 04:02:31 +0530');
		expect(formatServiceDate(instant, 'UTC')).toBe('2014-09-04 22:32:31 UTC');
	});

	it('renders records before 2012 in the legacy form', () => {
		const old = Date.UTC(2011, 1, 14, 14, 59, 5);
		expect(formatServiceDate(old, '-0500')).toBe('Mon Feb 14 09:59:05 -0500 2011');
		expect(formatServiceDate(old, 'UTC')).toBe('Mon Feb 14 14:59:05 UTC 2011');
		expect(formatServiceDate(Date.UTC(2011, 0, 1, 2, 0, 0), '-0400')).toBe(
			'Fri Dec 31 22:00:00 -0400 2010',
		);
	});

	it('never shifts the instant (round trip through parseServiceDate)', () => {
		const seconds = Math.floor(instant / 1000) * 1000;
		for (const style of DATE_STYLES) {
			expect(parseServiceDate(formatServiceDate(instant, style))).toBe(seconds);
			const old = Date.UTC(2010, 5, 30, 23, 59, 59);
			expect(parseServiceDate(formatServiceDate(old, style))).toBe(old);
		}
	});
});

describe('input dates', () => {
	it('parses the search date-time as UTC and refuses malformed ones', () => {
		expect(parseSearchDateTime('2024-06-03 10:00:00')).toBe(Date.UTC(2024, 5, 3, 10, 0, 0));
		expect(parseSearchDateTime('2024-06-03')).toBeNull();
		expect(parseSearchDateTime('2024-02-30 10:00:00')).toBeNull();
		expect(parseSearchDateTime('2024-06-03T10:00:00Z')).toBeNull();
	});

	it('validates days', () => {
		expect(parseDay('2024-02-29')).toBe('2024-02-29');
		expect(parseDay('2023-02-29')).toBeNull();
		expect(parseDay('03/06/2024')).toBeNull();
	});
});

describe('ServiceClock', () => {
	it('follows real time, freezes on set/advance, and unfreezes', () => {
		const clock = new ServiceClock();
		expect(Math.abs(clock.now() - Date.now())).toBeLessThan(1000);
		clock.set(1_000);
		expect(clock.now()).toBe(1_000);
		clock.advance(500);
		expect(clock.now()).toBe(1_500);
		clock.useRealTime();
		expect(clock.frozen).toBe(false);
		expect(Math.abs(clock.now() - Date.now())).toBeLessThan(1000);
	});
});
