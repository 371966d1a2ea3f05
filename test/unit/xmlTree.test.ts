import { XmlSyntaxError } from '../../nodes/MadMimi/parsing/xmlTokens';
import { readXmlTree } from '../../nodes/MadMimi/parsing/xmlTree';

/*
 * The one-pass reader where a comparison with a strict parser cannot reach (xmlDifferential.test.ts
 * has that): large documents read in linear time, and a page cut after a whole record refused.
 */

describe('what was refused is refused, in one pass', () => {
	test.each([
		['after an "&" in an attribute', '<a x="&amp;"><b>ok</b>t & u</a>'],
		['after an "&" in a CDATA section', '<a><![CDATA[&]]>&amp; & u</a>'],
		['after an "&" in a comment', '<a><!-- &amp; --><b>&#233;</b>x & y</a>'],
		['far into a large document', `<a>${'<b>x</b>\n'.repeat(100_000)}<b>x & y</b></a>`],
	])('a bare "&" in text is refused %s', (_, xml) => {
		expect(() => readXmlTree(xml)).toThrow(
			expect.objectContaining({ position: xml.lastIndexOf('& ') }),
		);
		expect(() => readXmlTree(xml)).toThrow(XmlSyntaxError);
	});

	test('a name repeated among many attributes is refused; distinct ones are kept in order', () => {
		const names = Array.from({ length: 5_000 }, (_, i) => `a${i}`);
		const attributes = names.map((name, i) => ` ${name}="${i}"`).join('');
		const root = readXmlTree(`<r${attributes}/>`);
		expect(root.attributes).toEqual(names.map((name, i) => [name, String(i)]));
		expect(() => readXmlTree(`<r${attributes} a2500="again"/>`)).toThrow(
			"Attribute 'a2500' is repeated",
		);
	});

	test('a page cut after a whole record is refused', () => {
		const page = '<audience count="2"><member><email>a@example.com</email></member>';
		expect(() => readXmlTree(page)).toThrow("Unclosed tag 'audience'");
	});

	test('200,000 text runs between comments and a 20 MB attribute: linear, not quadratic', () => {
		const runs = `<a>${'x<!-- c -->'.repeat(200_000)}</a>`;
		expect(readXmlTree(runs).text).toBe('x'.repeat(200_000));
		const big = 'v'.repeat(20_000_000);
		expect(readXmlTree(`<a k="${big}"/>`).attributes[0][1].length).toBe(20_000_000);
	});
});
