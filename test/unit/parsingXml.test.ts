/**
 * XML answers: the records of a list answer whatever their names (xmlList, with its rules for
 * wrappers and empty elements), a document that is one record (xmlDocument), and what is refused:
 * DOCTYPEs, HTML pages and documents that are not well-formed. The values inside them:
 * parsing.test.ts.
 */
import { xmlDocument, xmlList } from '../../nodes/MadMimi/parsing';
import { ParseError } from '../../nodes/MadMimi/parsing/parseError';

const list = (xml: string) => xmlList(xml).records;

describe('xmlList: the records of a list answer are the children of its root, whatever their names', () => {
	// the recorded lists document (camelCase attributes, numbers, display_name="" as null) through
	// the node: test/node/audienceList.test.ts
	test('BOM and surrounding white space are accepted', () => {
		expect(
			list(
				'\uFEFF  <?xml version="1.0" encoding="UTF-8"?>\n<lists>\n  <list id="1" name="A"/>\n  <list id="2" name="B"/>\n</lists>\n',
			),
		).toEqual([
			{ id: 1, name: 'A' },
			{ id: 2, name: 'B' },
		]);
	});

	test.each([
		['<lists/>'],
		['<lists></lists>'],
		['<catalog>\n  \n</catalog>'],
		['<catalog page="3" per_page="100"/>'],
	])('no children: no records (%s)', (xml) => {
		expect(list(xml)).toEqual([]);
	});

	test("the root's attributes are paging figures, not records", () => {
		const doc = xmlList(
			'<catalog page="2" per_page="100" total_pages="7"><entry ref="1"/><entry ref="2"/></catalog>',
		);
		expect(doc.records).toEqual([{ ref: '1' }, { ref: '2' }]);
		expect(doc.meta).toEqual({ page: 2, perPage: 100, totalPages: 7 });
	});

	test('records of any name, one or many, in document order; a record that is only text is { name: text }', () => {
		expect(list('<tracking><site>a.com</site></tracking>')).toEqual([{ site: 'a.com' }]);
		expect(
			list('<google_analytics><domain>a.com</domain><domain>b.com</domain></google_analytics>'),
		).toEqual([{ domain: 'a.com' }, { domain: 'b.com' }]);
		expect(list('<x><entry/></x>')).toEqual([{ entry: null }]);
	});

	test('a record keeps every attribute and child element (nothing dropped), numbers, dates and booleans converted', () => {
		const xml =
			'<promotion_attempts><promotion_attempt id="77" promotion_id="5" sent_at="2014-09-07 16:54:55 -0400" viewed="true">' +
			'<note>hi</note><brand_new_field/></promotion_attempt></promotion_attempts>';
		expect(list(xml)).toEqual([
			{
				id: 77,
				promotionId: 5,
				sentAt: '2014-09-07T20:54:55Z',
				viewed: 'true', // no spec, recording or name says it is a flag: as written
				note: 'hi',
				brandNewField: null,
			},
		]);
	});

	test('a record with no attributes whose only child is a record stays a record (the root rule comes first)', () => {
		expect(
			list('<campaigns><campaign><drips><drip id="1"/></drips></campaign></campaigns>'),
		).toEqual([{ drips: [{ id: 1 }] }]);
	});
});

