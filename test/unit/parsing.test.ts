import {
	AnswerError,
	camelCase,
	jsonList,
	convertScalar,
	parseJson,
	textInteger,
	textLines,
	toIsoDateTime,
	xmlDocument,
	xmlList,
} from '../../nodes/MadMimi/parsing';
import { decodeXmlText } from '../../nodes/MadMimi/parsing/values';
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

	test('the instant never shifts (Ruby form)', () => {
		const input = 'Mon Feb 14 09:59:05 -0500 2011';
		expect(Date.parse(toIsoDateTime(input) as string)).toBe(Date.UTC(2011, 1, 14, 14, 59, 5));
		expect(Date.parse(toIsoDateTime('2014-09-04 18:32:31 UTC') as string)).toBe(
			Date.UTC(2014, 8, 4, 18, 32, 31),
		);
	});
});

describe('convertScalar', () => {
	test.each([
		['', null],
		['   ', null],
		['\n\t ', null],
		['true', true],
		['false', false],
		['42', 42],
		['-3', -3],
		['0', 0],
		['1.5', 1.5],
		['-0.25', -0.25],
		['9007199254740991', 9007199254740991],
	])('%p → %p', (input, expected) => {
		expect(convertScalar(input)).toBe(expected);
	});

	test.each([
		'007',
		'00',
		'12345678901234567890',
		'9007199254740993',
		'+5',
		'.5',
		'1e5',
		'1,000',
		'0x10',
		'True',
		'FALSE',
		'yes',
		'Newsletter',
		'jane@example.com',
		'2014-09-07',
		'555-0100',
	])('keeps %p as the same text', (input) => {
		expect(convertScalar(input)).toBe(input);
	});

	test('dates become ISO 8601 in UTC, the same instant', () => {
		expect(convertScalar('2014-09-07 16:54:55 -0400')).toBe('2014-09-07T20:54:55Z');
		expect(convertScalar('2014-09-04 18:32:31 UTC')).toBe('2014-09-04T18:32:31Z');
		expect(convertScalar('Mon Feb 14 09:59:05 -0500 2011')).toBe('2011-02-14T14:59:05Z');
	});

	test('surrounding white space is ignored for typed values', () => {
		expect(convertScalar(' 42 ')).toBe(42);
		expect(convertScalar(' true\n')).toBe(true);
		expect(convertScalar(' 2014-09-04 18:32:31 UTC ')).toBe('2014-09-04T18:32:31Z');
	});
});

describe('decodeXmlText', () => {
	test('decodes the predefined entities and character references', () => {
		expect(decodeXmlText('A &amp; B &lt;x&gt; &quot;q&quot; &apos;s&apos;')).toBe(
			'A & B <x> "q" \'s\'',
		);
		expect(decodeXmlText('caf&#233; caf&#xE9; caf&#xe9;')).toBe('café café café');
		expect(decodeXmlText('&#128512;')).toBe('😀');
	});

	test('decodes only once (no double decoding)', () => {
		expect(decodeXmlText('&amp;lt;')).toBe('&lt;');
		expect(decodeXmlText('&amp;amp;')).toBe('&amp;');
	});

	test('leaves unknown or declared entities and bare ampersands as they are', () => {
		expect(decodeXmlText('&lol9;')).toBe('&lol9;');
		expect(decodeXmlText('&nbsp;')).toBe('&nbsp;');
		expect(decodeXmlText('AT&T')).toBe('AT&T');
		expect(decodeXmlText('&#x110000;')).toBe('&#x110000;');
		expect(decodeXmlText('no entities')).toBe('no entities');
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
		['_id', 'id'],
		['id', 'id'],
		['displayName', 'displayName'],
		['ID', 'ID'],
		['___', '___'],
	])('%p → %p', (input, expected) => {
		expect(camelCase(input)).toBe(expected);
	});
});

const list = (xml: string) => xmlList(xml).records;

