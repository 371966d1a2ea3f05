import { parseXml } from '../../emulator/xml';

/** The message parseXml throws for `text`, or '(parsed)' when it reads it. */
function refusal(text: string): string {
	try {
		parseXml(text);
		return '(parsed)';
	} catch (e) {
		return `${(e as Error).name}: ${(e as Error).message}`;
	}
}

describe('parseXml refuses, with these messages and offsets', () => {
	it.each([
		// the document around the root element
		['', 'Error: XML: element expected at offset 0'],
		['  x', 'Error: XML: element expected at offset 2'],
		['<?xml?>', 'Error: XML: element expected at offset 7'],
		['<?xml version="1.0"', 'Error: XML: unterminated declaration'],
		['<?other?><a/>', 'Error: XML: name expected at offset 1'],
		['<a/><b/>', 'Error: XML: content after the root element at offset 4'],
		['<a/>  x', 'Error: XML: content after the root element at offset 6'],
		// the start tag and its attributes
		['<1a/>', 'Error: XML: name expected at offset 1'],
		['<a', 'Error: XML: name expected at offset 2'],
		['<a 1="x"/>', 'Error: XML: name expected at offset 3'],
		['<a b/>', 'Error: XML: = expected after b at offset 4'],
		['<a b=c/>', 'Error: XML: quoted value expected at offset 5'],
		['<a b="c/>', 'Error: XML: unterminated attribute value'],
		['<a b="<"/>', 'Error: XML: < in an attribute value at offset 5'],
		['<a b="1" b="2"/>', 'Error: XML: duplicate attribute b'],
		['<a b="&x;"/>', 'Error: XML: unknown entity &x; near offset 5'],
		['<a b="x & y"/>', 'Error: XML: bare & near offset 5'],
		// the content
		['<a>text', 'Error: XML: </a> missing'],
		['<a><b>', 'Error: XML: </b> missing'],
		['<a>x & y</a>', 'Error: XML: bare & near offset 3'],
		['<a><b/>t &foo;</a>', 'Error: XML: unknown entity &foo; near offset 7'],
		['<a>&#xZZ;</a>', 'RangeError: Invalid code point NaN'],
		[
			'<a><!-- c --></a>',
			'Error: XML: comments, CDATA and processing instructions are not supported (offset 3)',
		],
		[
			'<a><?pi?></a>',
			'Error: XML: comments, CDATA and processing instructions are not supported (offset 3)',
		],
		[
			'<a><![CDATA[x]]></a>',
			'Error: XML: comments, CDATA and processing instructions are not supported (offset 3)',
		],
		// the closing tag
		['<a></>', 'Error: XML: name expected at offset 5'],
		['<a></ a>', 'Error: XML: name expected at offset 5'],
		['<a></b>', 'Error: XML: </b> closes <a>'],
		['<a><b></a>', 'Error: XML: </a> closes <b>'],
		['<a></a x>', 'Error: XML: > expected at offset 7'],
	])('%j: %s', (text, message) => {
		expect(refusal(text)).toBe(message);
	});
});

describe('parseXml reads', () => {
	it('space around the declaration and the root, in tags and before a closing >', () => {
		expect(parseXml(" <?xml v?> \n <a b = '1'\n></a >\n")).toEqual({
			name: 'a',
			attrs: [['b', '1']],
			children: [],
			selfClosing: false,
		});
		expect(parseXml('<?xmlish?><a />')).toEqual({
			name: 'a',
			attrs: [],
			children: [],
			selfClosing: true,
		});
	});

	it('text as written between elements (whitespace kept, > allowed), entities decoded', () => {
		expect(parseXml('<a>\n <b c="x>y"/>z></a>')).toEqual({
			name: 'a',
			attrs: [],
			children: [
				'\n ',
				{ name: 'b', attrs: [['c', 'x>y']], children: [], selfClosing: true },
				'z>',
			],
			selfClosing: false,
		});
		expect(parseXml('<a>\n  <b>\n  </b>\n</a>').children).toEqual([
			'\n  ',
			{ name: 'b', attrs: [], children: ['\n  '], selfClosing: false },
			'\n',
		]);
		expect(parseXml('<a>&amp;&#65;&#x42;</a>').children).toEqual(['&AB']);
	});

	it('attribute values in either quote, the other quote inside, references decoded, in document order', () => {
		expect(parseXml('<a z="1&#10;"  c=\'"\' />').attrs).toEqual([
			['z', '1\n'],
			['c', '"'],
		]);
	});
});
