/**
 * The emulator's XML writer (escaping, the layout it renders), and its reading of its own documents
 * for the second vocabulary, with the node's reader (nodes/MadMimi/parsing/xmlTree.ts): that
 * reader does not say whether an empty element was written `<x/>` or `<x></x>`, which the second
 * vocabulary keeps, so the form of each start tag is taken from the text beside it.
 */
import { readXmlTree } from '../nodes/MadMimi/parsing/xmlTree';
import type { XmlElement as ReadElement } from '../nodes/MadMimi/parsing/xmlTree';

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

/**
 * Whether each start tag of a document closes itself (`<x/>`), in document order: the emulator
 * writes `>` in attribute values as `&gt;` (escapeXml), so a tag of its own ends at the first `>`.
 */
function emptyForms(text: string): boolean[] {
	return [...text.matchAll(/<(?![?!/])[^>]*>/g)].map((tag) => tag[0].endsWith('/>'));
}

/** Reads one of the emulator's own documents (declaration optional): its root element. */
export function parseXml(text: string): XmlElement {
	const forms = emptyForms(text);
	let next = 0;
	const convert = (el: ReadElement): XmlElement => {
		const selfClosing = forms[next++] ?? false;
		const children: XmlNode[] = el.text === '' ? [] : [el.text];
		for (const child of el.children) children.push(convert(child));
		return { name: el.name, attrs: el.attributes, children, selfClosing };
	};
	return convert(readXmlTree(text));
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
