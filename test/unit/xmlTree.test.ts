import { XmlSyntaxError } from '../../nodes/MadMimi/parsing/xmlTokens';
import { readXmlTree } from '../../nodes/MadMimi/parsing/xmlTree';

/*
 * The one-pass reader where a comparison with a strict parser cannot reach (xmlDifferential.test.ts
 * has that): the place of a refusal far into a document, and large documents read in linear time.
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

	test('200,000 text runs between comments and a 20 MB attribute: linear, not quadratic', () => {
		const runs = `<a>${'x<!-- c -->'.repeat(200_000)}</a>`;
		expect(readXmlTree(runs).text).toBe('x'.repeat(200_000));
		const big = 'v'.repeat(20_000_000);
		expect(readXmlTree(`<a k="${big}"/>`).attributes[0][1].length).toBe(20_000_000);
	});
});
