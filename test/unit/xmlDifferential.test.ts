import { SaxesParser } from 'saxes';

import { rng } from '../../emulator/random';
import { XmlSyntaxError } from '../../nodes/MadMimi/parsing/xmlTokens';
import { readXmlTree, XmlDoctypeError, type XmlElement } from '../../nodes/MadMimi/parsing/xmlTree';

/*
 * The node's XML reader (nodes/MadMimi/parsing/xmlTree.ts) against saxes, a strict, conforming
 * XML 1.0 parser, on documents generated from seeded sequences: both accept and refuse the same
 * documents, and for every accepted one the trees are equal (names, attributes in order with their
 * values, children, text). Where the reader's stated decisions and saxes differ, the decision is
 * applied to saxes' side explicitly (saxesVerdict); nothing else is relaxed:
 * - a DOCTYPE: the reader refuses any, so a `doctype` event from saxes is a refusal;
 * - a lone surrogate: not an XML character, refused; saxes reads a high surrogate together with
 *   whatever code unit follows it and accepts `<a>\uD800x</a>`, so it is refused before saxes;
 * - the reader reads a document declaring `1.1` as XML 1.0 (§2.8): saxes with `forceXMLVersion`.
 * Two refusals agree whatever their reasons, but the reader's must be an XmlSyntaxError (its
 * position inside the document, its message at most 1,000 characters) or an XmlDoctypeError, and a
 * DOCTYPE must be refused as one. A disagreement is shown with the document cut down.
 */

type Verdict =
	| { accepted: true; root: XmlElement }
	| { accepted: false; doctype: boolean; reason: string; wrong?: string };
type Reader = (xml: string) => XmlElement;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const SAXES_OPTIONS = {
	xmlns: false,
	fragment: false,
	position: true,
	defaultXMLVersion: '1.0',
	forceXMLVersion: true,
} as const;

class Refusal extends Error {
	constructor(
		message: string,
		readonly doctype = false,
	) {
		super(message);
	}
}

/** saxes' word on a document, with the decisions above, and the tree its events describe. */
function saxesVerdict(xml: string): Verdict {
	const lone = LONE_SURROGATE.exec(xml);
	if (lone) return { accepted: false, doctype: false, reason: `lone surrogate at ${lone.index}` };
	const parser = new SaxesParser(SAXES_OPTIONS);
	const stack: XmlElement[] = [];
	let root: XmlElement | undefined;
	let attributes: Array<[string, string]> = [];
	parser.on('error', (error) => {
		throw new Refusal(error.message);
	});
	parser.on('doctype', () => {
		throw new Refusal('a DOCTYPE (decision: any DOCTYPE is refused)', true);
	});
	// attributes in document order: saxes' tag.attributes is an object keyed by name
	parser.on('attribute', ({ name, value }) => {
		attributes.push([name, value]);
	});
	parser.on('opentag', (tag) => {
		const element: XmlElement = { name: tag.name, attributes, children: [], text: '' };
		attributes = [];
		stack[stack.length - 1]?.children.push(element);
		stack.push(element);
	});
	parser.on('closetag', () => {
		const element = stack.pop();
		if (stack.length === 0) root = element;
	});
	const characters = (text: string) => {
		const open = stack[stack.length - 1];
		if (open) open.text += text;
	};
	parser.on('text', characters);
	parser.on('cdata', characters);
	let failure: unknown;
	try {
		parser.write(xml).close();
	} catch (error) {
		failure = error;
	}
	if (failure instanceof Refusal)
		return { accepted: false, doctype: failure.doctype, reason: failure.message };
	// anything else is a fault of this file: it must show, not pass for a refusal
	if (failure !== undefined || !root)
		throw new Error(`saxes failed on ${JSON.stringify(xml)}: ${String(failure ?? 'no root')}`);
	return { accepted: true, root };
}