describe('xmlList: wrappers and the ambiguous case (rules 3 to 7 of parsing/xml.ts)', () => {
	test.each([
		[
			'rule 3: repeated children of one name are an array',
			'<drips><drip id="1"/><drip id="2"/></drips>',
			{ drips: [{ id: 1 }, { id: 2 }] },
		],
		[
			'rule 3, whatever the names',
			'<sequence><step><key>1</key></step><step><key>2</key></step></sequence>',
			{ sequence: [{ key: '1' }, { key: '2' }] },
		],
		['rule 3, of plain values', '<tags><tag>a</tag><tag>b</tag></tags>', { tags: ['a', 'b'] }],
		[
			'rule 4: one child that is a record is a wrapper of one',
			'<drips><drip id="1"/></drips>',
			{ drips: [{ id: 1 }] },
		],
		[
			'rule 4, a record of child elements',
			'<catalog><entry><code>x</code><title>T</title></entry></catalog>',
			{ catalog: [{ code: 'x', title: 'T' }] },
		],
		[
			'rule 4: one plain child is a record with one field',
			'<address><street>Main St</street></address>',
			{ address: { street: 'Main St' } },
		],
		['rule 4, whatever the names', '<tags><tag>a</tag></tags>', { tags: { tag: 'a' } }],
		['rule 5: an empty element is null', '<drips/>', { drips: null }],
		['rule 5, written open and closed', '<drips></drips>', { drips: null }],
		['rule 5, a plain field', '<first_name/>', { firstName: null }],
		[
			'attributes and repeated children: a record whose repeated field is an array',
			'<group kind="a"><m>1</m><m>2</m></group>',
			{ group: { kind: 'a', m: ['1', '2'] } },
		],
		[
			'children of different names make a record',
			'<nested_thing><inner_value>2.5</inner_value><other>x</other></nested_thing>',
			{ nestedThing: { innerValue: '2.5', other: 'x' } },
		],
	])('%s: %s', (_rule, inner, expected) => {
		expect(list(`<records><record id="1">${inner}</record></records>`)).toEqual([
			{ id: 1, ...expected },
		]);
	});

	test('rule 6: evidence elsewhere in the document makes empty and single-value elements arrays', () => {
		const xml =
			'<campaigns>' +
			'<campaign id="1"><drips><drip id="11"/><drip id="12"/></drips><tags><tag>a</tag></tags></campaign>' +
			'<campaign id="2"><drips/><tags><tag>b</tag><tag>c</tag></tags></campaign>' +
			'<campaign id="3"><drips></drips><tags/></campaign>' +
			'</campaigns>';
		expect(list(xml)).toEqual([
			{ id: 1, drips: [{ id: 11 }, { id: 12 }], tags: ['a'] },
			{ id: 2, drips: [], tags: ['b', 'c'] },
			{ id: 3, drips: [], tags: [] },
		]);
	});

	test('rule 6: evidence that comes after the empty element counts too', () => {
		const xml = '<c><r id="1"><items/></r><r id="2"><items><i n="1"/></items></r></c>';
		expect(list(xml)).toEqual([
			{ id: 1, items: [] },
			{ id: 2, items: [{ n: '1' }] },
		]);
	});

	test('rule 6: a child record repeated under one parent is an array under every parent of that name', () => {
		const xml =
			'<promotions>' +
			'<promotion id="1"><mailing id="11"><started_send/></mailing><mailing id="12"><started_send/></mailing></promotion>' +
			'<promotion id="2"><mailing id="21"><started_send/></mailing></promotion>' +
			'<promotion id="3"></promotion>' +
			'</promotions>';
		expect(list(xml)).toEqual([
			{
				id: 1,
				mailing: [
					{ id: 11, startedSend: null },
					{ id: 12, startedSend: null },
				],
			},
			{ id: 2, mailing: [{ id: 21, startedSend: null }] },
			{ id: 3 },
		]);
	});

	test('without evidence, a single child record under a parent with attributes stays an object', () => {
		expect(
			list('<promotions><promotion id="2"><mailing id="21"/></promotion></promotions>'),
		).toEqual([{ id: 2, mailing: { id: 21 } }]);
	});

	test('rule 7: a container the recording shows is always an array, empty or with one plain child', () => {
		const read = (inner: string) =>
			xmlList(`<audience><member><email>a@x.com</email>${inner}</member></audience>`, {
				arrays: ['lists'],
			}).records[0];
		expect(read('<lists>\n    </lists>').lists).toEqual([]);
		expect(read('<lists/>').lists).toEqual([]);
		expect(read('<lists><list>list 1</list></lists>').lists).toEqual(['list 1']);
		expect(
			read('<lists><list membership_created_at="2014-09-07 19:14:29 UTC">list 1</list></lists>')
				.lists,
		).toEqual([{ membershipCreatedAt: '2014-09-07T19:14:29Z', value: 'list 1' }]);
	});

	test('rule 7 and the field types: a code is never a number, an ID is', () => {
		const xml =
			'<promotions><promotion id="1" mimio="4e9245"/><promotion id="2" mimio="293145"><mimio_child>0</mimio_child></promotion></promotions>';
		expect(xmlList(xml).records).toEqual([
			{ id: 1, mimio: '4e9245' },
			{ id: 2, mimio: '293145', mimioChild: '0' },
		]);
	});
});

