/**
 * The parsing module's values (dates to ISO 8601 with the instant kept, scalars typed or kept as
 * text, XML entities, camelCase names) and its JSON and plain-text answers. XML answers:
 * parsingXml.test.ts.
 */
import {
	addressLines,
	jsonList,
	parseJson,
	textInteger,
	toIsoDateTime,
} from '../../nodes/MadMimi/parsing';
import { fieldType } from '../../nodes/MadMimi/parsing/fieldTypes';
import { ParseError } from '../../nodes/MadMimi/parsing/parseError';
import { camelCase, typedScalar } from '../../nodes/MadMimi/parsing/values';
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
});

describe('typedScalar: a value is typed by what its field is, never by what it looks like', () => {
	test.each([
		['', 'number', null],
		['   ', 'text', null],
		['\n\t ', 'boolean', null],
		['42', 'number', 42],
		['-3', 'number', -3],
		['1.5', 'number', 1.5],
		['9007199254740991', 'number', 9007199254740991],
		['true', 'boolean', true],
		['false', 'boolean', false],
		['2014-09-07 16:54:55 -0400', 'dateTime', '2014-09-07T20:54:55Z'],
		['2014-09-04 18:32:31 UTC', 'dateTime', '2014-09-04T18:32:31Z'],
		['Mon Feb 14 09:59:05 -0500 2011', 'dateTime', '2011-02-14T14:59:05Z'],
		[' 42 ', 'number', 42],
		[' true\n', 'boolean', true],
	] as const)('%p as a %s field → %p', (input, type, expected) => {
		expect(typedScalar(input, type)).toBe(expected);
	});

	test.each(['007', '9007199254740993', '1e5', '1,000', 'soon'])(
		'a number field keeps %p as text: a code or a figure no number holds exactly',
		(input) => {
			expect(typedScalar(input, 'number')).toBe(input);
		},
	);

	test.each([
		'1.50',
		'2024',
		'19.90',
		'007',
		'true',
		'2014-09-07 16:54:55 -0400',
		'Newsletter',
		' spaced ',
	])('a text field (a name, a subject, a custom field) keeps %p exactly', (input) => {
		expect(typedScalar(input, 'text')).toBe(input);
	});
});

describe('fieldType: the one table of typed fields', () => {
	test.each([
		...[
			'id',
			'promotion_id',
			'promotionId',
			'count',
			'subscriber_count',
			'total_pages',
			'sent',
		].map((name) => [name, 'number']),
		...['created_at', 'membershipCreatedAt', 'started_send'].map((name) => [name, 'dateTime']),
		...['suppressed', 'all_audience'].map((name) => [name, 'boolean']),
		...[
			'name',
			'display_name',
			'subject',
			'mimio',
			'first_name',
			'plan_version',
			'price',
			'zip',
			'constructor',
			'__proto__',
			'toString',
			'paid',
		].map((name) => [name, 'text']),
	])('%s is %s', (name, type) => {
		expect(fieldType(name)).toBe(type);
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
		['_id', '_id'],
		['__proto__', '__proto__'],
		['first_name_', 'firstName_'],
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

	test('top-level arrays and scalars; a date only in a date-time field', () => {
		expect(
			parseJson(
				'[{"a_b":1},{"sent_at":"2014-09-04 18:32:31 UTC","name":"2014-09-04 18:32:31 UTC"}]',
			),
		).toEqual([{ aB: 1 }, { sentAt: '2014-09-04T18:32:31Z', name: '2014-09-04 18:32:31 UTC' }]);
		expect(parseJson('7')).toBe(7);
		expect(parseJson('null')).toBeNull();
		expect(parseJson('"2014-09-04 18:32:31 UTC"')).toBe('2014-09-04 18:32:31 UTC');
	});

	test('nested 20,000 levels deep: read without recursion', () => {
		const depth = 20_000;
		const parsed = parseJson(`${'{"a_b":'.repeat(depth)}1${'}'.repeat(depth)}`);
		let level = parsed as Record<string, unknown>;
		for (let i = 1; i < depth; i++) level = level.aB as Record<string, unknown>;
		expect(level).toEqual({ aB: 1 });
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
	])('%s → ParseError', (_name, body) => {
		expect(() => parseJson(body)).toThrow(ParseError);
	});
});

describe('addressLines', () => {
	test('non-empty trimmed lines, LF and CRLF', () => {
		expect(addressLines('a@example.com\r\nb@example.com\n\n  c@example.com  \n')).toEqual([
			'a@example.com',
			'b@example.com',
			'c@example.com',
		]);
	});
	test('empty text gives no lines', () => {
		expect(addressLines('')).toEqual([]);
		expect(addressLines('\n\r\n  \n')).toEqual([]);
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
	test.each(['', ' ', 'abc', '1.5', '4 2', '<html>', '0x10'])('%p → ParseError', (input) => {
		expect(() => textInteger(input)).toThrow(ParseError);
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
