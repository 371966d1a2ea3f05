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