describe('xmlDocument: a document that is one record', () => {
	test('links with one link and with several, whatever the link elements are called', () => {
		const stats = (links: string) =>
			xmlDocument(`<mailing><sent>3</sent><links>${links}</links></mailing>`, {
				arrays: ['links'],
			});
		expect(stats('<link><id>1</id><url>https://e.com/a</url></link>').links).toEqual([
			{ id: 1, url: 'https://e.com/a' },
		]);
		expect(
			stats('<target ref="1" href="https://e.com/a"/><target ref="2" href="https://e.com/b"/>')
				.links,
		).toEqual([
			{ ref: '1', href: 'https://e.com/a' },
			{ ref: '2', href: 'https://e.com/b' },
		]);
	});

	test.each([
		[
			'entities are decoded in text and attributes, once',
			'<list name="A &amp; B &lt;c&gt; caf&#233;"><note>caf&#xE9; &amp;amp; &quot;q&quot;</note></list>',
			{ name: 'A & B <c> café', note: 'café &amp; "q"' },
		],
		[
			'references in text, a byte order mark read past',
			'\uFEFF<a><b>&amp;lt;</b><c>A &amp; B &#233; &#x1F600;</c></a>',
			{ b: '&lt;', c: 'A & B é 😀' },
		],
		[
			'codes with leading zeros and big integers stay text, in number fields too',
			'<member><zip>00501</zip><phone>0123456789</phone><big_id>12345678901234567890</big_id><id>-3</id><code_id>007</code_id></member>',
			{ zip: '00501', phone: '0123456789', bigId: '12345678901234567890', id: -3, codeId: '007' },
		],
		[
			'rule 7 and the field types: a code is never a number, empty is null',
			'<p><mimio>007</mimio><code></code></p>',
			{ mimio: '007', code: null },
		],
		[
			'an element with attributes and text keeps the text as value, typed by the element',
			'<count unit="members">42</count>',
			{ unit: 'members', value: 42 },
		],
		[
			'the value of a text field stays text',
			'<name lang="en">42</name>',
			{ lang: 'en', value: '42' },
		],
		[
			'repeated plain elements become arrays; single ones stay values',
			'<member><email>a@x.com</email><email>b@x.com</email><name>N</name></member>',
			{ email: ['a@x.com', 'b@x.com'], name: 'N' },
		],
		['a root that is only text is one record named after it', '<count>5</count>', { count: 5 }],
		['CDATA content is literal text', '<r><note><![CDATA[a < b]]></note></r>', { note: 'a < b' }],
		[
			'entities inside CDATA are not decoded',
			'<r><note><![CDATA[&amp; <b>]]></note></r>',
			{ note: '&amp; <b>' },
		],
		[
			'text on both sides of a CDATA section keeps its order',
			'<a><b>x<![CDATA[<y>]]>z</b></a>',
			{ b: 'x<y>z' },
		],
	])('%s', (_name, xml, expected) => {
		expect(xmlDocument(xml)).toEqual(expected);
	});

	// what a person typed (names and custom fields such as 1.50, 007, 19.90) comes back as typed:
	// test/node/asTyped.test.ts; the field types: parsing.test.ts
	test('any element or attribute name is an ordinary field, the names of Object.prototype included', () => {
		const names = [
			'constructor',
			'toString',
			'valueOf',
			'hasOwnProperty',
			'__proto__',
			'isPrototypeOf',
		];
		const xml = `<m ${names.map((n, i) => `${n}="a${i}"`).join(' ')}>${names.map((n) => `<${n}>Builder</${n}>`).join('')}</m>`;
		const record = xmlDocument(`<r>${xml}</r>`).m as Record<string, unknown>;
		for (const name of names) {
			expect(Object.getOwnPropertyDescriptor(record, name)?.value).toBe('Builder');
		}
		expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
		const attributes = xmlDocument(
			`<r ${names.map((n, i) => `${n}="a${i}"`).join(' ')}/>`,
		) as Record<string, unknown>;
		names.forEach((name, i) =>
			expect(Object.getOwnPropertyDescriptor(attributes, name)?.value).toBe(`a${i}`),
		);
		expect(JSON.parse(JSON.stringify(attributes))).toEqual(
			Object.fromEntries(names.map((n, i) => [n, `a${i}`])),
		);
	});

	test('nesting of any depth: a correct read, never an engine error', () => {
		const depth = 20_000;
		let xml = 'x';
		for (let i = depth - 1; i >= 0; i--) xml = `<l${i}>${xml}</l${i}>`;
		// each level one child element: by rule 4 a wrapper of one (an array) or a record of one field
		let level: unknown = xmlDocument(`<r>${xml}</r>`);
		let levels = 0;
		while (level !== null && typeof level === 'object') {
			level = Array.isArray(level) ? level[0] : Object.values(level)[0];
			levels++;
		}
		expect(level).toBe('x');
		expect(levels).toBeGreaterThanOrEqual(depth);
	});

	test('an answer of 100,000 unclosed tags: a short message quoting its beginning', () => {
		const text = '<a>'.repeat(100_000);
		let message = '';
		try {
			xmlDocument(text);
		} catch (error) {
			message = (error as Error).message;
		}
		expect(message).toMatch(
			/^The response is not well-formed XML: Unclosed tag 'a' \(inside 99,999 more open elements\)/,
		);
		expect(message).toContain('The response begins: "<a><a><a>');
		expect(message.length).toBeLessThanOrEqual(1000);
	});

	test('every message about an unreadable answer is at most 1,000 characters', () => {
		const long = 'n'.repeat(50_000);
		for (const text of [
			`<${long}>`,
			`<a ${long}="1" ${long}="2"/>`,
			`<a></${long}>`,
			`<a>${'x'.repeat(50_000)} & </a>`,
			`not xml ${'x'.repeat(50_000)}`,
		]) {
			let message = '';
			try {
				xmlDocument(text);
			} catch (error) {
				message = (error as Error).message;
			}
			expect(message).not.toBe('');
			expect(message.length).toBeLessThanOrEqual(1000);
		}
	});
});

