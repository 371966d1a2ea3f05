/*
 * One pass over an XML response: it is checked for well-formedness (XML 1.0) and read into a tree
 * of elements at once, without recursion, so a page cut short or a document nested any depth ends
 * in an answer or a plain refusal. Names are values here, never keys of an object: an element or
 * attribute called `constructor` or `__proto__` is one like any other. No entity is expanded: only
 * the five predefined entities and character references are read, and a DOCTYPE is refused.
 * test/unit/xmlDifferential.test.ts compares it with a strict parser on generated documents.
 */

import { XML_NAME_QUOTED_CHARS } from '../settings';

/** An element as the reader gives it. */
export interface XmlElement {
	/** Its name as written. */
	name: string;
	/** Its attributes in document order, references decoded and white space normalized (XML 1.0 §3.3.3). */
	attributes: Array<[string, string]>;
	/** Its child elements in document order. */
	children: XmlElement[];
	/** Its character data, text and CDATA sections in document order, references decoded, not trimmed. */
	text: string;
}

/** Why a response is not well-formed XML, and where (the position in the text read). */
export class XmlSyntaxError extends Error {
	constructor(
		message: string,
		readonly position: number,
	) {
		super(message);
	}
}

/** A document type declaration: refused, never read (entity expansion). `html` says it is an HTML page. */
export class XmlDoctypeError extends Error {
	constructor(readonly html: boolean) {
		super(html ? 'HTML page' : 'DOCTYPE');
	}
}

/** A character class of code point ranges, `[from, to]` each, written as `\u{…}` escapes. */
function characterClass(ranges: ReadonlyArray<readonly [number, number]>): string {
	const hex = (code: number) => `\\u{${code.toString(16)}}`;
	return ranges.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join('');
}

/** XML 1.0 (fifth edition) NameStartChar, and what NameChar adds to it. */
const NAME_START = characterClass([
	[0x3a, 0x3a],
	[0x41, 0x5a],
	[0x5f, 0x5f],
	[0x61, 0x7a],
	[0xc0, 0xd6],
	[0xd8, 0xf6],
	[0xf8, 0x2ff],
	[0x370, 0x37d],
	[0x37f, 0x1fff],
	[0x200c, 0x200d],
	[0x2070, 0x218f],
	[0x2c00, 0x2fef],
	[0x3001, 0xd7ff],
	[0xf900, 0xfdcf],
	[0xfdf0, 0xfffd],
	[0x10000, 0xeffff],
]);
const NAME_MORE = characterClass([
	[0x2d, 0x2e],
	[0x30, 0x39],
	[0xb7, 0xb7],
	[0x300, 0x36f],
	[0x203f, 0x2040],
]);
/** XML 1.0 (fifth edition) Name. */
const NAME = new RegExp(`[${NAME_START}][${NAME_START}${NAME_MORE}]*`, 'uy');
/**
 * A character XML 1.0 forbids anywhere (`Char`: the C0 controls but tab, line feed and carriage
 * return, U+FFFE and U+FFFF), or half of a surrogate pair (read by code point, a pair is one).
 */