describe('xmlList: the records of a list answer are the children of its root, whatever their names', () => {
	test('a list of lists: camelCase attributes, numbers converted, empty attribute → null', () => {
		const doc = xmlList(
			'<lists><list subscriber_count="3" display_name="" name="Newsletter" id="101"/></lists>',
		);
		expect(doc.root).toBe('lists');
		expect(doc.records).toEqual([
			{ subscriberCount: 3, displayName: null, name: 'Newsletter', id: 101 },
		]);
	});

	test('the recorded lists document (XML declaration, indentation, display_name="")', () => {
		const xml =
			'<?xml version="1.0" encoding="UTF-8"?>\n<lists>\n  <list id="1163641" name="list 1" subscriber_count="1" display_name=""/>\n' +
			'  <list id="1165154" name="list 2" subscriber_count="2" display_name=""/>\n</lists>';
		expect(list(xml)).toEqual([
			{ id: 1163641, name: 'list 1', subscriberCount: 1, displayName: null },
			{ id: 1165154, name: 'list 2', subscriberCount: 2, displayName: null },
		]);
		expect(list('<?xml version="1.0" encoding="UTF-8"?>\n<lists>\n</lists>')).toEqual([]);
	});

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
		expect(doc.records).toEqual([{ ref: 1 }, { ref: 2 }]);
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
				viewed: true,
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
	const one = (inner: string) => list(`<records><record id="1">${inner}</record></records>`)[0];

	test('rule 3: repeated children of one name are an array, whatever the names', () => {
		expect(one('<drips><drip id="1"/><drip id="2"/></drips>').drips).toEqual([
			{ id: 1 },
			{ id: 2 },
		]);
		expect(
			one('<sequence><step><key>1</key></step><step><key>2</key></step></sequence>').sequence,
		).toEqual([{ key: 1 }, { key: 2 }]);
		expect(one('<tags><tag>a</tag><tag>b</tag></tags>').tags).toEqual(['a', 'b']);
	});

	test('rule 4: one child that is a record → a wrapper of one', () => {
		expect(one('<drips><drip id="1"/></drips>').drips).toEqual([{ id: 1 }]);
		expect(one('<catalog><entry><code>x</code><title>T</title></entry></catalog>').catalog).toEqual(
			[{ code: 'x', title: 'T' }],
		);
	});

	test('rule 4: one plain child → a record with one field', () => {
		expect(one('<address><street>Main St</street></address>').address).toEqual({
			street: 'Main St',
		});
		expect(one('<tags><tag>a</tag></tags>').tags).toEqual({ tag: 'a' });
	});

	test('rule 5: an empty element is null', () => {
		expect(one('<drips/>').drips).toBeNull();
		expect(one('<drips></drips>').drips).toBeNull();
		expect(one('<first_name/>').firstName).toBeNull();
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
			{ id: 2, items: [{ n: 1 }] },
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

	test('rule 7: a code the recording names in `text` is never a number', () => {
		const xml =
			'<promotions><promotion id="1" mimio="4e9245"/><promotion id="2" mimio="293145"><mimio_child>0</mimio_child></promotion></promotions>';
		expect(xmlList(xml, { text: ['mimio'] }).records).toEqual([
			{ id: 1, mimio: '4e9245' },
			{ id: 2, mimio: '293145', mimioChild: 0 },
		]);
		expect(xmlList(xml).records[1].mimio).toBe(293145);
		expect(
			xmlDocument('<p><mimio>007</mimio><code></code></p>', { text: ['mimio', 'code'] }),
		).toEqual({ mimio: '007', code: null });
	});

	test('an element with attributes and repeated children is a record whose repeated field is an array', () => {
		expect(one('<group kind="a"><m>1</m><m>2</m></group>').group).toEqual({ kind: 'a', m: [1, 2] });
	});

	test('children of different names make a record', () => {
		expect(
			one('<nested_thing><inner_value>2.5</inner_value><other>x</other></nested_thing>')
				.nestedThing,
		).toEqual({
			innerValue: 2.5,
			other: 'x',
		});
	});
});

describe('xmlDocument: a document that is one record', () => {
	test('the recorded mailing statistics: counters as numbers, the empty <links> container an array', () => {
		const xml =
			'<?xml version="1.0" encoding="UTF-8"?>\n<mailing all_audience="false">\n  <sent>1</sent>\n  <views>0</views>\n  <untraced>1</untraced>\n' +
			'  <clicked>0</clicked>\n  <links>\n  </links>\n  <forwarded>0</forwarded>\n  <bounced>0</bounced>\n  <unsubscribed>0</unsubscribed>\n  <abused>0</abused>\n</mailing>';
		expect(xmlDocument(xml, { arrays: ['links'] })).toEqual({
			allAudience: false,
			sent: 1,
			views: 0,
			untraced: 1,
			clicked: 0,
			links: [],
			forwarded: 0,
			bounced: 0,
			unsubscribed: 0,
			abused: 0,
		});
	});

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
			{ ref: 1, href: 'https://e.com/a' },
			{ ref: 2, href: 'https://e.com/b' },
		]);
	});

	test('entities are decoded in text and attributes, once', () => {
		const xml =
			'<list name="A &amp; B &lt;c&gt; caf&#233;"><note>caf&#xE9; &amp;amp; &quot;q&quot;</note></list>';
		expect(xmlDocument(xml)).toEqual({ name: 'A & B <c> café', note: 'café &amp; "q"' });
	});

	test('codes with leading zeros and big integers stay text', () => {
		const xml =
			'<member><zip>00501</zip><phone>0123456789</phone><big>12345678901234567890</big><n>-3</n></member>';
		expect(xmlDocument(xml)).toEqual({
			zip: '00501',
			phone: '0123456789',
			big: '12345678901234567890',
			n: -3,
		});
	});

	test('an element with attributes and text keeps the text as value', () => {
		expect(xmlDocument('<count unit="members">42</count>')).toEqual({ unit: 'members', value: 42 });
	});

	test('repeated plain elements become arrays; single ones stay values', () => {
		expect(
			xmlDocument('<member><email>a@x.com</email><email>b@x.com</email><name>N</name></member>'),
		).toEqual({
			email: ['a@x.com', 'b@x.com'],
			name: 'N',
		});
	});

	test('a root that is only text is one record named after it', () => {
		expect(xmlDocument('<count>5</count>')).toEqual({ count: 5 });
	});

	test('CDATA content is literal text (entities inside are not decoded)', () => {
		expect(xmlDocument('<r><note><![CDATA[a < b]]></note></r>').note).toBe('a < b');
		expect(xmlDocument('<r><note><![CDATA[&amp; <b>]]></note></r>').note).toBe('&amp; <b>');
	});

	describe('refusals', () => {
		const BILLION_LAUGHS =
			'<?xml version="1.0"?>\n' +
			'<!DOCTYPE lolz [\n' +
			' <!ENTITY lol "lol">\n' +
			' <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n' +
			' <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">\n' +
			' <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">\n' +
			' <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">\n' +
			' <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">\n' +
			' <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">\n' +
			' <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">\n' +
			' <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">\n' +
			']>\n' +
			'<lolz>&lol9;</lolz>';

		test('billion laughs is refused, not expanded', () => {
			expect(() => xmlDocument(BILLION_LAUGHS)).toThrow(AnswerError);
			expect(() => xmlDocument(BILLION_LAUGHS)).toThrow(/DOCTYPE/);
			expect(() => list(BILLION_LAUGHS)).toThrow(AnswerError);
		});

		test('external entities (XXE) are refused', () => {
			const xxe =
				'<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><list><name>&xxe;</name></list>';
			expect(() => xmlDocument(xxe)).toThrow(AnswerError);
		});

		test('a lowercase doctype is refused too', () => {
			expect(() => xmlDocument('<!doctype lolz [<!ENTITY a "b">]><lolz>&a;</lolz>')).toThrow(
				AnswerError,
			);
		});

		// a check of the first 2048 characters only would miss it
		test('a DOCTYPE placed after a long leading comment is refused', () => {
			const padded = `<!--${' padding'.repeat(400)} -->\n${BILLION_LAUGHS.replace('<?xml version="1.0"?>\n', '')}`;
			expect(() => xmlDocument(padded)).toThrow(AnswerError);
		});

		test('even when not refused, the padded DOCTYPE is never expanded', () => {
			const padded = `<!--${' padding'.repeat(400)} -->\n${BILLION_LAUGHS.replace('<?xml version="1.0"?>\n', '')}`;
			let value: unknown;
			try {
				value = xmlDocument(padded);
			} catch (error) {
				expect(error).toBeInstanceOf(AnswerError);
				return;
			}
			expect(String(value).length).toBeLessThan(100);
			expect(value).not.toContain('lollol');
		});

		test('HTML pages are refused', () => {
			expect(() =>
				xmlDocument(
					'<!DOCTYPE html><html><head><title>Error</title></head><body>Oops</body></html>',
				),
			).toThrow(/HTML page/);
			expect(() => xmlDocument('<!doctype HTML>\n<html></html>')).toThrow(/HTML page/);
			expect(() => xmlDocument('<html><body><h1>502 Bad Gateway</h1></body></html>')).toThrow(
				/HTML page/,
			);
			expect(() => xmlDocument('<HTML><BODY>x</BODY></HTML>')).toThrow(AnswerError);
		});

		test.each([
			['empty', ''],
			['white space', '  \n\t '],
			['BOM only', '\uFEFF'],
			['plain text', 'Unable to authenticate'],
			['JSON', '{"lists":[]}'],
			['a number', '42'],
			['malformed', '<a><b></a>'],
			['unclosed', '<lists><list id="1">'],
			['broken tag', '<not xml'],
			['two roots', '<a/><b/>'],
			['text after the root', '<a/>garbage<'],
		])('%s → AnswerError', (_name, body) => {
			expect(() => xmlDocument(body)).toThrow(AnswerError);
			expect(() => list(body)).toThrow(AnswerError);
		});
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

	test('top-level arrays and scalars', () => {
		expect(parseJson('[{"a_b":1},{"a_b":"2014-09-04 18:32:31 UTC"}]')).toEqual([
			{ aB: 1 },
			{ aB: '2014-09-04T18:32:31Z' },
		]);
		expect(parseJson('7')).toBe(7);
		expect(parseJson('null')).toBeNull();
		expect(parseJson('"2014-09-04 18:32:31 UTC"')).toBe('2014-09-04T18:32:31Z');
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
	])('%s → AnswerError', (_name, body) => {
		expect(() => parseJson(body)).toThrow(AnswerError);
	});
});