describe('well-formedness: what the one-pass reader accepts and what it refuses', () => {
	test.each([
		['<a/>'],
		['<?xml version="1.0" encoding="UTF-8"?>\n<a>\n  <b x="1" y=\'2\'>t</b>\n</a>\n'],
		['<a >x</a >'],
		['<a><!-- a < comment & --><b/></a>'],
		['<a><![CDATA[a < b & c]]></a>'],
		['<a x="A &amp; B &#233; &#xE9;">&lt;&gt;&quot;&apos;&amp;</a>'],
		['<ns:a-b_c.d><ü x="1"/></ns:a-b_c.d>'],
		['<a><![CDATA[<!DOCTYPE html><p>a page inside CDATA</p>]]></a>'],
		['<a><!-- <!DOCTYPE a> in a comment --></a>'],
		['<a/>\n<!-- after the root -->\n'],
	])('well-formed: %j', (xml) => {
		expect(() => xmlDocument(xml)).not.toThrow();
	});

	// a DOCTYPE with entities (billion laughs, XXE) through the node on every XML operation:
	// test/reliability/faults.cases.ts; the reader's refusal of each DOCTYPE: xmlDifferential.test.ts
	test.each([
		['<a><b></a>', /Expected closing tag 'b'/],
		['<a><b></c></a>', /Expected closing tag 'b'/],
		['<a><b>x</a>', /Expected closing tag 'b'/],
		['<a></a></b>', /Closing tag 'b' has not been opened/],
		['<lists><list id="1">', /Unclosed tag 'list'/],
		['<a/><b/>', /one root element/],
		['<a/>garbage', /text after the root element/],
		['<a></a>&#1;', /text after the root element/],
		['<a></a>garbage', /Extra text at the end/],
		['x<a/>', /not an XML document/],
		['<a>x & y</a>', /"&" that starts no known reference/],
		['<a x=1/>', /Attribute 'x' is without value/],
		['<a b="1" b="2"/>', /Attribute 'b' is repeated/],
		['<1a/>', /Tag '1a' is an invalid name/],
		['<a><!-- open</a>', /Unclosed tag 'a'/],
		['<a><![CDATA[ open</a>', /Unclosed tag 'a'/],
		['<a><!foo></a>', /an unexpected "<!" \(line 1, column 4\)/],
		['<a>x<!-y</a>', /an unexpected "<!" \(line 1, column 5\)/],
		['<a x="1 & 2"/>', /"&" that starts no known reference in an attribute value/],
		['<a y="<"/>', /"<" in the value of attribute 'y'/],
		['<a z="&lol;"/>', /"&" that starts no known reference/],
		['<a>&lol;</a>', /"&" that starts no known reference/],
		['<a>&#0;</a>', /a character reference to a character XML does not allow/],
		['<a>&#xD800;</a>', /a character reference to a character XML does not allow/],
		['<a>x\u0000y</a>', /a character XML does not allow \(U\+0000\)/],
		['<a>x\uD800y</a>', /a character XML does not allow \(U\+D800\)/],
		['<a><!-- a -- b --></a>', /"--" inside a comment/],
		['<a>x ]]> y</a>', /"]]>" in text/],
		['<a/><?xml version="1.0"?>', /an XML declaration not at the start/],
		['<!DOCTYPE a><a/>', /declares a DOCTYPE, which is refused for safety/],
		['<a><!DOCTYPE a></a>', /declares a DOCTYPE, which is refused for safety/],
		[
			'<!-- <!DOCTYPE not this one --><!doctype a [<!ENTITY b "c">]><a>&b;</a>',
			/declares a DOCTYPE, which is refused for safety/,
		],
		// a check of the first 2048 characters only would miss it
		[
			`<!--${' padding'.repeat(400)} -->\n<!DOCTYPE a [<!ENTITY b "c">]><a>&b;</a>`,
			/declares a DOCTYPE, which is refused for safety/,
		],
		['<!DOCTYPE html><html><head><title>Error</title></head><body>Oops</body></html>', /HTML page/],
		['<!doctype HTML>\n<html></html>', /HTML page/],
		['<html><body><h1>502 Bad Gateway</h1></body></html>', /HTML page/],
		['<HTML><BODY>x</BODY></HTML>', /HTML page/],
		['', /empty where an XML document was expected/],
		['  \n\t ', /empty where an XML document was expected/],
		['\uFEFF', /empty where an XML document was expected/],
		['Unable to authenticate', /not an XML document/],
		['{"lists":[]}', /not an XML document/],
		['42', /not an XML document/],
		['<not xml', /Attribute 'xml' is without value/],
	])('not well-formed: %j', (xml, reason) => {
		expect(() => xmlDocument(xml)).toThrow(ParseError);
		expect(() => xmlDocument(xml)).toThrow(reason);
		expect(() => list(xml)).toThrow(reason);
	});
});
