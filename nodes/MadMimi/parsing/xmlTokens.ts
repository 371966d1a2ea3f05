import { XML_NAME_QUOTED_CHARS } from '../settings';

/*
 * The pieces of XML text a tree is made of (XML 1.0, fifth edition): which characters may stand
 * in a document, what a name is, the XML declaration, the references read in text and attribute
 * values (only the five predefined entities and character references: no entity is ever
 * expanded), and how an attribute value's white space is normalized. Apart from the tree
 * (xmlTree.ts) because these rules hold wherever a piece stands: the tree reader asks for a name
 * or a value at a position, and keeps the nesting and order of the markup itself.
 */

/** Why a response is not well-formed XML, and where (the position in the text read). */
export class XmlSyntaxError extends Error {
	constructor(
		message: string,
		readonly position: number,
	) {
		super(message);
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
const XML_DECLARATION = /<\?xml[\s?]/y;
/** XML 1.0's XMLDecl: a version 1.x, then optionally an encoding and `standalone`, in that order. */
const XML_DECLARATION_WHOLE =
	/<\?xml[ \t\n]+version[ \t\n]*=[ \t\n]*(?:"1\.[0-9]+"|'1\.[0-9]+')(?:[ \t\n]+encoding[ \t\n]*=[ \t\n]*(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?:[ \t\n]+standalone[ \t\n]*=[ \t\n]*(?:"(?:yes|no)"|'(?:yes|no)'))?[ \t\n]*\?>/y;

/** A name as an error message quotes it: cut past XML_NAME_QUOTED_CHARS. */
export function shown(name: string): string {
	return name.length > XML_NAME_QUOTED_CHARS ? `${name.slice(0, XML_NAME_QUOTED_CHARS)}…` : name;
}

/** XML's white space: space, line feed, tab, carriage return. */
export function isSpace(code: number): boolean {
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

/**
 * The document's text as XML reads it: a byte order mark dropped (no character of the document), a
 * character XML does not allow refused, and every line break read as one line feed (XML 1.0 §2.11).
 */
export function documentText(xml: string): string {
	let text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
	const bad = NOT_CHAR.exec(text);
	if (bad)
		throw new XmlSyntaxError(
			`a character XML does not allow (U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`,
			bad.index,
		);
	if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
	return text;
}

/**
 * Reads the pieces of one document's text at the positions the tree reader gives: names, and
 * character data and attribute values with their references read. Holds nothing of the markup.
 */
export class TokenReader {
	/** Where each searched text ("&", "]]>") next stands, as last found: see next(). */
	private readonly found = new Map<string, number>();

	constructor(protected readonly xml: string) {}

	/** Where the document goes on after its XML declaration: 0 without one; a malformed one is refused. */
	protected declarationEnd(): number {
		XML_DECLARATION.lastIndex = 0;
		if (!XML_DECLARATION.test(this.xml)) return 0;
		XML_DECLARATION_WHOLE.lastIndex = 0;
		if (!XML_DECLARATION_WHOLE.test(this.xml))
			throw new XmlSyntaxError('a malformed XML declaration', 0);
		return XML_DECLARATION_WHOLE.lastIndex;
	}

	/**
	 * The position of `needle` at or after `from`, -1 when there is none. Text and attribute values
	 * are read front to back, so the last position found is kept: a search from every stretch of
	 * text would read the rest of the document each time (quadratic on a large answer without any).
	 */
	protected next(needle: string, from: number): number {
		const last = this.found.get(needle);
		if (last === -1 || (last !== undefined && last >= from)) return last;
		const at = this.xml.indexOf(needle, from);
		this.found.set(needle, at);
		return at;
	}

	/** The text from `from` to `to` with its references read; `<` is refused in an attribute value. */
	protected decoded(from: number, to: number, where: 'text' | 'attribute'): string {
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

	protected name(at: number, what: string): string {
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

	/**
	 * An attribute value: literal tabs and line feeds read as spaces (XML 1.0 §3.3.3), references
	 * read after, so that a character reference keeps its character.
	 */
	protected normalized(from: number, to: number): string {
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
}
