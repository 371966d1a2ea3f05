/**
 * The placeholders' YAML, written by the node's own writer (helpers/yaml.ts), read back by the
 * `yaml` library in YAML 1.1 mode (as the service reads it, with Ruby's YAML 1.1): every key and
 * value must come back exactly as given, for thousands of generated texts built from the pieces
 * a YAML 1.1 reader would take otherwise.
 */
import { parse } from 'yaml';

import { yamlMapping } from '../../nodes/MadMimi/helpers/yaml';
import { rng } from '../../emulator/random';

const readBack = (text: string): unknown =>
	parse(text, { version: '1.1', uniqueKeys: true, schema: 'yaml-1.1' });

/** Texts a YAML 1.1 reader takes for something else, or that end or break a scalar. */
const ADVERSARIAL = [
	...['', ' ', '  leading and trailing  ', 'key: value', 'a # comment', ': ', '- item', '? key'],
	...['"double" and \'single\' quotes', '%YAML 1.1', '2014-09-05 16:54:55 -0400'],
	...['{a: 1}', '[1, 2]'],
	'#',
	'\\',
	'\\n',
	'&anchor',
	'*alias',
	'!tag',
	'!!str',
	'@at',
	'`backtick',
	'|',
	'>',
	'---',
	'...',
	'yes',
	'no',
	'on',
	'off',
	'Y',
	'n',
	'TRUE',
	'~',
	'null',
	'NULL',
	'010',
	'0777',
	'0x1F',
	'1e3',
	'1_000',
	'10:30',
	'190:20:30',
	'.inf',
	'-.INF',
	'.nan',
	'3.14',
	'+1',
	'2014-09-05',
	'=',
	'<<',
	...['tab\there', 'line\nbreak', 'crlf\r\nend', 'lone\rcr', 'nel\u0085next line'],
	...['line separator\u2028here', 'paragraph\u2029separator', 'nbsp\u00a0space'],
	...['bom\ufeffinside', '\ufeffleading bom', 'nul\u0000byte', 'bell\u0007', 'escape\u001b[0m'],
	...['del\u007f', 'c1\u0080\u009f', '\ufffe\uffff', 'emoji 😀 and 👩‍👩‍👧 family'],
	...['𝔘𝔫𝔦𝔠𝔬𝔡𝔢 beyond the BMP', '日本語とعربيةとעברית', 'combining e\u0301'],
	...['zero\u200bwidth', 'rtl\u202eoverride'],
];

const PIECES = [
	...ADVERSARIAL.filter((s) => s !== ''),
	'a',
	'Jane',
	',',
	'{',
	'}',
	'[',
	']',
	'"',
	"'",
	':',
	'#',
	'\\',
	'😀',
	...[' ', '\n', '\t', '\u2028', '\u0085', '\ufeff', '\u0000'],
];

function generated(random: () => number): string {
	const parts = Math.floor(random() * 5);
	let text = '';
	for (let i = 0; i < parts; i++) text += PIECES[Math.floor(random() * PIECES.length)];
	// now and then a random code point anywhere outside the surrogate range
	if (random() < 0.3) {
		let code = Math.floor(random() * 0x110000);
		if (code >= 0xd800 && code <= 0xdfff) code -= 0x800;
		text += String.fromCodePoint(code);
	}
	return text;
}

describe('a YAML 1.1 double-quoted scalar is read back as the very text written', () => {
	test.each(ADVERSARIAL.map((text) => [JSON.stringify(text), text]))('%s', (_label, text) => {
		expect(readBack(yamlMapping([['k', text]]))).toEqual({ k: text });
		// as a key too
		expect(readBack(yamlMapping([[text, 'v']]))).toEqual({ [text]: 'v' });
	});

	test('every character of the BMP but the surrogates, one at a time, as key and value', () => {
		for (let code = 0; code <= 0xffff; code++) {
			if (code >= 0xd800 && code <= 0xdfff) continue;
			const char = String.fromCharCode(code);
			const read = readBack(yamlMapping([[`k${char}`, `v${char}`]])) as Record<string, string>;
			if (read[`k${char}`] !== `v${char}`)
				throw new Error(`U+${code.toString(16)} was read back as ${JSON.stringify(read)}`);
		}
	});

	test('5,000 generated mappings of 1 to 6 entries: every key and value exactly, in order', () => {
		const random = rng(2026);
		for (let round = 0; round < 5_000; round++) {
			const entries = new Map<string, string>();
			const size = 1 + Math.floor(random() * 6);
			while (entries.size < size)
				entries.set(generated(random) || `empty${entries.size}`, generated(random));
			const written = yamlMapping([...entries]);
			const read = readBack(written) as Record<string, string>;
			expect(Object.entries(read)).toEqual([...entries]);
		}
	});

	test('each entry is one line, and nothing but quoted scalars is written', () => {
		expect(
			yamlMapping([
				['first_name', 'yes'],
				['time', '10:30'],
				['note', 'a\nb'],
			]),
		).toBe('"first_name": "yes"\n"time": "10:30"\n"note": "a\\nb"\n');
	});
});
