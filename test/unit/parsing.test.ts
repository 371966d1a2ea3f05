/**
 * The parsing module's values (dates to ISO 8601 with the instant kept, scalars typed or kept as
 * text, XML entities, camelCase names) and its JSON and plain-text answers. XML answers:
 * parsingXml.test.ts.
 */
import {
	AnswerError,
	camelCase,
	jsonList,
	convertScalar,
	parseJson,
	textInteger,
	textLines,
	toIsoDateTime,
} from '../../nodes/MadMimi/parsing';
import { decodeXmlText } from '../../nodes/MadMimi/parsing/values';
import { rng } from '../../emulator/random';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

describe('toIsoDateTime', () => {
	test.each([
		['2014-09-07 16:54:55 -0400', '2014-09-07T20:54:55Z'],
		['2014-09-04 18:32:31 UTC', '2014-09-04T18:32:31Z'],
		['2014-09-04 18:32:31 GMT', '2014-09-04T18:32:31Z'],
		['2014-09-04T18:32:31Z', '2014-09-04T18:32:31Z'],
		['2014-09-07T16:54:55-04:00', '2014-09-07T20:54:55Z'],
		['2014-09-07 16:54:55 +0530', '2014-09-07T11:24:55Z'],
		['2014-09-07 16:54:55.123 -0400', '2014-09-07T20:54:55.123Z'],
		['Mon Feb 14 09:59:05 -0500 2011', '2011-02-14T14:59:05Z'],
		['Tue Feb  1 09:59:05 -0500 2011', '2011-02-01T14:59:05Z'],
		['Tue Feb 01 09:59:05 +0100 2011', '2011-02-01T08:59:05Z'],
		['Mon Feb 14 09:59:05 UTC 2011', '2011-02-14T09:59:05Z'],
	])('%s → %s', (input, expected) => {
		expect(toIsoDateTime(input)).toBe(expected);
	});

	test.each([
		'',
		'hello',
		'2014-09-07',
		'2014-09-07 16:54',
		'2014-09-07 16:54:55',
		'16:54:55 -0400',
		'Newsletter 2014-09-07 16:54:55 -0400',
		'2014-09-07 16:54:55 -0400 extra',
		'Mon Foo 14 09:59:05 -0500 2011',
		'42',
	])('leaves non-date %p alone (undefined)', (input) => {
		expect(toIsoDateTime(input)).toBeUndefined();
	});

	test('the instant never shifts (spaced form, 200 random date-times and offsets)', () => {
		const rand = rng(42);
		for (let i = 0; i < 200; i++) {
			const y = 2000 + Math.floor(rand() * 30);
			const mo = 1 + Math.floor(rand() * 12);
			const d = 1 + Math.floor(rand() * 28);
			const h = Math.floor(rand() * 24);
			const mi = Math.floor(rand() * 60);
			const s = Math.floor(rand() * 60);
			const sign = rand() < 0.5 ? -1 : 1;
			const oh = Math.floor(rand() * 13);
			const om = [0, 30, 45][Math.floor(rand() * 3)];
			const useUtc = rand() < 0.2;
			const offsetText = useUtc ? 'UTC' : `${sign < 0 ? '-' : '+'}${pad(oh)}${pad(om)}`;
			const input = `${y}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)} ${offsetText}`;
			const offsetMs = useUtc ? 0 : sign * (oh * 60 + om) * 60_000;
			const expected = Date.UTC(y, mo - 1, d, h, mi, s) - offsetMs;
			const iso = toIsoDateTime(input);
			expect(iso).toBeDefined();
			expect(Date.parse(iso as string)).toBe(expected);
		}
	});

	test('the instant never shifts (Ruby form)', () => {
		const input = 'Mon Feb 14 09:59:05 -0500 2011';
		expect(Date.parse(toIsoDateTime(input) as string)).toBe(Date.UTC(2011, 1, 14, 14, 59, 5));
		expect(Date.parse(toIsoDateTime('2014-09-04 18:32:31 UTC') as string)).toBe(
			Date.UTC(2014, 8, 4, 18, 32, 31),
		);
	});
});