function readerVerdict(read: Reader, xml: string): Verdict {
	try {
		return { accepted: true, root: read(xml) };
	} catch (error) {
		if (error instanceof XmlDoctypeError)
			return { accepted: false, doctype: true, reason: `XmlDoctypeError (html: ${error.html})` };
		const refused = (reason: string, wrong?: string) =>
			({ accepted: false, doctype: false, reason, wrong }) as const;
		if (!(error instanceof XmlSyntaxError)) return refused(String(error), 'threw no XML error');
		const reason = `XmlSyntaxError at ${error.position}: ${error.message.slice(0, 300)}`;
		if (error.message.length > 1000) return refused(reason, 'a message over 1,000 characters');
		if (!Number.isInteger(error.position) || error.position < 0 || error.position > xml.length)
			return refused(reason, 'a position outside the document');
		return refused(reason);
	}
}

/** A tree as lines in document order, one an element. */
function lines(e: XmlElement, depth = 0): string[] {
	const line = `${depth} <${e.name}> ${JSON.stringify(e.attributes)} ${JSON.stringify(e.text)}`;
	return [`${line} ${e.children.length}`, ...e.children.flatMap((c) => lines(c, depth + 1))];
}

/** How the reader disagrees with saxes on `xml`, or undefined; `accepted` is saxes' word. */
function judge(read: Reader, xml: string): { accepted: boolean; kind?: string; detail?: string } {
	const theirs = saxesVerdict(xml);
	const mine = readerVerdict(read, xml);
	const said = (v: Verdict) => (v.accepted ? 'accepted' : `refused: ${v.reason}`);
	const detail = `saxes ${said(theirs)}; reader ${said(mine)}`;
	const { accepted } = theirs;
	if (!mine.accepted && mine.wrong)
		return { accepted, kind: `the reader gave ${mine.wrong}`, detail };
	if (accepted !== mine.accepted)
		return { accepted, kind: `the reader ${mine.accepted ? 'accepts' : 'refuses'} it`, detail };
	if (theirs.accepted && mine.accepted) {
		const [expected, actual] = [lines(theirs.root), lines(mine.root)];
		const at = expected.findIndex((line, i) => line !== actual[i]);
		if (at !== -1 || actual.length !== expected.length) {
			const i = at === -1 ? expected.length : at;
			const cut = (s = '') => s.slice(0, 200);
			return {
				accepted,
				kind: 'the trees differ',
				detail: `saxes ${cut(expected[i])}; reader ${cut(actual[i])}`,
			};
		}
	}
	return { accepted };
}

/** Cuts `xml` down, markup and text spans first and then characters, while `still` holds. */
function minimize(xml: string, still: (candidate: string) => boolean): string {
	let current = xml;
	for (let tries = 0, shrunk = true; shrunk && tries < 3000; ) {
		shrunk = false;
		const tokens = current.split(/(<[^<>]*>?)/u).filter((token) => token !== '');
		const chars = Array.from(current);
		const candidates = [
			...tokens.map((_, i) => tokens.filter((_t, j) => j !== i).join('')),
			...chars.map((_, i) => chars.filter((_c, j) => j !== i).join('')),
		];
		for (const candidate of candidates) {
			if (++tries >= 3000) break;
			if (still(candidate)) {
				[current, shrunk] = [candidate, true];
				break;
			}
		}
	}
	return current;
}

