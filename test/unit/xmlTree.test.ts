import { XMLParser, XMLValidator } from 'fast-xml-parser';

import { rng } from '../../emulator/random';
import { readXmlTree, XmlSyntaxError } from '../../nodes/MadMimi/parsing/xmlTree';
import { PARSER_OPTIONS } from '../support/fastXmlParser';

/*
 * The node's one-pass XML reader against what it replaced, fast-xml-parser's validator then its
 * parser: the same tree for every well-formed document, and a refusal wherever the validator
 * refused, on documents generated from a seeded sequence, the ways a response is cut short or
 * broken included.
 */

const parser = new XMLParser(PARSER_OPTIONS);
const NAMES = ['a', 'b', 'member', 'email', 'list', 'x:y', 'é', 'first_name', 'n-1'];
const TEXTS = [
	'',
	' ',
	'text',
	'  padded  ',
	'a &amp; b',
	'&#233;',
	'2014-09-07 16:54:55 -0400',
	'1',
	'\n  \n',
];
const VALUES = ['', '1', 'a b', 'x&amp;y', '<', "it's", '"q"'];

function generator(seed: number) {
	const next = rng(seed);
	const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
	function attributes(): string {
		const names = [...new Set(Array.from({ length: Math.floor(next() * 3) }, () => pick(NAMES)))];
		return names
			.map((name) => {
				const value = pick(VALUES);
				return value.includes('"') ? ` ${name}='${value}'` : ` ${name}="${value}"`;
			})
			.join('');
	}
	function element(depth: number): string {
		const name = pick(NAMES);
		const attrs = attributes();
		if (depth > 3 || next() < 0.2)
			return next() < 0.5 ? `<${name}${attrs}/>` : `<${name}${attrs}></${name}>`;
		const parts: string[] = [];
		for (let k = Math.floor(next() * 4); k > 0; k--) {
			const roll = next();
			if (roll < 0.5) parts.push(element(depth + 1));
			else if (roll < 0.8) parts.push(pick(TEXTS));
			else if (roll < 0.9) parts.push('<![CDATA[' + pick(['', 'x < y & z', ']']) + ']]>');
			else parts.push('<!-- a comment -->');
		}
		return `<${name}${attrs}>${parts.join('')}</${name}>`;
	}
	return {
		next,
		pick,
		document: () =>
			`${next() < 0.5 ? '<?xml version="1.0" encoding="UTF-8"?>\n' : ''}${element(0)}\n`,
	};
}

/** The tree fast-xml-parser gives a document it validates, as the node's reader names it. */
function expected(xml: string): { root: string; node: unknown } {
	const parsed = parser.parse(xml) as Record<string, unknown>;
	const root = Object.keys(parsed).find((key) => key !== '#text')!;
	return { root, node: parsed[root] };
}

describe('the one-pass reader gives the tree fast-xml-parser gave', () => {
	test('2,000 generated well-formed documents: the same root, values, arrays and key order', () => {
		const { document } = generator(1);
		for (let k = 0; k < 2000; k++) {
			const xml = document();
			expect(XMLValidator.validate(xml)).toBe(true);
			const mine = readXmlTree(xml);
			const theirs = expected(xml);
			expect(mine.root).toBe(theirs.root);
			expect(JSON.stringify(mine.node)).toBe(JSON.stringify(theirs.node));
		}
	});
});

describe('what was refused is refused', () => {
	test('every cut of 300 generated documents, at every tag boundary and inside tags: refused as the validator refused it', () => {
		const { document, next } = generator(2);
		let cuts = 0;
		for (let k = 0; k < 300; k++) {
			const xml = document().trimEnd();
			for (let at = 1; at < xml.length; at += 1 + Math.floor(next() * 7)) {
				const cut = xml.slice(0, at);
				if (XMLValidator.validate(cut) === true && cut.trimEnd().endsWith('>')) continue;
				cuts++;
				expect(() => readXmlTree(cut)).toThrow(XmlSyntaxError);
			}
		}
		expect(cuts).toBeGreaterThan(5_000);
	});

	test.each([
		['after an "&" in an attribute', '<a x="&amp;"><b>ok</b>t & u</a>'],
		['after an "&" in a CDATA section', '<a><![CDATA[&]]>&amp; & u</a>'],
		['after an "&" in a comment', '<a><!-- &x; --><b>&#233;</b>x & y</a>'],
		['far into a large document', `<a>${'<b>x</b>\n'.repeat(100_000)}<b>x & y</b></a>`],
	])('a bare "&" in text is refused %s', (_, xml) => {
		expect(() => readXmlTree(xml)).toThrow(
			expect.objectContaining({
				message: "char '&' is not expected",
				position: xml.lastIndexOf('& '),
			}),
		);
	});

	test('a name repeated among many attributes is refused; distinct ones are kept in order', () => {
		const names = Array.from({ length: 5_000 }, (_, i) => `a${i}`);
		const attributes = names.map((name, i) => ` ${name}="${i}"`).join('');
		const { node } = readXmlTree(`<r${attributes}/>`);
		expect(Object.keys(node as object)).toEqual(names.map((name) => `@_${name}`));
		expect(() => readXmlTree(`<r${attributes} a2500="again"/>`)).toThrow(
			"Attribute 'a2500' is repeated",
		);
	});

	test('a page cut after a whole record, which fast-xml-parser alone reads as fewer records, is refused', () => {
		const page = '<audience count="2"><member><email>a@example.com</email></member>';
		expect(Object.keys((parser.parse(page) as { audience: object }).audience)).toContain('member');
		expect(() => readXmlTree(page)).toThrow("Unclosed tag 'audience'");
	});
});
