import type { IDataObject } from 'n8n-workflow';

/*
 * One pass over an XML response: it is checked for well-formedness and read into a tree at once.
 *
 * fast-xml-parser's parser accepts malformed input without a word (a page cut after a record
 * parses into fewer records), so it needed its validator to run first: two passes over every
 * page of a Return All. This reader refuses what the validator refused, with the same words
 * (unclosed and mismatched tags, a bare "&" in text, unquoted or repeated attributes, invalid
 * names, text outside the root, a second root, a stray "<!"), and gives the tree the parser gave
 * with the settings the node used (test/support/fastXmlParser.ts), which the rest of the reading
 * takes:
 * - an element without attributes or child elements is its text (trimmed; '' when empty);
 * - otherwise an object: its child elements by name (a name seen twice: an array), `#cdata` for
 *   CDATA sections, then `#text` (its text between child elements and CDATA sections, each
 *   stretch trimmed, joined; a comment does not end a stretch), then its attributes as
 *   `@_<name>` with their raw values;
 * - no entity is expanded: values keep `&amp;` as written (xml.ts decodes the five predefined
 *   entities and character references), and a DOCTYPE is refused, never read.
 */

/** A raw element as the reader gives it. */
export type RawNode = string | IDataObject | RawNode[] | undefined | null;

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

export const ATTR = '@_';
export const TEXT = '#text';
export const CDATA = '#cdata';

const NAME = /[\p{L}_:][\p{L}\p{N}\p{M}_:.\-\u00B7\u203F\u2040]*/uy;
/** What follows "&" in text: a character reference or a named entity, up to its ";". */
const REFERENCE = /#[0-9]+;|#x[0-9a-fA-F]+;|[\p{L}_:][\p{L}\p{N}_:.-]*;/uy;
const DOCTYPE = /!DOCTYPE/iy;
const DOCTYPE_HTML = /!DOCTYPE\s+html/iy;

/** An element being read: its name, child values by name in order, CDATA, text and attributes. */
interface Open {
	name: string;
	children?: IDataObject;
	text: string;
	/** Text read since the last child element or CDATA: comments and processing instructions do not end it. */
	pending: string;
	/** By name, in the order written: a Map, so a repeated name is found at once however many there are. */
	attributes?: Map<string, string>;
}

function isSpace(code: number): boolean {
	return code === 32 || code === 10 || code === 9 || code === 13;
}

/** The element's value, as fast-xml-parser builds it. */
function valueOf(open: Open): RawNode {
	if (!open.children && !open.attributes) return open.text;
	const value: IDataObject = open.children ?? {};
	if (open.text !== '') value[TEXT] = open.text;
	for (const [name, raw] of open.attributes ?? []) value[`${ATTR}${name}`] = raw;
	return value;
}

/** Adds a child value under `name`: a second one makes an array. */
function addChild(parent: Open, name: string, value: RawNode): void {
	parent.children ??= {};
	const existing = parent.children[name] as RawNode;
	if (existing === undefined) parent.children[name] = value as IDataObject[keyof IDataObject];
	else if (Array.isArray(existing)) existing.push(value);
	else parent.children[name] = [existing, value] as IDataObject[keyof IDataObject];
}

/** The document's root element and its value; throws XmlSyntaxError or XmlDoctypeError. */
export function readXmlTree(xml: string): { root: string; node: RawNode } {
	const reader = new TreeReader(xml);
	return reader.document();
}

class TreeReader {
	private at = 0;

	private readonly stack: Open[] = [];

	/** The position of the next "&" at or after the text being read, -1 when there is none. */
	private nextAmp = -2;

	private result: { root: string; node: RawNode } | undefined;

	constructor(private readonly xml: string) {}

	document(): { root: string; node: RawNode } {
		const { xml } = this;
		while (this.at < xml.length) {
			const lt = xml.indexOf('<', this.at);
			this.text(this.at, lt === -1 ? xml.length : lt);
			if (lt === -1) break;
			this.markup(lt);
		}
		if (this.stack.length > 0) this.unclosed();
		if (!this.result) throw new XmlSyntaxError('Start tag expected', this.at);
		return this.result;
	}

	/** Text between markup: content of the open element, or only white space outside the root. */
	private text(from: number, to: number): void {
		if (from === to) return;
		const { xml } = this;
		const open = this.stack[this.stack.length - 1];
		if (!open) {
			for (let i = from; i < to; i++) {
				if (isSpace(xml.charCodeAt(i))) continue;
				throw new XmlSyntaxError(
					this.result ? 'Extra text at the end: text after the root element' : 'Start tag expected',
					i,
				);
			}
			return;
		}
		// the next "&" is looked for once and kept: a search from every stretch of text would read
		// the rest of the document each time (quadratic on a large answer without any "&")
		if (this.nextAmp !== -1 && this.nextAmp < from) this.nextAmp = xml.indexOf('&', from);
		while (this.nextAmp !== -1 && this.nextAmp < to) {
			REFERENCE.lastIndex = this.nextAmp + 1;
			if (!REFERENCE.test(xml)) throw new XmlSyntaxError("char '&' is not expected", this.nextAmp);
			this.nextAmp = xml.indexOf('&', this.nextAmp + 1);
		}
		open.pending += xml.slice(from, to);
	}

	/** The text read since the last child element or CDATA, trimmed, joins the element's text. */
	private flushText(open: Open | undefined): void {
		if (!open || open.pending === '') return;
		const segment = open.pending.trim();
		if (segment !== '') open.text += segment;
		open.pending = '';
	}