/** `text` with what does not print (controls, line and byte order marks, half surrogates) as \uXXXX. */
const printable = (text: string) =>
	text.replace(
		/[\p{Cc}\u2028\u2029\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu,
		(c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
	);

/** Compares documents, counts them, keeps the first disagreement of each family and kind. */
class Differential {
	compared = 0;

	accepted = 0;

	refused = 0;

	readonly found = new Map<string, string>();

	constructor(private readonly read: Reader = readXmlTree) {}

	compare(family: string, xml: string): void {
		this.compared++;
		const { accepted, kind, detail } = judge(this.read, xml);
		if (!kind) {
			if (accepted) this.accepted++;
			else this.refused++;
			return;
		}
		const key = `${family}: ${kind}`;
		if (this.found.has(key)) return;
		const same = (s: string) => judge(this.read, s).kind === kind;
		const minimal = xml.length > 20_000 ? xml : minimize(xml, same);
		const shown = minimal.length > 400 ? `${minimal.slice(0, 400)}… (${minimal.length})` : minimal;
		const why = judge(this.read, minimal).detail ?? detail;
		this.found.set(key, `${printable(JSON.stringify(shown))}: ${why}`);
	}

	get disagreements(): string[] {
		return [...this.found].map(([key, what]) => `${key}: ${what}`);
	}
}

// ---------------------------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------------------------

/*
 * A generated document carries sites where a fault can be put: SITE kind normal SEP faulty END.
 * plain() keeps every site's normal text (a well-formed document); withFault() puts one site's
 * faulty text (or a payload) and keeps the others normal. The markers are private-use characters
 * no generated text holds.
 */
const SITE = '\u{F0000}';
const SEP = '\u{F0002}';
const END = '\u{F0001}';
const SITES = /\u{F0000}(.)([^\u{F0001}\u{F0002}]*)\u{F0002}([^\u{F0001}]*)\u{F0001}/gu;

const site = (kind: string, normal = '', faulty = '') =>
	`${SITE}${kind}${normal}${SEP}${faulty}${END}`;
const plain = (doc: string) => doc.replace(SITES, (_, _kind, normal: string) => normal);
const sitesOf = (doc: string, kind: string) =>
	[...doc.matchAll(SITES)].filter((match) => match[1] === kind).length;

function withFault(doc: string, kind: string, which: number, payload?: string): string {
	let k = -1;
	return doc.replace(SITES, (_, found: string, normal: string, faulty: string) =>
		found === kind && ++k === which ? (payload ?? faulty) : normal,
	);
}

const characters = (codes: number[]) => codes.map((code) => String.fromCodePoint(code));
const references = (codes: number[]) =>
	codes.map((code) => `&#x${code.toString(16).toUpperCase()};`);

/** Names JavaScript gives a meaning as object keys. */
const OBJECT_KEYS = [
	'constructor',
	'__proto__',
	'toString',
	'hasOwnProperty',
	'valueOf',
	'prototype',
	'isPrototypeOf',
	'__defineGetter__',
	'length',
];
const NAMES = [
	...OBJECT_KEYS,
	'a',
	'b',
	'r',
	'member',
	'email',
	'a1',
	'_1',
	'x.5',
	'x-y',
	'x:y',
	'a:b:c',
	':',
	'_',
	'xml',
	'xmlns',
	'xmlns:p',
	'é',
	'名前',
	'données',
	'Ωmega',
	'a·b',
	'_\u0300',
	'a‿',
	'𐀀',
	'𝒳',
	'😀',
	'ø\u{EFFFF}',
];
const SPACES = [' ', ' ', ' ', '  ', '\n', '\t', '\r\n', ' \n\t', '\r'];
/** Character data: every reference form, white space of every kind, characters outside the BMP. */
const TEXTS = [
	...[' ', '  ', '\t', '\n', '\r\n', '\r', '\r\r\n', 'a &amp; b', '\uFEFF', '\u2028'],
	'x',
	'text',
	'1',
	'0.5',
	'-3',
	'1e3',
	'NaN',
	'é',
	'中文',
	'😀',
	'\u{10FFFF}',
	'\uE000',
	'\uFFFD',
	'\u0085',
	'"',
	"'",
	'>',
	']',
	']]',
	'a]b',
	'=',
	'/',
	'?',
	'!',
	'&amp;',
	'&lt;',
	'&gt;',
	'&quot;',
	'&apos;',
	'&#65;',
	'&#x41;',
	'&#x1F600;',
	'&#128512;',
	'&#9;',
	'&#10;',
	'&#13;',
	'&#xD;',
	'&#x10FFFF;',
	'&#0065;',
	'&#x0041;',
	'&#xfffd;',
	'&#x20;',
	'&#60;b&#62;',
	...OBJECT_KEYS,
];
const VALUES = [
	...TEXTS.filter((t) => t !== '&#60;b&#62;'),
	...['', '  lead', 'trail  ', 'x\ty', 'a\nb', 'a\r\nb'],
	']]>',
	'true',
	'null',
	'{}',
];
const CDATAS = [
	...['', ' ', '<b>not a tag</b>', '&amp; as written', '<!-- -->', '\r\n', '\r', '\t'],
	'y',
	'&foo;',
	']',
	']]',
	']>',
	'a]]b',
	'😀',
	'<![CDATA[',
	'--',
];
const COMMENTS = [
	' ',
	' - ',
	'\r\n',
	'\t',
	'a',
	'x-y',
	'<b>',
	'&foo;',
	'😀',
	']]>',
	'<!--',
	'é',
	'-x',
	'->',
	'>',
];
const PI_TARGETS = [
	'pi',
	'php',
	'xml-stylesheet',
	'x.y',
	'Xml2',
	'xmlx',
	'😀',
	'toString',
	'a:b',
	'_',
];
const PI_BODIES = ['data', 'a="1" b=\'2\'', '?', 'a?b', '<&>]]>', '😀', '--', '\r\n', '&foo;'];
const DECLARATIONS = [
	'<?xml version="1.0"?>',
	"<?xml version='1.0'?>",
	'<?xml version="1.0" encoding="UTF-8"?>',
	'<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
	"<?xml version = '1.0' standalone='no' ?>",
	'<?xml version="1.0"\n encoding="ISO-8859-1"?>',
	'<?xml version="1.1"?>',
];

function generator(seed: number) {
	const random = rng(seed);
	const int = (n: number) => Math.floor(random() * n);
	const pick = <T>(items: readonly T[]): T => items[int(items.length)];
	const chance = (p: number) => random() < p;
	const name = () => (chance(0.3) ? pick(OBJECT_KEYS) : pick(NAMES));
	const pieces = (from: readonly string[], most: number) =>
		Array.from({ length: int(most + 1) }, () => pick(from)).join('');
	/** `text` with a site of `kind` put somewhere inside it. */
	const withSite = (text: string, kind: string) => {
		const chars = Array.from(text);
		const at = int(chars.length + 1);
		return [...chars.slice(0, at), site(kind), ...chars.slice(at)].join('');
	};

	function attributeList(): string {
		const count = chance(0.02) ? 20 + int(40) : int(5);
		const names = [...new Set(Array.from({ length: count }, name))];
		const written = names.map((attribute) => {
			const quote = chance(0.5) ? '"' : "'";
			let value = pieces(VALUES, 3);
			value = value.split(quote).join(quote === '"' ? '&quot;' : '&apos;');
			if (chance(0.5)) value = withSite(value, quote === '"' ? 'Q' : 'S');
			const eq = chance(0.8) ? '=' : `${pick(SPACES)}=${pick(SPACES)}`;
			return `${pick(SPACES)}${attribute}${eq}${quote}${value}${quote}`;
		});
		const repeated = names.length > 0 ? site('R', '', ` ${pick(names)}="again"`) : '';
		return written.join('') + repeated + site('A') + (chance(0.2) ? pick(SPACES) : '');
	}

	const cdata = () => `<![CDATA[${withSite(pieces(CDATAS, 3).split(']]>').join(']] >'), 'D')}]]>`;

	function comment(): string {
		let content = pieces(COMMENTS, 3).replace(/-{2,}/g, '-');
		if (content.endsWith('-')) content += ' ';
		return `<!--${withSite(content, 'C')}-->`;
	}

	function processingInstruction(): string {
		const body = chance(0.3)
			? ''
			: `${pick(SPACES)}${pieces(PI_BODIES, 2).split('?>').join('? >')}`;
		return `<?${pick(PI_TARGETS)}${body ? `${body.slice(0, 1)}${withSite(body.slice(1), 'P')}` : ''}?>`;
	}

	function element(depth: number): string {
		const tag = name();
		const start = `<${tag}${attributeList()}`;
		if (chance(0.15) || depth > 5) return `${start}/>`;
		let content = '';
		let tail = ''; // the text since the last markup, for "]]>"
		for (let k = int(7); k > 0; k--) {
			const roll = random();
			let markup = site('T');
			if (roll < 0.3 && depth < 5) markup = element(depth + 1);
			else if (roll < 0.65) {
				let text = pieces(TEXTS, 3);
				if ((tail.slice(-2) + text).includes(']]>')) text = text.split('>').join('&gt;');
				tail = (tail + text).slice(-2);
				content += text;
				continue;
			} else if (roll < 0.75) markup = cdata();
			else if (roll < 0.83) markup = comment();
			else if (roll < 0.88) markup = processingInstruction();
			content += markup;
			tail = '';
		}
		const closing = `</${tag}${chance(0.1) ? pick(SPACES) : ''}>`;
		const faulty = pick([`</${tag}x>`, '', `${closing}${closing}`, `</ ${tag}>`, `</${tag}/>`]);
		return `${start}>${content}${site('E', closing, faulty)}`;
	}

	function misc(): string {
		let out = '';
		for (let k = int(4); k > 0; k--) {
			const roll = random();
			if (roll < 0.4) out += pick(SPACES);
			else if (roll < 0.6) out += comment();
			else if (roll < 0.75) out += processingInstruction();
			else out += site('M');
		}
		return out;
	}

	/** A well-formed document, with sites. */
	function document(): string {
		const bom = chance(0.1) ? '\uFEFF' : '';
		const declaration = chance(0.5) ? site('X', pick(DECLARATIONS)) : '';
		return `${bom}${declaration}${misc()}${element(0)}${misc()}`;
	}

	return { random, int, pick, chance, document, name };
}

/** Characters XML does not allow, and the halves of surrogate pairs, alone. */
const NOT_CHARACTERS = characters([0, 1, 8, 0xb, 0xc, 0x1f, 0xfffe, 0xffff]);
const HALVES = characters([0xd800, 0xdbff, 0xdc00, 0xdfff]);
/** Faults put at sites, each one making any document not well-formed. */
const FAULTS: Record<string, readonly string[]> = {
	// in text
	T: [
		...NOT_CHARACTERS,
		...HALVES,
		'\uDC00\uD800',
		...references([0, 8, 0x1f, 0xd800, 0xdfff, 0xfffe, 0xffff, 0x110000]),
		...['& ', '<!-- -- -->', '<!-- --->', '<?xml version="1.0"?>', '<?XML x?>', '<!ELEMENT x>'],
		...['<!doctype x>', '<!DOCTYPE x>', '<b a="1" a="2"/>', '<b/ >', '&a b;', '< b/>'],
		...['<b a="<"/>', '<b a="&"/>', '<b a=1/>', '<b a/>'],
		'&',
		'&amp',
		'&#65',
		'&foo;',
		'&AMP;',
		'&#x;',
		'&#;',
		'&#X41;',
		'&#0;',
		'&#8;',
		'&#99999999999;',
		'&#-1;',
		']]>',
		'<',
		'<1/>',
		'</>',
		'<!--',
		'<?xMl?>',
		'<![cdata[x]]>',
		'<!-x->',
		'<b></c>',
	],
	// in an attribute value in double quotes, and in single quotes
	Q: [
		'<',
		'&',
		'&foo;',
		'&#0;',
		'&#xD800;',
		'&#xFFFE;',
		'&#99999999999;',
		'"',
		'& ',
		'\u0000',
		'\u001F',
		'\uD800',
	],
	S: ['<', '&', '&lt', '&bar;', '&#0;', '&#xDFFF;', '&#x110000;', "'", '\u0000', '\uDC00'],
	// in a comment, a CDATA section, a processing instruction
	C: ['-- ', '\u0000', '\uFFFF', '\uD800'],
	D: [']]>', '\u0000', '\u0007', '\uDFFF'],
	P: ['\u0000', '\uFFFE', '\uDBFF'],
	// before or after the root
	M: [
		'x',
		'&amp;',
		'&#65;',
		'<![CDATA[x]]>',
		'<b/>',
		'</b>',
		']]>',
		'<',
		'&',
		...['\n<?xml version="1.0"?>', '<!DOCTYPE r>'],
		...characters([0, 0xa0, 0x85, 0x2028, 0x3000]),
	],
	// at the end of a start tag
	A: [' a', ' a=1', ' ="x"', ' 1a="x"', ' a="x"b="y"', '/ ', ' <', ' &amp;="x"', ' "x"', ' a=="x"'],
	// in place of the XML declaration
	X: [
		'<?xml?>',
		'<?xml ?>',
		'<?xml version="2.0"?>',
		'<?xml version="1"?>',
		'<?xml version="1.0" encoding=""?>',
		'<?xml version="1.0" encoding="?"?>',
		'<?xml encoding="UTF-8" version="1.0"?>',
		'<?xml encoding="UTF-8"?>',
		'<?xml version="1.0" standalone="maybe"?>',
		'<?xml version="1.0" standalone="yes" encoding="UTF-8"?>',
		'<?xml version="1.0"encoding="UTF-8"?>',
		'<?xml version=1.0?>',
		'<?xml version="1.0" foo="bar"?>',
		'<?xml version="1.0" ? ?>',
		...[' <?xml version="1.0"?>', '\n<?xml version="1.0"?>', '<!----><?xml version="1.0"?>'],
		...['<?pi?><?xml version="1.0"?>', '<?XML version="1.0"?>'],
		'<?xml version="1.0"?><?xml version="1.0"?>',
	],
};
/** Sites whose own faulty text is used: a repeated attribute, a wrong or missing end tag. */
const OWN_FAULTS: Record<string, string> = {
	R: 'a repeated attribute',
	E: 'a mismatched, missing, doubled or malformed end tag',
};

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe('the reference: saxes, with the decisions applied', () => {
	const tree = (xml: string) => {
		const verdict = saxesVerdict(xml);
		if (!verdict.accepted)
			throw new Error(`saxes refused ${JSON.stringify(xml)}: ${verdict.reason}`);
		return verdict.root;
	};
	const raw = (xml: string): string => {
		const parser = new SaxesParser(SAXES_OPTIONS);
		let error = '';
		parser.on('error', (e) => {
			error ||= e.message;
		});
		parser.write(xml).close();
		return error || 'accepted';
	};

	// what saxes refuses: each targeted fault below asks it first; the trees it reads are checked
	// against the reader's, whose values parsingXml.test.ts pins
	test('where saxes alone differs from the decisions, the difference is applied explicitly', () => {
		// a lone surrogate: saxes alone accepts it, the decision refuses it
		expect(raw('<a>\uD800x</a>')).toBe('accepted');
		expect(saxesVerdict('<a>\uD800x</a>')).toMatchObject({ accepted: false, doctype: false });
		// a DOCTYPE: saxes alone reads it, the decision refuses any
		expect(raw('<!DOCTYPE a><a/>')).toBe('accepted');
		expect(saxesVerdict('<!DOCTYPE a><a/>')).toMatchObject({ accepted: false, doctype: true });
		// XML 1.1 is read as XML 1.0: NEL is a character like any other, not a line end
		expect(tree('<?xml version="1.1"?><a>\u0085</a>').text).toBe('\u0085');
		// agreed already: a leading byte order mark is skipped, a second one is text before the root
		expect(tree('\uFEFF<?xml version="1.0"?><a/>').name).toBe('a');
		expect(saxesVerdict('\uFEFF\uFEFF<a/>').accepted).toBe(false);
	});
});

describe('the reader reads what saxes reads, and refuses what it refuses', () => {
	test('2,000 generated well-formed documents: the same trees', () => {
		const differential = new Differential();
		const { document } = generator(1);
		for (let k = 0; k < 2000; k++) differential.compare('well-formed', plain(document()));
		expect(differential.disagreements).toEqual([]);
		// the generator writes well-formed documents only
		expect(differential.accepted).toBe(2000);
	});

	test('250 generated documents cut at every few characters: refused alike, the same tree when whole', () => {
		const differential = new Differential();
		const { document, int } = generator(2);
		for (let k = 0; k < 250; k++) {
			const xml = plain(document());
			for (let at = 0; at < xml.length; at += 1 + int(10))
				differential.compare('cut', xml.slice(0, at));
		}
		expect(differential.disagreements).toEqual([]);
		expect(differential.compared).toBeGreaterThan(10_000);
		expect(differential.refused).toBeGreaterThan(8_000);
		expect(differential.accepted).toBeGreaterThan(40);
	});

	test('targeted faults, each put in generated documents: refused alike', () => {
		const differential = new Differential();
		const { document, int } = generator(3);
		const perFault = 8;
		const fault = (kind: string, payload: string | undefined, label: string) => {
			let put = 0;
			for (let tries = 0; put < perFault && tries < 200; tries++) {
				const doc = document();
				const sites = sitesOf(doc, kind);
				if (sites === 0) continue;
				const xml = withFault(doc, kind, int(sites), payload);
				put++;
				// each fault makes a document that is not well-formed: saxes is asked, to be sure
				if (saxesVerdict(xml).accepted)
					throw new Error(`${label}: saxes accepted ${JSON.stringify(xml)}`);
				differential.compare(label, xml);
			}
			expect([label, put]).toEqual([label, perFault]);
		};
		for (const [kind, payloads] of Object.entries(FAULTS))
			for (const payload of payloads)
				fault(kind, payload, `${kind} ${printable(JSON.stringify(payload))}`);
		for (const [kind, label] of Object.entries(OWN_FAULTS))
			for (let k = 0; k < 25; k++) fault(kind, undefined, label);
		expect(differential.disagreements).toEqual([]);
		expect(differential.compared).toBeGreaterThan(1_400);
	});

	test('names at the edges of NameStartChar and NameChar (XML 1.0 fifth edition)', () => {
		// each range of the productions, the character on either side of its ends
		const EDGES = characters([
			0x24, 0x2d, 0x2e, 0x30, 0x39, 0x3a, 0x40, 0x41, 0x5a, 0x5b, 0x5e, 0x5f, 0x60, 0x61, 0x7a,
			0x7b, 0x7e, 0xb6, 0xb7, 0xb8, 0xbf, 0xc0, 0xd6, 0xd7, 0xd8, 0xf6, 0xf7, 0xf8, 0x2ff, 0x300,
			0x36f, 0x370, 0x37d, 0x37e, 0x37f, 0x1fff, 0x2000, 0x200b, 0x200c, 0x200d, 0x200e, 0x203e,
			0x203f, 0x2040, 0x2041, 0x206f, 0x2070, 0x218f, 0x2190, 0x2bff, 0x2c00, 0x2fef, 0x2ff0,
			0x3000, 0x3001, 0xd7ff, 0xe000, 0xf8ff, 0xf900, 0xfdcf, 0xfdd0, 0xfdef, 0xfdf0, 0xfffd,
			0x10000, 0x1f600, 0xeffff, 0xf0010, 0x10fffd,
		]);
		const differential = new Differential();
		const { pick, int, chance } = generator(4);
		const edgeName = () =>
			(chance(0.5) ? pick(['a', '_', ':', 'é']) : '') +
			Array.from({ length: 1 + int(3) }, () => pick(EDGES)).join('');
		for (let k = 0; k < 2000; k++) {
			const [root, attribute, child] = [edgeName(), edgeName(), edgeName()];
			differential.compare(
				'names',
				pick([
					`<${root}/>`,
					`<r ${attribute}="v"/>`,
					`<${root} ${attribute}='v'><${child}>t</${child}></${root}>`,
					`<r><?${child} x?></r>`,
				]),
			);
		}
		expect(differential.disagreements).toEqual([]);
		expect(differential.accepted).toBeGreaterThan(400);
		expect(differential.refused).toBeGreaterThan(400);
	});

	test('large documents: 5,000 attributes, long names, with a fault and without', () => {
		const differential = new Differential();
		// a bare "&" far into a large document: xmlTree.test.ts
		const attributes = Array.from({ length: 5_000 }, (_, i) => ` a${i}="${i}"`).join('');
		differential.compare('many attributes', `<r${attributes}/>`);
		differential.compare('many attributes, one repeated', `<r${attributes} a2500="again"/>`);
		const long = 'n'.repeat(100_000);
		differential.compare('long names', `<${long} ${long}="v"/>`);
		differential.compare('long names, mismatched', `<${long}></${long}x>`);
		differential.compare('long names, repeated', `<r ${long}="1" ${long}="2"/>`);
		differential.compare('long names, unclosed', `<${long}>`);
		expect(differential.disagreements).toEqual([]);
		expect([differential.compared, differential.accepted]).toEqual([6, 2]);
	});

	test('a DOCTYPE, with an ENTITY or not, is refused as one (XmlDoctypeError), HTML said', () => {
		const cases: Array<[string, boolean]> = [
			['<!DOCTYPE r [<!ENTITY e "v">]><r>&e;</r>', false],
			[
				'<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY e SYSTEM "file:///etc/passwd">]><r>&e;</r>',
				false,
			],
			['\uFEFF<!DOCTYPE r [<!ENTITY a "1"><!ENTITY b "&a;&a;&a;">]><r>&b;</r>', false],
			['<!DOCTYPE r SYSTEM "r.dtd"><r/>', false],
			['<!-- c --><!DOCTYPE r><r/>', false],
			['<!DOCTYPE html>\n<html><body/></html>', true],
			['<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x.dtd"><html/>', true],
		];
		const differential = new Differential();
		for (const [xml, html] of cases) {
			expect([xml, saxesVerdict(xml)]).toEqual([xml, expect.objectContaining({ doctype: true })]);
			const verdict = readerVerdict(readXmlTree, xml);
			expect([xml, verdict.accepted ? 'accepted' : verdict.reason]).toEqual([
				xml,
				`XmlDoctypeError (html: ${html})`,
			]);
			differential.compare('doctype', xml);
		}
		// lower case is no DOCTYPE to saxes, but refused all the same
		differential.compare('doctype', '<!doctype html><html/>');
		expect(differential.disagreements).toEqual([]);
		expect(differential.refused).toBe(cases.length + 1);
	});
});

describe('the comparison finds a reader that is wrong', () => {
	/** Applies `change` to every element of the reader's tree. */
	const changed =
		(change: (element: XmlElement) => void): Reader =>
		(xml) => {
			const root = readXmlTree(xml);
			const stack = [root];
			for (let element = stack.pop(); element; element = stack.pop()) {
				change(element);
				stack.push(...element.children);
			}
			return root;
		};
	const MUTANTS: Record<string, Reader> = {
		'drops an attribute named toString': changed((e) => {
			e.attributes = e.attributes.filter(([name]) => name !== 'toString');
		}),
		'keeps attributes in an object (loses __proto__)': changed((e) => {
			const byName: Record<string, string> = {};
			for (const [name, value] of e.attributes) byName[name] = value;
			e.attributes = Object.entries(byName);
		}),
		'keeps CDATA sections apart from the text': (xml) =>
			readXmlTree(xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '')),
		'keeps children by name': changed((e) => {
			e.children = [...e.children].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
		}),
		'trims text': changed((e) => {
			e.text = e.text.trim();
		}),
		'reads a character reference to a tab as a space': changed((e) => {
			e.attributes = e.attributes.map(([name, value]) => [name, value.replace(/\t/g, ' ')]);
		}),
		'reads any entity as empty': (xml) =>
			readXmlTree(xml.replace(/&(?!(?:amp|lt|gt|quot|apos|#x?[0-9a-fA-F]+);)[^;<"']*;/g, '')),
		'accepts a document cut after its root start tag': (xml) => {
			const start = /^[^<]*<([^\s/>]+)[^>]*>/.exec(xml);
			const verdict = readerVerdict(readXmlTree, xml);
			return !verdict.accepted && !verdict.doctype && start
				? readXmlTree(`${start[0]}</${start[1]}>`)
				: readXmlTree(xml);
		},
		'throws a plain Error': (xml) => {
			const verdict = readerVerdict(readXmlTree, xml);
			if (!verdict.accepted) throw new Error(verdict.reason);
			return verdict.root;
		},
	};

	test.each(Object.keys(MUTANTS))('a reader that %s', (mutant) => {
		const differential = new Differential(MUTANTS[mutant]);
		const { document, int } = generator(5);
		for (let k = 0; k < 100; k++) {
			const doc = document();
			differential.compare('mutant', plain(doc));
			const sites = sitesOf(doc, 'T');
			if (sites > 0) differential.compare('mutant', withFault(doc, 'T', int(sites), '&foo;'));
			const xml = plain(doc);
			differential.compare('mutant', xml.slice(0, int(xml.length)));
		}
		expect(differential.found.size).toBeGreaterThan(0);
	});
});
