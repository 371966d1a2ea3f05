import { cell, csvRecords, writeCsv } from '../../nodes/MadMimi/helpers/csv';
import { rng } from '../../emulator/random';

const records = (text: string) => [...csvRecords(text)];

describe('writeCsv', () => {
	test('header row then one line per row, newline at the end', () => {
		expect(
			writeCsv(
				['email', 'first name'],
				[
					['jane@example.com', 'Jane'],
					['bob@example.com', 'Bob'],
				],
			),
		).toBe('email,first name\njane@example.com,Jane\nbob@example.com,Bob\n');
	});

	test.each([
		['a header alone when there are no rows', ['email', 'name'], [], 'email,name\n'],
		[
			'quotes fields holding commas, quotes and line breaks',
			['email', 'name', 'note'],
			[['a@example.com', 'Doe, Jane', 'say "hi"\nline 2']],
			'email,name,note\na@example.com,"Doe, Jane","say ""hi""\nline 2"\n',
		],
		['quotes fields holding CRLF', ['a', 'b'], [['x\r\ny', 'z']], 'a,b\n"x\r\ny",z\n'],
		['quotes header names that need it', ['email', 'last, first'], [], 'email,"last, first"\n'],
		['empty fields stay empty', ['a', 'b', 'c'], [['', 'x', '']], 'a,b,c\n,x,\n'],
		['unicode is written as is', ['name'], [['Zoë 😀 日本']], 'name\nZoë 😀 日本\n'],
	])('%s', (_name, header, rows, csv) => {
		expect(writeCsv(header, rows)).toBe(csv);
	});

	// the writer's CR quoting (csv-stringify on its own quotes only the record delimiter, '\n', and a
	// reader splits on a lone CR): the second property
	const ALPHABET = [
		'a',
		'b',
		'Z',
		'0',
		',',
		'"',
		'é',
		'ß',
		'日',
		'😀',
		';',
		"'",
		'\\',
		'=',
		' ',
		'\n',
		'\r\n',
		'\t',
	];

	function randomRows(
		rand: () => number,
		alphabet: string[],
		columns: number,
		count: number,
	): string[][] {
		const rows: string[][] = [];
		for (let r = 0; r < count; r++) {
			const row: string[] = [];
			for (let c = 0; c < columns; c++) {
				let s = '';
				const length = Math.floor(rand() * 12);
				for (let k = 0; k < length; k++) s += alphabet[Math.floor(rand() * alphabet.length)];
				row.push(s);
			}
			rows.push(row);
		}
		return rows;
	}

	test.each([
		['unicode, quotes, commas, LF, CRLF', ALPHABET, 11, 0],
		['lone CR characters as well', [...ALPHABET, '\r'], 12, 1],
	])(
		'property: random rows (%s) round-trip through csvRecords',
		(_name, alphabet, seed, fewest) => {
			const rand = rng(seed);
			for (let i = 0; i < 300; i++) {
				// at least two columns: a one-column row holding '' is a blank line
				const columns = 2 + Math.floor(rand() * 4);
				const header = Array.from({ length: columns }, (_, c) => `col ${c}`);
				const rows = randomRows(rand, alphabet, columns, fewest + Math.floor(rand() * 6));
				expect(records(writeCsv(header, rows))).toEqual([header, ...rows]);
			}
		},
	);
});

describe('cell', () => {
	test.each([
		[undefined, ''],
		[null, ''],
		['text', 'text'],
		['', ''],
		[42, '42'],
		[1.5, '1.5'],
		[0, '0'],
		[true, 'true'],
		[false, 'false'],
		[12345678901234567890n, '12345678901234567890'],
		[new Date(Date.UTC(2024, 4, 1, 7, 30)), '2024-05-01T07:30:00.000Z'],
		[{ a: 1 }, '{"a":1}'],
		[[1, 'x'], '[1,"x"]'],
	])('%p → %p', (value, expected) => {
		expect(cell(value)).toBe(expected);
	});
});

describe('csvRecords', () => {
	test('quoted fields with commas, line breaks and doubled quotes', () => {
		expect(
			records('email,name\r\n"a@example.com","Doe, ""Jane""\nline 2"\r\nb@example.com,Bob\n'),
		).toEqual([
			['email', 'name'],
			['a@example.com', 'Doe, "Jane"\nline 2'],
			['b@example.com', 'Bob'],
		]);
	});

	test('keeps empty fields, skips blank lines and a BOM, accepts a missing final newline', () => {
		expect(records('\uFEFFa,b,c\n\n1,,\n,2,\n"",x,"y"')).toEqual([
			['a', 'b', 'c'],
			['1', '', ''],
			['', '2', ''],
			['', 'x', 'y'],
		]);
	});

	test('CR, LF and CRLF all end a record', () => {
		expect(records('a\rb\nc\r\nd')).toEqual([['a'], ['b'], ['c'], ['d']]);
	});

	test('empty text has no records', () => {
		expect(records('')).toEqual([]);
		expect(records('\n\n')).toEqual([]);
		expect(records('\uFEFF')).toEqual([]);
	});

	test('is lazy: the header can be read without scanning the rest', () => {
		const gen = csvRecords('email,name\nx@example.com,X\n');
		expect(gen.next().value).toEqual(['email', 'name']);
	});
});