describe('textLines', () => {
	test('non-empty trimmed lines, LF and CRLF', () => {
		expect(textLines('a@example.com\r\nb@example.com\n\n  c@example.com  \n')).toEqual([
			'a@example.com',
			'b@example.com',
			'c@example.com',
		]);
	});
	test('empty text gives no lines', () => {
		expect(textLines('')).toEqual([]);
		expect(textLines('\n\r\n  \n')).toEqual([]);
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
	test.each(['', ' ', 'abc', '1.5', '4 2', '<html>', '0x10'])('%p → AnswerError', (input) => {
		expect(() => textInteger(input)).toThrow(AnswerError);
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

describe("well-formedness: fast-xml-parser's validator before the parser, and what it lets pass", () => {
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

	test.each([
		['<a><b></a>', /Expected closing tag 'b'/],
		['<a><b></c></a>', /Expected closing tag 'b'/],
		['<a><b>x</a>', /Expected closing tag 'b'/],
		['<a></a></b>', /Closing tag 'b' has not been opened/],
		['<lists><list id="1">', /"list"/],
		['<a/><b/>', /one root element/],
		['<a/>garbage', /text after the root element/],
		['<a></a>&#1;', /text after the root element/],
		['<a></a>garbage', /Extra text at the end/],
		['x<a/>', /not an XML document/],
		['<a>x & y</a>', /char '&' is not expected/],
		['<a x=1/>', /Attribute 'x' is without value/],
		['<1a/>', /Tag '1a' is an invalid name/],
		['<a><!-- open</a>', /Unclosed tag 'a'/],
		['<a><![CDATA[ open</a>', /Unclosed tag 'a'/],
		['<a><!foo></a>', /an unexpected "<!" at position 3/],
		['<a>x<!-y</a>', /an unexpected "<!" at position 4/],
		['<!DOCTYPE a><a/>', /declares a DOCTYPE, which is refused for safety/],
		['<a><!DOCTYPE a></a>', /declares a DOCTYPE, which is refused for safety/],
		[
			'<!-- <!DOCTYPE not this one --><!doctype a><a/>',
			/declares a DOCTYPE, which is refused for safety/,
		],
		['', /empty where an XML document was expected/],
	])('not well-formed: %j', (xml, reason) => {
		expect(() => xmlDocument(xml)).toThrow(AnswerError);
		expect(() => xmlDocument(xml)).toThrow(reason);
		expect(() => list(xml)).toThrow(reason);
	});

	test('a raw "&" or "<" inside an attribute value is read as it stands (the validator allows it); nothing is expanded', () => {
		expect(xmlDocument('<a x="1 & 2" y="<" z="&lol;"/>')).toEqual({
			x: '1 & 2',
			y: '<',
			z: '&lol;',
		});
	});
});
