import { SaxesParser } from 'saxes';

import { rng } from '../../emulator/random';
import { XmlSyntaxError } from '../../nodes/MadMimi/parsing/xmlTokens';
import { readXmlTree, XmlDoctypeError, type XmlElement } from '../../nodes/MadMimi/parsing/xmlTree';

/*
 * The node's XML reader (nodes/MadMimi/parsing/xmlTree.ts) against saxes, a strict, conforming
 * XML 1.0 parser, on documents generated from seeded sequences: both accept and refuse the same
 * documents, and for every accepted one the trees are equal (names, attributes in order with their
 * values, children, text). The reference tree is built here from saxes' events in the reader's
 * shape. Where the reader's stated decisions and saxes differ, the decision is written below and
 * applied to saxes' side explicitly (saxesVerdict); nothing else is relaxed:
 * - a DOCTYPE: saxes reads it (and refuses entities it would define); the reader refuses any
 *   DOCTYPE, so a `doctype` event from saxes is a refusal;
 * - a lone surrogate (U+D800–U+DFFF without its other half): not an XML character, refused; saxes
 *   reads a high surrogate together with whatever code unit follows it as one character and
 *   accepts `<a>\uD800x</a>`, so such a document is refused before saxes sees it;
 * - the XML version: the reader is an XML 1.0 processor, which reads a document declaring `1.1`
 *   as XML 1.0 (XML 1.0 §2.8); saxes does the same with `forceXMLVersion`.
 * Where they agree already, nothing is done: saxes skips a leading byte order mark, refuses any
 * entity but the five predefined ones (it has no DTD), reads names by XML 1.0 fifth edition, does
 * not check namespaces with `xmlns: false`, normalizes line ends (§2.11) and attribute values
 * (§3.3.3). Two refusals agree whatever their reasons, but the reader's must be an XmlSyntaxError
 * (its position inside the document, its message at most 1,000 characters) or an XmlDoctypeError,
 * and a DOCTYPE must be refused as one. A disagreement is shown with the document cut down to a
 * minimal one that still disagrees the same way.
 */

// ---------------------------------------------------------------------------------------------
// The two sides
// ---------------------------------------------------------------------------------------------

type Verdict =
	| { accepted: true; root: XmlElement }
	| { accepted: false; doctype: boolean; reason: string };

/** Half of a surrogate pair, alone: no character at all. */
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
	if (lone)
		return {
			accepted: false,
			doctype: false,
			reason: `a lone surrogate at ${lone.index} (decision; saxes would read it with the next code unit)`,
		};
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
	parser.on('opentagstart', () => {
		attributes = [];
	});
	// attributes as saxes reads them, in order: its tag.attributes is an object keyed by name
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

type Reader = (xml: string) => XmlElement;

type ReaderVerdict = Verdict | { accepted: false; doctype: false; reason: string; wrong: string };

function readerVerdict(read: Reader, xml: string): ReaderVerdict {
	try {
		return { accepted: true, root: read(xml) };
	} catch (error) {
		if (error instanceof XmlDoctypeError)
			return { accepted: false, doctype: true, reason: `XmlDoctypeError (html: ${error.html})` };
		if (!(error instanceof XmlSyntaxError)) {
			const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
			return { accepted: false, doctype: false, reason: what, wrong: 'threw no XML error' };
		}
		const reason = `XmlSyntaxError at ${error.position}: ${error.message.slice(0, 300)}`;
		if (error.message.length > 1000)
			return { accepted: false, doctype: false, reason, wrong: 'a message over 1,000 characters' };
		if (!Number.isInteger(error.position) || error.position < 0 || error.position > xml.length)
			return { accepted: false, doctype: false, reason, wrong: 'a position outside the document' };
		return { accepted: false, doctype: false, reason };
	}
}

// ---------------------------------------------------------------------------------------------
// Comparing trees, without recursion (documents 20,000 levels deep)
// ---------------------------------------------------------------------------------------------