const NOT_CHAR = new RegExp(
	`[${characterClass([
		[0x0, 0x8],
		[0xb, 0xc],
		[0xe, 0x1f],
		[0xd800, 0xdfff],
		[0xfffe, 0xffff],
	])}]`,
	'u',
);
/** What follows "&": a character reference or a predefined entity, up to its ";". */
const REFERENCE = /#([0-9]+);|#x([0-9a-fA-F]+);|(amp|lt|gt|quot|apos);/y;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const DOCTYPE = /!DOCTYPE/iy;
const DOCTYPE_HTML = /!DOCTYPE\s+html/iy;
const XML_DECLARATION = /<\?xml[\s?]/y;
/** XML 1.0's XMLDecl: a version 1.x, then optionally an encoding and `standalone`, in that order. */
const XML_DECLARATION_WHOLE =
	/<\?xml[ \t\n]+version[ \t\n]*=[ \t\n]*(?:"1\.[0-9]+"|'1\.[0-9]+')(?:[ \t\n]+encoding[ \t\n]*=[ \t\n]*(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?:[ \t\n]+standalone[ \t\n]*=[ \t\n]*(?:"(?:yes|no)"|'(?:yes|no)'))?[ \t\n]*\?>/y;

function shown(name: string): string {
	return name.length > XML_NAME_QUOTED_CHARS ? `${name.slice(0, XML_NAME_QUOTED_CHARS)}…` : name;
}

function isSpace(code: number): boolean {
	return code === 32 || code === 10 || code === 9 || code === 13;
}

function isChar(code: number): boolean {
	return (
		code === 9 ||
		code === 10 ||
		code === 13 ||
		(code >= 0x20 && code <= 0xd7ff) ||
		(code >= 0xe000 && code <= 0xfffd) ||
		(code >= 0x10000 && code <= 0x10ffff)
	);
}

/** The root element of the document; throws XmlSyntaxError or XmlDoctypeError. */
export function readXmlTree(xml: string): XmlElement {
	// a byte order mark is no character of the document
	let text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
	const bad = NOT_CHAR.exec(text);
	if (bad)
		throw new XmlSyntaxError(
			`a character XML does not allow (U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`,
			bad.index,
		);
	// XML 1.0 §2.11: every line break is read as one line feed
	if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
	return new TreeReader(text).document();
}

class TreeReader {
	private at = 0;

	private readonly stack: XmlElement[] = [];

	private root: XmlElement | undefined;

	/** Where each searched text ("&", "]]>") next stands, as last found: see next(). */
	private readonly found = new Map<string, number>();

	constructor(private readonly xml: string) {}

	/**
	 * The position of `needle` at or after `from`, -1 when there is none. Text and attribute values
	 * are read front to back, so the last position found is kept: a search from every stretch of
	 * text would read the rest of the document each time (quadratic on a large answer without any).
	 */
	private next(needle: string, from: number): number {
		const last = this.found.get(needle);
		if (last === -1 || (last !== undefined && last >= from)) return last;
		const at = this.xml.indexOf(needle, from);
		this.found.set(needle, at);
		return at;
	}

	document(): XmlElement {
		const { xml } = this;
		XML_DECLARATION.lastIndex = 0;
		if (XML_DECLARATION.test(xml)) {
			XML_DECLARATION_WHOLE.lastIndex = 0;
			if (!XML_DECLARATION_WHOLE.test(xml))
				throw new XmlSyntaxError('a malformed XML declaration', 0);
			this.at = XML_DECLARATION_WHOLE.lastIndex;
		}
		while (this.at < xml.length) {
			const lt = xml.indexOf('<', this.at);
			this.text(this.at, lt === -1 ? xml.length : lt);
			if (lt === -1) break;
			this.markup(lt);
		}
		if (this.stack.length > 0) this.unclosed();
		if (!this.root) throw new XmlSyntaxError('Start tag expected', this.at);
		return this.root;
	}

	private get open(): XmlElement | undefined {
		return this.stack[this.stack.length - 1];
	}

	/** Text between markup: content of the open element, or only white space outside the root. */
	private text(from: number, to: number): void {
		if (from === to) return;
		const { xml } = this;
		this.at = to;
		const open = this.open;
		if (!open) {
			for (let i = from; i < to; i++) {
				if (isSpace(xml.charCodeAt(i))) continue;
				throw new XmlSyntaxError(
					this.root ? 'Extra text at the end: text after the root element' : 'Start tag expected',
					i,
				);
			}
			return;
		}
		const end = this.next(']]>', from);
		if (end !== -1 && end < to) throw new XmlSyntaxError('"]]>" in text', end);
		open.text += this.decoded(from, to, 'text');
	}

	/** The text from `from` to `to` with its references read; `<` is refused in an attribute value. */
	private decoded(from: number, to: number, where: 'text' | 'attribute'): string {
		const { xml } = this;
		let out = '';
		let start = from;
		for (let amp = this.next('&', from); amp !== -1 && amp < to; amp = this.next('&', amp + 1)) {
			REFERENCE.lastIndex = amp + 1;
			const ref = REFERENCE.exec(xml);
			if (!ref || REFERENCE.lastIndex > to)
				throw new XmlSyntaxError(
					`"&" that starts no known reference in ${where === 'text' ? 'the text' : 'an attribute value'} (only &amp; &lt; &gt; &quot; &apos; and character references are read)`,
					amp,
				);
			const code =
				ref[1] !== undefined ? Number(ref[1]) : ref[2] !== undefined ? parseInt(ref[2], 16) : -1;
			if (code !== -1 && !isChar(code))
				throw new XmlSyntaxError(`a character reference to a character XML does not allow`, amp);
			out +=
				xml.slice(start, amp) + (code === -1 ? PREDEFINED[ref[3]] : String.fromCodePoint(code));
			start = REFERENCE.lastIndex;
		}
		return start === from ? xml.slice(from, to) : out + xml.slice(start, to);
	}

	/** The markup at `lt` ("<"): a tag, a comment, a CDATA section, a processing instruction. */
	private markup(lt: number): void {
		const { xml } = this;
		const next = xml.charCodeAt(lt + 1);
		if (next === 47 /* / */) return this.closingTag(lt);
		if (next === 33 /* ! */) {
			if (xml.startsWith('<!--', lt)) return this.comment(lt);
			if (xml.startsWith('<![CDATA[', lt)) return this.cdata(lt);
			DOCTYPE_HTML.lastIndex = lt + 1;
			if (DOCTYPE_HTML.test(xml)) throw new XmlDoctypeError(true);
			DOCTYPE.lastIndex = lt + 1;
			if (DOCTYPE.test(xml)) throw new XmlDoctypeError(false);
			throw new XmlSyntaxError('an unexpected "<!"', lt);
		}
		if (next === 63 /* ? */) return this.processingInstruction(lt);
		return this.startTag(lt);
	}

	/** A comment: skipped; "--" may not stand inside it. */
	private comment(lt: number): void {
		const end = this.skipTo('-->', lt + 4);
		const inner = this.xml.indexOf('--', lt + 4);
		if (inner !== end || (end > lt + 4 && this.xml.charCodeAt(end - 1) === 45) /* - */)
			throw new XmlSyntaxError('"--" inside a comment', inner === end ? end - 1 : inner);
	}

	/** A processing instruction: skipped; its target is a name, and no XML declaration but the first. */
	private processingInstruction(lt: number): void {
		const target = this.name(lt + 2, 'Processing instruction');
		if (/^xml$/i.test(target))
			throw new XmlSyntaxError('an XML declaration not at the start of the document', lt);
		const after = lt + 2 + target.length;
		if (!this.xml.startsWith('?>', after) && !isSpace(this.xml.charCodeAt(after)))
			throw new XmlSyntaxError(`Processing instruction '${shown(target)}' is not ended`, after);
		this.skipTo('?>', after);
	}

	/** Moves past the next `end` at or after `from`; unterminated, the document is. Answers where `end` starts. */
	private skipTo(end: string, from: number): number {
		const found = this.xml.indexOf(end, from);
		if (found === -1) this.unclosed();
		this.at = found + end.length;
		return found;
	}

	private cdata(lt: number): void {
		const open = this.open;
		if (!open) throw new XmlSyntaxError('a CDATA section outside the root element', lt);
		const end = this.skipTo(']]>', lt + 9);
		open.text += this.xml.slice(lt + 9, end);
	}

	private name(at: number, what: string): string {
		NAME.lastIndex = at;
		const match = NAME.exec(this.xml);
		if (match) return match[0];
		const token = /[^\s/>=?]*/y;
		token.lastIndex = at;
		throw new XmlSyntaxError(
			`${what} '${shown(token.exec(this.xml)?.[0] ?? '')}' is an invalid name`,
			at,
		);
	}

	private skipSpace(): void {
		while (this.at < this.xml.length && isSpace(this.xml.charCodeAt(this.at))) this.at++;
	}

	private startTag(lt: number): void {
		if (this.root)
			throw new XmlSyntaxError('Multiple root elements: one root element expected', lt);
		const { xml } = this;
		const name = this.name(lt + 1, 'Tag');
		const element: XmlElement = { name, attributes: [], children: [], text: '' };
		// a repeated name is looked for among the few attributes an element has, by a Set past a few
		let seen: Set<string> | undefined;
		this.at = lt + 1 + name.length;
		for (;;) {
			const spaced = this.at;
			this.skipSpace();
			const code = xml.charCodeAt(this.at);
			if (code === 62 /* > */) {
				this.at++;
				this.stack.push(element);
				return;
			}
			if (code === 47 /* / */ && xml.charCodeAt(this.at + 1) === 62) {
				this.at += 2;
				this.close(element);
				return;
			}
			if (this.at >= xml.length) this.unclosed(element);
			if (spaced === this.at)
				throw new XmlSyntaxError(
					`Tag '${shown(name)}' has an invalid attribute: a space is expected before it`,
					this.at,
				);
			seen = this.attribute(element, seen);
		}
	}

	private attribute(element: XmlElement, seen: Set<string> | undefined): Set<string> | undefined {
		const { xml } = this;
		const name = this.name(this.at, 'Attribute');
		this.at += name.length;
		this.skipSpace();
		if (xml.charCodeAt(this.at) !== 61 /* = */)
			throw new XmlSyntaxError(`Attribute '${shown(name)}' is without value`, this.at);
		this.at++;
		this.skipSpace();
		const quote = xml[this.at];
		if (quote !== '"' && quote !== "'")
			throw new XmlSyntaxError(
				`Attribute '${shown(name)}' is without value (an unquoted value)`,
				this.at,
			);
		const end = xml.indexOf(quote, this.at + 1);
		if (end === -1) this.unclosed(element);
		const lt = xml.indexOf('<', this.at + 1);
		if (lt !== -1 && lt < end)
			throw new XmlSyntaxError(`"<" in the value of attribute '${shown(name)}'`, lt);
		const { attributes } = element;
		if (!seen && attributes.length >= 8) seen = new Set(attributes.map(([n]) => n));
		if (seen ? seen.has(name) : attributes.some(([n]) => n === name))
			throw new XmlSyntaxError(`Attribute '${shown(name)}' is repeated`, this.at);
		seen?.add(name);
		attributes.push([name, this.normalized(this.at + 1, end)]);
		this.at = end + 1;
		return seen;
	}

	/**
	 * An attribute value: literal tabs and line feeds read as spaces (XML 1.0 §3.3.3), references
	 * read after, so that a character reference keeps its character.
	 */
	private normalized(from: number, to: number): string {
		const { xml } = this;
		const raw = xml.slice(from, to);
		if (!raw.includes('\t') && !raw.includes('\n')) return this.decoded(from, to, 'attribute');
		let out = '';
		let start = from;
		for (let i = from; i < to; i++) {
			const code = xml.charCodeAt(i);
			if (code !== 9 && code !== 10) continue;
			out += `${this.decoded(start, i, 'attribute')} `;
			start = i + 1;
		}
		return out + this.decoded(start, to, 'attribute');
	}

	private closingTag(lt: number): void {
		const name = this.name(lt + 2, 'Tag');
		this.at = lt + 2 + name.length;
		this.skipSpace();
		if (this.xml.charCodeAt(this.at) !== 62)
			throw new XmlSyntaxError(`Closing tag '${shown(name)}' does not end with ">"`, this.at);
		this.at++;
		const open = this.stack.pop();
		if (!open) throw new XmlSyntaxError(`Closing tag '${shown(name)}' has not been opened`, lt);
		if (open.name !== name)
			throw new XmlSyntaxError(
				`Expected closing tag '${shown(open.name)}' instead of closing tag '${shown(name)}'`,
				lt,
			);
		this.close(open);
	}

	private close(element: XmlElement): void {
		const parent = this.open;
		if (parent) parent.children.push(element);
		else this.root = element;
	}

	/** The text ends inside open elements (a page cut short, an unterminated comment or CDATA). */
	private unclosed(current?: XmlElement): never {
		const depth = this.stack.length + (current ? 1 : 0);
		const innermost = current ?? this.open;
		throw new XmlSyntaxError(
			innermost
				? `Unclosed tag '${shown(innermost.name)}'${depth > 1 ? ` (inside ${(depth - 1).toLocaleString('en-US')} more open element${depth > 2 ? 's' : ''})` : ''}`
				: 'The document ends inside markup',
			this.xml.length,
		);
	}
}
