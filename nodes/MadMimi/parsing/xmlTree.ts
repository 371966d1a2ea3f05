import { documentText, isSpace, shown, TokenReader, XmlSyntaxError } from './xmlTokens';

/*
 * One pass over an XML response: it is checked for well-formedness (XML 1.0) and read into a tree
 * of elements at once, without recursion, so a page cut short or a document nested any depth ends
 * in an answer or a plain refusal. Names are values here, never keys of an object: an element or
 * attribute called `constructor` or `__proto__` is one like any other. A DOCTYPE is refused.
 * test/unit/xmlDifferential.test.ts compares it with a strict parser on generated documents.
 *
 * This file holds the markup: tags and their nesting, comments, CDATA, processing instructions.
 * The pieces inside it (characters, names, references, attribute values, the XML declaration) are
 * xmlTokens.ts, whose rules hold wherever a piece stands; xmlRecords.ts makes records of the tree.
 */

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

/** A document type declaration: refused, never read (entity expansion). `html` says it is an HTML page. */
export class XmlDoctypeError extends Error {
	constructor(readonly html: boolean) {
		super(html ? 'HTML page' : 'DOCTYPE');
	}
}

const DOCTYPE = /!DOCTYPE/iy;
const DOCTYPE_HTML = /!DOCTYPE\s+html/iy;

/** The root element of the document; throws XmlSyntaxError or XmlDoctypeError. */
export function readXmlTree(xml: string): XmlElement {
	return new TreeReader(documentText(xml)).document();
}

/** Reads the markup of one document into its tree, asking TokenReader for the pieces inside it. */
class TreeReader extends TokenReader {
	private at = 0;
	private readonly stack: XmlElement[] = [];
	private root: XmlElement | undefined;

	document(): XmlElement {
		const { xml } = this;
		this.at = this.declarationEnd();
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