const show = (value: string, max = 120) =>
	JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value);

interface Step {
	expected: XmlElement;
	actual: XmlElement;
	parent: number;
	index: number;
}

function pathOf(steps: Step[], at: number): string {
	const parts: string[] = [];
	for (let i = at; i !== -1; i = steps[i].parent)
		parts.push(`${steps[i].expected.name}[${steps[i].index}]`);
	const whole = parts.reverse();
	return whole.length > 6
		? `/${whole.slice(0, 2).join('/')}/…/${whole.slice(-3).join('/')}`
		: `/${whole.join('/')}`;
}

/** Where the reader's tree differs from saxes', or undefined. */
function treeDifference(expected: XmlElement, actual: XmlElement): string | undefined {
	const steps: Step[] = [{ expected, actual, parent: -1, index: 0 }];
	for (let at = 0; at < steps.length; at++) {
		const { expected: e, actual: a } = steps[at];
		const where = () => `at ${pathOf(steps, at)}`;
		if (typeof a !== 'object' || a === null) return `${where()}: no element but ${String(a)}`;
		if (a.name !== e.name) return `${where()}: name ${show(a.name)}, saxes ${show(e.name)}`;
		if (!Array.isArray(a.attributes)) return `${where()}: attributes are no array`;
		const names = (list: Array<[string, string]>) => show(list.map(([n]) => n).join(' '));
		if (a.attributes.length !== e.attributes.length)
			return `${where()}: attributes ${names(a.attributes)}, saxes ${names(e.attributes)}`;
		for (let i = 0; i < e.attributes.length; i++) {
			const [eName, eValue] = e.attributes[i];
			const pair = a.attributes[i];
			if (!Array.isArray(pair) || pair.length !== 2 || pair[0] !== eName)
				return `${where()}: attribute ${i} is ${show(String(pair?.[0]))}, saxes ${show(eName)}`;
			if (pair[1] !== eValue)
				return `${where()}: attribute ${eName} is ${show(pair[1])}, saxes ${show(eValue)}`;
		}
		if (a.text !== e.text) return `${where()}: text ${show(a.text)}, saxes ${show(e.text)}`;
		if (!Array.isArray(a.children)) return `${where()}: children are no array`;
		if (a.children.length !== e.children.length)
			return `${where()}: ${a.children.length} children, saxes ${e.children.length}: ${show(
				e.children.map((c) => c.name).join(' '),
			)}`;
		for (let i = 0; i < e.children.length; i++)
			steps.push({ expected: e.children[i], actual: a.children[i], parent: at, index: i });
	}
	return undefined;
}

// ---------------------------------------------------------------------------------------------
// The differential: counts, disagreements, minimal documents
// ---------------------------------------------------------------------------------------------

interface Disagreement {
	family: string;
	kind: string;
	/** The smallest document found that disagrees the same way. */
	minimal: string;
	saxes: string;
	reader: string;
	/** How many documents of the family disagreed this way. */
	documents: number;
}

interface Judgement {
	accepted: boolean;
	/** `cause`: the kind and the refusal's reason or the tree's difference, without figures or text. */
	disagreement?: { kind: string; saxes: string; reader: string; cause: string };
}

const causeOf = (kind: string, said: string) =>
	`${kind}: ${said
		.replace(/^.*?: (?=(name|attribute|text|\d+ children))/, '')
		.replace(/"(?:[^"\\]|\\.)*"/g, '…')
		.replace(/'[^']*'/g, '…')
		.replace(/(tag|attribute|name): .*$/, '$1: …')
		.replace(/\d+/g, 'N')}`;