describe('convertScalar', () => {
	test.each([
		['', null],
		['   ', null],
		['\n\t ', null],
		['true', true],
		['false', false],
		['42', 42],
		['-3', -3],
		['0', 0],
		['1.5', 1.5],
		['-0.25', -0.25],
		['9007199254740991', 9007199254740991],
	])('%p → %p', (input, expected) => {
		expect(convertScalar(input)).toBe(expected);
	});

	test.each([
		'007',
		'00',
		'12345678901234567890',
		'9007199254740993',
		'+5',
		'.5',
		'1e5',
		'1,000',
		'0x10',
		'True',
		'FALSE',
		'yes',
		'Newsletter',
		'jane@example.com',
		'2014-09-07',
		'555-0100',
	])('keeps %p as the same text', (input) => {
		expect(convertScalar(input)).toBe(input);
	});

	test('dates become ISO 8601 in UTC, the same instant', () => {
		expect(convertScalar('2014-09-07 16:54:55 -0400')).toBe('2014-09-07T20:54:55Z');
		expect(convertScalar('2014-09-04 18:32:31 UTC')).toBe('2014-09-04T18:32:31Z');
		expect(convertScalar('Mon Feb 14 09:59:05 -0500 2011')).toBe('2011-02-14T14:59:05Z');
	});

	test('surrounding white space is ignored for typed values', () => {
		expect(convertScalar(' 42 ')).toBe(42);
		expect(convertScalar(' true\n')).toBe(true);
		expect(convertScalar(' 2014-09-04 18:32:31 UTC ')).toBe('2014-09-04T18:32:31Z');
	});
});

describe('decodeXmlText', () => {
	test('decodes the predefined entities and character references', () => {
		expect(decodeXmlText('A &amp; B &lt;x&gt; &quot;q&quot; &apos;s&apos;')).toBe(
			'A & B <x> "q" \'s\'',
		);
		expect(decodeXmlText('caf&#233; caf&#xE9; caf&#xe9;')).toBe('café café café');
		expect(decodeXmlText('&#128512;')).toBe('😀');
	});

	test('decodes only once (no double decoding)', () => {
		expect(decodeXmlText('&amp;lt;')).toBe('&lt;');
		expect(decodeXmlText('&amp;amp;')).toBe('&amp;');
	});

	test('leaves unknown or declared entities and bare ampersands as they are', () => {
		expect(decodeXmlText('&lol9;')).toBe('&lol9;');
		expect(decodeXmlText('&nbsp;')).toBe('&nbsp;');
		expect(decodeXmlText('AT&T')).toBe('AT&T');
		expect(decodeXmlText('&#x110000;')).toBe('&#x110000;');
		expect(decodeXmlText('no entities')).toBe('no entities');
	});
});

describe('camelCase', () => {
	test.each([
		['started_send', 'startedSend'],
		['first name', 'firstName'],
		['opt-out', 'optOut'],
		['subscriber_count', 'subscriberCount'],
		['promotion_attempts', 'promotionAttempts'],
		['First_Name', 'firstName'],
		['a__b', 'aB'],
		['_id', 'id'],
		['id', 'id'],
		['displayName', 'displayName'],
		['ID', 'ID'],
		['___', '___'],
	])('%p → %p', (input, expected) => {
		expect(camelCase(input)).toBe(expected);
	});
});

