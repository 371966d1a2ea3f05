/**
 * A small XML reader and writer of the emulator's own (it must not lean on the node's parser):
 * enough for the documents the emulator renders itself (elements, attributes, text, the five
 * named entities and character references, an XML declaration). No namespaces, CDATA, comments
 * in content or DTDs: the reader refuses what it does not understand instead of guessing.
 */

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

// Characters not allowed in XML 1.0 documents.
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(value: string): string {
	return value
		.replace(INVALID_XML_CHARS, '')
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&apos;');
}

export function escapeAttr(value: string): string {
	return escapeXml(value).replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

export interface XmlElement {
	name: string;
	/** In document order. */
	attrs: [string, string][];
	/** Elements and (decoded) text, in document order; whitespace between elements included. */
	children: XmlNode[];
	/** Written `<x/>` (true) or `<x></x>` / `<x>...</x>` (false). */
	selfClosing: boolean;
}

export type XmlNode = XmlElement | string;

function isElement(node: XmlNode): node is XmlElement {
	return typeof node !== 'string';
}

export function elementChildren(el: XmlElement): XmlElement[] {
	return el.children.filter(isElement);
}

/** The element's own text (its text nodes joined; child elements left out). */
export function ownText(el: XmlElement): string {
	return el.children.filter((c): c is string => typeof c === 'string').join('');
}

/** No attributes and no child elements: `<x/>`, `<x></x>` or `<x>text</x>`. */
export function isTextOnly(el: XmlElement): boolean {
	return el.attrs.length === 0 && el.children.every((c) => typeof c === 'string');
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string, where: number): string {
	return text.replace(/&([^;&\s]*);?/g, (whole, ref: string) => {
		if (!whole.endsWith(';')) throw new Error(`XML: bare & near offset ${where}`);
		if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
		if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
		const named = NAMED_ENTITIES[ref];
		if (named === undefined) throw new Error(`XML: unknown entity &${ref}; near offset ${where}`);
		return named;
	});
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_.:]*/y;
const SPACE = /\s*/y;

/** Parses a document (declaration optional) and answers its root element. */
export function parseXml(text: string): XmlElement {
	return new XmlReader(text).readDocument();
}

/**
 * One pass over a document: `pos` is the offset reached, and each step reads one part of the
 * document from there and leaves `pos` just after it. The offsets in the error messages are
 * `pos` where the step stopped (for an attribute value: its opening quote; for text: its start).
 */
class XmlReader {
	private pos = 0;

	constructor(private readonly text: string) {}

	/** Space, an optional declaration, space, the root element, space, and nothing else. */
	readDocument(): XmlElement {
		this.skipSpace();
		this.skipDeclaration();
		this.skipSpace();
		const root = this.readElement();
		this.skipSpace();
		if (this.pos !== this.text.length)
			throw new Error(`XML: content after the root element at offset ${this.pos}`);
		return root;
	}

	private skipSpace(): void {
		SPACE.lastIndex = this.pos;
		SPACE.exec(this.text);
		this.pos = SPACE.lastIndex;
	}

	private readName(): string {
		NAME.lastIndex = this.pos;
		const m = NAME.exec(this.text);
		if (!m) throw new Error(`XML: name expected at offset ${this.pos}`);
		this.pos = NAME.lastIndex;
		return m[0];
	}

	/** `<?xml ... ?>`, skipped unread; anything else starting `<?` is left to fail as an element. */
	private skipDeclaration(): void {
		if (!this.text.startsWith('<?xml', this.pos)) return;
		const end = this.text.indexOf('?>', this.pos);
		if (end === -1) throw new Error('XML: unterminated declaration');
		this.pos = end + 2;
	}

	/** The start tag, then, unless it closes itself, the content up to the closing tag. */
	private readElement(): XmlElement {
		const el = this.readStartTag();
		if (!el.selfClosing) this.readContent(el);
		return el;
	}

	/** `<name attr="value" ...>` or `<name ... />`: the element, its attributes read, no children yet. */
	private readStartTag(): XmlElement {
		if (this.text[this.pos] !== '<') throw new Error(`XML: element expected at offset ${this.pos}`);
		this.pos++;
		const el: XmlElement = { name: this.readName(), attrs: [], children: [], selfClosing: false };
		for (;;) {
			this.skipSpace();
			if (this.text.startsWith('/>', this.pos)) {
				this.pos += 2;
				el.selfClosing = true;
				return el;
			}
			if (this.text[this.pos] === '>') {
				this.pos++;
				return el;
			}
			this.readAttribute(el);
		}
	}

	/** `name = "value"` (or in single quotes; space around `=` allowed), added to `el.attrs` decoded. */
	private readAttribute(el: XmlElement): void {
		const { text } = this;
		const attr = this.readName();
		this.skipSpace();
		if (text[this.pos] !== '=')
			throw new Error(`XML: = expected after ${attr} at offset ${this.pos}`);
		this.pos++;
		this.skipSpace();
		const quote = text[this.pos];
		if (quote !== '"' && quote !== "'")
			throw new Error(`XML: quoted value expected at offset ${this.pos}`);
		const end = text.indexOf(quote, this.pos + 1);
		if (end === -1) throw new Error('XML: unterminated attribute value');
		const raw = text.slice(this.pos + 1, end);
		if (raw.includes('<')) throw new Error(`XML: < in an attribute value at offset ${this.pos}`);
		if (el.attrs.some(([n]) => n === attr)) throw new Error(`XML: duplicate attribute ${attr}`);
		el.attrs.push([attr, decodeEntities(raw, this.pos)]);
		this.pos = end + 1;
	}

	/** Text (decoded, whitespace kept) and child elements into `el.children`, then `el`'s closing tag. */
	private readContent(el: XmlElement): void {
		const { text } = this;
		for (;;) {
			const lt = text.indexOf('<', this.pos);
			if (lt === -1) throw new Error(`XML: </${el.name}> missing`);
			if (lt > this.pos) el.children.push(decodeEntities(text.slice(this.pos, lt), this.pos));
			this.pos = lt;
			if (text.startsWith('</', this.pos)) {
				this.readClosingTag(el.name);
				return;
			}
			if (text.startsWith('<!', this.pos) || text.startsWith('<?', this.pos)) {
				throw new Error(
					`XML: comments, CDATA and processing instructions are not supported (offset ${this.pos})`,
				);
			}
			el.children.push(this.readElement());
		}
	}

	/** `</name>` (space allowed before the `>`), where `name` must be the open element's. */
	private readClosingTag(name: string): void {
		this.pos += 2;
		const closing = this.readName();
		if (closing !== name) throw new Error(`XML: </${closing}> closes <${name}>`);
		this.skipSpace();
		if (this.text[this.pos] !== '>') throw new Error(`XML: > expected at offset ${this.pos}`);
		this.pos++;
	}
}

/**
 * Writes an element: a text-only element on one line (`<x>text</x>`, `<x/>` or `<x></x>` as it
 * says), an element with child elements with each child on its own line, indented by two spaces
 * more than `indent` (the indentation of the element's own first line, which the caller writes).
 * Whitespace-only text between child elements is layout and is not written; other text beside
 * child elements (mixed content) is refused.
 */
export function writeXml(el: XmlElement, indent = ''): string {
	const open = `<${el.name}${el.attrs.map(([n, v]) => ` ${n}="${escapeAttr(v)}"`).join('')}`;
	const kids = elementChildren(el);
	if (kids.length === 0) {
		const text = ownText(el);
		if (text === '') return el.selfClosing ? `${open}/>` : `${open}></${el.name}>`;
		return `${open}>${escapeXml(text)}</${el.name}>`;
	}
	if (ownText(el).trim() !== '')
		throw new Error(`XML: mixed content in <${el.name}> is not supported`);
	const inner = `${indent}  `;
	return `${open}>\n${kids.map((k) => `${inner}${writeXml(k, inner)}\n`).join('')}${indent}</${el.name}>`;
}