function judge(read: Reader, xml: string): Judgement {
	const theirs = saxesVerdict(xml);
	const mine = readerVerdict(read, xml);
	const saxes = theirs.accepted ? 'accepted' : `refused: ${theirs.reason}`;
	const reader = mine.accepted ? 'accepted' : `refused: ${mine.reason}`;
	const disagree = (kind: string, said = reader) => ({
		accepted: theirs.accepted,
		disagreement: {
			kind,
			saxes,
			reader: said,
			cause: causeOf(kind, theirs.accepted ? said : saxes),
		},
	});
	if ('wrong' in mine) return disagree(`the reader gave ${mine.wrong}`);
	if (theirs.accepted && !mine.accepted) return disagree('the reader refuses what saxes accepts');
	if (!theirs.accepted && mine.accepted) return disagree('the reader accepts what saxes refuses');
	if (theirs.accepted && mine.accepted) {
		const difference = treeDifference(theirs.root, mine.root);
		if (difference) return disagree('the trees differ', difference);
	}
	return { accepted: theirs.accepted };
}

/**
 * Cuts `xml` down while `still` holds: whole spans of markup and text first (an element with its
 * end tag, a comment), then single characters; bounded in tries.
 */
function minimize(xml: string, still: (candidate: string) => boolean): string {
	let current = xml;
	let tries = 0;
	const attempt = (candidate: string) => {
		tries++;
		if (candidate === current || !still(candidate)) return false;
		current = candidate;
		return true;
	};
	for (let shrunk = true; shrunk && tries < 5000; ) {
		shrunk = false;
		const tokens = current.split(/(<[^<>]*>?)/u).filter((token) => token !== '');
		spans: for (let length = tokens.length - 1; length > 0; length--)
			for (let start = 0; start + length <= tokens.length; start++) {
				if (tries >= 5000) break spans;
				const rest = [...tokens.slice(0, start), ...tokens.slice(start + length)].join('');
				if (attempt(rest)) {
					shrunk = true;
					break spans;
				}
			}
		if (shrunk) continue;
		// a start tag with its end tag, the content kept
		pairs: for (let start = 0; start < tokens.length; start++) {
			const name = /^<([^\s/>!?<]+)[^<>]*[^/]>$/u.exec(tokens[start])?.[1];
			if (name === undefined) continue;
			for (let end = start + 1; end < tokens.length && tries < 5000; end++)
				if (tokens[end] === `</${name}>`) {
					const rest = tokens.filter((_, i) => i !== start && i !== end).join('');
					if (attempt(rest)) {
						shrunk = true;
						break pairs;
					}
				}
		}
		if (shrunk) continue;
		// an attribute at a time, then runs of white space
		const attributes = [...current.matchAll(/\s+[^\s=<>"'/]+\s*=\s*(?:"[^"]*"|'[^']*')/gu)];
		for (const match of attributes.reverse())
			if (attempt(current.slice(0, match.index) + current.slice(match.index + match[0].length)))
				shrunk = true;
		if (shrunk) continue;
		for (const match of [...current.matchAll(/\s{2,}/gu)].reverse())
			if (
				attempt(current.slice(0, match.index) + ' ' + current.slice(match.index + match[0].length))
			)
				shrunk = true;
		if (shrunk) continue;
		// names made "a", an empty element made one tag
		for (const name of new Set([...current.matchAll(/<\/?([^\s/>!?<]+)/gu)].map((m) => m[1])))
			if (
				name !== 'a' &&
				attempt(current.split(`<${name}`).join('<a').split(`</${name}`).join('</a'))
			)
				shrunk = true;
		if (attempt(current.replace(/<([^\s/>!?<]+)><\/\1>/u, '<$1/>'))) shrunk = true;
		if (shrunk) continue;
		const chars = Array.from(current);
		for (let at = chars.length - 1; at >= 0 && tries < 5000; at--)
			if (attempt([...chars.slice(0, at), ...chars.slice(at + 1)].join(''))) {
				shrunk = true;
				chars.splice(at, 1);
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

class Differential {
	compared = 0;

	accepted = 0;

	refused = 0;

	readonly found = new Map<string, Disagreement>();

	constructor(private readonly read: Reader = readXmlTree) {}

	/** Compares one document; counts it; keeps the first disagreement of each kind, minimized. */
	compare(family: string, xml: string): boolean {
		this.compared++;
		const { accepted, disagreement } = judge(this.read, xml);
		if (!disagreement) {
			if (accepted) this.accepted++;
			else this.refused++;
			return true;
		}
		const key = `${family}: ${disagreement.cause}`;
		const known = this.found.get(key);
		if (known) {
			known.documents++;
			return false;
		}
		const same = (s: string) => judge(this.read, s).disagreement?.cause === disagreement.cause;
		const minimal = xml.length > 50_000 ? xml : minimize(xml, same);
		const { kind, saxes, reader } = judge(this.read, minimal).disagreement ?? disagreement;
		this.found.set(key, { family, kind, minimal, saxes, reader, documents: 1 });
		return false;
	}

	/** The disagreements found, one per cause, with the smallest document (the families named). */
	get disagreements(): Disagreement[] {
		const byCause = new Map<string, Disagreement>();
		for (const [key, found] of this.found) {
			const cause = key.slice(found.family.length + 2);
			const known = byCause.get(cause);
			if (!known) byCause.set(cause, { ...found });
			else {
				known.family += `; ${found.family}`;
				known.documents += found.documents;
				if (found.minimal.length < known.minimal.length)
					Object.assign(known, {
						minimal: found.minimal,
						saxes: found.saxes,
						reader: found.reader,
					});
			}
		}
		return [...byCause.values()].map((d) => ({
			...d,
			minimal: printable(
				d.minimal.length > 400
					? `${d.minimal.slice(0, 400)}… (${d.minimal.length} chars)`
					: d.minimal,
			),
		}));
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

function sitesOf(doc: string, kind: string): number {
	let count = 0;
	for (const match of doc.matchAll(SITES)) if (match[1] === kind) count++;
	return count;
}

function withFault(doc: string, kind: string, which: number, payload?: string): string {
	let k = -1;
	return doc.replace(SITES, (_, found: string, normal: string, faulty: string) =>
		found === kind && ++k === which ? (payload ?? faulty) : normal,
	);
}

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
	'a\u203F',
	'\u{10000}',
	'𝒳',
	'😀',
	'ø\u{EFFFF}',
];
/** Character data: every reference form, white space of every kind, characters outside the BMP. */
const TEXTS = [
	'x',
	'text',
	' ',
	'  ',
	'\t',
	'\n',
	'\r\n',
	'\r',
	'\r\r\n',
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
	'\uFEFF',
	'\u0085',
	'\u2028',
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
	'a &amp; b',
	...OBJECT_KEYS,
];
const VALUES = [
	...TEXTS.filter((t) => t !== '&#60;b&#62;'),
	'',
	'  lead',
	'trail  ',
	'x\ty',
	'a\nb',
	'a\r\nb',
	']]>',
	'true',
	'null',
	'{}',
];
const CDATAS = [
	'',
	'y',
	' ',
	'<b>not a tag</b>',
	'&amp; as written',
	'&foo;',
	']',
	']]',
	']>',
	'a]]b',
	'\r\n',
	'\r',
	'\t',
	'😀',
	'<![CDATA[',
	'--',
	'<!-- -->',
];
const COMMENTS = [
	' ',
	'a',
	' - ',
	'x-y',
	'<b>',
	'&foo;',
	'😀',
	'\r\n',
	']]>',
	'<!--',
	'\t',
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
const SPACES = [' ', ' ', ' ', '  ', '\n', '\t', '\r\n', ' \n\t', '\r'];

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

	function cdata(): string {
		const content = pieces(CDATAS, 3).split(']]>').join(']] >');
		return `<![CDATA[${withSite(content, 'D')}]]>`;
	}

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
			if (roll < 0.3 && depth < 5) {
				content += element(depth + 1);
				tail = '';
			} else if (roll < 0.65) {
				let text = pieces(TEXTS, 3);
				if ((tail.slice(-2) + text).includes(']]>')) text = text.split('>').join('&gt;');
				tail = (tail + text).slice(-2);
				content += text;
			} else if (roll < 0.75) {
				content += cdata();
				tail = '';
			} else if (roll < 0.83) {
				content += comment();
				tail = '';
			} else if (roll < 0.88) {
				content += processingInstruction();
				tail = '';
			} else content += site('T');
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

/** Faults put at sites, each one making any document not well-formed. */
const FAULTS: Record<string, readonly string[]> = {
	// in text
	T: [
		'&',
		'& ',
		'&amp',
		'&#65',
		'&foo;',
		'&AMP;',
		'&#x;',
		'&#;',
		'&#X41;',
		'&#0;',
		'&#x0;',
		'&#8;',
		'&#x1F;',
		'&#xD800;',
		'&#xDFFF;',
		'&#xFFFE;',
		'&#xFFFF;',
		'&#x110000;',
		'&#99999999999;',
		'&#-1;',
		'&a b;',
		'\u0000',
		'\u0001',
		'\u0008',
		'\u000B',
		'\u000C',
		'\u001F',
		'\uFFFE',
		'\uFFFF',
		'\uD800',
		'\uDBFF',
		'\uDC00',
		'\uDFFF',
		'\uDC00\uD800',
		']]>',
		'<',
		'< b/>',
		'<1/>',
		'</>',
		'<!--',
		'<!-- -- -->',
		'<!-- --->',
		'<?xml version="1.0"?>',
		'<?XML x?>',
		'<?xMl?>',
		'<!ELEMENT x>',
		'<!doctype x>',
		'<!DOCTYPE x>',
		'<![cdata[x]]>',
		'<!-x->',
		'<b a="1" a="2"/>',
		'<b a="<"/>',
		'<b a="&"/>',
		'<b a=1/>',
		'<b a/>',
		'<b/ >',
		'<b></c>',
	],
	// in an attribute value in double quotes, and in single quotes
	Q: [
		'<',
		'&',
		'& ',
		'&foo;',
		'&#0;',
		'&#xD800;',
		'&#xFFFE;',
		'&#99999999999;',
		'\u0000',
		'\u001F',
		'\uD800',
		'"',
	],
	S: ['<', '&', '&lt', '&bar;', '&#0;', '&#xDFFF;', '&#x110000;', '\u0000', '\uDC00', "'"],
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
		'\n<?xml version="1.0"?>',
		'<b/>',
		'</b>',
		']]>',
		'\u0000',
		'<!DOCTYPE r>',
		'<',
		'&',
		'\u00A0',
		'\u0085',
		'\u2028',
		'\u3000',
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
		' <?xml version="1.0"?>',
		'\n<?xml version="1.0"?>',
		'<!----><?xml version="1.0"?>',
		'<?pi?><?xml version="1.0"?>',
		'<?XML version="1.0"?>',
		'<?xml version="1.0"?><?xml version="1.0"?>',
	],
};
/** Sites whose own faulty text is used: a repeated attribute, a wrong or missing end tag. */
const OWN_FAULTS: Record<string, string> = {
	R: 'a repeated attribute',
	E: 'a mismatched, missing, doubled or malformed end tag',
};

/** A document nested `depth` levels deep, built without recursion. */
function deepDocument(seed: number, depth: number, innermost = '<leaf/>'): string {
	const { pick, chance, name } = generator(seed);
	const opens: string[] = [];
	const closes: string[] = [];
	for (let level = 0; level < depth; level++) {
		const tag = name();
		const attribute = chance(0.1)
			? ` ${name()}="${level}&#9;${pick(VALUES).replace(/["<&]/g, '')}"`
			: '';
		const before = chance(0.2) ? pick(['x', '&amp;', '<![CDATA[c]]>', '<!--c-->', '😀']) : '';
		const after = chance(0.2) ? pick(['y', '&#x1F600;', '<![CDATA[]]>', '<?pi?>', ' ']) : '';
		opens.push(`<${tag}${attribute}>${before}`);
		closes.push(`${after}</${tag}>`);
	}
	return opens.join('') + innermost + closes.reverse().join('');
}

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

	test('text and CDATA sections are one text, in order; references are read', () => {
		expect(tree('<a>x<![CDATA[y]]>z</a>').text).toBe('xyz');
		expect(tree('<a>1<b/>2<![CDATA[&amp;]]><!--c--><?p?>3</a>').text).toBe('12&amp;3');
		expect(tree('<a>&amp; &lt; &gt; &quot; &apos; &#65; &#x1F600;</a>').text).toBe(
			'& < > " \' A 😀',
		);
	});

	test('attributes named as object keys are kept, in document order; values normalized by §3.3.3', () => {
		expect(tree('<a __proto__="1" toString="2" constructor=\'3\' valueOf="" a1="5"/>')).toEqual({
			name: 'a',
			attributes: [
				['__proto__', '1'],
				['toString', '2'],
				['constructor', '3'],
				['valueOf', ''],
				['a1', '5'],
			],
			children: [],
			text: '',
		});
		expect(tree('<a b="x\ty\nz\r\nw\rv" c="&#9;&#10;&#13;"/>').attributes).toEqual([
			['b', 'x y z w v'],
			['c', '\t\n\r'],
		]);
		expect(tree('<a>\r\n\r</a>').text).toBe('\n\n');
	});

	test('what saxes refuses: undefined entities, forbidden characters and references, misplaced markup', () => {
		for (const xml of [
			'<a>&foo;</a>',
			'<a>&#0;</a>',
			'<a>&#xD800;</a>',
			'<a>\u0000</a>',
			'<a>\uFFFE</a>',
			'<a x="<"/>',
			'<a x="&"/>',
			'<a>&</a>',
			'<!-- a -- b --><a/>',
			'<a>]]></a>',
			'<a b="1" b="2"/>',
			'<a></b>',
			'<a>',
			'<a/>x',
			'<a/><b/>',
			' <?xml version="1.0"?><a/>',
			'<a/><?xml version="1.0"?>',
			'<?xml version="1.1"?><a>&#1;</a>',
		])
			expect([xml, saxesVerdict(xml).accepted]).toEqual([xml, false]);
	});

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
		let sanity = 0;
		for (let k = 0; k < 2000; k++) {
			const xml = plain(document());
			if (!saxesVerdict(xml).accepted) sanity++;
			differential.compare('well-formed', xml);
		}
		expect(sanity).toBe(0); // the generator writes well-formed documents only
		expect(differential.disagreements).toEqual([]);
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
		let made = 0;
		let accepted = 0;
		const fault = (kind: string, payload: string | undefined, label: string) => {
			let put = 0;
			for (let tries = 0; put < perFault && tries < 200; tries++) {
				const doc = document();
				const sites = sitesOf(doc, kind);
				if (sites === 0) continue;
				const xml = withFault(doc, kind, int(sites), payload);
				put++;
				made++;
				// each fault makes a document that is not well-formed: saxes is asked, to be sure
				if (saxesVerdict(xml).accepted) {
					accepted++;
					throw new Error(`${label}: saxes accepted ${JSON.stringify(xml)}`);
				}
				differential.compare(label, xml);
			}
			expect([label, put]).toEqual([label, perFault]);
		};
		for (const [kind, payloads] of Object.entries(FAULTS))
			for (const payload of payloads)
				fault(kind, payload, `${kind} ${printable(JSON.stringify(payload))}`);
		for (const [kind, label] of Object.entries(OWN_FAULTS))
			for (let k = 0; k < 25; k++) fault(kind, undefined, label);
		expect(accepted).toBe(0);
		expect(differential.disagreements).toEqual([]);
		expect(made).toBeGreaterThan(1_400);
	});

	test('names at the edges of NameStartChar and NameChar (XML 1.0 fifth edition)', () => {
		// each range of the productions, the character on either side of its ends
		const EDGES = [
			0x24, 0x2d, 0x2e, 0x30, 0x39, 0x3a, 0x40, 0x41, 0x5a, 0x5b, 0x5e, 0x5f, 0x60, 0x61, 0x7a,
			0x7b, 0x7e, 0xb6, 0xb7, 0xb8, 0xbf, 0xc0, 0xd6, 0xd7, 0xd8, 0xf6, 0xf7, 0xf8, 0x2ff, 0x300,
			0x36f, 0x370, 0x37d, 0x37e, 0x37f, 0x1fff, 0x2000, 0x200b, 0x200c, 0x200d, 0x200e, 0x203e,
			0x203f, 0x2040, 0x2041, 0x206f, 0x2070, 0x218f, 0x2190, 0x2bff, 0x2c00, 0x2fef, 0x2ff0,
			0x3000, 0x3001, 0xd7ff, 0xe000, 0xf8ff, 0xf900, 0xfdcf, 0xfdd0, 0xfdef, 0xfdf0, 0xfffd,
			0x10000, 0x1f600, 0xeffff, 0xf0010, 0x10fffd,
		].map((code) => String.fromCodePoint(code));
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

	test('documents 20,000 levels deep, whole, cut, and broken at the innermost level', () => {
		const differential = new Differential();
		const xml = deepDocument(11, 20_000);
		// saxes reads it whole (the first comparison): the reader must too, every level of it
		let element = readXmlTree(xml);
		let depth = 0;
		for (; element.children.length > 0; depth++) element = element.children[0];
		expect([depth, element.name]).toEqual([20_000, 'leaf']);
		differential.compare('deep', xml);
		differential.compare('deep, cut', xml.slice(0, Math.floor(xml.length / 2)));
		differential.compare('deep, cut', xml.slice(0, -1));
		differential.compare('deep, mismatched', deepDocument(11, 20_000, '<leaf></leaf2>'));
		differential.compare('deep, bare &', deepDocument(11, 20_000, '<leaf>&</leaf>'));
		differential.compare('deep, long name', deepDocument(12, 20_000, `<${'n'.repeat(5000)}>`));
		expect(differential.disagreements).toEqual([]);
		expect([differential.compared, differential.accepted]).toEqual([6, 1]);
	});

	test('large documents: 100,000 records, 5,000 attributes, long names, with a fault and without', () => {
		const differential = new Differential();
		// a bare "&" far into a large document: found without reading the rest again from each text
		const records = (count: number) => `<a>${'<b>x</b>\n'.repeat(count)}`;
		differential.compare('large', `${records(20_000)}<b>x &amp; y</b></a>`);
		differential.compare('large, bare &', `${records(100_000)}<b>x & y</b></a>`);
		const attributes = Array.from({ length: 5_000 }, (_, i) => ` a${i}="${i}"`).join('');
		differential.compare('many attributes', `<r${attributes}/>`);
		differential.compare('many attributes, one repeated', `<r${attributes} a2500="again"/>`);
		const long = 'n'.repeat(100_000);
		differential.compare('long names', `<${long} ${long}="v"/>`);
		differential.compare('long names, mismatched', `<${long}></${long}x>`);
		differential.compare('long names, repeated', `<r ${long}="1" ${long}="2"/>`);
		differential.compare('long names, unclosed', `<${long}>`);
		expect(differential.disagreements).toEqual([]);
		expect([differential.compared, differential.accepted]).toEqual([8, 3]);
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