describe('parseJson', () => {
	test('camelCase keys at any depth, dates converted, numbers and types kept', () => {
		const json = JSON.stringify({
			audience_list: {
				list_id: 101,
				display_name: null,
				created_at: '2014-09-07 16:54:55 -0400',
				members: [
					{
						first_name: 'Jane',
						opted_out: false,
						updated_at: 'Mon Feb 14 09:59:05 -0500 2011',
						zip_code: '00501',
					},
				],
				nested_deeper: { third_level: { fourth_key: 1.5 } },
			},
		});
		expect(parseJson(json)).toEqual({
			audienceList: {
				listId: 101,
				displayName: null,
				createdAt: '2014-09-07T20:54:55Z',
				members: [
					{
						firstName: 'Jane',
						optedOut: false,
						updatedAt: '2011-02-14T14:59:05Z',
						zipCode: '00501',
					},
				],
				nestedDeeper: { thirdLevel: { fourthKey: 1.5 } },
			},
		});
	});

	test('strings that look like numbers are kept as the service typed them', () => {
		expect(parseJson('{"count":"42","n":42,"ok":"true"}')).toEqual({
			count: '42',
			n: 42,
			ok: 'true',
		});
	});

	test('top-level arrays and scalars', () => {
		expect(parseJson('[{"a_b":1},{"a_b":"2014-09-04 18:32:31 UTC"}]')).toEqual([
			{ aB: 1 },
			{ aB: '2014-09-04T18:32:31Z' },
		]);
		expect(parseJson('7')).toBe(7);
		expect(parseJson('null')).toBeNull();
		expect(parseJson('"2014-09-04 18:32:31 UTC"')).toBe('2014-09-04T18:32:31Z');
	});

	test('a BOM and surrounding white space are accepted', () => {
		expect(parseJson('\uFEFF \n{"x_y": true}\n')).toEqual({ xY: true });
	});

	test('a __proto__ key does not pollute prototypes', () => {
		const out = parseJson('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown>;
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect(out.a).toBe(1);
	});

	test.each([
		['empty', ''],
		['white space', ' \n '],
		['invalid', '{bad json'],
		['XML', '<lists/>'],
		['truncated', '{"a": [1, 2'],
		['plain text', 'Unable to authenticate'],
	])('%s → AnswerError', (_name, body) => {
		expect(() => parseJson(body)).toThrow(AnswerError);
	});
});

describe('textLines', () => {
	test('non-empty trimmed lines, LF and CRLF', () => {
		expect(textLines('a@example.com\r\nb@example.com\n\n  c@example.com  \n')).toEqual([
			'a@example.com',
			'b@example.com',
			'c@example.com',
		]);
	});
	test('empty text gives no lines', () => {
		expect(textLines('')).toEqual([]);
		expect(textLines('\n\r\n  \n')).toEqual([]);
	});
});

describe('textInteger', () => {
	test.each([
		['42', 42],
		[' 42\n', 42],
		['-3', -3],
		['0', 0],
	])('%p → %p', (input, expected) => {
		expect(textInteger(input)).toBe(expected);
	});
	test.each(['', ' ', 'abc', '1.5', '4 2', '<html>', '0x10'])('%p → AnswerError', (input) => {
		expect(() => textInteger(input)).toThrow(AnswerError);
	});
});

describe('jsonList: the records of a JSON list answer, whatever its keys', () => {
	test('an array: its elements', () => {
		expect(jsonList([{ key: 'a' }, { key: 'b' }])).toEqual([{ key: 'a' }, { key: 'b' }]);
		expect(jsonList([])).toEqual([]);
	});

	test('an object wrapping one array beside counters: that array', () => {
		expect(jsonList({ total: 2, catalog: [{ code: 'a' }, { code: 'b' }] })).toEqual([
			{ code: 'a' },
			{ code: 'b' },
		]);
		expect(jsonList({ total: 0, catalog: [] })).toEqual([]);
		expect(jsonList({ entries: [{ code: 'a' }] })).toEqual([{ code: 'a' }]);
	});

	test('any other object is one record; an empty object none; scalars are { value }', () => {
		expect(jsonList({ twitter: 'https://t.co/x', wordpress: 'https://w.com' })).toEqual([
			{ twitter: 'https://t.co/x', wordpress: 'https://w.com' },
		]);
		expect(jsonList({ a: [1], b: [2] })).toEqual([{ a: [1], b: [2] }]);
		expect(jsonList({})).toEqual([]);
		expect(jsonList(['a', 2])).toEqual([{ value: 'a' }, { value: 2 }]);
		expect(jsonList(null)).toEqual([]);
	});
});
