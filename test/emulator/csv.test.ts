import { csvRecords, parseCsv, parseCsvRows } from '../../emulator/csv';

describe('parseCsvRows', () => {
	it('handles quoted fields with commas, line breaks and doubled quotes', () => {
		const text = 'email,name\r\n"a@example.com","Doe, ""Jane""\nline 2"\r\nb@example.com,Bob\n';
		expect(parseCsvRows(text)).toEqual([
			['email', 'name'],
			['a@example.com', 'Doe, "Jane"\nline 2'],
			['b@example.com', 'Bob'],
		]);
	});

	it('keeps empty fields, skips blank lines and a BOM, accepts a missing final newline', () => {
		expect(parseCsvRows('\uFEFFa,b,c\n\n1,,\n,2,\n"",x,"y"')).toEqual([
			['a', 'b', 'c'],
			['1', '', ''],
			['', '2', ''],
			['', 'x', 'y'],
		]);
	});

	it.each([
		// empty input, a BOM alone, blank lines and rows of one empty field are no rows
		['', []],
		['\uFEFF', []],
		['\uFEFF\n', []],
		['\r\n\r\na\r\n\r\n', [['a']]],
		['""\n""', []],
		// a trailing comma gives a last empty field, also at the end of the input
		['a,', [['a', '']]],
		['a,\n', [['a', '']]],
		[',,', [['', '', '']]],
		['"",""', [['', '']]],
		[
			'a,b\n,\n',
			[
				['a', 'b'],
				['', ''],
			],
		],
		// line breaks: CRLF, LF or a lone CR, also inside a quoted field (kept as written)
		['a\rb\r\nc\n\rd', [['a'], ['b'], ['c'], ['d']]],
		['a\r', [['a']]],
		['"a"\r', [['a']]],
		['"a\r\nb",c\r\n', [['a\r\nb', 'c']]],
		['"a\n""\n"', [['a\n"\n']]],
		// doubled quotes
		['""""', [['"']]],
		['"a"""', [['a"']]],
		// a quote inside an unquoted field is text; a field is quoted only from its first character
		// (what csv-parse makes of text after a closing quote or of an unclosed quote is its own:
		// no recording shows the service's, and the node writes CSV with csv-stringify)
		['a"b,c"d', [['a"b', 'c"d']]],
		[' "a" ,b', [[' "a" ', 'b']]],
		// a BOM only at the very start is skipped
		['\uFEFF"a",b', [['a', 'b']]],
		['x\uFEFF,y', [['x\uFEFF', 'y']]],
	])('reads %j as %j', (text, rows) => {
		expect(parseCsvRows(text)).toEqual(rows);
	});

	it('is linear enough for 100,000 rows', () => {
		const lines = ['email,first name,add_list'];
		for (let i = 0; i < 100_000; i++) lines.push(`user${i}@example.com,"Name ${i}",List`);
		const started = Date.now();
		const rows = parseCsvRows(lines.join('\r\n'));
		expect(rows).toHaveLength(100_001);
		expect(Date.now() - started).toBeLessThan(1500);
	});
});

describe('parseCsv', () => {
	it('gives case-insensitive keys and records', () => {
		const parsed = parseCsv(' Email ,First Name\nA@example.com,Ann\nb@example.com\n');
		expect(parsed.header).toEqual(['Email', 'First Name']);
		expect(parsed.keys).toEqual(['email', 'first name']);
		expect(csvRecords(parsed)).toEqual([
			{ email: 'A@example.com', 'first name': 'Ann' },
			{ email: 'b@example.com', 'first name': '' },
		]);
	});
});