	/** The markup at `lt` ("<"): a tag, a comment, a CDATA section, a processing instruction. */
	private markup(lt: number): void {
		const { xml } = this;
		const next = xml.charCodeAt(lt + 1);
		if (next === 47 /* / */) return this.closingTag(lt);
		if (next === 33 /* ! */) {
			if (xml.startsWith('<!--', lt)) return this.skipTo('-->', lt + 4);
			if (xml.startsWith('<![CDATA[', lt)) return this.cdata(lt);
			DOCTYPE_HTML.lastIndex = lt + 1;
			if (DOCTYPE_HTML.test(xml)) throw new XmlDoctypeError(true);
			DOCTYPE.lastIndex = lt + 1;
			if (DOCTYPE.test(xml)) throw new XmlDoctypeError(false);
			throw new XmlSyntaxError(`an unexpected "<!" at position ${lt}`, lt);
		}
		if (next === 63 /* ? */) return this.skipTo('?>', lt + 2);
		return this.startTag(lt);
	}

	/** Skips a comment or a processing instruction up to `end`; unterminated, the document is. */
	private skipTo(end: string, from: number): void {
		const found = this.xml.indexOf(end, from);
		if (found === -1) this.unclosed();
		this.at = found + end.length;
	}

	private cdata(lt: number): void {
		const end = this.xml.indexOf(']]>', lt + 9);
		const open = this.stack[this.stack.length - 1];
		if (end === -1) this.unclosed();
		if (!open) throw new XmlSyntaxError('Start tag expected', lt);
		this.flushText(open);
		addChild(open, CDATA, this.xml.slice(lt + 9, end));
		this.at = end + 3;
	}

	private name(at: number, what: 'Tag' | 'Attribute'): string {
		NAME.lastIndex = at;
		const match = NAME.exec(this.xml);
		if (match) return match[0];
		const token = /[^\s/>=]*/y;
		token.lastIndex = at;
		throw new XmlSyntaxError(`${what} '${token.exec(this.xml)?.[0] ?? ''}' is an invalid name`, at);
	}

	private skipSpace(): void {
		while (this.at < this.xml.length && isSpace(this.xml.charCodeAt(this.at))) this.at++;
	}

	private startTag(lt: number): void {
		if (this.result)
			throw new XmlSyntaxError('Multiple root elements: one root element expected', lt);
		const { xml } = this;
		const name = this.name(lt + 1, 'Tag');
		this.flushText(this.stack[this.stack.length - 1]);
		const open: Open = { name, text: '', pending: '' };
		this.at = lt + 1 + name.length;
		for (;;) {
			const spaced = this.at;
			this.skipSpace();
			const code = xml.charCodeAt(this.at);
			if (code === 62 /* > */) {
				this.at++;
				this.stack.push(open);
				return;
			}
			if (code === 47 /* / */ && xml.charCodeAt(this.at + 1) === 62) {
				this.at += 2;
				this.close(open);
				return;
			}
			if (this.at >= xml.length) this.unclosed(open);
			if (spaced === this.at)
				throw new XmlSyntaxError(
					`Tag '${name}' has an invalid attribute: a space is expected before it`,
					this.at,
				);
			this.attribute(open);
		}
	}

	private attribute(open: Open): void {
		const { xml } = this;
		const name = this.name(this.at, 'Attribute');
		this.at += name.length;
		this.skipSpace();
		if (xml.charCodeAt(this.at) !== 61 /* = */)
			throw new XmlSyntaxError(`Attribute '${name}' is without value`, this.at);
		this.at++;
		this.skipSpace();
		const quote = xml[this.at];
		if (quote !== '"' && quote !== "'")
			throw new XmlSyntaxError(`Attribute '${name}' is without value (an unquoted value)`, this.at);
		const end = xml.indexOf(quote, this.at + 1);
		if (end === -1) this.unclosed(open);
		open.attributes ??= new Map();
		if (open.attributes.has(name))
			throw new XmlSyntaxError(`Attribute '${name}' is repeated`, this.at);
		open.attributes.set(name, xml.slice(this.at + 1, end));
		this.at = end + 1;
	}

	private closingTag(lt: number): void {
		const name = this.name(lt + 2, 'Tag');
		this.at = lt + 2 + name.length;
		this.skipSpace();
		if (this.xml.charCodeAt(this.at) !== 62)
			throw new XmlSyntaxError(`Closing tag '${name}' does not end with ">"`, this.at);
		this.at++;
		const open = this.stack.pop();
		if (!open) throw new XmlSyntaxError(`Closing tag '${name}' has not been opened`, lt);
		if (open.name !== name)
			throw new XmlSyntaxError(
				`Expected closing tag '${open.name}' instead of closing tag '${name}'`,
				lt,
			);
		this.close(open);
	}

	private close(open: Open): void {
		this.flushText(open);
		const parent = this.stack[this.stack.length - 1];
		if (parent) addChild(parent, open.name, valueOf(open));
		else this.result = { root: open.name, node: valueOf(open) };
	}

	/** The text ends inside open elements (a page cut short, an unterminated comment or CDATA). */
	private unclosed(current?: Open): never {
		const open = [...this.stack, ...(current ? [current] : [])];
		const innermost = open[open.length - 1];
		throw new XmlSyntaxError(
			`Unclosed tag '${innermost?.name ?? ''}' (open: ${open.map((o) => `"${o.name}"`).join(', ')})`,
			this.xml.length,
		);
	}
}
