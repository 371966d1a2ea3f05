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

export function isElement(node: XmlNode): node is XmlElement {
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
	let pos = 0;
	const skipSpace = (): void => {
		SPACE.lastIndex = pos;
		SPACE.exec(text);
		pos = SPACE.lastIndex;
	};
	const readName = (): string => {
		NAME.lastIndex = pos;
		const m = NAME.exec(text);
		if (!m) throw new Error(`XML: name expected at offset ${pos}`);
		pos = NAME.lastIndex;
		return m[0];
	};

	skipSpace();
	if (text.startsWith('<?xml', pos)) {
		const end = text.indexOf('?>', pos);
		if (end === -1) throw new Error('XML: unterminated declaration');
		pos = end + 2;
	}
	skipSpace();

	const readElement = (): XmlElement => {
		if (text[pos] !== '<') throw new Error(`XML: element expected at offset ${pos}`);
		pos++;
		const name = readName();
		const el: XmlElement = { name, attrs: [], children: [], selfClosing: false };
		for (;;) {
			skipSpace();
			if (text.startsWith('/>', pos)) {
				pos += 2;
				el.selfClosing = true;
				return el;
			}
			if (text[pos] === '>') {
				pos++;
				break;
			}
			const attr = readName();
			skipSpace();
			if (text[pos] !== '=') throw new Error(`XML: = expected after ${attr} at offset ${pos}`);
			pos++;
			skipSpace();
			const quote = text[pos];
			if (quote !== '"' && quote !== "'") throw new Error(`XML: quoted value expected at offset ${pos}`);
			const end = text.indexOf(quote, pos + 1);
			if (end === -1) throw new Error('XML: unterminated attribute value');
			const raw = text.slice(pos + 1, end);
			if (raw.includes('<')) throw new Error(`XML: < in an attribute value at offset ${pos}`);
			if (el.attrs.some(([n]) => n === attr)) throw new Error(`XML: duplicate attribute ${attr}`);
			el.attrs.push([attr, decodeEntities(raw, pos)]);
			pos = end + 1;
		}
		for (;;) {
			const lt = text.indexOf('<', pos);
			if (lt === -1) throw new Error(`XML: </${name}> missing`);
			if (lt > pos) el.children.push(decodeEntities(text.slice(pos, lt), pos));
			pos = lt;
			if (text.startsWith('</', pos)) {
				pos += 2;
				const closing = readName();
				if (closing !== name) throw new Error(`XML: </${closing}> closes <${name}>`);
				skipSpace();
				if (text[pos] !== '>') throw new Error(`XML: > expected at offset ${pos}`);
				pos++;
				return el;
			}
			if (text.startsWith('<!', pos) || text.startsWith('<?', pos)) {
				throw new Error(`XML: comments, CDATA and processing instructions are not supported (offset ${pos})`);
			}
			el.children.push(readElement());
		}
	};

	const root = readElement();
	skipSpace();
	if (pos !== text.length) throw new Error(`XML: content after the root element at offset ${pos}`);
	return root;
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
	if (ownText(el).trim() !== '') throw new Error(`XML: mixed content in <${el.name}> is not supported`);
	const inner = `${indent}  `;
	return `${open}>\n${kids.map((k) => `${inner}${writeXml(k, inner)}\n`).join('')}${indent}</${el.name}>`;
}
